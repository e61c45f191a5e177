// SQL of the history tables: the chart series (accepted and rejected work per point, and for a
// worker also from the minutes not yet closed into a point), and the owners' work other modules
// settle and show (the earnings module, through HistoryService): a day's work per owner, an owner's
// work per day, the stretches of a PPLNS window.
import { sql } from 'drizzle-orm';
import { queryRows, sqlArray, type DbOrTx } from '../../db/client';
import { ownerHistory } from './mining.tables';
import { POINT_SECONDS } from './share-aggregate';

/** Whose history: one worker's, an owner's (sub-account or address) of a coin, or the pool's of a coin. */
export type HistorySource = { table: 'worker_history'; workerId: number } | { table: 'owner_history'; coin: string; owner: string } | { table: 'pool_history'; coin: string };

/**
 * Work per point of `resolution` seconds (10-minute points, or hours summed from 10-minute points
 * of the last 48 hours and the hourly points older ones were rolled up into) in [start, end).
 */
export function workPerPoint(db: DbOrTx, source: HistorySource, resolution: number, start: Date, end: Date) {
  const where =
    source.table === 'worker_history'
      ? sql`worker_id = ${source.workerId}`
      : source.table === 'owner_history'
        ? sql`coin = ${source.coin} and owner = ${source.owner}`
        : sql`coin = ${source.coin}`;
  const bucket = resolution === POINT_SECONDS ? sql`bucket` : sql`date_trunc('hour', bucket)`;
  const resolutions = resolution === POINT_SECONDS ? sql`resolution = ${POINT_SECONDS}` : sql`resolution in (${POINT_SECONDS}, 3600)`;
  const within = sql`bucket >= ${start.toISOString()}::timestamptz and bucket < ${end.toISOString()}::timestamptz`;
  // A worker's points since the last closed one are still minutes (ingest_watermark), and late
  // minutes wait in share_minutes_late for the minute job to merge them: both summed here.
  const minutes = sql`minute >= ${start.toISOString()}::timestamptz and minute < ${end.toISOString()}::timestamptz`;
  const point = sql`to_timestamp(floor(extract(epoch from minute) / ${POINT_SECONDS}) * ${POINT_SECONDS})`;
  const from =
    source.table === 'worker_history'
      ? sql`(select bucket, accepted_work, rejected_work from worker_history where ${where} and ${resolutions} and ${within}
             union all
             select ${point}, accepted_work, rejected_work
               from share_minutes where ${where} and minute >= (select points_closed_until from ingest_watermark where id) and ${minutes}
             union all
             select ${point}, accepted_work, rejected_work from share_minutes_late where ${where} and ${minutes}) as points`
      : sql`(select bucket, accepted_work, rejected_work from ${sql.identifier(source.table)} where ${where} and ${resolutions} and ${within}) as points`;
  return queryRows<{ t: string | Date; aw: number; rw: number }>(db, sql`select ${bucket} as t, sum(accepted_work) as aw, sum(rejected_work) as rw from ${from} group by 1`);
}

// ---- what the earnings module reads of the owners' history (through HistoryService) ----

/**
 * Each owner's accepted work of `coin` in [from, to) from its points of every resolution (10-minute
 * points are rolled up into hours, never both kept), for the owners with some, by owner: the daily
 * settlement's one read of a day, whatever the number of owners.
 */
export function workByOwner(db: DbOrTx, coin: string, from: Date, to: Date) {
  return queryRows<{ owner: string; work: number }>(
    db,
    sql`select h.owner, sum(h.accepted_work)::float8 as work
          from owner_history h
         where h.coin = ${coin} and h.bucket >= ${from.toISOString()}::timestamptz and h.bucket < ${to.toISOString()}::timestamptz
         group by h.owner having sum(h.accepted_work) > 0
         order by h.owner`,
  );
}

/** Whether the owner has points of `coin` in [from, to); with `withWork`, points with accepted work. */
export async function ownerHasPoints(db: DbOrTx, coin: string, owner: string, from: Date, to: Date, withWork: boolean): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from owner_history where coin = ${coin} and owner = ${owner}
          and bucket >= ${from.toISOString()}::timestamptz and bucket < ${to.toISOString()}::timestamptz ${withWork ? sql`and accepted_work > 0` : sql``} limit 1`,
  );
  return rows.length > 0;
}

/** The owner's accepted work of `coin` in its points from `from` on; null when it has none. */
export async function ownerWorkSince(db: DbOrTx, coin: string, owner: string, from: Date): Promise<number | null> {
  const [row] = await queryRows<{ work: number | null }>(
    db,
    sql`select sum(accepted_work)::float8 as work from owner_history
         where coin = ${coin} and owner = ${owner} and bucket >= ${from.toISOString()}::timestamptz`,
  );
  return row?.work ?? null;
}

/** The owner's accepted work of `coin` per UTC day ("YYYY-MM-DD") from `from` on, days with points only. */
export function ownerWorkByDay(db: DbOrTx, coin: string, owner: string, from: Date) {
  return queryRows<{ day: string; work: number }>(
    db,
    sql`select to_char((bucket at time zone 'UTC')::date, 'YYYY-MM-DD') as day, sum(accepted_work)::float8 as work
          from owner_history where coin = ${coin} and owner = ${owner} and bucket >= ${from.toISOString()}::timestamptz
         group by 1`,
  );
}

/** The owners with accepted work of `coin` in [from, to). */
export async function ownersWithWork(db: DbOrTx, coin: string, from: Date, to: Date): Promise<string[]> {
  const rows = await queryRows<{ owner: string }>(
    db,
    sql`select distinct owner from owner_history
         where coin = ${coin} and bucket >= ${from.toISOString()}::timestamptz and bucket < ${to.toISOString()}::timestamptz and accepted_work > 0`,
  );
  return rows.map((r) => r.owner);
}

/** One stretch of a PPLNS window (HistoryService.windowStretch). */
export interface WindowStretch {
  coin: string;
  /** The block's instant: the window ends there. */
  at: Date;
  /** The stretch of history read: [from, to). */
  from: Date;
  to: Date;
  /** Hashes still to fill. */
  left: number;
  /** Owners whose work is not in the window. */
  exclude: readonly string[];
}

/**
 * The newest work of a stretch, per owner, up to `left` hashes, in one statement: the points are
 * ranked by time (newest first), taken whole while the running sum stays within `left`, and the
 * point that crosses it in the part that fills it exactly; the point the block fell in counts for
 * its part before the block. `stretch` (on every row) is all the work of the stretch.
 */
export function windowStretch(db: DbOrTx, w: WindowStretch) {
  const at = w.at.toISOString();
  return queryRows<{ owner: string; work: number; stretch: number }>(
    db,
    sql`with kept as (
          select h.owner, h.bucket,
                 h.accepted_work * least(1, extract(epoch from (${at}::timestamptz - h.bucket))::float8 / h.resolution) as work
            from owner_history h
           where h.coin = ${w.coin} and h.bucket >= ${w.from.toISOString()}::timestamptz and h.bucket < ${w.to.toISOString()}::timestamptz
             and h.accepted_work > 0 ${w.exclude.length > 0 ? sql`and h.owner <> all(${sqlArray(w.exclude)}::text[])` : sql``}
        ), points as (
          select bucket, sum(work) as total, sum(sum(work)) over (order by bucket desc) as upto from kept group by bucket
        ), counted as (
          select bucket, case when upto <= ${w.left}::float8 then 1 else (${w.left}::float8 - (upto - total)) / total end as part
            from points where upto - total < ${w.left}::float8
        )
        select k.owner, sum(k.work * c.part)::float8 as work, (select coalesce(sum(total), 0) from points)::float8 as stretch
          from kept k join counted c using (bucket)
         group by k.owner`,
  );
}

/** An owner's point as the history holds it (the demo writes its farm's past days with these). */
export type OwnerHistoryPoint = typeof ownerHistory.$inferInsert;

/** Writes points of owners' history; a point already there is kept. */
export async function insertOwnerPoints(db: DbOrTx, points: OwnerHistoryPoint[]): Promise<void> {
  if (points.length > 0) await db.insert(ownerHistory).values(points).onConflictDoNothing();
}
