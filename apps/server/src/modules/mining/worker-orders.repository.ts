// The worker list's orders for big sub-accounts (and addresses): written by the minute job's pass
// in the transaction that wrote the columns they sort by, read a page at a time as a slice. A page
// of a farm's 100,000 workers is then a slice of 80 bytes and ten rows, where a sort of the farm's
// rows cost 20-45 ms (bench:workers). An index per sort would have cost every pass 8 s per
// million workers instead: the pass rewrites every active worker's columns.
//
// An order is as of the last pass, like the columns it sorts: a worker created since appears with
// the next pass; clearing workers drops the owner's orders, and the list sorts rows until the next.
// Each entry is the worker id (8 bytes, big-endian) and its status at the pass (1 byte: active,
// inactive, dead), so a page of one status is picked from the order too.
import { sql } from 'drizzle-orm';
import { findCoin, type WorkerStatus, INACTIVE_AFTER_MS } from '@hashpool/shared';
import { queryRows, type DbOrTx } from '../../db/client';

/** Owners with at least this many workers of a coin get orders; smaller lists sort their rows fast. */
export const ORDER_MIN_WORKERS = 1000;

/** The list's sorts that have an order (workerName reads the name index), by their column. */
export const ORDERED_SORTS = { now: 'hashrate_15m', '1h': 'hashrate_1h', '24h': 'hashrate_24h', reject: 'reject_rate', lastShare: 'last_share_at' } as const;
export type OrderedSort = keyof typeof ORDERED_SORTS;

const ENTRY = 9;
const STATUS_BYTES: Record<WorkerStatus, number> = { active: 0, inactive: 1, dead: 2 };

/**
 * Rewrites the orders of every owner with ORDER_MIN_WORKERS workers or more, and drops the others';
 * statuses as of `now` (inactive after 15 minutes without a share, dead after `deadAfterMs`).
 */
export async function writeWorkerOrders(tx: DbOrTx, now: Date, deadAfterMs: number): Promise<number> {
  const inactiveFrom = new Date(now.getTime() - INACTIVE_AFTER_MS).toISOString();
  const deadFrom = new Date(now.getTime() - deadAfterMs).toISOString();
  const big = sql`select coin, owner from worker_counts group by coin, owner having sum(workers) >= ${ORDER_MIN_WORKERS}`;
  await tx.execute(sql`delete from worker_orders o where (coin, owner) not in (${big})`);
  const owners = await queryRows<{ coin: string; owner: string }>(tx, big);
  const sorts = Object.entries(ORDERED_SORTS);
  const columns = sql.raw(Object.values(ORDERED_SORTS).join(', '));
  for (const { coin, owner } of owners) {
    const mine = findCoin(coin)?.mode === 'address' ? sql`address = ${owner}` : sql`account_id = ${owner}::uuid`;
    // One scan of the owner's workers, its entries and its names' ranks made once, then one sort
    // per order by the column and the rank: a tie (every idle worker's 0 H/s) then compares two
    // integers, not two names, which made the five sorts 7 s of a pass at a million workers.
    const aggregates = sql.raw(sorts.map(([sort, column]) => `string_agg(entry, ''::bytea order by ${column}, name_rank) as "${sort}"`).join(', '));
    const values = sql.raw(sorts.map(([sort]) => `('${sort}', a."${sort}")`).join(', '));
    const status = sql`case when last_share_at >= ${inactiveFrom}::timestamptz then ${sql.raw(String(STATUS_BYTES.active))} when last_share_at >= ${deadFrom}::timestamptz then ${sql.raw(String(STATUS_BYTES.inactive))} else ${sql.raw(String(STATUS_BYTES.dead))} end`;
    await tx.execute(sql`insert into worker_orders (coin, owner, sort, ids, workers)
      select ${coin}, ${owner}, s.sort, s.ids, a.n
      from (select ${aggregates}, count(*) as n from (select ${columns}, int8send(id) || set_byte('\\x00'::bytea, 0, ${status}) as entry, row_number() over (order by name) as name_rank
                  from workers where coin = ${coin} and ${mine}) w) a
      cross join lateral (values ${values}) as s(sort, ids)
      where a.n > 0
      on conflict (coin, owner, sort) do update set ids = excluded.ids, workers = excluded.workers`);
  }
  return owners.length;
}

/** Drops an owner's orders (its workers were deleted): its list sorts rows until the next pass. */
export async function dropWorkerOrders(tx: DbOrTx, coin: string, owner: string): Promise<void> {
  await tx.execute(sql`delete from worker_orders where coin = ${coin} and owner = ${owner}`);
}

/**
 * One page of an owner's order: the worker ids at `offset`..`offset + size` in the order's direction
 * (descending reads the ascending order from its end), among all or those of one status at the
 * pass, and how many there are; null when the owner has no order. A page of all is a slice; a page
 * of one status reads the order whole (9 bytes a worker) and picks its entries here.
 */
export async function orderedPage(
  db: DbOrTx,
  q: { coin: string; owner: string; sort: OrderedSort; descending: boolean; status: WorkerStatus | 'all'; offset: number; size: number },
): Promise<{ ids: number[]; total: number } | null> {
  const offset = sql`${q.offset}::int`;
  const size = sql`${q.size}::int`;
  const { descending } = q;
  // First entry and number of entries of the slice, in the order's ascending positions.
  const start = q.status !== 'all' ? sql`0` : descending ? sql`greatest(0, workers - ${offset} - ${size})` : offset;
  const count =
    q.status !== 'all'
      ? sql`workers`
      : descending
        ? sql`greatest(0, workers - ${offset}) - greatest(0, workers - ${offset} - ${size})`
        : sql`greatest(0, least(workers, ${offset} + ${size}) - ${offset})`;
  const [row] = await queryRows<{ n: number | string; slice: Uint8Array }>(
    db,
    sql`select workers as n, substring(ids from (${start}) * ${sql.raw(String(ENTRY))} + 1 for (${count}) * ${sql.raw(String(ENTRY))}) as slice
        from worker_orders where coin = ${q.coin} and owner = ${q.owner} and sort = ${q.sort}`,
  );
  if (!row) return null;
  const view = new DataView(row.slice.buffer, row.slice.byteOffset, row.slice.byteLength);
  const entries = row.slice.byteLength / ENTRY;
  const idAt = (i: number) => Number(view.getBigInt64(i * ENTRY));
  if (q.status === 'all') {
    const ids = Array.from({ length: entries }, (_, i) => idAt(i));
    return { ids: descending ? ids.reverse() : ids, total: Number(row.n) };
  }
  const wanted = STATUS_BYTES[q.status];
  const ids: number[] = [];
  let total = 0;
  for (let k = 0; k < entries; k++) {
    const i = descending ? entries - 1 - k : k;
    if (view.getUint8(i * ENTRY + 8) !== wanted) continue;
    if (total >= q.offset && total < q.offset + q.size) ids.push(idAt(i));
    total++;
  }
  return { ids, total };
}
