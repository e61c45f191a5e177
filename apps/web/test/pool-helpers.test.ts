// Pure helpers of the pool pages: the alarm threshold unit selector, worker groups, percentage
// and compact number formatting, and the message list filters in the address.
import { describe, expect, it } from 'vitest';
import { groupThreshold, isBelowThreshold, joinThreshold, splitThreshold } from '../src/features/mining/lib/threshold';
import { groupName, isGroupName, orderGroups } from '../src/features/mining/lib/groups';
import { formatCompact, formatPercent } from '../src/features/mining/lib/format';
import { messageFiltersToParams, parseMessageFilters } from '../src/features/mining/lib/message-filters';

describe('hashrate threshold', () => {
  it('shows a stored threshold in the unit splitHashrate picks', () => {
    expect(splitThreshold(100e12)).toEqual({ value: 100, unit: 'TH/s' });
    expect(splitThreshold(1_234_567)).toEqual({ value: 1.234567, unit: 'MH/s' });
    expect(splitThreshold(0)).toEqual({ value: 0, unit: 'H/s' });
  });

  it('round-trips without drifting, unlike a two-decimal display would', () => {
    for (const hs of [1, 999, 1_234_567, 812_345_678_901_234, 95e15]) {
      const { value, unit } = splitThreshold(hs);
      expect(joinThreshold(value, unit)).toBe(hs);
    }
  });

  it('converts a typed value and unit to whole H/s', () => {
    expect(joinThreshold(1.5, 'PH/s')).toBe(1.5e15);
    expect(joinThreshold(0.5, 'KH/s')).toBe(500);
  });
});

describe('group alarm threshold', () => {
  it('answers the H/s the server accepts, or null for a value it would refuse', () => {
    expect(groupThreshold(100, 'TH/s')).toBe(100e12);
    expect(groupThreshold(0.5, 'H/s')).toBe(1); // rounded to whole H/s, as joinThreshold does
    expect(groupThreshold(0, 'TH/s')).toBeNull();
    expect(groupThreshold(0.4, 'H/s')).toBeNull(); // rounds to 0
    expect(groupThreshold(-3, 'PH/s')).toBeNull();
    expect(groupThreshold(2e6, 'YH/s')).toBeNull(); // beyond HASHRATE_THRESHOLD_MAX
    expect(groupThreshold(null, 'TH/s')).toBeNull();
    expect(groupThreshold(undefined, 'TH/s')).toBeNull();
  });

  it('is below only with a threshold, workers, and less hashrate than the threshold', () => {
    expect(isBelowThreshold({ total: 2, hashrate_15m: 5e12, hashrate_threshold: 1e13 })).toBe(true);
    expect(isBelowThreshold({ total: 2, hashrate_15m: 1e13, hashrate_threshold: 1e13 })).toBe(false);
    expect(isBelowThreshold({ total: 2, hashrate_15m: 0, hashrate_threshold: null })).toBe(false);
    // An empty group is not watched by the server (alerts.service.ts).
    expect(isBelowThreshold({ total: 0, hashrate_15m: 0, hashrate_threshold: 1e13 })).toBe(false);
  });
});

describe('worker groups', () => {
  const groups = [
    { id: 4, name: 'rack b', total: 2, active: 2 },
    { id: null, name: 'default', total: 6, active: 5 },
    { id: 2, name: 'rack a', total: 0, active: 0 },
  ];

  it('puts the default group first and keeps the server order of the rest', () => {
    expect(orderGroups(groups).map((g) => g.id)).toEqual([null, 4, 2]);
  });

  it('translates the default group name only', () => {
    expect(groupName(groups[1]!, 'Default group')).toBe('Default group');
    expect(groupName(groups[0]!, 'Default group')).toBe('rack b');
  });

  it('accepts the names the server accepts', () => {
    expect(isGroupName('rack a')).toBe(true);
    expect(isGroupName('   ')).toBe(false);
    expect(isGroupName('x'.repeat(33))).toBe(false);
  });
});

describe('formatting', () => {
  it('writes ratios as percentages with two decimals', () => {
    expect(formatPercent(0.0125)).toBe('1.25%');
    expect(formatPercent(1.5)).toBe('150.00%');
    expect(formatPercent(null)).toBe('--');
    expect(formatPercent(Number.NaN)).toBe('--');
  });

  it('writes big numbers in the language short form', () => {
    expect(formatCompact(1.3e14, 'en')).toBe('130T');
    expect(formatCompact(null, 'en')).toBe('--');
  });
});

describe('message filters in the address', () => {
  it('reads and writes type, unread and page', () => {
    const filters = parseMessageFilters(new URLSearchParams('type=miner_offline&unread=1&page=2'));
    expect(filters).toEqual({ type: 'miner_offline', unread: true, page: 2 });
    expect(messageFiltersToParams(filters).toString()).toBe('type=miner_offline&unread=1&page=2');
    expect(parseMessageFilters(new URLSearchParams('type=spam&page=x'))).toEqual({ type: 'all', unread: false, page: 1 });
  });
});
