// The payout-method switching rule (earnings.ts): 24 hours between switches, and a switch made
// during UTC day D applies from settlement day D+1.
import { describe, expect, it } from 'vitest';
import {
  addDays,
  canSwitchPayMethod,
  DEFAULT_PAY_METHOD,
  isPayMethod,
  isUtcDay,
  methodOnDay,
  payMethodEffectiveDay,
  payMethodNextSwitchAt,
  settlementTime,
  utcDay,
} from './earnings';

const at = (iso: string) => new Date(iso);

describe('switch rule', () => {
  it('applies a switch from the next UTC day, wherever in the day it is made', () => {
    expect(payMethodEffectiveDay(at('2026-06-01T00:00:00.000Z'))).toBe('2026-06-02');
    expect(payMethodEffectiveDay(at('2026-06-01T13:45:00Z'))).toBe('2026-06-02');
    expect(payMethodEffectiveDay(at('2026-06-01T23:59:59.999Z'))).toBe('2026-06-02');
    // Month and year ends.
    expect(payMethodEffectiveDay(at('2026-06-30T20:00:00Z'))).toBe('2026-07-01');
    expect(payMethodEffectiveDay(at('2026-12-31T23:00:00Z'))).toBe('2027-01-01');
    // A switch in the first second of a day does not reach back to the day before.
    expect(payMethodEffectiveDay(at('2026-06-02T00:00:01Z'))).toBe('2026-06-03');
  });

  it('settles a day at 01:05 UTC of the next, when its late shares are in: the first settlement of a switch on June 1 runs on June 3', () => {
    expect(settlementTime('2026-06-01').toISOString()).toBe('2026-06-02T01:05:00.000Z');
    expect(settlementTime(payMethodEffectiveDay(at('2026-06-01T10:00:00Z'))).toISOString()).toBe('2026-06-03T01:05:00.000Z');
  });

  it('waits 24 hours from the instant of the last switch', () => {
    const last = at('2026-06-01T13:00:00Z');
    expect(payMethodNextSwitchAt(last).toISOString()).toBe('2026-06-02T13:00:00.000Z');
    expect(canSwitchPayMethod(null, last)).toBe(true);
    expect(canSwitchPayMethod(last, at('2026-06-01T13:00:00Z'))).toBe(false);
    expect(canSwitchPayMethod(last, at('2026-06-02T12:59:00Z'))).toBe(false); // 23:59 later
    expect(canSwitchPayMethod(last, at('2026-06-02T12:59:59.999Z'))).toBe(false);
    expect(canSwitchPayMethod(last, at('2026-06-02T13:00:00Z'))).toBe(true); // exactly 24 h
    expect(canSwitchPayMethod(last, at('2026-06-02T13:01:00Z'))).toBe(true); // 24:01 later
  });

  it('answers the method of a day: the previous one before the effective day, the new one from it', () => {
    const state = { method: 'pplns' as const, previousMethod: 'fpps' as const, effectiveFrom: '2026-06-02' };
    expect(methodOnDay(state, '2026-06-01')).toBe('fpps');
    expect(methodOnDay(state, '2026-06-02')).toBe('pplns');
    expect(methodOnDay(state, '2026-07-01')).toBe('pplns');
    expect(methodOnDay(null, '2026-06-01')).toBe(DEFAULT_PAY_METHOD);
    expect(DEFAULT_PAY_METHOD).toBe('fpps');
    expect(methodOnDay({ method: 'solo', previousMethod: null, effectiveFrom: null }, '2020-01-01')).toBe('solo');
  });
});

describe('days', () => {
  it('reads and moves UTC days', () => {
    expect(utcDay(at('2026-06-01T23:59:59.999Z'))).toBe('2026-06-01');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(isUtcDay('2026-06-01')).toBe(true);
    expect(isUtcDay('2026-02-30')).toBe(false);
    expect(isUtcDay('2026-6-1')).toBe(false);
    expect(isUtcDay('yesterday')).toBe(false);
  });

  it('knows the four methods', () => {
    expect(isPayMethod('pps_plus')).toBe(true);
    expect(isPayMethod('pps')).toBe(false);
  });
});
