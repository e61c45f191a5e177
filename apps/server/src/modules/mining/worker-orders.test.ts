// A page of a big owner's order (worker-orders.repository.ts), read from an order held here: the
// slices the page reads, in both directions and for each status, against a filter of the whole
// order; and a pass rewriting the order between two slices.
import { describe, expect, it } from 'vitest';
import type { WorkerStatus } from '@hashpool/shared';
import { pageOfOrder, type OrderPageQuery, type ReadOrderSlice } from './worker-orders.repository';

const STATUS: WorkerStatus[] = ['active', 'inactive', 'dead'];

/** An order of worker ids 1..n (ascending) with the statuses `statusOf` gives, as the pass writes it. */
function order(n: number, statusOf: (id: number) => WorkerStatus) {
  const bytes = new Uint8Array(n * 9);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < n; i++) {
    view.setBigInt64(i * 9, BigInt(i + 1));
    view.setUint8(i * 9 + 8, STATUS.indexOf(statusOf(i + 1)));
  }
  const counts = { active: 0, inactive: 0, dead: 0 };
  for (let id = 1; id <= n; id++) counts[statusOf(id)]++;
  return { n, bytes, counts, ids: Array.from({ length: n }, (_, i) => i + 1), statusOf };
}

/** Reads slices as the SQL of orderedPage does (descending: counted from the end), and records them. */
function reader(o: ReturnType<typeof order>, descending: boolean, version = () => '1') {
  const reads: Array<[number, number]> = [];
  const read: ReadOrderSlice = async (from, count) => {
    reads.push([from, count]);
    const start = descending ? Math.max(0, o.n - from - count) : Math.min(o.n, from);
    const end = descending ? Math.max(0, o.n - from) : Math.min(o.n, from + count);
    return { n: o.n, counts: o.counts, version: version(), slice: o.bytes.subarray(start * 9, Math.max(start, end) * 9) };
  };
  return { read, reads };
}

const expected = (o: ReturnType<typeof order>, q: OrderPageQuery) => {
  const list = (q.descending ? [...o.ids].reverse() : o.ids).filter((id) => q.status === 'all' || o.statusOf(id) === q.status);
  return { ids: list.slice(q.offset, q.offset + q.size), total: list.length };
};

describe('a page of a worker order', () => {
  // Active ones at the order's top, inactive and dead ones spread, as a sort by hashrate leaves them.
  const o = order(5_000, (id) => (id > 4_000 ? 'active' : id % 7 === 0 ? 'dead' : id % 3 === 0 ? 'inactive' : 'active'));

  it('is the filter of the whole order, for every status, both directions, first to past the last page', async () => {
    for (const status of ['all', ...STATUS] as const) {
      for (const descending of [false, true]) {
        for (const offset of [0, 10, 990, 1_000, 3_000, 4_990, 6_000]) {
          const q = { status, descending, offset, size: 10 };
          const { read } = reader(o, descending);
          expect(await pageOfOrder(read, q, 64), `${status} ${descending ? 'desc' : 'asc'} ${offset}`).toEqual(expected(o, q));
        }
      }
    }
  });

  it('reads slices growing from the list’s start, only as far as the page', async () => {
    // Ascending, the first 4,000 entries hold only a few hundred inactive ones: page 1 is in the first slice.
    const first = reader(o, false);
    await pageOfOrder(first.read, { status: 'inactive', descending: false, offset: 0, size: 10 }, 64);
    expect(first.reads).toEqual([[0, 64]]);
    // Descending, the top 1,000 are all active: the inactive ones start after four slices.
    const deep = reader(o, true);
    const page = await pageOfOrder(deep.read, { status: 'inactive', descending: true, offset: 0, size: 10 }, 64);
    expect(page).toEqual(expected(o, { status: 'inactive', descending: true, offset: 0, size: 10 }));
    expect(deep.reads).toEqual([[0, 64], [64, 256], [320, 1024]]);
    // A page of all is one slice of the page itself.
    const all = reader(o, true);
    await pageOfOrder(all.read, { status: 'all', descending: true, offset: 20, size: 10 });
    expect(all.reads).toEqual([[20, 10]]);
  });

  it('sizes the next slice by what the page still needs: a rare status is read in two slices, not five', async () => {
    const rare = order(5_000, (id) => (id % 100 === 0 ? 'dead' : 'active'));
    const r = reader(rare, false);
    const q = { status: 'dead' as const, descending: false, offset: 30, size: 10 };
    expect(await pageOfOrder(r.read, q, 64)).toEqual(expected(rare, q));
    // 160 entries hold one dead worker; 39 more at 1 in 100, a quarter more: 4,875.
    expect(r.reads).toEqual([[0, 160], [160, 4_875]]);
  });

  it('stops at the count: a status with no workers reads one slice', async () => {
    const none = order(3_000, () => 'active');
    const r = reader(none, false);
    expect(await pageOfOrder(r.read, { status: 'dead', descending: false, offset: 0, size: 10 }, 64)).toEqual({ ids: [], total: 0 });
    expect(r.reads).toHaveLength(1);
  });

  it('starts again when a pass rewrites the order between two slices', async () => {
    let versions = 0;
    const r = reader(o, true, () => String(versions++ < 1 ? 1 : 2));
    const q = { status: 'inactive' as const, descending: true, offset: 0, size: 10 };
    expect(await pageOfOrder(r.read, q, 64)).toEqual(expected(o, q));
    // Version 1, then 2 at the second slice: read again from the start on version 2.
    expect(r.reads.slice(0, 3)).toEqual([[0, 64], [64, 256], [0, 64]]);
  });

  it('answers null when the owner has no order', async () => {
    expect(await pageOfOrder(async () => null, { status: 'active', descending: false, offset: 0, size: 10 })).toBeNull();
  });
});
