// Chart series: 24 hours of 10-minute points, or 30 days of hourly points (summed from the
// 10-minute points of the last 48 hours and the hourly points older ones were rolled up into). Every point of the range is present (zero where nothing was mined),
// so charts draw gaps as drops rather than joining across them.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { POINT_SECONDS } from './share-aggregate';

export type Range = '24h' | '30d';
type Source = { table: 'worker_history'; workerId: number } | { table: 'owner_history'; coin: string; owner: string } | { table: 'pool_history'; coin: string };

export class HistoryService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async series(source: Source, range: Range) {
    const resolution = range === '24h' ? POINT_SECONDS : 3600;
    const step = resolution * 1000;
    const now = this.clock.now().getTime();
    const end = now - (now % step); // the current, unfinished point is left out
    const start = end - (range === '24h' ? 24 * 3600_000 : 30 * 24 * 3600_000);
    const where =
      source.table === 'worker_history'
        ? sql`worker_id = ${source.workerId}`
        : source.table === 'owner_history'
          ? sql`coin = ${source.coin} and owner = ${source.owner}`
          : sql`coin = ${source.coin}`;
    const bucket = resolution === POINT_SECONDS ? sql`bucket` : sql`date_trunc('hour', bucket)`;
    // The month view sums 10-minute points of the last 48 hours and hourly points rolled up from older ones.
    const resolutions = resolution === POINT_SECONDS ? sql`resolution = ${POINT_SECONDS}` : sql`resolution in (${POINT_SECONDS}, 3600)`;
    const within = sql`bucket >= ${new Date(start).toISOString()}::timestamptz and bucket < ${new Date(end).toISOString()}::timestamptz`;
    // A worker's points since the last closed one are still minutes (ingestWatermark), and late
    // minutes wait in share_minutes_late for the minute job to merge them: both summed here.
    const minutes = sql`minute >= ${new Date(start).toISOString()}::timestamptz and minute < ${new Date(end).toISOString()}::timestamptz`;
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
    const rows = await queryRows<{ t: string | Date; aw: number; rw: number }>(this.db, sql`select ${bucket} as t, sum(accepted_work) as aw, sum(rejected_work) as rw from ${from} group by 1`);
    const byTime = new Map(rows.map((r) => [new Date(r.t).getTime(), r]));
    const points = [];
    for (let t = start; t < end; t += step) {
      const r = byTime.get(t);
      const aw = Number(r?.aw ?? 0);
      const rw = Number(r?.rw ?? 0);
      points.push({ time: new Date(t).toISOString(), hashrate: aw / resolution, reject_rate: aw + rw > 0 ? rw / (aw + rw) : 0 });
    }
    return { resolution, points };
  }
}
