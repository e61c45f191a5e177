// Address mining's public figures (SPEC.md section 7): the pools of the six address-mode coins,
// an address's hashrates, workers and charts. Read-only; the engine's own services answer (the
// workers by owner, the history series, the blocks); this module picks the address-mode coin and
// checks the address. An address that never mined answers zeros and empty lists.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { COINS, MINING_ADDRESS_FORMATS, INACTIVE_AFTER_MS } from '@hashpool/shared';
import { queryRows, type Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { addressCoin, addressOf } from '../earnings/address-earnings.service';
import { plain, type EarningsService } from '../earnings/earnings.service';
import { DEFAULT_FEE_RATES } from '../earnings/earnings.seed';
import type { BlocksService } from '../mining/blocks.service';
import type { HistoryService, Range } from '../mining/history.service';
import { workers } from '../mining/mining.tables';
import type { MinerListQuery, WorkersService } from '../mining/workers.service';


/**
 * The pool-wide figures (every coin's pool, a coin's worker counts) are the same for every
 * visitor and move at the minute job's pace, while each costs a pass over the coin's workers: they
 * are kept this long per instance, so a crowd on the stats pages costs one pass per period.
 */
export const POOL_FIGURES_TTL_MS = 10_000;

export class AddressMiningService {
  private readonly cache = new Map<string, { until: number; value: Promise<unknown> }>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deadAfterMs: number,
    private readonly deps: { workers: WorkersService; history: HistoryService; blocks: BlocksService; earnings: EarningsService },
  ) {}

  /** `load()`'s answer, shared for POOL_FIGURES_TTL_MS (a failure is not kept). */
  private cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = this.clock.now().getTime();
    const hit = this.cache.get(key);
    if (hit && hit.until > now) return hit.value as Promise<T>;
    const value = load();
    this.cache.set(key, { until: now + POOL_FIGURES_TTL_MS, value });
    value.catch(() => this.cache.delete(key));
    return value;
  }

  private checked(code: string, address: string) {
    return { coin: addressOf(code, address), owner: { address } };
  }

  pools() {
    return this.cached('pools', () => this.loadPools());
  }

  private async loadPools() {
    const pages = await this.deps.blocks.coinPages();
    const coins = COINS.filter((c) => c.mode === 'address').map((c) => c.code);
    const fees = await this.deps.earnings.feeRates(coins);
    const limits = new Map((await queryRows<{ coin: string; min: string }>(this.db, sql`select coin, min_withdraw::text as min from wallet_coin_limits`)).map((l) => [l.coin, l.min]));
    return pages
      .filter((p) => coins.includes(p.coin))
      .map((p) => ({
        ...p,
        fee_rate: fees.get(p.coin)?.get('pplns') ?? DEFAULT_FEE_RATES.pplns,
        min_payout: plain(limits.get(p.coin) ?? '0'),
        address_format: MINING_ADDRESS_FORMATS[p.coin]!.shape,
      }));
  }

  async pool(code: string) {
    const coin = addressCoin(code).code;
    return (await this.pools()).find((p) => p.coin === coin)!;
  }

  async minerInfo(code: string, address: string) {
    const { coin, owner } = this.checked(code, address);
    const [stats, [last]] = await Promise.all([
      this.deps.workers.accountStats(owner, coin),
      this.db.select({ at: sql<Date | null>`max(${workers.lastShareAt})` }).from(workers).where(and(eq(workers.coin, coin), eq(workers.address, address))),
    ]);
    return { ...stats, coin, address, last_share_time: last?.at ? new Date(last.at).toISOString() : null };
  }

  poolSeries(code: string, range: Range) {
    return this.deps.history.series({ table: 'pool_history', coin: addressCoin(code).code }, range);
  }

  minerSeries(code: string, address: string, range: Range) {
    const { coin } = this.checked(code, address);
    return this.deps.history.series({ table: 'owner_history', coin, owner: address }, range);
  }

  minerWorkers(code: string, address: string, query: MinerListQuery) {
    const { coin, owner } = this.checked(code, address);
    return this.deps.workers.list(owner, coin, { ...query, group: undefined });
  }

  async workerSeries(code: string, address: string, worker: string, range: Range) {
    const { coin } = this.checked(code, address);
    const [row] = await this.db.select({ id: workers.id }).from(workers).where(and(eq(workers.coin, coin), eq(workers.address, address), eq(workers.name, worker)));
    if (!row) throw new AppError('not_found');
    return this.deps.history.series({ table: 'worker_history', workerId: row.id }, range);
  }

  /**
   * The address's workers grouped by the IP they last sent a share from, busiest first (the ALEO
   * IP statistics): workers, active ones, and their 15 min and 24 h hashrate per IP.
   */
  async minerIps(code: string, address: string, page: number, pageSize: number) {
    const { coin } = this.checked(code, address);
    const activeFrom = new Date(this.clock.now().getTime() - INACTIVE_AFTER_MS).toISOString();
    const where = and(eq(workers.coin, coin), eq(workers.address, address));
    const [rows, [count]] = await Promise.all([
      this.db
        .select({
          ip: workers.lastIp,
          workers: sql<number>`count(*)`.mapWith(Number),
          active: sql<number>`count(*) filter (where ${workers.lastShareAt} >= ${activeFrom}::timestamptz)`.mapWith(Number),
          hashrate15m: sql<number>`sum(${workers.hashrate15m})`.mapWith(Number),
          hashrate24h: sql<number>`sum(${workers.hashrate24h})`.mapWith(Number),
          last: sql<Date>`max(${workers.lastShareAt})`,
        })
        .from(workers)
        .where(where)
        .groupBy(workers.lastIp)
        .orderBy(sql`sum(${workers.hashrate15m}) desc`, sql`count(*) desc`, sql`${workers.lastIp} asc nulls last`)
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db.select({ n: sql<number>`count(distinct coalesce(${workers.lastIp}, ''))`.mapWith(Number) }).from(workers).where(where),
    ]);
    return {
      list: rows.map((r) => ({ ip: r.ip, workers: r.workers, active: r.active, hashrate_15m: r.hashrate15m, hashrate_24h: r.hashrate24h, last_share_time: new Date(r.last).toISOString() })),
      total: count?.n ?? 0,
    };
  }

  blocks(code: string, page: number, pageSize: number) {
    return this.deps.blocks.list(addressCoin(code).code, page, pageSize);
  }

  /** Every worker of the coin's pool by status, and the addresses with an active one. */
  workerStats(code: string) {
    const coin = addressCoin(code).code;
    return this.cached(`workers:${coin}`, () => this.loadWorkerStats(coin));
  }

  private async loadWorkerStats(coin: string) {
    const now = this.clock.now().getTime();
    const activeFrom = new Date(now - INACTIVE_AFTER_MS).toISOString();
    const deadFrom = new Date(now - this.deadAfterMs).toISOString();
    const [row] = await this.db
      .select({
        total: sql<number>`count(*)`.mapWith(Number),
        active: sql<number>`count(*) filter (where ${workers.lastShareAt} >= ${activeFrom}::timestamptz)`.mapWith(Number),
        dead: sql<number>`count(*) filter (where ${workers.lastShareAt} < ${deadFrom}::timestamptz)`.mapWith(Number),
        miners: sql<number>`count(distinct ${workers.address}) filter (where ${workers.lastShareAt} >= ${activeFrom}::timestamptz)`.mapWith(Number),
      })
      .from(workers)
      .where(and(eq(workers.coin, coin), isNotNull(workers.address)));
    const total = row?.total ?? 0;
    const active = row?.active ?? 0;
    const dead = row?.dead ?? 0;
    return { total, active, inactive: total - active - dead, dead, miners: row?.miners ?? 0 };
  }
}
