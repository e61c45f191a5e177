// The alert rule every kind shares (the account's offline and hashrate alerts, a group's hashrate
// alarm): when a message is due, given whether the alert holds and what was last sent.
import { describe, expect, it } from 'vitest';
import { alertStep } from './alerts.service';

const at = (minutes: number) => new Date(Date.UTC(2026, 5, 1, 12, minutes));
const REPEAT = 30;

describe('alertStep', () => {
  it('starts an alert that was never sent', () => {
    expect(alertStep(true, undefined, at(0), REPEAT)).toBe('start');
  });

  it('repeats a lasting alert only once the repeat interval has passed', () => {
    const state = { firing: true, lastSentAt: at(0) };
    expect(alertStep(true, state, at(29), REPEAT)).toBeNull();
    expect(alertStep(true, state, at(30), REPEAT)).toBe('start');
  });

  it('sends one recovery when a firing alert clears, and nothing while it stays clear', () => {
    expect(alertStep(false, { firing: true, lastSentAt: at(0) }, at(1), REPEAT)).toBe('end');
    expect(alertStep(false, { firing: false, lastSentAt: at(0) }, at(2), REPEAT)).toBeNull();
    expect(alertStep(false, undefined, at(2), REPEAT)).toBeNull();
  });

  it('does not start again within the interval after a recovery: a flapping subject stays quiet', () => {
    // The recovery keeps the last alert's time (alerts.service.ts), so the interval counts from it.
    const recovered = { firing: false, lastSentAt: at(0) };
    expect(alertStep(true, recovered, at(16), REPEAT)).toBeNull();
    expect(alertStep(true, recovered, at(30), REPEAT)).toBe('start');
  });
});
