import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeShareBatch, SHARES_COMPACT_VERSION, type ShareEvent } from '@hashpool/shared';
import { decodeBatchBody, type BodyDecode } from './share-batch';
import { decodeCompactBody } from './share-compact';
import { messageEncoding } from './nats-ingest';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const KASPA = `kaspa:q${'p'.repeat(60)}`;
const json = (batch: { batch_id: string; shares: readonly ShareEvent[] }) => new TextEncoder().encode(JSON.stringify(batch));
const share = (extra: Partial<ShareEvent> = {}): ShareEvent => ({ coin: 'btc', account: 'farm1', worker: 'rig1', difficulty: 2, result: 'accepted', ip: '10.0.0.1', time: NOW - 1000, ...extra });

/** Shares of every kind the checks tell apart: good ones, and one of each refusal. */
const shareArb: fc.Arbitrary<ShareEvent> = fc
  .record({
    coin: fc.constantFrom('btc', 'BTC', 'ltc', 'kas', 'nope', '', 'x'.repeat(17)),
    owner: fc.constantFrom('farm1', 'Farm1', 'farm2', 'nobody', 'bad\u0000name', '', 'a'.repeat(65), KASPA, 'kaspa:bad'),
    byAddress: fc.boolean(),
    worker: fc.constantFrom('rig1', 'rig2', 'rig3', '', 'Bad-Name', 'x'.repeat(65), 'y'.repeat(257), 'ёж'),
    // 1e20 × 2^32 (btc) is over MAX_SHARE_WORK, 1e308 over a double once multiplied: both refused, in both forms.
    difficulty: fc.oneof(fc.constantFrom(1, 2, 0.5, 0, -1, 65536, '3', '1e3', '2.5', 1e20, 1e308, '1e308'), fc.double({ min: -10, max: 1e12, noNaN: true })),
    result: fc.constantFrom('accepted', 'rejected', 'stale') as fc.Arbitrary<ShareEvent['result']>,
    reason: fc.option(fc.constantFrom('low difficulty', 'r'.repeat(65), ''), { nil: undefined }),
    ip: fc.option(fc.constantFrom('10.0.0.1', '10.0.0.2', '2001:db8::7', 'not an ip', '', 'i'.repeat(65)), { nil: undefined }),
    time: fc.oneof(fc.integer({ min: NOW - 2 * 3600_000, max: NOW + 5 * 60_000 }), fc.constant(NOW + 0.5), fc.constant(2 ** 60)),
  })
  .map(({ owner, byAddress, reason, ip, ...s }) => ({ ...s, ...(byAddress ? { address: owner } : { account: owner }), ...(reason === undefined ? {} : { reason }), ...(ip === undefined ? {} : { ip }) }));

/** What a decode gives, in plain values (typed arrays cut to their used length). */
function plain(d: BodyDecode) {
  if (!d.ok) return d;
  const b = d.batch;
  return {
    ...b,
    ownerKinds: [...b.ownerKinds.subarray(0, b.owners.length)],
    workerCoins: [...b.workerCoins.subarray(0, b.workerNames.length)],
    workerOwners: [...b.workerOwners.subarray(0, b.workerNames.length)],
    shareWorker: [...b.shareWorker.subarray(0, b.count)],
    shareIp: [...b.shareIp.subarray(0, b.count)],
    shareTime: [...b.shareTime.subarray(0, b.count)],
    shareWork: [...b.shareWork.subarray(0, b.count)],
    shareResult: [...b.shareResult.subarray(0, b.count)],
  };
}

describe('decodeCompactBody', () => {
  it('reads any batch as the JSON form of it is read: the same shares kept, the same refused for the same reasons', () => {
    fc.assert(
      fc.property(fc.array(shareArb, { minLength: 1, maxLength: 60 }), (shares) => {
        const batch = { batch_id: 'batch-prop-0001', shares };
        expect(plain(decodeCompactBody(encodeShareBatch(batch), NOW))).toEqual(plain(decodeBatchBody(json(batch), NOW)));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps each worker, owner and IP once, and a good share as its numbers', () => {
    const d = decodeCompactBody(encodeShareBatch({ batch_id: 'batch-0001', shares: [share(), share({ account: 'FARM1', ip: '10.0.0.2', result: 'stale' }), share({ worker: 'rig2' }), share({ coin: 'kas', address: KASPA, account: undefined })] }), NOW);
    expect(d.ok).toBe(true);
    if (!d.ok) return;
    expect(d.batch.count).toBe(4);
    expect(d.batch.owners).toEqual(['farm1', KASPA]);
    expect(d.batch.workerNames).toEqual(['rig1', 'rig2', 'rig1']);
    expect(d.batch.ips).toEqual(['10.0.0.1', '10.0.0.2']);
    expect(d.batch.shareWork[0]).toBe(2 * 2 ** 32);
  });

  it('refuses the batch id and share count as the JSON form does', () => {
    const bad = decodeCompactBody(encodeShareBatch({ batch_id: 'bad id with spaces', shares: [share()] }), NOW);
    expect(bad).toMatchObject({ ok: false, issues: [{ path: ['batch_id'] }] });
    expect(decodeCompactBody(encodeShareBatch({ batch_id: 'batch-0002', shares: [] }), NOW)).toMatchObject({ ok: false, issues: [{ code: 'too_small', path: ['shares'] }] });
  });

  it('refuses a body that is not well formed, naming the part and the byte', () => {
    const good = encodeShareBatch({ batch_id: 'batch-0003', shares: [share(), share({ worker: 'rig2' })] });
    const changed = (at: number, value: number) => {
      const copy = good.slice();
      copy[at] = value;
      return copy;
    };
    const section = (bytes: Uint8Array) => {
      const d = decodeCompactBody(bytes, NOW);
      return d.ok ? 'accepted' : 'issues' in d ? `${d.issues[0]!.code} ${d.issues[0]!.path.join('.')}` : 'not json';
    };
    expect(section(good)).toBe('accepted');
    expect(section(changed(0, 0x7b))).toBe('malformed_encoding header'); // '{': JSON sent under the compact type
    expect(section(changed(4, SHARES_COMPACT_VERSION + 1))).toBe('malformed_encoding header');
    expect(section(changed(5, 1))).toBe('malformed_encoding header');
    expect(section(new Uint8Array([...good, 0]))).toBe('malformed_encoding shares'); // a trailing byte
    // The first share's coin index (the first u32 of the columns) pointing past the table.
    const columns = good.length - 2 * 38;
    expect(section(changed(columns, 200))).toBe('malformed_encoding shares');
    expect(section(changed(good.length - 3, 2))).toBe('malformed_encoding shares'); // owner kind 2
    expect(section(changed(good.length - 1, 3))).toBe('malformed_encoding shares'); // result 3
    // A string count far beyond the body is refused before anything is allocated for it.
    const huge = good.slice();
    new DataView(huge.buffer).setUint32(8 + 'batch-0003'.length, 0xffff_fff0, true);
    expect(section(huge)).toBe('malformed_encoding strings');
  });

  it('never throws on random, truncated or altered bytes: each is a batch or a refusal', () => {
    const good = encodeShareBatch({ batch_id: 'batch-fuzz-0001', shares: [share(), share({ coin: 'kas', address: KASPA, account: undefined, ip: undefined }), share({ worker: 'ёж', reason: 'low' })] });
    for (let length = 0; length < good.length; length++) {
      const d = decodeCompactBody(good.subarray(0, length), NOW);
      expect(d.ok, `cut at ${length}`).toBe(false);
      expect('issues' in d && d.issues.length).toBeGreaterThan(0);
    }
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 512 }), (bytes) => {
        expect(typeof decodeCompactBody(bytes, NOW).ok).toBe('boolean');
      }),
      { numRuns: 2000 },
    );
    // The valid body with bytes overwritten anywhere: header, table, columns.
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(good.length - 1), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }), (edits) => {
        const copy = good.slice();
        for (const [at, value] of edits) copy[at] = value;
        const d = decodeCompactBody(copy, NOW);
        if (d.ok) expect(d.batch.count + Object.values(d.batch.refusals).reduce((a, b) => a + b, 0)).toBe(3);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('messageEncoding (a NATS message\'s Content-Type header)', () => {
  it('is JSON when absent, compact for its type, and none for any other type', () => {
    expect(messageEncoding(undefined)).toBe('json');
    expect(messageEncoding('application/json; charset=utf-8')).toBe('json');
    expect(messageEncoding('Application/Vnd.Hashpool.Shares.V1')).toBe('compact');
    expect(messageEncoding('application/vnd.hashpool.shares.v2')).toBeNull();
    expect(messageEncoding('text/plain')).toBeNull();
  });
});
