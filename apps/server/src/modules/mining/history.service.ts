// Chart series: 24 hours of 10-minute points, or 30 days of hourly points. Every point of the range
// is present (zero where nothing was mined), so charts draw gaps as drops rather than joining
// across them.
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { workPerPoint, type HistorySource } from './history.repository';
import { POINT_SECONDS } from './share-aggregate';

export type Range = '24h' | '30d';
export type { HistorySource } from './history.repository';

export class HistoryService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async series(source: HistorySource, range: Range) {
    const resolution = range === '24h' ? POINT_SECONDS : 3600;
    const step = resolution * 1000;
    const now = this.clock.now().getTime();
    const end = now - (now % step); // the current, unfinished point is left out
    const start = end - (range === '24h' ? 24 * 3600_000 : 30 * 24 * 3600_000);
    const rows = await workPerPoint(this.db, source, resolution, new Date(start), new Date(end));
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
