// What a sub-account earned (docs/rules.md, The API, "Pool"): the settled days, today's estimate and
// the wallet figures beside them. Reads what settlement.service.ts and block-settlement.service.ts
// wrote; computes nothing that moves money. A day's row per method joins the daily settlement's
// row (the day's settled work, and what FPPS or PPS paid) with what the blocks that matured that
// day paid the sub-account (PPLNS, SOLO, the fee part of PPS+).
import ExcelJS from 'exceljs';
import { LedgerDecimal as Decimal } from '../ledger';
import { addDays, coinBaseDecimals, dayStart, methodOnDay, PAY_METHODS, splitHashrate, utcDay, type Language, type PayMethod } from '@hashpool/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { accountCoin } from '../../platform/coin-checks';
import { AppError } from '../../platform/errors';
import { translate } from '../../platform/messages';
import type { AccountDirectory } from '../accounts';
import type { HistoryService } from '../mining';
import { balanceOf } from '../ledger';
import { type WalletApi } from '../wallet';
import type { ContentApi } from '../content';
import { payMethodRow, payMethodState } from './earnings.repository';
import { exportTable, plain, profitDayView } from './earnings.presenter';
import type { EarningsService } from './earnings.service';
import { DEFAULT_FEE_RATES } from './earnings.seed';
import { cut, dailyEarning } from '../money';
import * as repo from './profits.repository';
import { settlementRun } from './settlement.repository';

/** What the profits pages are made with. */
export interface ProfitsDeps {
  earnings: EarningsService;
  /** The sub-account's accepted work (the mining history). */
  history: Pick<HistoryService, 'ownerHasPoints' | 'ownerWorkSince'>;
  /** The reader's timezone (the export). */
  accounts: Pick<AccountDirectory, 'timezoneOf'>;
  /** What the sub-account withdrew (the wallet's completed withdrawals). */
  transactions: Pick<WalletApi['transactions'], 'withdrawnTotal'>;
  /** A coin's price in the registry. */
  content: Pick<ContentApi['content'], 'priceOf'>;
  /** What fee coupons saved per day (the promotions module's), shown on the day's row. */
  couponSavings?: CouponSavings | undefined;
}

/** Per UTC day, what a sub-account's fee coupons saved of a coin. */
export type CouponSavings = (accountId: string, coin: string, days: readonly string[]) => Promise<Map<string, string>>;

export class ProfitsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: ProfitsDeps,
  ) {}

  async stats(accountId: string, pool: string) {
    const coin = accountCoin(pool).code;
    const now = this.clock.now();
    const today = utcDay(now);
    const yesterday = addDays(today, -1);
    const earned = await repo.earnedTotals(this.db, accountId, coin, yesterday);
    const run = await settlementRun(this.db, coin, yesterday);
    const paid = await this.deps.transactions.withdrawnTotal(accountId, coin);
    const balance = await balanceOf(this.db, accountId, coin);
    const estimate = await this.todayEstimate(accountId, coin, now);
    return {
      coin,
      yesterday: plain(earned?.yesterday ?? 0),
      yesterday_settled: run?.status === 'done' || !(await this.workedOn(accountId, coin, yesterday)),
      today_estimate: estimate.amount,
      today_method: estimate.method,
      total_earned: plain(earned?.total ?? 0),
      total_paid: plain(paid ?? 0),
      balance: plain(balance.available),
    };
  }

  /** Whether the sub-account has accepted work on `day` (without any, there is nothing to settle). */
  private async workedOn(accountId: string, coin: string, day: string): Promise<boolean> {
    return this.deps.history.ownerHasPoints(coin, accountId, dayStart(day), dayStart(addDays(day, 1)), { withWork: true });
  }

  /** Today's work so far, priced as settlement will price it (with the latest market values). */
  private async todayEstimate(accountId: string, coin: string, now: Date): Promise<{ amount: string; method: PayMethod }> {
    const today = utcDay(now);
    const method = methodOnDay(payMethodState(await payMethodRow(this.db, accountId, coin)), today);
    const work = await this.deps.history.ownerWorkSince(coin, accountId, dayStart(today));
    const market = (await this.deps.earnings.latestMarket([coin], today)).get(coin);
    if (!work || !market) return { amount: '0', method };
    // Today's rate: a change made today applies from tomorrow (earning_fee_rate_history).
    const fee = (await this.deps.earnings.feeRatesOn([coin], today)).get(coin)?.get(method) ?? DEFAULT_FEE_RATES[method];
    const info = accountCoin(coin);
    const dayMarket = { networkDifficulty: market.networkDifficulty, hashesPerDifficulty: info.hashesPerDifficulty, blockSubsidy: market.blockSubsidy, avgFeesPerBlock: market.avgFeesPerBlock };
    // PPLNS and SOLO pay per block: what the work is worth on average (the FPPS formula at their
    // own fee) is the estimate; luck decides the rest.
    // In the coin's base unit, as settlement credits it (less or more the account's carried fraction).
    const profit = dailyEarning(work, method, dayMarket, fee) ?? dailyEarning(work, 'fpps', dayMarket, fee)!;
    return { amount: cut(profit.exact, coinBaseDecimals(coin)).toFixed(), method };
  }

  /** The settled (or being credited) days, newest first. */
  async list(accountId: string, pool: string, query: { page: number; page_size: number; start?: string | undefined; end?: string | undefined }) {
    const coin = accountCoin(pool).code;
    if (query.start && query.end && query.start > query.end) throw new AppError('validation_failed', { fields: [{ field: 'querystring.start', messageKey: 'invalid' }] });
    const rows = await repo.dayRows(this.db, accountId, coin, { start: query.start, end: query.end, newestFirst: true, limit: query.page_size, offset: (query.page - 1) * query.page_size });
    // The window count is on every row of the page; an empty page past the end needs its own
    // count: the first row's, not every row of the range read again.
    const total = rows[0]?.total ?? (query.page > 1 ? ((await repo.dayRows(this.db, accountId, coin, { start: query.start, end: query.end, newestFirst: true, limit: 1 }))[0]?.total ?? 0) : 0);
    const savings = rows.length > 0 && this.deps.couponSavings ? await this.deps.couponSavings(accountId, coin, rows.map((r) => r.day)) : new Map<string, string>();
    return {
      list: rows.map((r) => ({ ...profitDayView(r), coupon_saving: savings.get(r.day) ?? null })),
      total,
    };
  }

  /** Settled hashrate and earnings per day over the last `days` days, oldest first. */
  async hashrates(accountId: string, pool: string, days: number) {
    const coin = accountCoin(pool).code;
    const rows = await repo.dayRows(this.db, accountId, coin, { start: addDays(utcDay(this.clock.now()), -days), newestFirst: false });
    const byDay = new Map<string, { work: number; amount: Decimal }>();
    for (const r of rows) {
      const day = byDay.get(r.day) ?? { work: 0, amount: new Decimal(0) };
      byDay.set(r.day, { work: day.work + r.work, amount: day.amount.plus(r.amount) });
    }
    return { list: [...byDay].map(([day, v]) => ({ day, hashrate: v.work / 86_400, amount: v.amount.toFixed() })) };
  }

  /** What one unit of hashrate earned per day under each method (see unitProfitListSchema). */
  async unitHashrates(pool: string, days: number) {
    const info = accountCoin(pool);
    const today = utcDay(this.clock.now());
    const markets = await this.deps.earnings.marketDays(info.code, addDays(today, -days), today);
    // Each day at the rates in force that day, as it was settled.
    const fees = await this.deps.earnings.feeRatesOnDays(info.code, markets.map((m) => m.day));
    const last = markets[markets.length - 1];
    // A typical miner is about a millionth of the network: the unit is the step of 1000 below that.
    const network = last ? new Decimal(last.networkDifficulty).times(info.hashesPerDifficulty).div(info.blockTimeSeconds).toNumber() : 1;
    const unitHashrate = 1000 ** Math.max(0, Math.min(8, Math.floor(Math.log10(Math.max(1, network / 1e6)) / 3)));
    return {
      unit: splitHashrate(unitHashrate).unit,
      unit_hashrate: unitHashrate,
      list: markets.map((m) => {
        const market = { networkDifficulty: m.networkDifficulty, hashesPerDifficulty: info.hashesPerDifficulty, blockSubsidy: m.blockSubsidy, avgFeesPerBlock: m.avgFeesPerBlock };
        const work = unitHashrate * 86_400;
        return {
          day: m.day,
          methods: PAY_METHODS.map((method) => {
            const fee = fees.get(m.day)?.get(method) ?? DEFAULT_FEE_RATES[method];
            // PPLNS and SOLO: their long-run expectation is the FPPS formula at their own fee.
            const priced = dailyEarning(work, method === 'pps_plus' ? 'pps_plus' : 'fpps', market, fee)!;
            return { method, amount: priced.exact.toSignificantDigits(6, Decimal.ROUND_DOWN).toFixed() };
          }),
        };
      }),
    };
  }

  /** The coin's price and this sub-account's fee rate per method (the profit page's fiat values and fees). */
  async rates(accountId: string, pool: string) {
    const coin = accountCoin(pool).code;
    const price = await this.deps.content.priceOf(coin);
    const fees = (await this.deps.earnings.feeRateItems([coin])).get(coin)!;
    const estimate = await this.todayEstimate(accountId, coin, this.clock.now());
    return {
      coin,
      price_usd: price ? plain(price) : null,
      today_method: estimate.method,
      fee_rates: fees,
    };
  }

  /**
   * The days of a range as a CSV or XLSX file: amounts as exact decimal text (a spreadsheet's
   * floating point would round 18-decimal amounts), column titles in the reader's language, the
   * credit time in their timezone.
   */
  async export(userId: string, accountId: string, pool: string, query: { start: string; end: string; format: 'csv' | 'xlsx' }, lang: Language) {
    const coin = accountCoin(pool).code;
    const reader = { lang, timezone: (await this.deps.accounts.timezoneOf(userId)) ?? 'UTC+00:00' };
    if (query.start > query.end || addDays(query.start, EXPORT_MAX_DAYS) <= query.end) throw new AppError('validation_failed', { fields: [{ field: 'querystring.end', messageKey: 'invalid' }] });
    const rows = await repo.dayRows(this.db, accountId, coin, { start: query.start, end: query.end, newestFirst: false });
    const t = (key: string, params: Record<string, string> = {}) => translate(reader.lang, 'export', key, params);
    const { header, lines } = exportTable(rows, coin, reader.timezone, t);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet(t('title'));
    sheet.addRow(header).font = { bold: true };
    for (const line of lines) sheet.addRow(line);
    sheet.columns.forEach((column) => (column.width = 20));
    const name = `hashpool-${coin}-earnings-${query.start}-${query.end}.${query.format}`;
    // UTF-8 with a byte-order mark, so spreadsheet programs read Chinese, Japanese, Korean and Russian titles right.
    const body = query.format === 'csv' ? Buffer.concat([Buffer.from('\uFEFF'), Buffer.from(await book.csv.writeBuffer())]) : Buffer.from(await book.xlsx.writeBuffer());
    return { name, body, type: query.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };
  }
}

/** The longest range one export covers. */
export const EXPORT_MAX_DAYS = 366;
