import { RetentionPolicy } from 'nats';
import { describe, expect, it } from 'vitest';
import { keepsEverything } from './nats-ingest';

describe('keepsEverything (a share stream whose disk use only grows)', () => {
  const limits = { retention: RetentionPolicy.Limits, max_age: 0, max_bytes: -1, max_msgs: -1 };
  it('is a limits stream with no age, size or count limit (the NATS defaults)', () => {
    expect(keepsEverything(limits)).toBe(true);
  });
  it('is not a stream with any limit, nor a work queue or an interest stream', () => {
    expect(keepsEverything({ ...limits, max_age: 7 * 24 * 3600 * 1e9 })).toBe(false);
    expect(keepsEverything({ ...limits, max_bytes: 50 * 2 ** 30 })).toBe(false);
    expect(keepsEverything({ ...limits, max_msgs: 1_000_000 })).toBe(false);
    expect(keepsEverything({ ...limits, retention: RetentionPolicy.Workqueue })).toBe(false);
    expect(keepsEverything({ ...limits, retention: RetentionPolicy.Interest })).toBe(false);
  });
});
