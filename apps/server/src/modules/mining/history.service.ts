// Chart series: 24 hours of 10-minute points, or 30 days of hourly points. Every point of the range
// is present (zero where nothing was mined), so charts draw gaps as drops rather than joining
// across them. And the owners' accepted work other modules read (the earnings module settles and
// shows it): read-only, set-based, each call with an optional transaction handle.
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../platform/clock';
import * as repo from './history.repository';
import type { HistorySource, OwnerHistoryPoint, WindowPoint, WindowStretch } from './history.repository';
import { POINT_SECONDS } from './share-aggregate';

export type Range = '24h' | '30d';
export type { HistorySource, OwnerHistoryPoint, WindowPoint, WindowStretch } from './history.repository';

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
    const rows = await repo.workPerPoint(this.db, source, resolution, new Date(start), new Date(end));
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

  /** Each owner's accepted work of the coin in [from, to), owners with some, ordered by owner (one read for every owner). */
  workByOwner(coin: string, from: Date, to: Date, db: DbOrTx = this.db): Promise<Array<{ owner: string; work: number }>> {
    return repo.workByOwner(db, coin, from, to);
  }

  /** Whether the owner has history points of the coin in [from, to) (with accepted work, when `withWork`). */
  ownerHasPoints(coin: string, owner: string, from: Date, to: Date, options: { withWork: boolean }, db: DbOrTx = this.db): Promise<boolean> {
    return repo.ownerHasPoints(db, coin, owner, from, to, options.withWork);
  }

  /** The owner's accepted work of the coin from `from` on (null: no points). */
  ownerWorkSince(coin: string, owner: string, from: Date, db: DbOrTx = this.db): Promise<number | null> {
    return repo.ownerWorkSince(db, coin, owner, from);
  }

  /** The owner's accepted work of the coin per UTC day from `from` on (days with points). */
  ownerWorkByDay(coin: string, owner: string, from: Date, db: DbOrTx = this.db): Promise<Array<{ day: string; work: number }>> {
    return repo.ownerWorkByDay(db, coin, owner, from);
  }

  /** The owners with accepted work of the coin in [from, to). */
  ownersWithWork(coin: string, from: Date, to: Date, db: DbOrTx = this.db): Promise<string[]> {
    return repo.ownersWithWork(db, coin, from, to);
  }

  /**
   * The points of one stretch of a PPLNS window, newest first: each owner's accepted work of
   * [from, to) per point, without the `exclude`d owners', as far back as `left` hashes may need
   * (the money module's pplnsWindow counts them).
   */
  windowPoints(stretch: WindowStretch, db: DbOrTx = this.db): Promise<WindowPoint[]> {
    return repo.windowPoints(db, stretch);
  }

  /** Writes owners' points (the demo's farm history of past days); points already there are kept. */
  writeOwnerPoints(points: OwnerHistoryPoint[], db: DbOrTx = this.db): Promise<void> {
    return repo.insertOwnerPoints(db, points);
  }
}
