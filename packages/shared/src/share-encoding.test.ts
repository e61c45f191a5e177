import { describe, expect, it } from 'vitest';
import { encodeShareBatch, SHARES_COMPACT_TYPE } from './share-encoding';

describe('encodeShareBatch', () => {
  it('writes the layout of docs/stratum-integration.md byte by byte', () => {
    const bytes = encodeShareBatch({
      batch_id: 'node1-00',
      shares: [
        { coin: 'btc', account: 'farm1', worker: 'rig1', difficulty: 2, result: 'accepted', ip: '10.0.0.1', time: 1_780_000_000_000 },
        { coin: 'btc', account: 'farm1', worker: 'rig1', difficulty: '0.5', result: 'stale', reason: 'stale job', time: 1_780_000_000_001 },
      ],
    });
    const hex = Buffer.from(bytes).toString('hex');
    const u32 = (n: number) => Buffer.from(new Uint32Array([n]).buffer).toString('hex');
    const f64 = (n: number) => Buffer.from(new Float64Array([n]).buffer).toString('hex');
    const text = (s: string) => Buffer.from(s).toString('hex');
    const expected = [
      text('HPSB'), '01', '00', '0800', text('node1-00'), // header and batch id
      u32(5), '0300', '0500', '0400', '0800', '0900', text('btcfarm1rig110.0.0.1stale job'), // string table
      u32(2), // shares
      u32(0) + u32(0), u32(1) + u32(1), u32(2) + u32(2), u32(0xffffffff) + u32(4), u32(3) + u32(0xffffffff), // coin, owner, worker, reason, ip
      f64(2) + f64(0.5), f64(1_780_000_000_000) + f64(1_780_000_000_001), // difficulty, time
      '0000', '0002', // owner kind, result
    ].join('');
    expect(hex).toBe(expected);
    expect(SHARES_COMPACT_TYPE).toBe('application/vnd.hashpool.shares.v1');
  });

  it('refuses a share it cannot write: both or neither of account and address', () => {
    const base = { coin: 'kas', worker: 'rig1', difficulty: 1, result: 'accepted' as const, time: 0 };
    expect(() => encodeShareBatch({ batch_id: 'node1-01', shares: [base] })).toThrow(/exactly one/);
    expect(() => encodeShareBatch({ batch_id: 'node1-01', shares: [{ ...base, account: 'a', address: 'b' }] })).toThrow(/exactly one/);
  });
});
