// Daily settlement (the earnings issue): each sub-account's accepted work of a UTC day becomes a
// "mining profit" credit in its wallet, by the payout method in force that day (methodOnDay), at
// the fee rate of the coin and method (less any fee reduction), with the day's market values.
//
// Idempotent and resumable: the profit rows of a coin's day are computed once and written in one
// transaction with the run's row (a copy of the market values it used); the credits are then
// posted from those stored rows, each with the key profit:<coin>:<day>:<account>:<method>. A run
// stopped half-way (a crash, a deploy) posts the rest next time and nothing twice; a run of a
// settled day posts nothing. Rounding: each amount is the exact one plus the fraction of a base
// unit the account's earlier credits of the coin left, cut down to the coin's base unit (the
// satoshi); what the cut leaves is carried into the account's next credit (credit_remainders,
// remainders.ts), decided in the transaction that writes the rows, so nothing of it is kept by
// the pool. The run records the net change of the carried fractions.
//
// Daily methods here: FPPS, and the PPS part of PPS+. The block-based parts (PPLNS, SOLO, the
// fee part of PPS+) are paid per matured block (block-settlement.service.ts); a sub-account on
// PPLNS or SOLO still gets its day's row here, with its settled work and nothing to credit, so the
// profits pages show the day's hashrate beside what its blocks paid.
import Decimal from 'decimal.js';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { addDays, dayStart, methodOnDay, type PayMethod, type PayMethodState } from '@hashpool/shared';
import { queryRows, sqlArray, type Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { LedgerDecimal, postCredits, SYSTEM, type PostingInput } from '../wallet/ledger';
import { profits, payMethods, settlementRuns } from './earnings.tables';
import { ACCOUNT_COINS, type EarningsService } from './earnings.service';
import { DEFAULT_FEE_RATES } from './earnings.seed';
import { dailyEarning, feeAfterReduction, type DayMarket } from './formulas';
import { creditsWithRemainders } from './remainders';

/**
 * The fee reduction hook: per sub-account, percent off the fee for that coin and day (a 20 %
 * coupon turns a 2.5 % fee into 2 %). The coupons issue fills it; by default nobody has one.
 */
export type FeeReduction = (coin: string, day: string, accountIds: string[]) => Promise<Map<string, string>>;

/** Postings per ledger call: a crash loses at most one call's progress (it is posted again). */
const POST_CHUNK = 5_000;

export interface SettlementResult {
  coin: string;
  day: string;
  /** settled now; already settled before (nothing posted this time); or no market data for the day (not settled). */
  outcome: 'settled' | 'already_settled' | 'no_market_data';
  accounts: number;
  paid: string;
}

interface ProfitRow {
  accountId: string;
  method: PayMethod;
  work: number;
  feeRate: string;
  gross: string;
  /** After the fee, uncut; the credited amount is decided with the account's carried fraction. */
  exact: Decimal;
}

/** A "mining profit" credit from the pool's revenue: what both the daily and the block settlement post. */
export function miningProfit(coin: string, accountId: string, amount: string, posting: { key: string; reference: string; memo: Record<string, string> }): PostingInput {
  const value = new Decimal(amount).toFixed();
  return {
    idempotencyKey: posting.key,
    businessType: 'mining_profit',
    reference: posting.reference,
    memo: posting.memo,
    entries: [
      { holder: SYSTEM.poolRevenue, coin, amount: `-${value}` },
      { holder: accountId, coin, amount: value },
    ],
  };
}

export class SettlementService {
  feeReduction: FeeReduction = async () => new Map();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly earnings: EarningsService,
  ) {}

  /** Settles `day` for every account-mode coin; a coin without the day's market data waits for it. */
  async settleDay(day: string): Promise<SettlementResult[]> {
    const results: SettlementResult[] = [];
    for (const coin of ACCOUNT_COINS) {
      try {
        results.push(await this.settleCoinDay(coin.code, day));
      } catch (error) {
        if (!(error instanceof AppError && error.key === 'market_data_not_found')) throw error;
        results.push({ coin: coin.code, day, outcome: 'no_market_data', accounts: 0, paid: '0' });
      }
    }
    return results;
  }

  /**
   * Settles one coin's day. `stopAfterChunks` stops after that many ledger calls, as a crash
   * would (tests).
   */
  async settleCoinDay(coin: string, day: string, options: { stopAfterChunks?: number; chunkSize?: number } = {}): Promise<SettlementResult> {
    const chunkSize = options.chunkSize ?? POST_CHUNK;
    let [run] = await this.db.select().from(settlementRuns).where(and(eq(settlementRuns.coin, coin), eq(settlementRuns.day, day)));
    if (run?.status === 'done') return { coin, day, outcome: 'already_settled', accounts: run.accounts ?? 0, paid: new Decimal(run.paid ?? 0).toFixed() };
    if (!run) {
      await this.compute(coin, day);
      [run] = await this.db.select().from(settlementRuns).where(and(eq(settlementRuns.coin, coin), eq(settlementRuns.day, day)));
    }

    // Credit from the stored rows, in account order, chunk by chunk.
    const now = this.clock.now();
    let after = '';
    for (let chunk = 0; ; chunk++) {
      if (options.stopAfterChunks !== undefined && chunk >= options.stopAfterChunks) throw new Error('settlement stopped (test)');
      const rows = await this.db
        .select()
        .from(profits)
        .where(and(eq(profits.coin, coin), eq(profits.day, day), gt(profits.accountId, after || '00000000-0000-0000-0000-000000000000'), sql`${profits.amount} > 0`))
        .orderBy(asc(profits.accountId), asc(profits.method))
        .limit(chunkSize);
      if (rows.length === 0) break;
      await postCredits(
        this.db,
        rows.map((r) => miningProfit(coin, r.accountId, r.amount, { key: `profit:${coin}:${day}:${r.accountId}:${r.method}`, reference: `settlement:${coin}:${day}`, memo: { method: r.method, day } })),
        now,
      );
      after = rows[rows.length - 1]!.accountId;
      if (rows.length < chunkSize) break;
    }
    await this.db.update(settlementRuns).set({ status: 'done', finishedAt: this.clock.now() }).where(and(eq(settlementRuns.coin, coin), eq(settlementRuns.day, day)));
    return { coin, day, outcome: 'settled', accounts: run?.accounts ?? 0, paid: new Decimal(run?.paid ?? 0).toFixed() };
  }

  /** Computes the day's profit rows and writes them with the run's row, all or nothing. */
  private async compute(coin: string, day: string): Promise<void> {
    const market = await this.earnings.marketDay(coin, day);
    const from = dayStart(day);
    const to = dayStart(addDays(day, 1));
    // The day's accepted work per sub-account, from its history points of every resolution
    // (10-minute points are rolled up into hours, never both kept).
    const work = await queryRows<{ account_id: string; work: number }>(
      this.db,
      sql`select h.owner as account_id, sum(h.accepted_work)::float8 as work
            from owner_history h join mining_accounts m on m.id::text = h.owner
           where h.coin = ${coin} and h.bucket >= ${from.toISOString()}::timestamptz and h.bucket < ${to.toISOString()}::timestamptz
           group by h.owner having sum(h.accepted_work) > 0
           order by h.owner`,
    );
    const states = new Map<string, PayMethodState>();
    for (const r of await this.db.select().from(payMethods).where(eq(payMethods.coin, coin))) {
      states.set(r.accountId, { method: r.method as PayMethod, previousMethod: (r.previousMethod as PayMethod | null) ?? null, effectiveFrom: r.effectiveFrom });
    }
    const fees = (await this.earnings.feeRates([coin])).get(coin);
    const reductions = await this.feeReduction(coin, day, work.map((w) => w.account_id));
    const dayMarket: DayMarket = { networkDifficulty: market.networkDifficulty, hashesPerDifficulty: ACCOUNT_COINS.find((c) => c.code === coin)!.hashesPerDifficulty, blockSubsidy: market.blockSubsidy, avgFeesPerBlock: market.avgFeesPerBlock };

    const rows: ProfitRow[] = [];
    for (const w of work) {
      const method = methodOnDay(states.get(w.account_id) ?? null, day);
      const feeRate = feeAfterReduction(fees?.get(method) ?? DEFAULT_FEE_RATES[method], reductions.get(w.account_id) ?? 0).toFixed();
      const earning = dailyEarning(w.work, method, dayMarket, feeRate);
      rows.push({ accountId: w.account_id, method, work: w.work, feeRate, gross: (earning?.gross ?? new Decimal(0)).toFixed(), exact: earning?.exact ?? new Decimal(0) });
    }

    await inTransaction(this.db, async (tx) => {
      const now = this.clock.now();
      const inserted = await tx
        .insert(settlementRuns)
        .values({ coin, day, status: 'computed', networkDifficulty: market.networkDifficulty, blockSubsidy: market.blockSubsidy, avgFeesPerBlock: market.avgFeesPerBlock, accounts: rows.length, startedAt: now })
        .onConflictDoNothing()
        .returning({ coin: settlementRuns.coin });
      if (inserted.length === 0) return; // computed meanwhile by another instance: its rows stand
      // Whole base units, each account's fraction carried: decided here, with the rows, once.
      const credits = await creditsWithRemainders(tx, coin, rows.map((r) => ({ holder: r.accountId, exact: r.exact })), now);
      const paid = credits.reduce((sum, c) => sum.plus(c), new LedgerDecimal(0));
      const exact = rows.reduce((sum, r) => sum.plus(r.exact), new LedgerDecimal(0));
      await tx.update(settlementRuns).set({ paid: paid.toFixed(), remainder: exact.minus(paid).toFixed() }).where(and(eq(settlementRuns.coin, coin), eq(settlementRuns.day, day)));
      for (let i = 0; i < rows.length; i += POST_CHUNK) {
        const part = rows.slice(i, i + POST_CHUNK);
        const amounts = credits.slice(i, i + POST_CHUNK);
        await tx.execute(sql`insert into profits (account_id, coin, day, method, work, fee_rate, gross, amount)
          select a, ${coin}, ${day}::date, m, w, f, g, n
            from unnest(${sqlArray(part.map((r) => r.accountId))}::uuid[], ${sqlArray(part.map((r) => r.method))}::text[], ${sqlArray(part.map((r) => r.work))}::float8[],
                        ${sqlArray(part.map((r) => r.feeRate))}::numeric[], ${sqlArray(part.map((r) => r.gross))}::numeric[], ${sqlArray(amounts.map((a) => a.toFixed()))}::numeric[]) as t(a, m, w, f, g, n)`);
      }
    });
  }
}
