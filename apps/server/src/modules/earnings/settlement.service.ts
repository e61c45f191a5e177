// Daily settlement: each sub-account's accepted work of a UTC day becomes a "mining profit" credit
// in its wallet, by the payout method in force that day (payMethodsOnDay: the switch history), at
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
import { LedgerDecimal as Decimal } from '../ledger';
import { addDays, dayStart, DEFAULT_PAY_METHOD, type PayMethod } from '@hashpool/shared';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { AccountDirectory } from '../accounts';
import type { HistoryService } from '../mining';
import { LedgerDecimal, postCredits, SYSTEM, type PostingInput } from '../ledger';
import { payMethodsOnDay } from './earnings.repository';
import { runEach } from '../../platform/run-each';
import { ACCOUNT_COINS, type EarningsService } from './earnings.service';
import { DEFAULT_FEE_RATES } from './earnings.seed';
import { noFeeReduction, type FeeReduction } from './fee-reduction';
import { dailyEarning, feeAfterReduction, type DayMarket } from '../money';
import { creditsWithRemainders } from './remainders';
import * as repo from './settlement.repository';

/** What the daily settlement is made with. */
export interface SettlementDeps {
  earnings: EarningsService;
  /** The mining history: each owner's accepted work of the day. */
  history: Pick<HistoryService, 'workByOwner'>;
  /** Which owners of the history are sub-accounts. */
  accounts: Pick<AccountDirectory, 'accountIdsAmong'>;
  /** Fee reductions (coupons) of a day; nobody has one by default. */
  feeReduction?: FeeReduction | undefined;
}

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

/** A profit row as computed, before its credit is decided. */
interface ComputedProfit {
  accountId: string;
  method: PayMethod;
  work: number;
  feeRate: string;
  fullFeeRate: string;
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

/**
 * How many days back the daily settlement looks for a day not settled yet (earnings.jobs.ts): one
 * a stopped server or a coin's late market data left behind is settled once it can be, oldest
 * first, not skipped for ever because the job looked only at yesterday.
 */
export const SETTLEMENT_CATCH_UP_DAYS = 14;

export class SettlementService {
  private readonly feeReduction: FeeReduction;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: SettlementDeps,
  ) {
    this.feeReduction = deps.feeReduction ?? noFeeReduction;
  }

  /**
   * Settles each account-mode coin's days due: `lastDue`, and every earlier day of the last
   * SETTLEMENT_CATCH_UP_DAYS not settled yet, from the coin's first settlement on (a pool's days
   * before its first settlement are not its past to catch up: settling them all at its first
   * start would hold the job, and a shutdown, for a while). One coin or day that fails does not
   * hold up the others; its failure is thrown after them.
   */
  async settleDue(lastDue: string): Promise<SettlementResult[]> {
    const from = addDays(lastDue, 1 - SETTLEMENT_CATCH_UP_DAYS);
    const { firstDay, done } = await repo.settlementProgress(this.db, from, lastDue);
    const results: SettlementResult[] = [];
    await runEach(
      'daily settlement',
      ACCOUNT_COINS,
      async ({ code: coin }) => {
        const first = firstDay.get(coin);
        const start = first === undefined || first > lastDue ? lastDue : first > from ? first : from;
        const days: string[] = [];
        for (let day = start; day <= lastDue; day = addDays(day, 1)) if (!done.has(`${coin} ${day}`)) days.push(day);
        await runEach(coin, days, async (day) => results.push(await this.settleOrWait(coin, day)));
      },
      ({ code }) => code,
    );
    return results;
  }

  /** One coin's day; a coin without the day's market data waits for it. */
  private async settleOrWait(coin: string, day: string): Promise<SettlementResult> {
    try {
      return await this.settleCoinDay(coin, day);
    } catch (error) {
      if (!(error instanceof AppError && error.key === 'market_data_not_found')) throw error;
      return { coin, day, outcome: 'no_market_data', accounts: 0, paid: '0' };
    }
  }

  /** Settles `day` for every account-mode coin; a coin without the day's market data waits for it. */
  async settleDay(day: string): Promise<SettlementResult[]> {
    const results: SettlementResult[] = [];
    // One coin that fails does not hold up the others: its failure is thrown after them.
    await runEach(`settlement of ${day}`, ACCOUNT_COINS, async (coin) => results.push(await this.settleOrWait(coin.code, day)), (coin) => coin.code);
    return results;
  }

  /**
   * Settles one coin's day. `stopAfterChunks` stops after that many ledger calls, as a crash
   * would (tests). `postedAt` dates the credits (the demo seeds its past days as if each had been
   * settled the morning after); otherwise they carry the time they are made.
   */
  async settleCoinDay(coin: string, day: string, options: { stopAfterChunks?: number; chunkSize?: number; postedAt?: Date } = {}): Promise<SettlementResult> {
    const chunkSize = options.chunkSize ?? POST_CHUNK;
    let run = await repo.settlementRun(this.db, coin, day);
    if (run?.status === 'done') return { coin, day, outcome: 'already_settled', accounts: run.accounts ?? 0, paid: new Decimal(run.paid ?? 0).toFixed() };
    if (!run) {
      await this.compute(coin, day);
      run = await repo.settlementRun(this.db, coin, day);
    }

    // Credit from the stored rows, in account order, chunk by chunk.
    const now = options.postedAt ?? this.clock.now();
    let after = '00000000-0000-0000-0000-000000000000';
    for (let chunk = 0; ; chunk++) {
      if (options.stopAfterChunks !== undefined && chunk >= options.stopAfterChunks) throw new Error('settlement stopped (test)');
      const rows = await repo.profitsToCredit(this.db, coin, day, after, chunkSize);
      if (rows.length === 0) break;
      await postCredits(
        this.db,
        rows.map((r) => miningProfit(coin, r.accountId, r.amount, { key: `profit:${coin}:${day}:${r.accountId}:${r.method}`, reference: `settlement:${coin}:${day}`, memo: { method: r.method, day } })),
        now,
      );
      after = rows[rows.length - 1]!.accountId;
      if (rows.length < chunkSize) break;
    }
    await repo.markRunDone(this.db, coin, day, this.clock.now());
    return { coin, day, outcome: 'settled', accounts: run?.accounts ?? 0, paid: new Decimal(run?.paid ?? 0).toFixed() };
  }

  /**
   * The stored profit rows of a coin's settled day for some sub-accounts (what the coupons' savings
   * are computed from); null while the day is not settled.
   */
  async settledRows(coin: string, day: string, accountIds: readonly string[]): Promise<Array<{ accountId: string; method: PayMethod; gross: string; feeRate: string; fullFeeRate: string | null; amount: string }> | null> {
    const run = await repo.settlementRun(this.db, coin, day);
    if (run?.status !== 'done') return null;
    const rows = await repo.profitsOfAccounts(this.db, coin, day, accountIds);
    return rows.map((r) => ({
      accountId: r.accountId,
      method: r.method,
      gross: new Decimal(r.gross).toFixed(),
      feeRate: new Decimal(r.feeRate).toFixed(),
      fullFeeRate: r.fullFeeRate === null ? null : new Decimal(r.fullFeeRate).toFixed(),
      amount: new Decimal(r.amount).toFixed(),
    }));
  }

  /** Computes the day's profit rows and writes them with the run's row, all or nothing. */
  private async compute(coin: string, day: string): Promise<void> {
    const market = await this.deps.earnings.marketDay(coin, day);
    const from = dayStart(day);
    const to = dayStart(addDays(day, 1));
    // The day's accepted work per sub-account, from its history points of every resolution
    // (10-minute points are rolled up into hours, never both kept): one read of every owner, one
    // of which owners are sub-accounts.
    const owners = await this.deps.history.workByOwner(coin, from, to);
    const accounts = await this.deps.accounts.accountIdsAmong(owners.map((o) => o.owner));
    const work = owners.filter((o) => accounts.has(o.owner));
    const methods = await payMethodsOnDay(this.db, coin, day);
    const fees = (await this.deps.earnings.feeRatesOn([coin], day)).get(coin);
    const reductions = await this.feeReduction(coin, day, work.map((w) => w.owner));
    const dayMarket: DayMarket = { networkDifficulty: market.networkDifficulty, hashesPerDifficulty: ACCOUNT_COINS.find((c) => c.code === coin)!.hashesPerDifficulty, blockSubsidy: market.blockSubsidy, avgFeesPerBlock: market.avgFeesPerBlock };

    const rows: ComputedProfit[] = [];
    for (const w of work) {
      const method = methods.get(w.owner) ?? DEFAULT_PAY_METHOD;
      const fullFeeRate = new Decimal(fees?.get(method) ?? DEFAULT_FEE_RATES[method]).toFixed();
      const feeRate = feeAfterReduction(fullFeeRate, reductions.get(w.owner) ?? 0).toFixed();
      const earning = dailyEarning(w.work, method, dayMarket, feeRate);
      rows.push({ accountId: w.owner, method, work: w.work, feeRate, fullFeeRate, gross: (earning?.gross ?? new Decimal(0)).toFixed(), exact: earning?.exact ?? new Decimal(0) });
    }

    await inTransaction(this.db, async (tx) => {
      const now = this.clock.now();
      const written = await repo.insertRun(tx, { coin, day, networkDifficulty: market.networkDifficulty, blockSubsidy: market.blockSubsidy, avgFeesPerBlock: market.avgFeesPerBlock, accounts: rows.length, startedAt: now });
      if (!written) return; // computed meanwhile by another instance: its rows stand
      // Whole base units, each account's fraction carried: decided here, with the rows, once.
      const credits = await creditsWithRemainders(tx, coin, rows.map((r) => ({ holder: r.accountId, exact: r.exact })), now);
      const paid = credits.reduce((sum, c) => sum.plus(c), new LedgerDecimal(0));
      const exact = rows.reduce((sum, r) => sum.plus(r.exact), new LedgerDecimal(0));
      await repo.setRunTotals(tx, coin, day, paid.toFixed(), exact.minus(paid).toFixed());
      for (let i = 0; i < rows.length; i += POST_CHUNK) {
        const part = rows.slice(i, i + POST_CHUNK).map((r, j) => ({ accountId: r.accountId, method: r.method, work: r.work, feeRate: r.feeRate, fullFeeRate: r.fullFeeRate, gross: r.gross, amount: credits[i + j]!.toFixed() }));
        await repo.insertProfits(tx, coin, day, part);
      }
    });
  }
}
