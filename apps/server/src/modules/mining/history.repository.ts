// SQL of the chart series: accepted and rejected work per point from the history tables, and for a
// worker also from the minutes not yet closed into a point.
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
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
