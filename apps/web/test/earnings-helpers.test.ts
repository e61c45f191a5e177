// The payout-method section's wording helpers (features/earnings/lib/pay-method.ts).
import { describe, expect, it } from 'vitest';
import { canSwitchNow, formatDifficulty, formatHashesPerDifficulty, methodStatus, switchOutcome } from '../src/features/earnings/lib/pay-method';

const base = { method: 'fpps' as const, today_method: 'fpps' as const, effective_from: null, switched_at: null, next_switch_at: null };

describe('payout method wording', () => {
  it('tells never switched, waiting for its day, and in force apart', () => {
    expect(methodStatus(base)).toBe('default');
    expect(methodStatus({ ...base, method: 'pplns', effective_from: '2026-06-02' })).toBe('pending');
    expect(methodStatus({ ...base, method: 'pplns', today_method: 'pplns', effective_from: '2026-06-02' })).toBe('since');
  });

  it('greys the switch until the next allowed moment', () => {
    const waiting = { ...base, next_switch_at: '2026-06-02T10:00:00.000Z' };
    expect(canSwitchNow(base, new Date('2026-06-01T10:00:00Z'))).toBe(true);
    expect(canSwitchNow(waiting, new Date('2026-06-02T09:59:00Z'))).toBe(false);
    expect(canSwitchNow(waiting, new Date('2026-06-02T10:00:00Z'))).toBe(true);
  });

  it('says what a switch now would do: the next UTC day, settled the day after, no switch for 24 hours', () => {
    const o = switchOutcome(new Date('2026-06-01T23:30:00Z'));
    expect(o.day).toBe('2026-06-02');
    expect(o.settle.toISOString()).toBe('2026-06-03T01:05:00.000Z');
    expect(o.until.toISOString()).toBe('2026-06-02T23:30:00.000Z');
  });

  it('writes large difficulties with a power of ten and k as a power of two', () => {
    expect(formatDifficulty('129900000000000')).toBe('1.299 × 10¹⁴');
    expect(formatDifficulty('131000000000000')).toBe('1.31 × 10¹⁴');
    expect(formatDifficulty('83800')).toBe('83800');
    expect(formatHashesPerDifficulty(2 ** 32)).toBe('2³²');
    expect(formatHashesPerDifficulty(2 ** 13)).toBe('2¹³');
    expect(formatHashesPerDifficulty(1)).toBe('1');
  });
});
