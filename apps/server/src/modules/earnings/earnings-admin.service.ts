// The operators' side of earnings: fee rates per coin and payout method, and market data per coin
// and day. Every change is written to the operators' audit log (admin_audit_log, the one log the
// admin area shows) in the same transaction as the change, with the old and new values and the
// operator's reason.
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { COINS, findCoin, isUtcDay, PAY_METHODS, utcDay, type PayMethod } from '@hashpool/shared';
import type { Db, Tx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { users } from '../accounts/accounts.tables';
import { earningFeeRates, marketData } from './earnings.tables';
import { accountCoin, ACCOUNT_COINS, marketView, plain } from './earnings.service';

const COIN_ORDER = new Map(COINS.map((c, i) => [c.code, i]));
const METHOD_ORDER = new Map(PAY_METHODS.map((m, i) => [m, i]));

export interface MarketDataInput {
  network_difficulty: string;
  block_subsidy: string;
  avg_fees_per_block: string;
  price_usd: string | null;
  reason: string;
}

export class EarningsAdminService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly auditLog: AuditLog,
  ) {}

  private audit(tx: Tx, adminUserId: string, action: string, target: string, detail: Record<string, string>) {
    return this.auditLog.record({ adminUserId, action, target, detail }, tx);
  }

  async feeRates() {
    const rows = await this.db
      .select({ r: earningFeeRates, email: users.email })
      .from(earningFeeRates)
      .leftJoin(users, eq(users.id, earningFeeRates.updatedBy))
      .where(inArray(earningFeeRates.coin, ACCOUNT_COINS.map((c) => c.code)));
    rows.sort((a, b) => (COIN_ORDER.get(a.r.coin)! - COIN_ORDER.get(b.r.coin)!) || (METHOD_ORDER.get(a.r.method as PayMethod)! - METHOD_ORDER.get(b.r.method as PayMethod)!));
    return {
      list: rows.map(({ r, email }) => ({ coin: r.coin, method: r.method as PayMethod, fee_rate: plain(r.feeRate), updated_at: r.updatedAt.toISOString(), updated_by: email })),
    };
  }

  async setFeeRate(adminUserId: string, body: { coin: string; method: PayMethod; fee_rate: string; reason: string }) {
    const coin = accountCoin(body.coin).code;
    const now = this.clock.now();
    const rate = plain(body.fee_rate);
    await inTransaction(this.db, async (tx) => {
      const where = and(eq(earningFeeRates.coin, coin), eq(earningFeeRates.method, body.method));
      const [old] = await tx.select().from(earningFeeRates).where(where).for('update');
      await tx
        .insert(earningFeeRates)
        .values({ coin, method: body.method, feeRate: rate, updatedAt: now, updatedBy: adminUserId })
        .onConflictDoUpdate({ target: [earningFeeRates.coin, earningFeeRates.method], set: { feeRate: rate, updatedAt: now, updatedBy: adminUserId } });
      await this.audit(tx, adminUserId, 'fee_rate_update', `fee_rate:${coin}:${body.method}`, { from: old ? plain(old.feeRate) : '', to: rate, reason: body.reason });
    });
    return (await this.feeRates()).list.find((r) => r.coin === coin && r.method === body.method)!;
  }

  async marketData(coin: string, page: number, pageSize: number) {
    const where = eq(marketData.coin, coin);
    const [rows, [total]] = await Promise.all([
      this.db.select().from(marketData).where(where).orderBy(desc(marketData.day)).limit(pageSize).offset((page - 1) * pageSize),
      this.db.select({ n: count().mapWith(Number) }).from(marketData).where(where),
    ]);
    return { list: rows.map(marketView), total: total?.n ?? 0 };
  }

  /**
   * Sets the values of a coin's day (today or a past day: a future day is not known yet). The day
   * is marked as the operator's, so the simulation never overwrites it.
   */
  async setMarketData(adminUserId: string, coinCode: string, day: string, body: MarketDataInput) {
    const coin = findCoin(coinCode);
    if (!coin) throw new AppError('coin_not_found');
    if (!isUtcDay(day)) throw new AppError('validation_failed', { fields: [{ field: 'params.day', messageKey: 'invalid' }] });
    const now = this.clock.now();
    if (day > utcDay(now)) throw new AppError('market_day_invalid');
    const values = {
      networkDifficulty: plain(body.network_difficulty),
      blockSubsidy: plain(body.block_subsidy),
      avgFeesPerBlock: plain(body.avg_fees_per_block),
      priceUsd: body.price_usd === null ? null : plain(body.price_usd),
      source: 'operator',
      updatedBy: adminUserId,
      updatedAt: now,
    };
    await inTransaction(this.db, async (tx) => {
      const where = and(eq(marketData.coin, coin.code), eq(marketData.day, day));
      const [old] = await tx.select().from(marketData).where(where).for('update');
      await tx.insert(marketData).values({ coin: coin.code, day, ...values }).onConflictDoUpdate({ target: [marketData.coin, marketData.day], set: values });
      const before = (v: string | null | undefined) => (v === undefined ? '' : v === null ? 'null' : plain(v));
      await this.audit(tx, adminUserId, 'market_data_update', `market_data:${coin.code}:${day}`, {
        network_difficulty: `${before(old?.networkDifficulty)} -> ${values.networkDifficulty}`,
        block_subsidy: `${before(old?.blockSubsidy)} -> ${values.blockSubsidy}`,
        avg_fees_per_block: `${before(old?.avgFeesPerBlock)} -> ${values.avgFeesPerBlock}`,
        price_usd: `${before(old?.priceUsd)} -> ${values.priceUsd ?? 'null'}`,
        reason: body.reason,
      });
    });
    const [row] = await this.db.select().from(marketData).where(and(eq(marketData.coin, coin.code), eq(marketData.day, day)));
    return marketView(row!);
  }
}
