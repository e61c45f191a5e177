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
  const bucket = resolution === POINT_SECONDS ? sql`bucket` : sql`date_trunc('hour', bucket, 'UTC')`;
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

/** One stretch of a PPLNS window's history (HistoryService.windowPoints). */
export interface WindowStretch {
  coin: string;
  /** The block's instant: the window ends there. */
  at: Date;
  /** The stretch of history read: [from, to). */
  from: Date;
  to: Date;
  /** Hashes still to fill (what is read, not what is counted). */
  left: number;
  /** Owners whose work is not in the window. */
  exclude: readonly string[];
}

/** One owner's accepted work in one point of the history, as a window reads it. */
export interface WindowPoint {
  owner: string;
  /** The point's start, in ms since the epoch. */
  startMs: number;
  /** The point's length in seconds. */
  resolution: number;
  /** Accepted work, hashes. */
  work: number;
}

/**
 * The points of a stretch a PPLNS window may count, newest first, each owner's work of each point
 * as stored (without the `exclude`d owners'): the newest points while the work of the newer ones
 * is below `left`. Only selected here, bounded so a busy pool reads little: the running sum is in
 * doubles and leaves out the points that end after the block, and `left` is taken a millionth
 * larger, so at least every point the window needs is read; what the window counts (a point's
 * part before the block, the part of the one crossing its end) is decided by the money module's
 * pplnsWindow, exactly.
 */
export async function windowPoints(db: DbOrTx, w: WindowStretch): Promise<WindowPoint[]> {
  const at = w.at.toISOString();
  const rows = await queryRows<{ owner: string; start_ms: number | string; resolution: number; work: number | string }>(
    db,
    sql`with kept as (
          select h.owner, h.bucket, h.resolution, h.accepted_work
            from owner_history h
           where h.coin = ${w.coin} and h.bucket >= ${w.from.toISOString()}::timestamptz and h.bucket < ${w.to.toISOString()}::timestamptz
             and h.accepted_work > 0 ${w.exclude.length > 0 ? sql`and h.owner <> all(${sqlArray(w.exclude)}::text[])` : sql``}
        ), points as (
          select bucket, sum(case when bucket + resolution * interval '1 second' <= ${at}::timestamptz then accepted_work else 0 end) as whole
            from kept group by bucket
        ), newer as (
          select bucket, coalesce(sum(whole) over (order by bucket desc rows between unbounded preceding and 1 preceding), 0) as before
            from points
        )
        select k.owner, (extract(epoch from k.bucket) * 1000)::float8 as start_ms, k.resolution, k.accepted_work as work
          from kept k join newer n using (bucket)
         where n.before < ${w.left}::float8 * 1.000001
         order by k.bucket desc, k.owner`,
  );
  return rows.map((r) => ({ owner: r.owner, startMs: Number(r.start_ms), resolution: r.resolution, work: Number(r.work) }));
}

/** An owner's point as the history holds it (the demo writes its farm's past days with these). */
export type OwnerHistoryPoint = typeof ownerHistory.$inferInsert;

/** Writes points of owners' history; a point already there is kept. */
export async function insertOwnerPoints(db: DbOrTx, points: OwnerHistoryPoint[]): Promise<void> {
  if (points.length > 0) await db.insert(ownerHistory).values(points).onConflictDoNothing();
}
