// What a sub-account earned (SPEC.md section 7, profits): the settled days, today's estimate and
// the wallet figures beside them. Reads what settlement.service.ts wrote; computes nothing that
// moves money.
import ExcelJS from 'exceljs';
import Decimal from 'decimal.js';
import { and, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { addDays, coinPrecision, dayStart, formatDateTime, formatHashrate, methodOnDay, PAY_METHOD_LABELS, PAY_METHODS, splitHashrate, utcDay, type Language, type PayMethod } from '@hashpool/shared';
import { queryRows, type Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { translate } from '../../platform/messages';
import { findUserById } from '../accounts/accounts.repository';
import { balanceOf } from '../wallet/ledger';
import { payMethods, profits, settlementRuns } from './earnings.tables';
import { accountCoin, plain, type EarningsService } from './earnings.service';
import { DEFAULT_FEE_RATES } from './earnings.seed';
import { keepFactor } from './formulas';
import { dailyProfit } from './settlement.service';

export class ProfitsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly earnings: EarningsService,
  ) {}

  async stats(accountId: string, pool: string) {
    const coin = accountCoin(pool).code;
    const now = this.clock.now();
    const today = utcDay(now);
    const yesterday = addDays(today, -1);
    const [earned] = await queryRows<{ total: string | null; yesterday: string | null }>(
      this.db,
      sql`select sum(amount)::text as total, sum(amount) filter (where day = ${yesterday}::date)::text as yesterday
            from profits where account_id = ${accountId} and coin = ${coin}`,
    );
    const [run] = await this.db.select({ status: settlementRuns.status }).from(settlementRuns).where(and(eq(settlementRuns.coin, coin), eq(settlementRuns.day, yesterday)));
    const [paid] = await queryRows<{ total: string | null }>(
      this.db,
      sql`select sum(amount - fee)::text as total from withdrawals where account_id = ${accountId} and coin = ${coin} and status = 'completed'`,
    );
    const balance = await balanceOf(this.db, accountId, coin);
    const estimate = await this.todayEstimate(accountId, coin, now);
    return {
      coin,
      yesterday: plain(earned?.yesterday ?? 0),
      yesterday_settled: run?.status === 'done' || !(await this.workedOn(accountId, coin, yesterday)),
      today_estimate: estimate.amount,
      today_method: estimate.method,
      total_earned: plain(earned?.total ?? 0),
      total_paid: plain(paid?.total ?? 0),
      balance: plain(balance.available),
    };
  }

  /** Whether the sub-account has accepted work on `day` (without any, there is nothing to settle). */
  private async workedOn(accountId: string, coin: string, day: string): Promise<boolean> {
    const rows = await queryRows<{ one: number }>(
      this.db,
      sql`select 1 as one from owner_history where coin = ${coin} and owner = ${accountId}
            and bucket >= ${dayStart(day).toISOString()}::timestamptz and bucket < ${dayStart(addDays(day, 1)).toISOString()}::timestamptz and accepted_work > 0 limit 1`,
    );
    return rows.length > 0;
  }

  /** Today's work so far, priced as settlement will price it (with the latest market values). */
  private async todayEstimate(accountId: string, coin: string, now: Date): Promise<{ amount: string; method: PayMethod }> {
    const today = utcDay(now);
    const [state] = await this.db.select().from(payMethods).where(and(eq(payMethods.accountId, accountId), eq(payMethods.coin, coin)));
    const method = methodOnDay(state ? { method: state.method as PayMethod, previousMethod: (state.previousMethod as PayMethod | null) ?? null, effectiveFrom: state.effectiveFrom } : null, today);
    const [work] = await queryRows<{ work: number | null }>(
      this.db,
      sql`select sum(accepted_work)::float8 as work from owner_history
           where coin = ${coin} and owner = ${accountId} and bucket >= ${dayStart(today).toISOString()}::timestamptz`,
    );
    const market = (await this.earnings.latestMarket([coin], today)).get(coin);
    if (!work?.work || !market) return { amount: '0', method };
    const fee = (await this.earnings.feeRates([coin])).get(coin)?.get(method) ?? DEFAULT_FEE_RATES[method];
    const info = accountCoin(coin);
    const profit = dailyProfit(work.work, method, { networkDifficulty: market.networkDifficulty, hashesPerDifficulty: info.hashesPerDifficulty, blockSubsidy: market.blockSubsidy, avgFeesPerBlock: market.avgFeesPerBlock }, fee, coinPrecision(coin));
    return { amount: profit ? profit.amount.toFixed() : '0', method };
  }

  /** The settled (or being credited) days, newest first. */
  async list(accountId: string, pool: string, query: { page: number; page_size: number; start?: string | undefined; end?: string | undefined }) {
    const coin = accountCoin(pool).code;
    if (query.start && query.end && query.start > query.end) throw new AppError('validation_failed', { fields: [{ field: 'querystring.start', messageKey: 'invalid' }] });
    const where = and(
      eq(profits.accountId, accountId),
      eq(profits.coin, coin),
      query.start ? gte(profits.day, query.start) : undefined,
      query.end ? lte(profits.day, query.end) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ p: profits, status: settlementRuns.status })
        .from(profits)
        .leftJoin(settlementRuns, and(eq(settlementRuns.coin, profits.coin), eq(settlementRuns.day, profits.day)))
        .where(where)
        .orderBy(desc(profits.day), profits.method)
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size),
      this.db.select({ n: count() }).from(profits).where(where),
    ]);
    return {
      list: rows.map(({ p, status }) => ({
        day: p.day,
        hashrate: p.work / 86_400,
        method: p.method as PayMethod,
        fee_rate: plain(p.feeRate),
        amount: new Decimal(p.amount).toFixed(),
        status: status === 'done' ? ('settled' as const) : ('pending' as const),
      })),
      total: total?.n ?? 0,
    };
  }

  /** Settled hashrate and earnings per day over the last `days` days, oldest first. */
  async hashrates(accountId: string, pool: string, days: number) {
    const coin = accountCoin(pool).code;
    const from = addDays(utcDay(this.clock.now()), -days);
    const rows = await queryRows<{ day: string; work: number; amount: string }>(
      this.db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, sum(work)::float8 as work, sum(amount)::text as amount
            from profits where account_id = ${accountId} and coin = ${coin} and day >= ${from}::date
           group by day order by day`,
    );
    return { list: rows.map((r) => ({ day: r.day, hashrate: r.work / 86_400, amount: new Decimal(r.amount).toFixed() })) };
  }

  /** What one unit of hashrate earned per day under each method (see unitProfitListSchema). */
  async unitHashrates(pool: string, days: number) {
    const info = accountCoin(pool);
    const today = utcDay(this.clock.now());
    const markets = await this.earnings.marketDays(info.code, addDays(today, -days), today);
    const fees = (await this.earnings.feeRates([info.code])).get(info.code);
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
            const fee = fees?.get(method) ?? DEFAULT_FEE_RATES[method];
            // PPLNS and SOLO: their long-run expectation is the FPPS formula at their own fee.
            const priced = dailyProfit(work, method === 'pps_plus' ? 'pps_plus' : 'fpps', market, fee, 18)!;
            return { method, amount: priced.gross.times(keepFactor(fee)).toSignificantDigits(6, Decimal.ROUND_DOWN).toFixed() };
          }),
        };
      }),
    };
  }

  /** The coin's price and this sub-account's fee rate per method (the profit page's fiat values and fees). */
  async rates(accountId: string, pool: string) {
    const coin = accountCoin(pool).code;
    const [price] = await queryRows<{ price_usd: string | null }>(this.db, sql`select price_usd::text from coins where code = ${coin}`);
    const fees = (await this.earnings.feeRates([coin])).get(coin);
    const estimate = await this.todayEstimate(accountId, coin, this.clock.now());
    return {
      coin,
      price_usd: price?.price_usd ? plain(price.price_usd) : null,
      today_method: estimate.method,
      fee_rates: PAY_METHODS.map((method) => ({ method, fee_rate: fees?.get(method) ?? DEFAULT_FEE_RATES[method] })),
    };
  }

  /**
   * The days of a range as a CSV or XLSX file: amounts as exact decimal text (a spreadsheet's
   * floating point would round 18-decimal amounts), column titles in the reader's language, the
   * credit time in their timezone.
   */
  async export(userId: string, accountId: string, pool: string, query: { start: string; end: string; format: 'csv' | 'xlsx' }, lang: Language) {
    const coin = accountCoin(pool).code;
    const reader = { lang, timezone: (await findUserById(this.db, userId))?.timezone ?? 'UTC+00:00' };
    if (query.start > query.end || addDays(query.start, EXPORT_MAX_DAYS) <= query.end) throw new AppError('validation_failed', { fields: [{ field: 'querystring.end', messageKey: 'invalid' }] });
    const rows = await this.db
      .select({ p: profits, status: settlementRuns.status, finishedAt: settlementRuns.finishedAt })
      .from(profits)
      .leftJoin(settlementRuns, and(eq(settlementRuns.coin, profits.coin), eq(settlementRuns.day, profits.day)))
      .where(and(eq(profits.accountId, accountId), eq(profits.coin, coin), gte(profits.day, query.start), lte(profits.day, query.end)))
      .orderBy(profits.day, profits.method);
    const t = (key: string, params: Record<string, string> = {}) => translate(reader.lang, 'export', key, params);
    const header = [t('day'), t('hashrate'), t('method'), t('fee_rate'), t('amount', { coin: coin.toUpperCase() }), t('status'), t('credited_at', { timezone: reader.timezone })];
    const lines = rows.map(({ p, status, finishedAt }) => [
      p.day,
      formatHashrate(p.work / 86_400),
      PAY_METHOD_LABELS[p.method as PayMethod],
      plain(p.feeRate),
      new Decimal(p.amount).toFixed(),
      t(status === 'done' ? 'status_settled' : 'status_pending'),
      status === 'done' && finishedAt ? formatDateTime(finishedAt, reader.timezone) : '',
    ]);
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
