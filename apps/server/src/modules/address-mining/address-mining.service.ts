// Address mining's public figures (SPEC.md section 7): the pools of the six address-mode coins,
// an address's hashrates, workers and charts. Read-only; the engine's own services answer (the
// workers by owner, the history series, the blocks); this module picks the address-mode coin and
// checks the address. An address that never mined answers zeros and empty lists.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { COINS, MINING_ADDRESS_FORMATS } from '@hashpool/shared';
import { queryRows, type Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { addressCoin, addressOf } from '../earnings/address-earnings.service';
import { plain, type EarningsService } from '../earnings/earnings.service';
import { DEFAULT_FEE_RATES } from '../earnings/earnings.seed';
import type { BlocksService } from '../mining/blocks.service';
import type { HistoryService, Range } from '../mining/history.service';
import { workers } from '../mining/mining.tables';
import { INACTIVE_AFTER_MS, type MinerListQuery, type WorkersService } from '../mining/workers.service';


export class AddressMiningService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deadAfterMs: number,
    private readonly deps: { workers: WorkersService; history: HistoryService; blocks: BlocksService; earnings: EarningsService },
  ) {}

  private checked(code: string, address: string) {
    return { coin: addressOf(code, address), owner: { address } };
  }

  async pools() {
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

  blocks(code: string, page: number, pageSize: number) {
    return this.deps.blocks.list(addressCoin(code).code, page, pageSize);
  }

  /** Every worker of the coin's pool by status, and the addresses with an active one. */
  async workerStats(code: string) {
    const coin = addressCoin(code).code;
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
