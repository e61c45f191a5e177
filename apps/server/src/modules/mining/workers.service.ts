// What the pool pages read about workers: the list with filters and sorts, counts by status,
// and an owner's totals. Status comes from the last share time and the clock, so it moves
// with time alone (active; inactive after 15 minutes; dead after WORKER_DEAD_AFTER_HOURS).
import { INACTIVE_AFTER_MS, type MinerRow, type WorkerStatus } from '@hashpool/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { workerCountsByGroup } from './mining.repository';
import { minerRow } from './mining.presenter';
import { ORDER_MIN_WORKERS, orderedPage } from './worker-orders.repository';
import * as repo from './workers.repository';
import type { StatusTimes, WorkerOwner, WorkerSort } from './workers.repository';

export type { WorkerOwner } from './workers.repository';

/** An owner's figures of a coin: the sums of its workers' windows, the weighted reject rate, its workers by status. */
export interface AccountStats {
  hashrate_15m: number;
  hashrate_1h: number;
  hashrate_24h: number;
  reject_rate: number;
  workers: { total: number; active: number; inactive: number; dead: number };
}

/** What ownerSummary reads for an owner without workers. */
const NO_WORKERS: repo.OwnerSummary = { total: 0, active: 0, dead: 0, h15: 0, h1: 0, h24: 0, reject: 0, lastShareAt: null };

function statsOf(s: repo.OwnerSummary): AccountStats {
  const workers = { total: s.total, active: s.active, inactive: s.total - s.active - s.dead, dead: s.dead };
  return { hashrate_15m: s.h15, hashrate_1h: s.h1, hashrate_24h: s.h24, reject_rate: s.reject, workers };
}

export interface MinerListQuery {
  page: number;
  page_size: number;
  status: WorkerStatus | 'all';
  group?: number | 'default' | undefined;
  search?: string | undefined;
  sort: WorkerSort;
  order: 'asc' | 'desc';
}

export class WorkersService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deadAfterMs: number,
  ) {}

  private times(): StatusTimes {
    const now = this.clock.now().getTime();
    return { inactiveFrom: new Date(now - INACTIVE_AFTER_MS), deadFrom: new Date(now - this.deadAfterMs) };
  }

  private row(w: repo.WorkerRow): MinerRow {
    return minerRow(w, this.times());
  }

  /** One worker of the owner; another owner's worker answers like a missing one. */
  async detail(owner: WorkerOwner, coin: string, workerId: number): Promise<MinerRow> {
    const w = await repo.findWorker(this.db, owner, coin, workerId);
    if (!w) throw new AppError('not_found');
    return this.row(w);
  }

  async list(owner: WorkerOwner, coin: string, q: MinerListQuery): Promise<{ list: MinerRow[]; total: number }> {
    const times = this.times();
    const filter = { status: q.status, group: q.group, search: q.search };
    const ownerKey = typeof owner === 'string' ? owner : owner.address;
    const page = { sort: q.sort, order: q.order, offset: (q.page - 1) * q.page_size, limit: q.page_size };
    // Workers per group, kept as they are made, moved and deleted (worker_counts): how big the list
    // is, and its total when neither a status nor a search filters it.
    const groups = await workerCountsByGroup(this.db, coin, ownerKey);
    const size = [...groups.values()].reduce((a, b) => a + b, 0);
    const kept = q.status === 'all' && !q.search ? (q.group === undefined ? size : (groups.get(q.group === 'default' ? 0 : q.group) ?? 0)) : null;
    const counted = () => (kept !== null ? Promise.resolve(kept) : repo.countFiltered(this.db, owner, coin, filter, times));
    if (size < ORDER_MIN_WORKERS) {
      // A small list: its rows sorted, at once.
      const [rows, total] = await Promise.all([repo.pageRows(this.db, owner, coin, filter, times, page), counted()]);
      return { list: rows.map((w) => this.row(w)), total };
    }
    // A big one: a page of one of its orders, whole or of one status (worker-orders.repository.ts);
    // else (filtered by group or search, or cleared since the last pass) the page's ids, sorted,
    // then their rows.
    const ordered =
      !q.search && q.group === undefined && q.sort !== 'workerName'
        ? await orderedPage(this.db, { coin, owner: ownerKey, sort: q.sort, descending: q.order === 'desc', status: q.status, offset: page.offset, size: q.page_size })
        : null;
    const [ids, total] = ordered ? [ordered.ids, ordered.total] : await Promise.all([repo.pageIds(this.db, owner, coin, filter, times, page), counted()]);
    const byId = new Map((await repo.rowsByIds(this.db, ids)).map((w) => [w.id, w]));
    return {
      // A worker deleted between the two reads is left out.
      list: ids.flatMap((id) => (byId.has(id) ? [this.row(byId.get(id)!)] : [])),
      total,
    };
  }

  async counts(owner: WorkerOwner, coin: string): Promise<{ total: number; active: number; inactive: number; dead: number }> {
    return (await this.accountSummary(owner, coin)).stats.workers;
  }

  async accountStats(owner: WorkerOwner, coin: string) {
    return (await this.accountSummary(owner, coin)).stats;
  }

  /**
   * accountStats of every pair of the sub-accounts and coins in one grouped read (the user's mining
   * overview, which would otherwise read each pair on its own): per sub-account id, per coin, the
   * same figures; a pair without workers has the figures of no workers (zeros), as accountStats.
   */
  async accountStatsOf(accountIds: readonly string[], coins: readonly string[]): Promise<Map<string, Map<string, AccountStats>>> {
    const found = new Map<string, Map<string, AccountStats>>();
    for (const s of await repo.accountSummaries(this.db, accountIds, coins, this.times())) {
      const perCoin = found.get(s.accountId) ?? new Map<string, AccountStats>();
      perCoin.set(s.coin, statsOf(s));
      found.set(s.accountId, perCoin);
    }
    return new Map(accountIds.map((id) => [id, new Map(coins.map((coin) => [coin, found.get(id)?.get(coin) ?? statsOf(NO_WORKERS)]))]));
  }

  /** The owner's figures of the coin and the newest share time among its workers (null without any), in one read. */
  async accountSummary(owner: WorkerOwner, coin: string) {
    const s = await repo.ownerSummary(this.db, owner, coin, this.times());
    return { stats: statsOf(s), lastShareAt: s.lastShareAt };
  }

  /** The coin the sub-account mined last, or null without workers (where an observer link opens). */
  latestCoinOf(accountId: string): Promise<string | null> {
    return repo.latestCoinOf(this.db, accountId);
  }

  /** The owner's worker of that name; not_found when there is none. */
  async byName(owner: WorkerOwner, coin: string, name: string): Promise<MinerRow> {
    const w = await repo.findWorkerByName(this.db, owner, coin, name);
    if (!w) throw new AppError('not_found');
    return this.row(w);
  }

  /** The owner's workers per IP they last mined from (the ALEO IP statistics page), busiest first. */
  async byIp(owner: WorkerOwner, coin: string, page: number, pageSize: number) {
    const { rows, total } = await repo.workersByIp(this.db, owner, coin, this.times().inactiveFrom, (page - 1) * pageSize, pageSize);
    return {
      list: rows.map((r) => ({ ip: r.ip, workers: r.workers, active: r.active, hashrate_15m: r.hashrate15m, hashrate_24h: r.hashrate24h, last_share_time: new Date(r.last).toISOString() })),
      total,
    };
  }

  /** Every address-mined worker of the coin by status, and how many addresses have an active one. */
  async addressPoolCounts(coin: string) {
    const { total, active, dead, miners } = await repo.addressWorkerCounts(this.db, coin, this.times());
    return { total, active, inactive: total - active - dead, dead, miners };
  }
}
