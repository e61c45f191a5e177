// The payout method of each sub-account and coin (docs/rules.md: States and transitions, The API, Limits and constants), the fee rates and
// the market data the methods are computed with. The switching rule is packages/shared earnings.ts:
// a switch made during UTC day D pays from settlement day D+1, and the next switch is accepted 24
// hours after it. Settlement (settlement.service.ts) asks methodOnDay(), feeRatesOn() and
// marketDay() for the day it settles.
import {
  canSwitchPayMethod,
  COINS,
  DEFAULT_PAY_METHOD,
  methodOnDay,
  payMethodEffectiveDay,
  payMethodNextSwitchAt,
  utcDay,
  addDays,
  PAY_METHODS,
  type CoinInfo,
  type FeeRateItem,
  type PayMethod,
  type PoolFee,
} from '@hashpool/shared';
import { LedgerDecimal as Decimal } from '../ledger';
import type { Db, Tx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../platform/clock';
import { accountCoin } from '../../platform/coin-checks';
import { AppError } from '../../platform/errors';
import * as repo from './earnings.repository';
import { payMethodState, type MarketInsert, type MarketRow } from './earnings.repository';
import { payMethodView, plain, untilText } from './earnings.presenter';
import { DEFAULT_FEE_RATES } from './earnings.seed';
import { fppsGross } from '../money';
import type { MarketDataAdapter, MarketValues } from './market-data';
import { creditsWithRemainders, type ExactCredit } from './remainders';

/** Days the market-data job fills at most after a long stop (older days stay empty). */
const MAX_BACKFILL_DAYS = 400;

export const ACCOUNT_COINS: readonly CoinInfo[] = COINS.filter((c) => c.mode === 'account');

export class EarningsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly market: MarketDataAdapter,
    /** The price feed's fresh price of a coin's day (the prices module); undefined: the demo market prices the day. */
    private readonly dayPrice: (coin: string, day: string) => Promise<string | null | undefined> = async () => undefined,
    /** Tells the operators that a coin's market day could not be had from its source (once per coin and day). */
    private readonly marketGap: (coin: string, day: string, reason: string) => Promise<void> = async () => {},
  ) {}

  // ---- fee rates ------------------------------------------------------------------------------

  /**
   * Fee rates in percent by coin, then method, that today's work is charged: what the pages show.
   * An operator's change made today applies from tomorrow (scheduledFeeRates names it).
   */
  async feeRates(coins: readonly string[] = COINS.map((c) => c.code)): Promise<Map<string, Map<PayMethod, string>>> {
    return this.feeRatesOn(coins, utcDay(this.clock.now()));
  }

  /** The operators' fee table: the rates set last, each in force from the day after it was set. */
  private async tableFeeRates(coins: readonly string[]): Promise<Map<string, Map<PayMethod, string>>> {
    const rows = await repo.feeRateRows(this.db, coins);
    const out = new Map<string, Map<PayMethod, string>>();
    for (const r of rows) {
      const byMethod = out.get(r.coin) ?? new Map<PayMethod, string>();
      byMethod.set(r.method, plain(r.feeRate));
      out.set(r.coin, byMethod);
    }
    return out;
  }

  /**
   * The fee rates in force on UTC `day` (what a settlement of that day, or a block found on it,
   * charges): a change applies from the day after it was made (earning_fee_rate_history).
   */
  async feeRatesOn(coins: readonly string[], day: string): Promise<Map<string, Map<PayMethod, string>>> {
    const [current, history] = await Promise.all([this.tableFeeRates(coins), repo.feeRatesInForce(this.db, coins, day)]);
    for (const r of history) {
      const byMethod = current.get(r.coin) ?? new Map<PayMethod, string>();
      byMethod.set(r.method, plain(r.fee_rate));
      current.set(r.coin, byMethod);
    }
    return current;
  }

  /**
   * A coin's rates in force on each of `days` (feeRatesOn's answer for each, read at once): for pages
   * that price past days, such as the unit earnings of the last 30.
   */
  async feeRatesOnDays(coin: string, days: readonly string[]): Promise<Map<string, Map<PayMethod, string>>> {
    const [table, history] = await Promise.all([this.tableFeeRates([coin]), repo.feeRateHistory(this.db, coin)]);
    return new Map(
      days.map((day) => {
        const rates = new Map(table.get(coin) ?? []);
        // Oldest first: the last change effective by `day` wins.
        for (const h of history) if (h.effective_from <= day) rates.set(h.method, plain(h.fee_rate));
        return [day, rates];
      }),
    );
  }

  /** Changes made today, applying from the next UTC day, by coin and method. */
  async scheduledFeeRates(coins: readonly string[]): Promise<Map<string, Map<PayMethod, { fee_rate: string; from: string }>>> {
    const out = new Map<string, Map<PayMethod, { fee_rate: string; from: string }>>();
    for (const r of await repo.feeRatesScheduled(this.db, coins, utcDay(this.clock.now()))) {
      const byMethod = out.get(r.coin) ?? new Map<PayMethod, { fee_rate: string; from: string }>();
      byMethod.set(r.method, { fee_rate: plain(r.fee_rate), from: r.effective_from });
      out.set(r.coin, byMethod);
    }
    return out;
  }

  /**
   * Each method's fee of the coins as the pages show it: today's rate, and a change made today with
   * the day it applies from, so that a page never shows a rate today's work is not charged.
   */
  async feeRateItems(coins: readonly string[]): Promise<Map<string, FeeRateItem[]>> {
    const [today, next] = await Promise.all([this.feeRates(coins), this.scheduledFeeRates(coins)]);
    return new Map(
      coins.map((coin) => [
        coin,
        PAY_METHODS.map((method) => {
          const change = next.get(coin)?.get(method);
          return { method, fee_rate: today.get(coin)?.get(method) ?? DEFAULT_FEE_RATES[method], next_fee_rate: change?.fee_rate ?? null, next_fee_from: change?.from ?? null };
        }),
      ]),
    );
  }

  /** The fee each pool page shows: an account-mode coin's default method's, an address-mode coin's PPLNS (its only method). */
  async defaultFeeRates(): Promise<Map<string, PoolFee>> {
    const items = await this.feeRateItems(COINS.map((c) => c.code));
    return new Map(
      COINS.map((c) => {
        const method = c.mode === 'address' ? 'pplns' : DEFAULT_PAY_METHOD;
        const { fee_rate, next_fee_rate, next_fee_from } = items.get(c.code)!.find((i) => i.method === method)!;
        return [c.code, { fee_rate, next_fee_rate, next_fee_from }];
      }),
    );
  }

  // ---- carried fractions ----------------------------------------------------------------------

  /**
   * The one carry mechanism (remainders.ts, credit_remainders) for other modules' credit paths:
   * each item's whole base units with its holder's carried fraction, the new fraction stored, in
   * the caller's transaction `tx`. A path whose row keeps its own fraction between credits (a red
   * packet's receipt, a contract order, a stake) hands the row's last fraction over here when the
   * row's crediting ends, and posts what this answers (a completed unit) in the same transaction.
   */
  creditsWithRemainders(tx: Tx, coin: string, items: readonly ExactCredit[], now: Date): Promise<Decimal[]> {
    return creditsWithRemainders(tx, coin, items, now);
  }

  // ---- market data ----------------------------------------------------------------------------

  /** The market values of a coin's day (what that day's settlement uses). */
  async marketDay(coin: string, day: string): Promise<MarketRow> {
    const row = await repo.marketDay(this.db, coin, day);
    if (!row) throw new AppError('market_data_not_found');
    return row;
  }

  /** The FPPS formula's inputs of a coin's market day (the money module's), or null without that day. */
  private async fppsInputs(coin: string, day: string) {
    const row = await repo.marketDay(this.db, coin, day);
    const info = COINS.find((c) => c.code === coin);
    if (!row || !info) return null;
    return { row, params: { networkDifficulty: row.networkDifficulty, hashesPerDifficulty: info.hashesPerDifficulty, blockSubsidy: row.blockSubsidy, avgFeesPerBlock: row.avgFeesPerBlock } };
  }

  /**
   * What one H/s earned over a whole UTC day by the FPPS formula before any fee, W = 86 400 hashes
   * (the money module's fppsGross), and the day's price: the unit earnings cloud-mining contracts are paid from.
   * Null when the coin has no market day `day`.
   */
  async unitEarnings(coin: string, day: string): Promise<{ perHashPerSecond: string; priceUsd: string | null } | null> {
    const inputs = await this.fppsInputs(coin, day);
    if (!inputs) return null;
    return { perHashPerSecond: fppsGross(86_400, inputs.params).toFixed(), priceUsd: inputs.row.priceUsd === null ? null : plain(inputs.row.priceUsd) };
  }

  /**
   * What `hashrate` (H/s) working the whole UTC `day` earns by FPPS before any fee, exact (uncut):
   * W / (D x k) x (B + F) with W = hashrate x 86400 (the red packets' gifted hashrate).
   */
  async fppsDayGross(coin: string, day: string, hashrate: number): Promise<string> {
    const inputs = await this.fppsInputs(coin, day);
    if (!inputs) throw new AppError('market_data_not_found');
    return fppsGross(new Decimal(hashrate).times(86_400), inputs.params).toFixed();
  }

  /** A coin's market days from `from` to `to`, oldest first. */
  marketDays(coin: string, from: string, to: string): Promise<MarketRow[]> {
    return repo.marketDays(this.db, coin, from, to);
  }

  /** The latest day of each coin up to `day`. */
  async latestMarket(coins: readonly string[], day: string): Promise<Map<string, MarketRow>> {
    const out = new Map<string, MarketRow>();
    await Promise.all(
      coins.map(async (coin) => {
        const row = await repo.latestMarketDay(this.db, coin, day);
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
  async extendMarketData(today: string = utcDay(this.clock.now())): Promise<number> {
    let added = 0;
    for (const coin of COINS) {
      const last = await repo.latestMarketDay(this.db, coin.code);
      if (!last || last.day >= today) continue;
      let values: MarketValues | null = { networkDifficulty: plain(last.networkDifficulty), blockSubsidy: plain(last.blockSubsidy), avgFeesPerBlock: plain(last.avgFeesPerBlock), priceUsd: last.priceUsd === null ? null : plain(last.priceUsd) };
      const first = addDays(today, -MAX_BACKFILL_DAYS);
      let day = last.day < first ? first : last.day;
      const rows: MarketInsert[] = [];
      while (day < today && values) {
        day = addDays(day, 1);
        try {
          values = await this.market.next(coin, day, values);
        } catch (error) {
          // Not settled on guesses: the coin's days wait for their source, and the operators are told once.
          await this.marketGap(coin.code, day, error instanceof Error ? error.message : String(error));
          break;
        }
        if (values) rows.push({ coin: coin.code, day, ...values, source: this.market.sourceOf(coin), updatedAt: this.clock.now() });
      }
      added += (await repo.insertMissingMarketDays(this.db, rows)).length;
    }
    return added;
  }

  /**
   * Gives today's market days that have no price yet (the feed was stale when the day began) the
   * feed's fresh price once there is one; a day an operator set is left as set. Answers how many.
   */
  async fillMissingPrices(today: string = utcDay(this.clock.now())): Promise<number> {
    let filled = 0;
    for (const coin of COINS) {
      const price = await this.dayPrice(coin.code, today);
      if (price && (await repo.fillMissingPrice(this.db, coin.code, today, price, this.clock.now()))) filled++;
    }
    return filled;
  }

  // ---- payout methods -------------------------------------------------------------------------

  private async rows(accountId: string, coins: readonly string[]): Promise<Map<string, repo.PayMethodRow>> {
    const rows = await repo.payMethodRows(this.db, accountId, coins);
    return new Map(rows.map((r) => [r.coin, r]));
  }

  /** GET /accounts/{account}/pay-method: every account-mode coin, or the one asked for. */
  async payMethods(accountId: string, pool?: string) {
    const coins = pool === undefined ? ACCOUNT_COINS.map((c) => c.code) : [accountCoin(pool).code];
    const now = this.clock.now();
    const [rows, fees, market] = await Promise.all([this.rows(accountId, coins), this.feeRateItems(coins), this.latestMarket(coins, utcDay(now))]);
    return { list: coins.map((coin) => payMethodView(coin, rows.get(coin), fees.get(coin)!, market.get(coin), now)) };
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
      const row = await repo.lockPayMethod(tx, accountId, coin, DEFAULT_PAY_METHOD, now);
      if (!row || row.method === method) return;
      if (!canSwitchPayMethod(row.switchedAt, now)) {
        throw new AppError('pay_method_switch_wait', { params: { until: untilText(payMethodNextSwitchAt(row.switchedAt!)) } });
      }
      // What pays today stays for today; the choice pays from tomorrow's settlement day.
      const previous = methodOnDay(payMethodState(row), utcDay(now));
      await repo.recordSwitch(tx, { userId, accountId, coin, from: previous, to: method, at: now, effectiveFrom: payMethodEffectiveDay(now) });
    });
    return (await this.payMethods(accountId, coin)).list[0]!;
  }

  /**
   * The method that pays a sub-account's work of `day` (for settlement and its later explanation),
   * from the switch history: the last switch effective by then, else what the first switch replaced,
   * else the default.
   */
  async methodOnDay(accountId: string, coin: string, day: string): Promise<PayMethod> {
    return (await repo.payMethodsOnDay(this.db, coin, day, [accountId])).get(accountId) ?? DEFAULT_PAY_METHOD;
  }
}
