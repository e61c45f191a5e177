// What the pool pages read about workers: the list with filters and sorts, counts by status,
// and an account's totals. Status comes from the last share time and the clock, so it moves
// with time alone (active; inactive after 15 minutes; dead after WORKER_DEAD_AFTER_HOURS).
import { and, asc, count, desc, eq, gte, inArray, isNull, like, lt, sql, type SQL } from 'drizzle-orm';
import { INACTIVE_AFTER_MS, type MinerRow, type WorkerStatus } from '@hashpool/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { workerCountsByGroup } from './mining.repository';
import { ORDER_MIN_WORKERS, orderedPage } from './worker-orders.repository';
import { workers } from './mining.tables';

export interface MinerListQuery {
  page: number;
  page_size: number;
  status: WorkerStatus | 'all';
  group?: number | 'default' | undefined;
  search?: string | undefined;
  sort: 'now' | '1h' | '24h' | 'reject' | 'lastShare' | 'workerName';
  order: 'asc' | 'desc';
}

const SORT_COLUMNS = {
  now: workers.hashrate15m,
  '1h': workers.hashrate1h,
  '24h': workers.hashrate24h,
  reject: workers.rejectRate,
  lastShare: workers.lastShareAt,
  workerName: workers.name,
};

/** Whose workers: a sub-account's id, or an address (address mining). */
export type WorkerOwner = string | { address: string };

export class WorkersService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deadAfterMs: number,
  ) {}

  status(lastShareAt: Date): WorkerStatus {
    const idle = this.clock.now().getTime() - lastShareAt.getTime();
    return idle < INACTIVE_AFTER_MS ? 'active' : idle < this.deadAfterMs ? 'inactive' : 'dead';
  }

  private statusCondition(status: WorkerStatus): SQL {
    const now = this.clock.now().getTime();
    const inactiveFrom = new Date(now - INACTIVE_AFTER_MS);
    const deadFrom = new Date(now - this.deadAfterMs);
    if (status === 'active') return gte(workers.lastShareAt, inactiveFrom);
    if (status === 'inactive') return and(lt(workers.lastShareAt, inactiveFrom), gte(workers.lastShareAt, deadFrom))!;
    return lt(workers.lastShareAt, deadFrom);
  }

  /** A sub-account's workers (its id), or an address's (address mining). */
  private owned(owner: WorkerOwner, coin: string): SQL {
    return and(typeof owner === 'string' ? eq(workers.accountId, owner) : eq(workers.address, owner.address), eq(workers.coin, coin))!;
  }

  private row(w: typeof workers.$inferSelect): MinerRow {
    return {
      id: w.id,
      worker_name: w.name,
      group_id: w.groupId,
      status: this.status(w.lastShareAt),
      accept_15m: { value: w.hashrate15m },
      accept_1h: { value: w.hashrate1h },
      accept_24h: { value: w.hashrate24h },
      reject_rate: w.rejectRate,
      last_share_time: w.lastShareAt.toISOString(),
      last_ip: w.lastIp,
      accepted_shares: w.acceptedShares,
    };
  }

  /** One worker of the account; another account's worker answers like a missing one. */
  async detail(accountId: string, coin: string, workerId: number): Promise<MinerRow> {
    const [w] = await this.db.select().from(workers).where(and(this.owned(accountId, coin), eq(workers.id, workerId)));
    if (!w) throw new AppError('not_found');
    return this.row(w);
  }

  async list(owner: WorkerOwner, coin: string, q: MinerListQuery): Promise<{ list: MinerRow[]; total: number }> {
    const where = and(
      this.owned(owner, coin),
      q.status === 'all' ? undefined : this.statusCondition(q.status),
      q.group === 'default' ? isNull(workers.groupId) : q.group !== undefined ? eq(workers.groupId, q.group) : undefined,
      // Worker names are digits and lower-case letters only: a case-sensitive LIKE of the lower-cased
      // search finds the same rows as ILIKE at a quarter of the cost, with no escaping beyond
      // LIKE's own wildcards.
      q.search ? like(workers.name, `%${q.search.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`) : undefined,
    );
    const ownerKey = typeof owner === 'string' ? owner : owner.address;
    const offset = (q.page - 1) * q.page_size;
    const by = q.order === 'asc' ? asc : desc;
    const order = [by(SORT_COLUMNS[q.sort]), by(workers.name)]; // ties by name in the sort's direction, as in the orders
    // Workers per group, kept as they are made, moved and deleted (worker_counts): how big the list
    // is, and its total when neither a status nor a search filters it.
    const groups = await workerCountsByGroup(this.db, coin, ownerKey);
    const size = [...groups.values()].reduce((a, b) => a + b, 0);
    const kept = q.status === 'all' && !q.search ? (q.group === undefined ? size : (groups.get(q.group === 'default' ? 0 : q.group) ?? 0)) : null;
    const counted = () => (kept !== null ? Promise.resolve(kept) : this.db.select({ n: count().mapWith(Number) }).from(workers).where(where).then(([r]) => r?.n ?? 0));
    if (size < ORDER_MIN_WORKERS) {
      // A small list: its rows sorted, at once.
      const [rows, total] = await Promise.all([this.db.select().from(workers).where(where).orderBy(...order).limit(q.page_size).offset(offset), counted()]);
      return { list: rows.map((w) => this.row(w)), total };
    }
    // A big one: a page of one of its orders, whole or of one status (worker-orders.repository.ts);
    // else (filtered by group or search, or cleared since the last pass) the page's ids, sorted over
    // the sort column and the name alone (a sort of narrow rows costs half), then their rows.
    const ordered =
      !q.search && q.group === undefined && q.sort !== 'workerName'
        ? await orderedPage(this.db, { coin, owner: ownerKey, sort: q.sort, descending: q.order === 'desc', status: q.status, offset, size: q.page_size })
        : null;
    const [ids, total] = ordered
      ? [ordered.ids, ordered.total]
      : await Promise.all([
          this.db.select({ id: workers.id }).from(workers).where(where).orderBy(...order).limit(q.page_size).offset(offset).then((rows) => rows.map((r) => r.id)),
          counted(),
        ]);
    const rows = ids.length ? await this.db.select().from(workers).where(inArray(workers.id, ids)) : [];
    const byId = new Map(rows.map((w) => [w.id, w]));
    return {
      // A worker deleted between the two reads is left out.
      list: ids.flatMap((id) => (byId.has(id) ? [this.row(byId.get(id)!)] : [])),
      total,
    };
  }

  async counts(owner: WorkerOwner, coin: string): Promise<{ total: number; active: number; inactive: number; dead: number }> {
    const now = this.clock.now().getTime();
    const [row] = await this.db
      .select({
        total: count().mapWith(Number),
        active: sql<number>`count(*) filter (where ${workers.lastShareAt} >= ${new Date(now - INACTIVE_AFTER_MS).toISOString()}::timestamptz)`.mapWith(Number),
        dead: sql<number>`count(*) filter (where ${workers.lastShareAt} < ${new Date(now - this.deadAfterMs).toISOString()}::timestamptz)`.mapWith(Number),
      })
      .from(workers)
      .where(this.owned(owner, coin));
    const total = row?.total ?? 0;
    const active = row?.active ?? 0;
    const dead = row?.dead ?? 0;
    return { total, active, inactive: total - active - dead, dead };
  }

  async accountStats(owner: WorkerOwner, coin: string) {
    const [sums] = await this.db
      .select({
        h15: sql<number>`coalesce(sum(${workers.hashrate15m}), 0)`.mapWith(Number),
        h1: sql<number>`coalesce(sum(${workers.hashrate1h}), 0)`.mapWith(Number),
        h24: sql<number>`coalesce(sum(${workers.hashrate24h}), 0)`.mapWith(Number),
        // The account's reject rate weights each worker by its work.
        reject: sql<number>`coalesce(sum(${workers.rejectRate} * ${workers.hashrate24h}) / nullif(sum(${workers.hashrate24h}), 0), 0)`.mapWith(Number),
      })
      .from(workers)
      .where(this.owned(owner, coin));
    return {
      hashrate_15m: sums?.h15 ?? 0,
      hashrate_1h: sums?.h1 ?? 0,
      hashrate_24h: sums?.h24 ?? 0,
      reject_rate: sums?.reject ?? 0,
      workers: await this.counts(owner, coin),
    };
  }
}
