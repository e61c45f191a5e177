// Ingestion's writes, the kept worker counts and the history rollup (the minute job's are in
// worker-windows.repository.ts and worker-orders.repository.ts). Writes are bulk statements over
// arrays (unnest), so one flush is a handful of statements whatever the number of workers.
import { sql } from 'drizzle-orm';
import { numberArray, queryRows, sqlArray, type DbOrTx } from '../../db/client';
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

/**
 * Worker ids by workerKey, remembered across flushes: a flush writes a known worker's minutes by
 * its id and does not touch its row. Forgotten whole when workers are deleted (the generation in
 * ingest_watermark moves) or when it grows past `limit` (a pool of millions of workers re-learns
 * them in one flush each).
 */
export class WorkerIdCache {
  private readonly ids = new Map<string, number>();
  private generation: number | undefined;
  constructor(private readonly limit = 2_000_000) {}
  get(key: string): number | undefined {
    return this.ids.get(key);
  }
  set(key: string, id: number): void {
    if (this.ids.size >= this.limit) this.ids.clear();
    this.ids.set(key, id);
  }
  /** Forgets every id when workers were deleted since the last flush. */
  checkGeneration(generation: number): void {
    if (generation !== this.generation) this.ids.clear();
    this.generation = generation;
  }
}

/**
 * Answers key -> id for the flush's workers, creating those seen for the first time (their last
 * share facts from the flush; windows and counts come from the minute job). Known workers cost
 * nothing here: their rows are the minute job's to write. The cache is only read: the caller adds
 * the ids once the transaction has committed (an id cached inside one that rolled back, or was
 * retried after a deadlock, named a worker row that did not exist, and its shares went under it).
 */
export async function upsertWorkers(db: DbOrTx, agg: ShareAggregate, cache: WorkerIdCache): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const unknown: WorkerTotals[] = [];
  for (const [key, w] of agg.workers) {
    const id = cache.get(key);
    if (id === undefined) unknown.push(w);
    else ids.set(key, id);
  }
  // In one order everywhere, so two instances creating the same workers wait rather than deadlock.
  unknown.sort((a, b) => (workerKey(a) < workerKey(b) ? -1 : 1));
  for (const kind of ['account', 'address'] as const) {
    const list = unknown.filter((w) => w.ownerKind === kind);
    if (list.length === 0) continue;
    const ownerColumn = kind === 'account' ? sql`account_id` : sql`address`;
    const ownerCast = kind === 'account' ? sql`::uuid[]` : sql`::text[]`;
    // Inserted, or found when it exists (made by another instance, or before a restart). No row is
    // updated: the minute job holds workers' rows while it writes them.
    const rows = await queryRows<{ id: string | number; coin: string; owner: string; name: string; created: boolean }>(
      db,
      sql`with x as (
            select * from unnest(${sqlArray(list.map((w) => w.coin))}::text[], ${sqlArray(list.map((w) => w.owner))}${ownerCast}, ${sqlArray(list.map((w) => w.worker))}::text[],
                                 ${numberArray(list.map((w) => w.first))}::float8[], ${numberArray(list.map((w) => w.last))}::float8[], ${sqlArray(list.map((w) => w.lastIp))}::text[])
                   as x(coin, owner, name, first, last, ip)),
          ins as (
            insert into workers (coin, ${ownerColumn}, name, first_share_at, last_share_at, last_ip)
            select coin, owner, name, to_timestamp(first / 1000.0), to_timestamp(last / 1000.0), ip from x
            on conflict (coin, ${ownerColumn}, name) where ${ownerColumn} is not null do nothing
            returning id, coin, ${ownerColumn}::text as owner, name)
          select *, true as created from ins
          union all
          select w.id, w.coin, w.${ownerColumn}::text, w.name, false from workers w join x on w.coin = x.coin and w.${ownerColumn} = x.owner and w.name = x.name`,
    );
    const found = (rs: typeof rows) => {
      for (const r of rs) {
        const key = workerKey({ coin: r.coin, owner: r.owner, worker: r.name });
        ids.set(key, Number(r.id));
      }
    };
    found(rows);
    await addWorkerCounts(db, rows.filter((r) => r.created).map((r) => ({ coin: r.coin, owner: r.owner, groupId: null, n: 1 })));
    // One created by another instance after this statement began was neither inserted nor seen.
    const missing = list.filter((w) => !ids.has(workerKey(w)));
    if (missing.length) {
      found(
        await queryRows(
          db,
          sql`select w.id, w.coin, w.${ownerColumn}::text as owner, w.name, false as created from workers w
              join unnest(${sqlArray(missing.map((w) => w.coin))}::text[], ${sqlArray(missing.map((w) => w.owner))}${ownerCast}, ${sqlArray(missing.map((w) => w.worker))}::text[]) as x(coin, owner, name)
                on w.coin = x.coin and w.${ownerColumn} = x.owner and w.name = x.name`,
        ),
      );
    }
  }
  return ids;
}

/**
 * Adds to the workers counted per owner, coin and group (worker_counts; null: the default group),
 * in the transaction that created, moved or deleted them.
 */
export async function addWorkerCounts(db: DbOrTx, deltas: Array<{ coin: string; owner: string; groupId: number | null; n: number }>): Promise<void> {
  // One row per key: an upsert may not touch a row twice.
  const byKey = new Map<string, { coin: string; owner: string; groupId: number | null; n: number }>();
  for (const d of deltas) {
    const key = `${d.coin}\u0000${d.owner}\u0000${d.groupId ?? 0}`;
    const sum = byKey.get(key) ?? { ...d, n: 0 };
    sum.n += d.n;
    byKey.set(key, sum);
  }
  // Sorted: concurrent transactions lock the rows in one order.
  const list = [...byKey].filter(([, d]) => d.n !== 0).sort(([a], [b]) => (a < b ? -1 : 1)).map(([, d]) => d);
  if (list.length === 0) return;
  await db.execute(sql`insert into worker_counts (coin, owner, group_id, workers)
    select * from unnest(${sqlArray(list.map((d) => d.coin))}::text[], ${sqlArray(list.map((d) => d.owner))}::text[], ${numberArray(list.map((d) => d.groupId ?? 0))}::bigint[], ${numberArray(list.map((d) => d.n))}::bigint[])
    on conflict (coin, owner, group_id) do update set workers = worker_counts.workers + excluded.workers`);
}

/** An owner's workers of a coin per group id (0: the default group), as kept in worker_counts. */
export async function workerCountsByGroup(db: DbOrTx, coin: string, owner: string): Promise<Map<number, number>> {
  const rows = await queryRows<{ g: string | number; n: string | number }>(db, sql`select group_id as g, workers as n from worker_counts where coin = ${coin} and owner = ${owner}`);
  return new Map(rows.map((r) => [Number(r.g), Number(r.n)]));
}

const sumsSet = (table: string) => `accepted_work = ${table}.accepted_work + excluded.accepted_work, rejected_work = ${table}.rejected_work + excluded.rejected_work,
  accepted = ${table}.accepted + excluded.accepted, rejected = ${table}.rejected + excluded.rejected, stale = ${table}.stale + excluded.stale`;

/** The `do update set` of an upsert that adds sums to a point of `table`. */
export const addSums = (table: string) => sql.raw(sumsSet(table));

/** The same for a share_minutes row, which also keeps its newest share (time and IP). */
export const addToMinute = sql.raw(`${sumsSet('share_minutes')},
  last_ip = case when excluded.last_ip is not null and excluded.last_at >= coalesce(share_minutes.last_at, 0) then excluded.last_ip else share_minutes.last_ip end,
  last_at = greatest(share_minutes.last_at, excluded.last_at)`);

function sumsArrays(list: Array<{ sums: Sums }>) {
  return {
    aw: list.map((x) => x.sums.acceptedWork),
    rw: list.map((x) => x.sums.rejectedWork),
    a: list.map((x) => x.sums.accepted),
    r: list.map((x) => x.sums.rejected),
    s: list.map((x) => x.sums.stale),
  };
}

/**
 * Adds a flush's sums: each worker's minutes to share_minutes, or to share_minutes_late when they
 * are before the windows' barrier (flushMarks; the minute job merges them); the owners' and the
 * pool's 10-minute points.
 */
export async function addBuckets(db: DbOrTx, agg: ShareAggregate, workerIds: Map<string, number>, barrier: number): Promise<void> {
  const all = agg.minuteRows();
  for (const late of [false, true]) {
    const minutes = all.filter((m) => m.minute < barrier === late);
    if (minutes.length === 0) continue;
    const v = sumsArrays(minutes);
    // The few distinct IPs go once, each row names its own by number: quoting a text per row cost
    // this thread more than the statement. (0: none; PostgreSQL arrays count from 1.)
    const ips = new Map<string, number>();
    const ipOf = (ip: string | null) => (ip === null ? 0 : (ips.get(ip) ?? (ips.set(ip, ips.size + 1), ips.size)));
    const ipNumbers = numberArray(minutes.map((m) => ipOf(m.sums.lastIp)));
    // Times go as milliseconds (numbers), which both sides read much faster than ISO text.
    const rows = sql`select w, to_timestamp(m / 1000.0), aw, rw, a, r, s, l, (${sqlArray([...ips.keys()])}::text[])[ip] from unnest(${numberArray(minutes.map((m) => workerIds.get(m.key)!))}::bigint[], ${numberArray(minutes.map((m) => m.minute))}::float8[],
        ${numberArray(v.aw)}::float8[], ${numberArray(v.rw)}::float8[], ${numberArray(v.a)}::int[], ${numberArray(v.r)}::int[], ${numberArray(v.s)}::int[],
        ${numberArray(minutes.map((m) => m.sums.last))}::float8[], ${ipNumbers}::int[]) as t(w, m, aw, rw, a, r, s, l, ip)`;
    if (late) {
      await db.execute(sql`insert into share_minutes_late (worker_id, minute, accepted_work, rejected_work, accepted, rejected, stale, last_at, last_ip) ${rows}`);
    } else {
      await db.execute(sql`insert into share_minutes (worker_id, minute, accepted_work, rejected_work, accepted, rejected, stale, last_at, last_ip) ${rows}
        on conflict (worker_id, minute) do update set ${addToMinute}`);
    }
  }
  const derived = agg.points();
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
      const coarse = r.to === 3600 ? sql`date_trunc('hour', bucket, 'UTC')` : sql`date_trunc('day', bucket, 'UTC')`;
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
