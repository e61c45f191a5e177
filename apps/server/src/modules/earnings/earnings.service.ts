// The payout method of each sub-account and coin (SPEC.md sections 4, 7 and 9), the fee rates and
// the market data the methods are computed with. The switching rule is packages/shared earnings.ts:
// a switch made during UTC day D pays from settlement day D+1, and the next switch is accepted 24
// hours after it. Settlement (a later part of the earnings issue) asks methodOnDay(), feeRate() and
// marketDay() for the day it settles.
import Decimal from 'decimal.js';
import { and, asc, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import {
  canSwitchPayMethod,
  COINS,
  DEFAULT_PAY_METHOD,
  findCoin,
  methodOnDay,
  PAY_METHODS,
  payMethodEffectiveDay,
  payMethodNextSwitchAt,
  settlementTime,
  utcDay,
  addDays,
  type CoinInfo,
  type PayMethod,
  type PayMethodState,
} from '@hashpool/shared';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { earningFeeRates, marketData, payMethods, payMethodSwitches } from './earnings.tables';
import { DEFAULT_FEE_RATES } from './earnings.seed';
import type { MarketDataAdapter, MarketValues } from './market-data';

type PayMethodRow = typeof payMethods.$inferSelect;
type MarketRow = typeof marketData.$inferSelect;

/** numeric columns come back as strings with trailing zeros: "2.500000000000000000" -> "2.5". */
export const plain = (value: string | number) => new Decimal(value).toFixed();

/** Days the market-data job fills at most after a long stop (older days stay empty). */
const MAX_BACKFILL_DAYS = 400;

export function marketView(row: MarketRow) {
  return {
    coin: row.coin,
    day: row.day,
    network_difficulty: plain(row.networkDifficulty),
    hashes_per_difficulty: findCoin(row.coin)?.hashesPerDifficulty ?? 1,
    block_subsidy: plain(row.blockSubsidy),
    avg_fees_per_block: plain(row.avgFeesPerBlock),
    price_usd: row.priceUsd === null ? null : plain(row.priceUsd),
    source: row.source,
    updated_at: row.updatedAt.toISOString(),
  };
}

function stateOf(row: PayMethodRow | undefined): PayMethodState | null {
  if (!row) return null;
  return { method: row.method as PayMethod, previousMethod: (row.previousMethod as PayMethod | null) ?? null, effectiveFrom: row.effectiveFrom };
}

/** "2026-06-02 13:01": the minute from which the next switch is accepted (rounded up, never early). */
function untilText(at: Date): string {
  const minute = new Date(Math.ceil(at.getTime() / 60_000) * 60_000);
  return minute.toISOString().replace('T', ' ').slice(0, 16);
}

/** The coin of a path: a known account-mode coin, or coin_not_found (address-mode coins have no payout method). */
export function accountCoin(code: string): CoinInfo {
  const coin = findCoin(code);
  if (!coin || coin.mode !== 'account') throw new AppError('coin_not_found');
  return coin;
}

export const ACCOUNT_COINS: readonly CoinInfo[] = COINS.filter((c) => c.mode === 'account');

export class EarningsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly market: MarketDataAdapter,
  ) {}

  // ---- fee rates ------------------------------------------------------------------------------

  /** Fee rates in percent by coin, then method. */
  async feeRates(coins?: readonly string[]): Promise<Map<string, Map<PayMethod, string>>> {
    const rows = await this.db
      .select()
      .from(earningFeeRates)
      .where(coins ? inArray(earningFeeRates.coin, [...coins]) : undefined);
    const out = new Map<string, Map<PayMethod, string>>();
    for (const r of rows) {
      const byMethod = out.get(r.coin) ?? new Map<PayMethod, string>();
      byMethod.set(r.method as PayMethod, plain(r.feeRate));
      out.set(r.coin, byMethod);
    }
    return out;
  }

  async feeRate(coin: string, method: PayMethod): Promise<string> {
    return (await this.feeRates([coin])).get(coin)?.get(method) ?? DEFAULT_FEE_RATES[method];
  }

  /** The fee of each account-mode coin's default method: what GET /pools shows as the pool fee. */
  async defaultFeeRates(): Promise<Map<string, string>> {
    const rows = await this.db.select().from(earningFeeRates).where(eq(earningFeeRates.method, DEFAULT_PAY_METHOD));
    return new Map(rows.map((r) => [r.coin, plain(r.feeRate)]));
  }

  // ---- market data ----------------------------------------------------------------------------

  /** The market values of a coin's day (what that day's settlement uses). */
  async marketDay(coin: string, day: string): Promise<MarketRow> {
    const [row] = await this.db.select().from(marketData).where(and(eq(marketData.coin, coin), eq(marketData.day, day)));
    if (!row) throw new AppError('market_data_not_found');
    return row;
  }

  /** A coin's market days from `from` to `to`, oldest first. */
  marketDays(coin: string, from: string, to: string): Promise<MarketRow[]> {
    return this.db.select().from(marketData).where(and(eq(marketData.coin, coin), gte(marketData.day, from), lte(marketData.day, to))).orderBy(asc(marketData.day));
  }

  /** The latest day of each coin up to `day`. */
  async latestMarket(coins: readonly string[], day: string): Promise<Map<string, MarketRow>> {
    const out = new Map<string, MarketRow>();
    await Promise.all(
      coins.map(async (coin) => {
        const [row] = await this.db.select().from(marketData).where(and(eq(marketData.coin, coin), lte(marketData.day, day))).orderBy(desc(marketData.day)).limit(1);
        if (row) out.set(coin, row);
      }),
    );
    return out;
  }

  /**
   * Adds the days from each coin's last one up to today through the adapter (the daily job; it
   * runs at start too). A coin without any day is left to the seed. Days an operator set are
   * never rewritten: only missing days are inserted. Answers how many days were added.
   */
  async extendMarketData(): Promise<number> {
    const today = utcDay(this.clock.now());
    let added = 0;
    for (const coin of COINS) {
      const [last] = await this.db.select().from(marketData).where(eq(marketData.coin, coin.code)).orderBy(desc(marketData.day)).limit(1);
      if (!last || last.day >= today) continue;
      let values: MarketValues = { networkDifficulty: plain(last.networkDifficulty), blockSubsidy: plain(last.blockSubsidy), avgFeesPerBlock: plain(last.avgFeesPerBlock), priceUsd: last.priceUsd === null ? null : plain(last.priceUsd) };
      const first = addDays(today, -MAX_BACKFILL_DAYS);
      let day = last.day < first ? first : last.day;
      const rows: (typeof marketData.$inferInsert)[] = [];
      while (day < today) {
        day = addDays(day, 1);
        values = await this.market.next(coin, day, values);
        rows.push({ coin: coin.code, day, ...values, source: this.market.name, updatedAt: this.clock.now() });
      }
      const inserted = await this.db.insert(marketData).values(rows).onConflictDoNothing().returning({ day: marketData.day });
      added += inserted.length;
    }
    return added;
  }

  // ---- payout methods -------------------------------------------------------------------------

  private async rows(accountId: string, coins: readonly string[]): Promise<Map<string, PayMethodRow>> {
    const rows = await this.db
      .select()
      .from(payMethods)
      .where(and(eq(payMethods.accountId, accountId), inArray(payMethods.coin, [...coins])));
    return new Map(rows.map((r) => [r.coin, r]));
  }

  private itemOf(coin: string, row: PayMethodRow | undefined, fees: Map<PayMethod, string> | undefined, market: MarketRow | undefined, now: Date) {
    const state = stateOf(row);
    const method = state?.method ?? DEFAULT_PAY_METHOD;
    const switchedAt = row?.switchedAt ?? null;
    const waiting = switchedAt !== null && !canSwitchPayMethod(switchedAt, now);
    const effective = state?.effectiveFrom ?? null;
    const feeOf = (m: PayMethod) => fees?.get(m) ?? DEFAULT_FEE_RATES[m];
    return {
      coin,
      method,
      fee_rate: feeOf(method),
      today_method: methodOnDay(state, utcDay(now)),
      effective_from: effective,
      first_settlement_at: effective ? settlementTime(effective).toISOString() : null,
      previous_method: state?.previousMethod ?? null,
      switched_at: switchedAt?.toISOString() ?? null,
      next_switch_at: waiting ? payMethodNextSwitchAt(switchedAt).toISOString() : null,
      methods: PAY_METHODS.map((m) => ({ method: m, fee_rate: feeOf(m) })),
      market: market ? marketView(market) : null,
    };
  }

  /** GET /accounts/{account}/pay-method: every account-mode coin, or the one asked for. */
  async payMethods(accountId: string, pool?: string) {
    const coins = pool === undefined ? ACCOUNT_COINS.map((c) => c.code) : [accountCoin(pool).code];
    const now = this.clock.now();
    const [rows, fees, market] = await Promise.all([this.rows(accountId, coins), this.feeRates(coins), this.latestMarket(coins, utcDay(now))]);
    return { list: coins.map((coin) => this.itemOf(coin, rows.get(coin), fees.get(coin), market.get(coin), now)) };
  }

  /**
   * PUT /accounts/{account}/pools/{pool}/pay-method. The same method again is not a switch and
   * answers the state as it is. A switch within 24 hours of the last one is refused with the time
   * it is accepted again. Two switches at once: the row lock makes the second see the first.
   */
  async switchPayMethod(userId: string, accountId: string, pool: string, method: PayMethod) {
    const coin = accountCoin(pool).code;
    const now = this.clock.now();
    await inTransaction(this.db, async (tx) => {
      await tx.insert(payMethods).values({ accountId, coin, method: DEFAULT_PAY_METHOD, updatedAt: now }).onConflictDoNothing();
      const [row] = await tx
        .select()
        .from(payMethods)
        .where(and(eq(payMethods.accountId, accountId), eq(payMethods.coin, coin)))
        .for('update');
      if (!row || row.method === method) return;
      if (!canSwitchPayMethod(row.switchedAt, now)) {
        throw new AppError('pay_method_switch_wait', { params: { until: untilText(payMethodNextSwitchAt(row.switchedAt!)) } });
      }
      // What pays today stays for today; the choice pays from tomorrow's settlement day.
      const previous = methodOnDay(stateOf(row), utcDay(now));
      const effectiveFrom = payMethodEffectiveDay(now);
      await tx
        .update(payMethods)
        .set({ method, previousMethod: previous, switchedAt: now, effectiveFrom, updatedAt: now })
        .where(and(eq(payMethods.accountId, accountId), eq(payMethods.coin, coin)));
      await tx.insert(payMethodSwitches).values({ accountId, coin, fromMethod: previous, toMethod: method, switchedAt: now, effectiveFrom, userId });
    });
    return (await this.payMethods(accountId, coin)).list[0]!;
  }

  /**
   * The method that pays a sub-account's work of `day` (for settlement and its later explanation),
   * from the switch history: the last switch effective by then, else what the first switch replaced,
   * else the default.
   */
  async methodOnDay(accountId: string, coin: string, day: string): Promise<PayMethod> {
    const history = await this.db
      .select({ from: payMethodSwitches.fromMethod, to: payMethodSwitches.toMethod, effectiveFrom: payMethodSwitches.effectiveFrom })
      .from(payMethodSwitches)
      .where(and(eq(payMethodSwitches.accountId, accountId), eq(payMethodSwitches.coin, coin)))
      .orderBy(asc(payMethodSwitches.effectiveFrom), asc(payMethodSwitches.id));
    const effective = history.filter((h) => h.effectiveFrom <= day);
    if (effective.length) return effective[effective.length - 1]!.to as PayMethod;
    return (history[0]?.from as PayMethod | undefined) ?? DEFAULT_PAY_METHOD;
  }
}
