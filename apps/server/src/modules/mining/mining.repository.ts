// The only code that touches the mining tables. Writes are bulk statements over arrays
// (unnest), so one flush is a handful of statements whatever the number of workers.
import { sql } from 'drizzle-orm';
import { numberArray, queryRows, sqlArray, type Db, type DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { ShareAggregate, Sums, WorkerTotals } from './share-aggregate';
import { POINT_SECONDS, workerKey } from './share-aggregate';

const iso = (ms: number) => new Date(ms).toISOString();

/** Records batch ids; answers the ones that were new (the others were counted before). */
export async function claimBatches(db: DbOrTx, ids: string[], now: Date): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ batch_id: string }>(
    db,
    sql`insert into ingest_batches (batch_id, received_at) select b, ${now.toISOString()}::timestamptz from unnest(${sqlArray(ids)}::text[]) as b
        on conflict (batch_id) do nothing returning batch_id`,
  );
  return new Set(rows.map((r) => r.batch_id));
}

export async function resolveAccountIds(db: DbOrTx, names: string[]): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const rows = await queryRows<{ name: string; id: string }>(db, sql`select lower(name) as name, id::text as id from mining_accounts where lower(name) = any(${sqlArray(names.map((n) => n.toLowerCase()))}::text[])`);
  return new Map(rows.map((r) => [r.name, r.id]));
}

/**
 * Worker ids by workerKey, remembered across flushes: a known worker is updated by its id, which
 * costs the database and this thread much less than the upsert by name with its answer of every
 * row. A worker deleted since (DELETE .../miners) is noticed by the update's count, forgotten, and
 * created again. Emptied when it grows past `limit` (a pool of millions of workers re-learns them
 * in one flush each).
 */
export class WorkerIdCache {
  private readonly ids = new Map<string, number>();
  constructor(private readonly limit = 2_000_000) {}
  get(key: string): number | undefined {
    return this.ids.get(key);
  }
  set(key: string, id: number): void {
    if (this.ids.size >= this.limit) this.ids.clear();
    this.ids.set(key, id);
  }
  delete(key: string): void {
    this.ids.delete(key);
  }
}

/** Creates workers on their first share and moves their last-share facts forward; answers key -> id. */
export async function upsertWorkers(db: DbOrTx, agg: ShareAggregate, cache: WorkerIdCache): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const known: WorkerTotals[] = [];
  const created: WorkerTotals[] = [];
  for (const [key, w] of agg.workers) {
    const id = cache.get(key);
    if (id === undefined) created.push(w);
    else {
      known.push(w);
      ids.set(key, id);
    }
  }
  if (known.length) {
    const knownIds = known.map((w) => ids.get(workerKey(w))!);
    const [updated] = await queryRows<{ n: string | number }>(
      db,
      sql`with u as (
            update workers w set
              first_share_at = least(w.first_share_at, to_timestamp(x.first / 1000.0)),
              last_ip = case when to_timestamp(x.last / 1000.0) >= w.last_share_at then coalesce(x.ip, w.last_ip) else w.last_ip end,
              last_share_at = greatest(w.last_share_at, to_timestamp(x.last / 1000.0)),
              accepted_shares = w.accepted_shares + x.a,
              rejected_shares = w.rejected_shares + x.r
            from unnest(${numberArray(knownIds)}::bigint[], ${numberArray(known.map((w) => w.first))}::float8[], ${numberArray(known.map((w) => w.last))}::float8[],
                        ${sqlArray(known.map((w) => w.lastIp))}::text[], ${numberArray(known.map((w) => w.accepted))}::bigint[], ${numberArray(known.map((w) => w.rejected + w.stale))}::bigint[]) as x(id, first, last, ip, a, r)
            where w.id = x.id
            returning 1)
          select count(*) as n from u`,
    );
    if (Number(updated!.n) < known.length) {
      // Some were deleted since they were remembered: forget them and create them again below.
      const alive = new Set((await queryRows<{ id: string | number }>(db, sql`select id from workers where id = any(${numberArray(knownIds)}::bigint[])`)).map((r) => Number(r.id)));
      for (const w of known) {
        const key = workerKey(w);
        if (alive.has(ids.get(key)!)) continue;
        cache.delete(key);
        ids.delete(key);
        created.push(w);
      }
    }
  }
  for (const kind of ['account', 'address'] as const) {
    const list = created.filter((w) => w.ownerKind === kind);
    if (list.length === 0) continue;
    const ownerColumn = kind === 'account' ? sql`account_id` : sql`address`;
    const ownerCast = kind === 'account' ? sql`::uuid[]` : sql`::text[]`;
    const rows = await queryRows<{ id: string | number; coin: string; owner: string; name: string }>(
      db,
      sql`insert into workers (coin, ${ownerColumn}, name, first_share_at, last_share_at, last_ip, accepted_shares, rejected_shares)
          select * from unnest(${sqlArray(list.map((w) => w.coin))}::text[], ${sqlArray(list.map((w) => w.owner))}${ownerCast}, ${sqlArray(list.map((w) => w.worker))}::text[],
                               ${sqlArray(list.map((w) => iso(w.first)))}::timestamptz[], ${sqlArray(list.map((w) => iso(w.last)))}::timestamptz[], ${sqlArray(list.map((w) => w.lastIp))}::text[],
                               ${numberArray(list.map((w) => w.accepted))}::bigint[], ${numberArray(list.map((w) => w.rejected + w.stale))}::bigint[])
          on conflict (coin, ${ownerColumn}, name) where ${ownerColumn} is not null do update set
            first_share_at = least(workers.first_share_at, excluded.first_share_at),
            last_ip = case when excluded.last_share_at >= workers.last_share_at then coalesce(excluded.last_ip, workers.last_ip) else workers.last_ip end,
            last_share_at = greatest(workers.last_share_at, excluded.last_share_at),
            accepted_shares = workers.accepted_shares + excluded.accepted_shares,
            rejected_shares = workers.rejected_shares + excluded.rejected_shares
          returning id, coin, ${ownerColumn}::text as owner, name`,
    );
    for (const r of rows) {
      const key = workerKey({ coin: r.coin, owner: r.owner, worker: r.name });
      ids.set(key, Number(r.id));
      cache.set(key, Number(r.id));
    }
  }
  return ids;
}

const POINT_MS = POINT_SECONDS * 1000;

/**
 * Where workers' 10-minute points stop being in worker_history (ingestWatermark in
 * mining.tables.ts), read by a flush: it holds the row shared until it commits, so the job that
 * closes points waits for it. The first reader sets it to the end of the current point.
 */
export async function pointsClosedUntil(db: DbOrTx, now: Date): Promise<number> {
  const read = () => queryRows<{ ms: string | number }>(db, sql`select extract(epoch from points_closed_until) * 1000 as ms from ingest_watermark where id for share`);
  let [row] = await read();
  if (!row) {
    const end = now.getTime() - (now.getTime() % POINT_MS) + POINT_MS;
    await db.execute(sql`insert into ingest_watermark (id, points_closed_until) values (true, ${iso(end)}::timestamptz) on conflict (id) do nothing`);
    [row] = await read();
  }
  return Number(row!.ms);
}

/**
 * Writes the workers' points that have ended since the last call, summed from their minutes,
 * and moves the watermark past them. Waits for flushes writing at the moment (they hold the row
 * shared); flushes after it write such points' late shares straight to worker_history.
 */
export async function closePoints(db: Db, now: Date): Promise<number> {
  const target = now.getTime() - (now.getTime() % POINT_MS);
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`insert into ingest_watermark (id, points_closed_until) values (true, ${iso(target + POINT_MS)}::timestamptz) on conflict (id) do nothing`);
    const [row] = await queryRows<{ ms: string | number }>(tx, sql`select extract(epoch from points_closed_until) * 1000 as ms from ingest_watermark where id for update`);
    const from = Number(row!.ms);
    if (target <= from) return 0;
    const [written] = await queryRows<{ n: string | number }>(
      tx,
      sql`with pts as (
            insert into worker_history (worker_id, bucket, resolution, accepted_work, rejected_work, accepted, rejected, stale)
            select worker_id, to_timestamp(floor(extract(epoch from minute) / ${POINT_SECONDS}) * ${POINT_SECONDS}), ${POINT_SECONDS},
                   sum(accepted_work), sum(rejected_work), sum(accepted), sum(rejected), sum(stale)
              from share_minutes where minute >= ${iso(from)}::timestamptz and minute < ${iso(target)}::timestamptz
             group by 1, 2
            on conflict (worker_id, resolution, bucket) do update set ${addSums('worker_history')}
            returning 1)
          select count(*) as n from pts`,
    );
    await tx.execute(sql`update ingest_watermark set points_closed_until = ${iso(target)}::timestamptz where id`);
    return Number(written!.n);
  });
}

function sumsArrays(list: Array<{ sums: Sums }>) {
  return {
    aw: list.map((x) => x.sums.acceptedWork),
    rw: list.map((x) => x.sums.rejectedWork),
    a: list.map((x) => x.sums.accepted),
    r: list.map((x) => x.sums.rejected),
    s: list.map((x) => x.sums.stale),
  };
}

const addSums = (table: string) =>
  sql.raw(`accepted_work = ${table}.accepted_work + excluded.accepted_work, rejected_work = ${table}.rejected_work + excluded.rejected_work,
           accepted = ${table}.accepted + excluded.accepted, rejected = ${table}.rejected + excluded.rejected, stale = ${table}.stale + excluded.stale`);

/**
 * Adds a flush's sums: every minute to share_minutes; workers' points only where the point is
 * already closed (a late share; `closedUntil`, pointsClosedUntil); owners' and the pool's points.
 */
export async function addBuckets(db: DbOrTx, agg: ShareAggregate, workerIds: Map<string, number>, closedUntil: number): Promise<void> {
  const minutes = agg.minuteRows();
  if (minutes.length) {
    const v = sumsArrays(minutes);
    // Times go as milliseconds (numbers), which both sides read much faster than ISO text.
    await db.execute(sql`insert into share_minutes (worker_id, minute, accepted_work, rejected_work, accepted, rejected, stale)
      select w, to_timestamp(m / 1000.0), aw, rw, a, r, s from unnest(${numberArray(minutes.map((m) => workerIds.get(m.key)!))}::bigint[], ${numberArray(minutes.map((m) => m.minute))}::float8[],
        ${numberArray(v.aw)}::float8[], ${numberArray(v.rw)}::float8[], ${numberArray(v.a)}::int[], ${numberArray(v.r)}::int[], ${numberArray(v.s)}::int[]) as t(w, m, aw, rw, a, r, s)
      on conflict (worker_id, minute) do update set ${addSums('share_minutes')}`);
  }
  const derived = agg.points(closedUntil);
  const points = derived.workerPoints;
  if (points.length) {
    const v = sumsArrays(points);
    await db.execute(sql`insert into worker_history (worker_id, bucket, resolution, accepted_work, rejected_work, accepted, rejected, stale)
      select w, to_timestamp(b / 1000.0), ${POINT_SECONDS}, aw, rw, a, r, s from unnest(${numberArray(points.map((p) => workerIds.get(p.key)!))}::bigint[], ${numberArray(points.map((p) => p.bucket))}::float8[],
        ${numberArray(v.aw)}::float8[], ${numberArray(v.rw)}::float8[], ${numberArray(v.a)}::int[], ${numberArray(v.r)}::int[], ${numberArray(v.s)}::int[]) as t(w, b, aw, rw, a, r, s)
      on conflict (worker_id, resolution, bucket) do update set ${addSums('worker_history')}`);
  }
  const owners = derived.ownerPoints;
  if (owners.length) {
    const v = sumsArrays(owners);
    await db.execute(sql`insert into owner_history (coin, owner, bucket, resolution, accepted_work, rejected_work, accepted, rejected, stale)
      select c, o, b, ${POINT_SECONDS}, aw, rw, a, r, s from unnest(${sqlArray(owners.map((p) => p.coin))}::text[], ${sqlArray(owners.map((p) => p.owner))}::text[], ${sqlArray(owners.map((p) => iso(p.bucket)))}::timestamptz[],
        ${numberArray(v.aw)}::float8[], ${numberArray(v.rw)}::float8[], ${numberArray(v.a)}::int[], ${numberArray(v.r)}::int[], ${numberArray(v.s)}::int[]) as t(c, o, b, aw, rw, a, r, s)
      on conflict (coin, owner, resolution, bucket) do update set ${addSums('owner_history')}`);
  }
  const pools = derived.poolPoints;
  if (pools.length) {
    const v = sumsArrays(pools);
    await db.execute(sql`insert into pool_history (coin, bucket, resolution, accepted_work, rejected_work, accepted, rejected, stale)
      select c, b, ${POINT_SECONDS}, aw, rw, a, r, s from unnest(${sqlArray(pools.map((p) => p.coin))}::text[], ${sqlArray(pools.map((p) => iso(p.bucket)))}::timestamptz[],
        ${numberArray(v.aw)}::float8[], ${numberArray(v.rw)}::float8[], ${numberArray(v.a)}::int[], ${numberArray(v.r)}::int[], ${numberArray(v.s)}::int[]) as t(c, b, aw, rw, a, r, s)
      on conflict (coin, resolution, bucket) do update set ${addSums('pool_history')}`);
  }
}

export async function countRefusals(db: DbOrTx, minute: number, counts: Map<string, number>): Promise<void> {
  if (counts.size === 0) return;
  const reasons = [...counts.keys()];
  await db.execute(sql`insert into ingest_refusals (minute, reason, count)
    select ${iso(minute)}::timestamptz, r, n from unnest(${sqlArray(reasons)}::text[], ${numberArray(reasons.map((r) => counts.get(r)!))}::bigint[]) as t(r, n)
    on conflict (minute, reason) do update set count = ingest_refusals.count + excluded.count`);
}

/**
 * Recomputes every worker's windows from the buckets: 15 minutes and 1 hour from the minute
 * buckets, 24 hours and the reject rate from the closed 10-minute points and the minutes since.
 * `since` bounds are the starts of the windows; each hashrate divides by the seconds the window
 * really covers.
 */
export async function refreshWindows(db: DbOrTx, now: Date): Promise<number> {
  const minuteStart = Math.floor(now.getTime() / 60_000) * 60_000;
  const pointStart = Math.floor(now.getTime() / (POINT_SECONDS * 1000)) * POINT_SECONDS * 1000;
  const from15 = minuteStart - 15 * 60_000;
  const from60 = minuteStart - 60 * 60_000;
  const from24h = pointStart - 24 * 3600_000;
  const secs = (from: number) => Math.max(1, (now.getTime() - from) / 1000);
  const rows = await queryRows<{ n: string | number }>(
    db,
    sql`with wm as (select coalesce((select points_closed_until from ingest_watermark where id), 'infinity'::timestamptz) as w),
        m as (
          select worker_id, sum(accepted_work) filter (where minute >= ${iso(from15)}::timestamptz) as w15,
                 sum(accepted_work) filter (where minute >= ${iso(from60)}::timestamptz) as w60,
                 -- the points not closed yet, which worker_history does not hold
                 sum(accepted_work) filter (where minute >= wm.w and minute >= ${iso(from24h)}::timestamptz) as oaw,
                 sum(rejected_work) filter (where minute >= wm.w and minute >= ${iso(from24h)}::timestamptz) as orw
          from share_minutes, wm where minute >= least(${iso(from60)}::timestamptz, wm.w) and minute <= ${now.toISOString()}::timestamptz group by worker_id),
        h as (
          select worker_id, sum(accepted_work) as aw, sum(rejected_work) as rw
          from worker_history, wm where resolution = ${POINT_SECONDS} and bucket >= ${iso(from24h)}::timestamptz and bucket < wm.w and bucket <= ${now.toISOString()}::timestamptz group by worker_id),
        changed as (
          update workers w set
            hashrate_15m = coalesce(m.w15, 0) / ${secs(from15)},
            hashrate_1h = coalesce(m.w60, 0) / ${secs(from60)},
            hashrate_24h = (coalesce(h.aw, 0) + coalesce(m.oaw, 0)) / ${secs(from24h)},
            reject_rate = case when coalesce(h.aw, 0) + coalesce(h.rw, 0) + coalesce(m.oaw, 0) + coalesce(m.orw, 0) > 0
                          then (coalesce(h.rw, 0) + coalesce(m.orw, 0)) / (coalesce(h.aw, 0) + coalesce(h.rw, 0) + coalesce(m.oaw, 0) + coalesce(m.orw, 0)) else 0 end
          from workers w0 left join m on m.worker_id = w0.id left join h on h.worker_id = w0.id
          where w.id = w0.id and (m.worker_id is not null or h.worker_id is not null or w0.hashrate_15m > 0 or w0.hashrate_1h > 0 or w0.hashrate_24h > 0)
          returning 1)
        select count(*) as n from changed`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Drops minute buckets older than two hours (once their point is closed) and batch ids older than a day. */
export async function prune(db: DbOrTx, now: Date): Promise<void> {
  // Minutes of points not closed yet stay, however old (the job may have been stopped).
  await db.execute(sql`delete from share_minutes where minute < least(${iso(now.getTime() - 2 * 3600_000)}::timestamptz, (select points_closed_until from ingest_watermark where id))`);
  await db.execute(sql`delete from ingest_batches where received_at < ${iso(now.getTime() - 24 * 3600_000)}::timestamptz`);
}

/** 10-minute points are kept 48 hours, hourly points 31 days; daily points stay. */
export const ROLLUPS = [
  { from: POINT_SECONDS, to: 3600, olderThanMs: 48 * 3600_000 },
  { from: 3600, to: 86400, olderThanMs: 31 * 24 * 3600_000 },
] as const;

const HISTORY_TABLES = [
  { table: 'worker_history', keys: ['worker_id'] },
  { table: 'owner_history', keys: ['coin', 'owner'] },
  { table: 'pool_history', keys: ['coin'] },
] as const;

/**
 * Rolls old fine points into coarser ones: in one statement per table, the old rows are deleted
 * and their sums added to the coarser point, so no work is counted twice or lost.
 */
export async function rollUpHistory(db: DbOrTx, now: Date): Promise<number> {
  let moved = 0;
  for (const r of ROLLUPS) {
    const cutoff = new Date(now.getTime() - r.olderThanMs);
    const aligned = new Date(cutoff.getTime() - (cutoff.getTime() % (r.to * 1000))).toISOString();
    for (const h of HISTORY_TABLES) {
      const keys = sql.raw(h.keys.join(', '));
      const coarse = r.to === 3600 ? sql`date_trunc('hour', bucket)` : sql`date_trunc('day', bucket)`;
      const rows = await queryRows<{ n: string | number }>(
        db,
        sql`with gone as (
              delete from ${sql.identifier(h.table)} where resolution = ${r.from} and bucket < ${aligned}::timestamptz returning *),
            added as (
              insert into ${sql.identifier(h.table)} (${keys}, bucket, resolution, accepted_work, rejected_work, accepted, rejected, stale)
              select ${keys}, ${coarse}, ${r.to}, sum(accepted_work), sum(rejected_work), sum(accepted), sum(rejected), sum(stale) from gone group by ${keys}, ${coarse}
              on conflict (${keys}, resolution, bucket) do update set ${addSums(h.table)}
              returning 1)
            select (select count(*) from gone) as n`,
      );
      moved += Number(rows[0]?.n ?? 0);
    }
  }
  return moved;
}
