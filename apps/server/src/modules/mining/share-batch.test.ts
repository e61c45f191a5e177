import { describe, expect, it } from 'vitest';
import { ShareAggregate } from './share-aggregate';
import { decodeBatchBody, decodeShares, RESULT_CODES } from './share-batch';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const share = (account: string, worker: string, extra: Record<string, unknown> = {}) => ({ coin: 'btc', account, worker, difficulty: 2, result: 'accepted', ip: '10.0.0.1', time: NOW - 1000, ...extra });

describe('decodeShares', () => {
  it('keeps each worker, owner and IP once and each good share as numbers; counts the bad ones', () => {
    const b = decodeShares('batch-0001', [
      share('Farm1', 'rig1'),
      share('farm1', 'rig1', { result: 'stale', ip: '10.0.0.2' }), // the same sub-account, whatever the case
      share('farm1', 'rig2', { ip: undefined }),
      share('farm1', 'RIG3'),
      { coin: 'btc' },
    ], NOW);
    expect(b.count).toBe(3);
    expect(b.owners).toEqual(['Farm1']);
    expect(b.workerNames).toEqual(['rig1', 'rig2']);
    expect(b.ips).toEqual(['10.0.0.1', '10.0.0.2']);
    expect([...b.shareWorker.subarray(0, 3)]).toEqual([0, 0, 1]);
    expect([...b.shareIp.subarray(0, 3)]).toEqual([0, 1, -1]);
    expect([...b.shareResult.subarray(0, 3)]).toEqual([RESULT_CODES.accepted, RESULT_CODES.stale, RESULT_CODES.accepted]);
    expect(b.shareWork[0]).toBe(2 * 2 ** 32);
    expect(b.refusals).toEqual({ bad_worker_name: 1, malformed: 1 });
  });

  it('adds up to the same sums however the shares are split into batches', () => {
    const shares = Array.from({ length: 300 }, (_, i) => share('farm1', `rig${i % 7}`, { ip: `10.0.0.${i % 3}`, time: NOW - i * 7_000, difficulty: 1 + (i % 5), result: i % 11 === 0 ? 'rejected' : 'accepted' }));
    const whole = new ShareAggregate();
    whole.addBatch(decodeShares('whole-batch', shares, NOW), ['account-id']);
    const split = new ShareAggregate();
    for (let k = 0; k < 4; k++) split.addBatch(decodeShares(`part-${k}-batch`, shares.filter((_, i) => i % 4 === k).reverse(), NOW), ['account-id']);
    // Each worker's first and newest share, and its sums over its minutes.
    const sums = (a: ShareAggregate) =>
      [...a.workers.values()]
        .map(({ worker, first, last }) => {
          const mine = a.minuteRows().filter((r) => r.key.endsWith(`\u0000${worker}`)).map((r) => r.sums);
          const total = (k: 'acceptedWork' | 'rejectedWork' | 'accepted' | 'rejected') => mine.reduce((t, m) => t + m[k], 0);
          return { worker, first, last, acceptedWork: total('acceptedWork'), rejectedWork: total('rejectedWork'), accepted: total('accepted'), rejected: total('rejected') };
        })
        .sort((x, y) => x.worker.localeCompare(y.worker));
    expect(sums(split)).toEqual(sums(whole));
    // Each minute's newest share (time and IP), which the worker's last share facts come from.
    const newest = (a: ShareAggregate) => a.minuteRows().map((r) => [r.key, r.minute, r.sums.last, r.sums.lastIp, r.sums.accepted]).sort();
    expect(newest(split)).toEqual(newest(whole));
    // The 10-minute points: the same either way, and the owner's and the pool's are the workers' minutes' sums.
    const points = (a: ShareAggregate) => {
      const p = a.points();
      const workerPoints = a.minuteRows().map((r) => ({ bucket: r.minute - (r.minute % 600_000), sums: r.sums }));
      const byBucket = (xs: Array<{ bucket: number; sums: { acceptedWork: number } }>) => {
        const m = new Map<number, number>();
        for (const x of xs) m.set(x.bucket, (m.get(x.bucket) ?? 0) + x.sums.acceptedWork);
        return [...m].sort((x, y) => x[0] - y[0]);
      };
      return { workers: byBucket(workerPoints), owner: byBucket(p.ownerPoints), pool: byBucket(p.poolPoints) };
    };
    const w = points(whole);
    expect(points(split)).toEqual(w);
    expect(w.owner).toEqual(w.workers);
    expect(w.pool).toEqual(w.workers);
    expect(w.workers.length).toBeGreaterThan(1);
    expect(w.workers.reduce((sum, [, work]) => sum + work, 0)).toBe(shares.filter((s) => s.result === 'accepted').reduce((sum, s) => sum + s.difficulty * 2 ** 32, 0));
  });
});

describe('decodeBatchBody', () => {
  const bytes = (value: unknown) => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));
  it('reads a body in plain ASCII and in UTF-8 alike', () => {
    const body = { batch_id: 'batch-0002', shares: [share('farm1', 'rig1')] };
    const ascii = decodeBatchBody(bytes(body), NOW);
    const utf8 = decodeBatchBody(bytes({ ...body, shares: [...body.shares, share('farm1', 'rig1', { reason: 'низкая сложность' })] }), NOW);
    expect(ascii.ok && ascii.batch.count).toBe(1);
    expect(utf8.ok && utf8.batch.count).toBe(2);
  });

  it('says what is wrong with a body that is not a batch', () => {
    expect(decodeBatchBody(bytes('{"batch_id":'), NOW)).toEqual({ ok: false, notJson: true });
    const bad = decodeBatchBody(bytes({ batch_id: 'batch-0003', shares: [] }), NOW);
    expect(bad.ok).toBe(false);
    expect(!bad.ok && 'issues' in bad && bad.issues[0]).toMatchObject({ code: 'too_small', path: ['shares'] });
  });
});
