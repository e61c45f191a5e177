// The worker list's orders for big sub-accounts (and addresses): written by the minute job's pass
// just after it committed the columns they sort by, read a page at a time as a slice. A page
// of a farm's 100,000 workers is then a slice of 80 bytes and ten rows, where a sort of the farm's
// rows cost 20-45 ms (bench:workers). An index per sort would have cost every pass 8 s per
// million workers instead: the pass rewrites every active worker's columns.
//
// An order is as of the last pass, like the columns it sorts: a worker created since appears with
// the next pass; clearing workers drops the owner's orders, and the list sorts rows until the next.
// Each entry is the worker id (8 bytes, big-endian) and its status at the pass (1 byte: active,
// inactive, dead), so a page of one status is picked from the order too.
import { sql, type SQL } from 'drizzle-orm';
import { findCoin, type WorkerStatus, INACTIVE_AFTER_MS } from '@hashpool/shared';
import { queryRows, type Db, type DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';

/** Owners with at least this many workers of a coin get orders; smaller lists sort their rows fast. */
export const ORDER_MIN_WORKERS = 1000;

/** The list's sorts that have an order (workerName reads the name index), by their column. */
export const ORDERED_SORTS = { now: 'hashrate_15m', '1h': 'hashrate_1h', '24h': 'hashrate_24h', reject: 'reject_rate', lastShare: 'last_share_at' } as const;
export type OrderedSort = keyof typeof ORDERED_SORTS;

const ENTRY = 9;
const STATUS_BYTES: Record<WorkerStatus, number> = { active: 0, inactive: 1, dead: 2 };

/**
 * How many statements write the orders at once, each on its own connection with a share of the
 * sorts. PostgreSQL sorts for one statement on one core: the five sorts of a million-worker owner
 * took 3.7 to 4.1 s of a pass on one, 2.4 to 2.6 s split in two on two cores (bench:workers, 1
 * December), though each half scans the owner's workers and ranks their names again.
 */
export const ORDER_WRITERS = 2;

/**
 * Rewrites the orders of every owner with ORDER_MIN_WORKERS workers or more, and drops the others';
 * statuses as of `now` (inactive after 15 minutes without a share, dead after `deadAfterMs`).
 * Each owner's sorts are written by ORDER_WRITERS transactions side by side, so the caller's own
 * transaction must have committed the columns they sort (refreshWindows writes them after its
 * commit): an order is derived data, as of the last pass, and one the pass did not rewrite (a
 * crash in between) stays that of the pass before until the next.
 */
export async function writeWorkerOrders(db: Db, now: Date, deadAfterMs: number): Promise<number> {
  const inactiveFrom = new Date(now.getTime() - INACTIVE_AFTER_MS).toISOString();
  const deadFrom = new Date(now.getTime() - deadAfterMs).toISOString();
  const big = sql`select coin, owner from worker_counts group by coin, owner having sum(workers) >= ${ORDER_MIN_WORKERS}`;
  await db.execute(sql`delete from worker_orders o where (coin, owner) not in (${big})`);
  const owners = await queryRows<{ coin: string; owner: string }>(db, big);
  const sorts = Object.entries(ORDERED_SORTS) as Array<[OrderedSort, string]>;
  const shares = Array.from({ length: ORDER_WRITERS }, (_, k) => sorts.filter((_, i) => i % ORDER_WRITERS === k)).filter((share) => share.length > 0);
  const statements = owners.flatMap(({ coin, owner }) => shares.map((share) => ownerOrders(coin, owner, share, inactiveFrom, deadFrom)));
  await inParallel(statements, ORDER_WRITERS, (statement) =>
    inTransaction(db, async (tx) => {
      // Five sorts of a million workers spill to disk with the default 4 MB (this transaction only).
      await tx.execute(sql`set local work_mem = '64MB'`);
      await tx.execute(statement);
    }),
  );
  return owners.length;
}

/** Runs `work` on each item, at most `width` at a time; after a failure no lane starts another. */
async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < items.length) {
      try {
        await work(items[next++]!);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
}

/** The statement that writes `sorts` (sort, column) of one owner's orders. */
function ownerOrders(coin: string, owner: string, sorts: Array<[OrderedSort, string]>, inactiveFrom: string, deadFrom: string): SQL {
  const mine = findCoin(coin)?.mode === 'address' ? sql`address = ${owner}` : sql`account_id = ${owner}::uuid`;
  const columns = sql.raw(sorts.map(([, column]) => column).join(', '));
  // One scan of the owner's workers, its entries and its names' ranks made once, then one sort
  // per order by the column and the rank: a tie (every idle worker's 0 H/s) then compares two
  // integers, not two names, which made the five sorts 7 s of a pass at a million workers.
  const aggregates = sql.raw(sorts.map(([sort, column]) => `string_agg(entry, ''::bytea order by ${column}, name_rank) as "${sort}"`).join(', '));
  const values = sql.raw(sorts.map(([sort]) => `('${sort}', a."${sort}")`).join(', '));
  const status = sql`case when last_share_at >= ${inactiveFrom}::timestamptz then ${sql.raw(String(STATUS_BYTES.active))} when last_share_at >= ${deadFrom}::timestamptz then ${sql.raw(String(STATUS_BYTES.inactive))} else ${sql.raw(String(STATUS_BYTES.dead))} end`;
  const counts = sql.raw(Object.entries(STATUS_BYTES).map(([name, byte]) => `count(*) filter (where st = ${byte}) as ${name}`).join(', '));
  return sql`insert into worker_orders (coin, owner, sort, ids, workers, active, inactive, dead)
      select ${coin}, ${owner}, s.sort, s.ids, a.n, a.active, a.inactive, a.dead
      from (select ${aggregates}, count(*) as n, ${counts}
              from (select ${columns}, st, int8send(id) || set_byte('\\x00'::bytea, 0, st) as entry, name_rank
                      from (select ${columns}, id, ${status} as st, row_number() over (order by name) as name_rank
                              from workers where coin = ${coin} and ${mine}) w0) w) a
      cross join lateral (values ${values}) as s(sort, ids)
      where a.n > 0
      on conflict (coin, owner, sort) do update set ids = excluded.ids, workers = excluded.workers, active = excluded.active, inactive = excluded.inactive, dead = excluded.dead`;
}

/** Drops an owner's orders (its workers were deleted): its list sorts rows until the next pass. */
export async function dropWorkerOrders(tx: DbOrTx, coin: string, owner: string): Promise<void> {
  await tx.execute(sql`delete from worker_orders where coin = ${coin} and owner = ${owner}`);
}

/** A page of the list: where it starts, how long it is, in which direction, of which status. */
export interface OrderPageQuery {
  status: WorkerStatus | 'all';
  descending: boolean;
  offset: number;
  size: number;
}

/**
 * `count` entries of an order from `from` entries after its start (descending: before its end), in
 * the order's ascending direction, with its counts and its row version; null when there is none.
 */
export type ReadOrderSlice = (from: number, count: number) => Promise<{ n: number; counts: Record<WorkerStatus, number>; version: string; slice: Uint8Array } | null>;

/** More entries than an order holds (a bytea holds at most 1 GB): what one slice asks for at most. */
const MAX_ENTRIES = 2 ** 31 - 1;

/** Entries of the first slice a page of one status reads, at least; each next one is at least 4 times larger. */
export const FIRST_STATUS_SLICE = 1024;

/**
 * One page of an owner's order: the worker ids at `offset`..`offset + size` in the order's direction
 * (descending reads the ascending order from its end), among all or those of one status at the
 * pass, and how many there are; null when the owner has no order. A page of all is one slice; a
 * page of one status reads slices from the list's start in its direction until the page is found.
 */
export async function orderedPage(
  db: DbOrTx,
  q: OrderPageQuery & { coin: string; owner: string; sort: OrderedSort },
): Promise<{ ids: number[]; total: number } | null> {
  const read: ReadOrderSlice = async (from, count) => {
    // In bigint (a page far past the end is a valid request), then within the order: an int.
    const start = q.descending ? sql`greatest(0, workers - ${from}::bigint - ${count}::bigint)::int` : sql`least(workers, ${from}::bigint)::int`;
    const end = q.descending ? sql`greatest(0, workers - ${from}::bigint)::int` : sql`least(workers, ${from}::bigint + ${count}::bigint)::int`;
    const [row] = await queryRows<{ n: number | string; active: number | string; inactive: number | string; dead: number | string; version: string; slice: Uint8Array }>(
      db,
      sql`select workers as n, active, inactive, dead, xmin::text as version,
                 substring(ids from (${start}) * ${sql.raw(String(ENTRY))} + 1 for greatest(0, (${end}) - (${start})) * ${sql.raw(String(ENTRY))}) as slice
            from worker_orders where coin = ${q.coin} and owner = ${q.owner} and sort = ${q.sort}`,
    );
    if (!row) return null;
    return { n: Number(row.n), counts: { active: Number(row.active), inactive: Number(row.inactive), dead: Number(row.dead) }, version: row.version, slice: row.slice };
  };
  return pageOfOrder(read, q);
}

/** The page `q` of an order read through `read` (orderedPage; exported for its tests). */
export async function pageOfOrder(read: ReadOrderSlice, q: OrderPageQuery, firstSlice = FIRST_STATUS_SLICE): Promise<{ ids: number[]; total: number } | null> {
  const entriesOf = (slice: Uint8Array) => {
    const view = new DataView(slice.buffer, slice.byteOffset, slice.byteLength);
    const count = slice.byteLength / ENTRY;
    // In the list's direction: a descending slice is read from its end.
    const at = (k: number) => (q.descending ? count - 1 - k : k) * ENTRY;
    return { count, id: (k: number) => Number(view.getBigInt64(at(k))), status: (k: number) => view.getUint8(at(k) + 8) };
  };
  if (q.status === 'all') {
    const got = await read(q.offset, q.size);
    if (!got) return null;
    const e = entriesOf(got.slice);
    return { ids: Array.from({ length: e.count }, (_, k) => e.id(k)), total: got.n };
  }
  const wanted = STATUS_BYTES[q.status];
  const want = q.offset + q.size;
  // A pass may rewrite the order between two slices: then the page starts again on the new one
  // (three times at most; after that a page may mix two passes, as any list read during a change).
  for (let attempt = 0; ; attempt++) {
    let version: string | undefined;
    let from = 0;
    let count = Math.min(MAX_ENTRIES, Math.max(firstSlice, 4 * want));
    let seen = 0;
    const ids: number[] = [];
    for (;;) {
      const got = await read(from, count);
      if (!got) return null;
      if (version !== undefined && got.version !== version && attempt < 3) break;
      version = got.version;
      const total = got.counts[q.status];
      const e = entriesOf(got.slice);
      for (let k = 0; k < e.count && seen < want; k++) {
        if (e.status(k) !== wanted) continue;
        if (seen >= q.offset) ids.push(e.id(k));
        seen++;
      }
      from += e.count;
      if (seen >= want || seen >= total || from >= got.n) return { ids, total };
      // The next slice: what the rest of the page needs if this status is spread as evenly as it
      // was so far (and by its count), a quarter more, and at least four times this one.
      const density = Math.max(seen / from, total / got.n, 1 / got.n);
      count = Math.min(MAX_ENTRIES, Math.max(4 * count, Math.ceil(((want - seen) / density) * 1.25)));
    }
  }
}
