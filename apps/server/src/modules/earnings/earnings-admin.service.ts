// The operators' side of earnings: fee rates per coin and payout method (an address-mode coin's
// PPLNS fee too), and market data per coin
// and day. Every change is written to the operators' audit log (admin_audit_log, the one log the
// admin area shows) in the same transaction as the change, with the old and new values and the
// operator's reason.
import { addDays, COINS, findCoin, isUtcDay, PAY_METHODS, utcDay, type AuditAction, type PayMethod } from '@hashpool/shared';
import type { Db, Tx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { AccountDirectory } from '../accounts';
import * as repo from './earnings.repository';
import type { EarningsService } from './earnings.service';
import { marketView, plain } from './earnings.presenter';
import { ACCOUNT_COINS } from './earnings.service';
import { DEFAULT_FEE_RATES } from './earnings.seed';

const COIN_ORDER = new Map(COINS.map((c, i) => [c.code, i]));
const ACCOUNT_COIN_CODES = new Set(ACCOUNT_COINS.map((c) => c.code));
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
    /** Who changed a fee rate (their email). */
    private readonly accounts: Pick<AccountDirectory, 'emailsOf'>,
    /** Today's rates and a change made today, as the users' pages read them (one reading). */
    private readonly fees: Pick<EarningsService, 'feeRateItems'>,
  ) {}

  private audit(tx: Tx, adminUserId: string, action: AuditAction, target: string, detail: Record<string, string>) {
    return this.auditLog.record({ adminUserId, action, target, detail }, tx);
  }

  /** Every account-mode coin's four methods and every address-mode coin's PPLNS (its only method). */
  async feeRates() {
    const coins = COINS.map((c) => c.code);
    const rows = (await repo.feeRateRows(this.db, coins)).filter((r) => ACCOUNT_COIN_CODES.has(r.coin) || r.method === 'pplns');
    const [emails, items] = await Promise.all([this.accounts.emailsOf(rows.flatMap((r) => (r.updatedBy ? [r.updatedBy] : []))), this.fees.feeRateItems(coins)]);
    rows.sort((a, b) => (COIN_ORDER.get(a.coin)! - COIN_ORDER.get(b.coin)!) || (METHOD_ORDER.get(a.method)! - METHOD_ORDER.get(b.method)!));
    return {
      list: rows.map((r) => {
        // A rate set today applies from tomorrow: the operator sees that, and what today is charged.
        const coming = items.get(r.coin)!.find((i) => i.method === r.method)!;
        const from = coming.next_fee_from;
        return { coin: r.coin, method: r.method, fee_rate: plain(r.feeRate), from, today_fee_rate: from ? coming.fee_rate : null, updated_at: r.updatedAt.toISOString(), updated_by: (r.updatedBy && emails.get(r.updatedBy)) ?? null };
      }),
    };
  }

  async setFeeRate(adminUserId: string, body: { coin: string; method: PayMethod; fee_rate: string; reason: string }) {
    const coin = findCoin(body.coin)?.code;
    if (!coin) throw new AppError('coin_not_found');
    // Address-mode coins are paid by PPLNS only: no other method's fee exists for them.
    if (!ACCOUNT_COIN_CODES.has(coin) && body.method !== 'pplns') throw new AppError('validation_failed', { fields: [{ field: 'body.method', messageKey: 'invalid' }] });
    const now = this.clock.now();
    const rate = plain(body.fee_rate);
    await inTransaction(this.db, async (tx) => {
      const old = await repo.lockFeeRate(tx, coin, body.method);
      await repo.upsertFeeRate(tx, { coin, method: body.method, feeRate: rate, at: now, by: adminUserId });
      // In force from the next UTC day: the work of today (and of days still to be settled) is
      // charged the rate it was mined under.
      await repo.recordFeeRateChange(tx, { coin, method: body.method, feeRate: rate, previous: old ? plain(old.feeRate) : DEFAULT_FEE_RATES[body.method], effectiveFrom: addDays(utcDay(now), 1), at: now });
      await this.audit(tx, adminUserId, 'fee_rate_update', `fee_rate:${coin}:${body.method}`, { from: old ? plain(old.feeRate) : '', to: rate, reason: body.reason });
    });
    return (await this.feeRates()).list.find((r) => r.coin === coin && r.method === body.method)!;
  }

  async marketData(coin: string, page: number, pageSize: number) {
    const { rows, total } = await repo.marketPage(this.db, coin, (page - 1) * pageSize, pageSize);
    return { list: rows.map(marketView), total };
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
      const old = await repo.lockMarketDay(tx, coin.code, day);
      await repo.upsertMarketDay(tx, coin.code, day, values);
      const before = (v: string | null | undefined) => (v === undefined ? '' : v === null ? 'null' : plain(v));
      await this.audit(tx, adminUserId, 'market_data_update', `market_data:${coin.code}:${day}`, {
        network_difficulty: `${before(old?.networkDifficulty)} -> ${values.networkDifficulty}`,
        block_subsidy: `${before(old?.blockSubsidy)} -> ${values.blockSubsidy}`,
        avg_fees_per_block: `${before(old?.avgFeesPerBlock)} -> ${values.avgFeesPerBlock}`,
        price_usd: `${before(old?.priceUsd)} -> ${values.priceUsd ?? 'null'}`,
        reason: body.reason,
      });
    });
    return marketView((await repo.marketDay(this.db, coin.code, day))!);
  }
}
