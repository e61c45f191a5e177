// What a sub-account earned (SPEC.md section 7, profits): the settled days, today's estimate and
// the wallet figures beside them. Reads what settlement.service.ts and block-settlement.service.ts
// wrote; computes nothing that moves money. A day's row per method joins the daily settlement's
// row (the day's settled work, and what FPPS or PPS paid) with what the blocks that matured that
// day paid the sub-account (PPLNS, SOLO, the fee part of PPS+).
import ExcelJS from 'exceljs';
import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import { addDays, coinBaseDecimals, dayStart, formatDateTime, formatHashrate, methodOnDay, PAY_METHOD_LABELS, PAY_METHODS, splitHashrate, utcDay, type Language, type PayMethod } from '@hashpool/shared';
import { queryRows, type Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { translate } from '../../platform/messages';
import { findUserById } from '../accounts/accounts.repository';
import { balanceOf } from '../wallet/ledger';
import { payMethods, settlementRuns } from './earnings.tables';
import { accountCoin, plain, type EarningsService } from './earnings.service';
import { DEFAULT_FEE_RATES } from './earnings.seed';
import { cut, dailyEarning } from './formulas';

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
            from (select day, amount from profits where account_id = ${accountId} and coin = ${coin}
                  union all select day, amount from block_payouts where account_id = ${accountId} and coin = ${coin}) e`,
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
    const dayMarket = { networkDifficulty: market.networkDifficulty, hashesPerDifficulty: info.hashesPerDifficulty, blockSubsidy: market.blockSubsidy, avgFeesPerBlock: market.avgFeesPerBlock };
    // PPLNS and SOLO pay per block: what the work is worth on average (the FPPS formula at their
    // own fee) is the estimate; luck decides the rest.
    // In the coin's base unit, as settlement credits it (less or more the account's carried fraction).
    const profit = dailyEarning(work.work, method, dayMarket, fee) ?? dailyEarning(work.work, 'fpps', dayMarket, fee)!;
    return { amount: cut(profit.exact, coinBaseDecimals(coin)).toFixed(), method };
  }

  /**
   * The days of a range, one row per method: the daily settlement's row full-joined with the sum of
   * the day's block payouts. Settled once the day's run and every block in it are done.
   */
  private async dayRows(accountId: string, coin: string, range: { start?: string | undefined; end?: string | undefined; newestFirst: boolean; limit?: number; offset?: number }) {
    const mine = sql`account_id = ${accountId}::uuid and coin = ${coin} ${range.start ? sql`and day >= ${range.start}::date` : sql``} ${range.end ? sql`and day <= ${range.end}::date` : sql``}`;
    return queryRows<{ day: string; method: PayMethod; work: number; fee_rate: string; amount: string; settled: boolean; credited_at: string | Date | null; total: number }>(
      this.db,
      sql`with p as (
            select p.day, p.method, p.work, p.fee_rate, p.amount, r.status = 'done' as settled, r.finished_at
              from (select * from profits where ${mine}) p left join settlement_runs r on r.coin = p.coin and r.day = p.day
          ), b as (
            select bp.day, bp.method, max(bp.fee_rate) as fee_rate, sum(bp.amount) as amount, bool_and(s.status = 'done') as settled, max(s.finished_at) as finished_at
              from (select * from block_payouts where ${mine}) bp join block_settlements s on s.block_id = bp.block_id
             group by bp.day, bp.method
          )
          select to_char(coalesce(p.day, b.day), 'YYYY-MM-DD') as day, coalesce(p.method, b.method) as method, coalesce(p.work, 0)::float8 as work,
                 coalesce(p.fee_rate, b.fee_rate)::text as fee_rate, (coalesce(p.amount, 0) + coalesce(b.amount, 0))::text as amount,
                 coalesce(p.settled, true) and coalesce(b.settled, true) as settled, greatest(p.finished_at, b.finished_at) as credited_at,
                 (count(*) over ())::int as total
            from p full join b on b.day = p.day and b.method = p.method
           order by 1 ${sql.raw(range.newestFirst ? 'desc' : 'asc')}, 2
           ${range.limit === undefined ? sql`` : sql`limit ${range.limit} offset ${range.offset ?? 0}`}`,
    );
  }

  /** The settled (or being credited) days, newest first. */
  async list(accountId: string, pool: string, query: { page: number; page_size: number; start?: string | undefined; end?: string | undefined }) {
    const coin = accountCoin(pool).code;
    if (query.start && query.end && query.start > query.end) throw new AppError('validation_failed', { fields: [{ field: 'querystring.start', messageKey: 'invalid' }] });
    const rows = await this.dayRows(accountId, coin, { start: query.start, end: query.end, newestFirst: true, limit: query.page_size, offset: (query.page - 1) * query.page_size });
    // The window count is on every row of the page; an empty page past the end needs its own
    // count: the first row's, not every row of the range read again.
    const total = rows[0]?.total ?? (query.page > 1 ? ((await this.dayRows(accountId, coin, { start: query.start, end: query.end, newestFirst: true, limit: 1 }))[0]?.total ?? 0) : 0);
    return {
      list: rows.map((r) => ({
        day: r.day,
        hashrate: r.work / 86_400,
        method: r.method,
        fee_rate: plain(r.fee_rate),
        amount: new Decimal(r.amount).toFixed(),
        status: r.settled ? ('settled' as const) : ('pending' as const),
      })),
      total,
    };
  }

  /** Settled hashrate and earnings per day over the last `days` days, oldest first. */
  async hashrates(accountId: string, pool: string, days: number) {
    const coin = accountCoin(pool).code;
    const rows = await this.dayRows(accountId, coin, { start: addDays(utcDay(this.clock.now()), -days), newestFirst: false });
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
    const rows = await this.dayRows(accountId, coin, { start: query.start, end: query.end, newestFirst: false });
    const t = (key: string, params: Record<string, string> = {}) => translate(reader.lang, 'export', key, params);
    const header = [t('day'), t('hashrate'), t('method'), t('fee_rate'), t('amount', { coin: coin.toUpperCase() }), t('status'), t('credited_at', { timezone: reader.timezone })];
    const lines = rows.map((r) => [
      r.day,
      formatHashrate(r.work / 86_400),
      PAY_METHOD_LABELS[r.method],
      plain(r.fee_rate),
      new Decimal(r.amount).toFixed(),
      t(r.settled ? 'status_settled' : 'status_pending'),
      r.settled && r.credited_at ? formatDateTime(new Date(r.credited_at), reader.timezone) : '',
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
