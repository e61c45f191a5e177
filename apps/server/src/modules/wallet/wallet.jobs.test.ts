import { describe, expect, it } from 'vitest';
import { MARKET_DATA_CHECK_MS, SETTLE_AFTER_MS } from '../earnings';
import { DAILY_FROM_UTC_HOUR, dailyPartDue } from './wallet.jobs';

describe('the wallet job’s daily part', () => {
  it('comes after the daily settlement has had its pass, so that payouts include the day before', () => {
    // The settlement starts at the first earnings pass from SETTLE_AFTER_MS past midnight.
    expect(DAILY_FROM_UTC_HOUR * 3_600_000).toBeGreaterThanOrEqual(SETTLE_AFTER_MS + 2 * MARKET_DATA_CHECK_MS);
    expect(dailyPartDue(new Date('2026-12-03T01:59:59Z'), '2026-12-02')).toBe(false);
    expect(dailyPartDue(new Date('2026-12-03T02:00:00Z'), '2026-12-02')).toBe(true);
    expect(dailyPartDue(new Date('2026-12-03T09:00:00Z'), '2026-12-03')).toBe(false);
  });
});
