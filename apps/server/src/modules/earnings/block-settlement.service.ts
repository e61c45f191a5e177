// Block-based payments: PPLNS, the fee part of PPS+ and SOLO are paid per pool
// block once it has matured (the money module has the arithmetic, the profit page shows it):
//
// - A matured block's reward R enters the ledger (sys:chain -> sys:pool_revenue, "block reward")
//   as the chain adapter books the coinbase, so custody keeps matching the ledger.
// - Found by a sub-account on SOLO that day: the finder alone gets R x (1 - fee).
// - Otherwise the window: the pool's last N = PPLNS_WINDOW_FACTOR x D x k hashes of accepted work
//   before the block (D the block's difficulty), from the owners' history points, newest first.
//   The point the block fell in counts for the part of it before the block; the oldest point
//   counted counts in part so the window holds exactly N (or all the work there was, looking back
//   at most PPLNS_LOOKBACK_DAYS). Work of sub-accounts on SOLO is not in it. The history selects
//   the points; the money module's pplnsWindow counts them, in the ledger's decimal. A sub-account on
//   PPLNS gets R x w / N x (1 - fee), on PPS+ (R - B) x w / N x (1 - fee); the parts of FPPS work
//   stay with the pool, which paid that work by expectation already.
// - An orphaned block pays nothing, and its reward never enters the ledger.
// - Before anything is computed, the chain adapter checks the matured block (checkCoinbase): a
//   stratum's `found` event is its word for the finder, the money and the difficulty D only as the
//   chain shows them (D the event's where the chain states none). A block whose coinbase the
//   node's wallet cannot spend yet waits; one not on the main chain, not paying the pool's wallet,
//   paying another amount, or whose event time (which sets its window and day) is over
//   CHAIN_TIME_TOLERANCE_MS from its time on the chain is held: nothing is paid, the operators
//   are told once per reason (`held`), and the check runs again at every settlement until it passes or an operator voids
//   it (block-holds.service.ts). A pass is recorded with the chain's D, and the chain is not asked again.
//
// The method of a sub-account is the one in force on the block's UTC day (payMethodsOnDay: the
// switch history), the fee rate that of the coin and method less any fee reduction of that day
// (feeAfterReduction, with the fee reduction port both settlements are given). What a reduction saved each payee (feeSaving:
// gross x (full rate - reduced rate) / 100) is recorded through the fee savings port in the transaction that
// writes the payout rows, so the profits rows and the coupon show it exactly once.
// Address-mode coins (address mining) pay every address in the window by PPLNS at the coin's
// PPLNS fee rate, into the address's wallet (address_wallets); the wallet job pays it out.
//
// Idempotent and resumable like the daily settlement: the payout rows of a block are computed once
// and written in one transaction with its block_settlements row; the reward and the credits are
// then posted from them with keys block-reward:<coin>:<block id> and
// block:<coin>:<block id>:<account>:<method>. A payout's `day` is the UTC day it was computed:
// the profits pages show it in that day's row and the invitation reward of that day counts it.
// Each payout is its exact share plus the payee's carried fraction, cut to the coin's base unit;
// the fraction the cut leaves is carried into the payee's next credit (remainders.ts), decided in
// the transaction that writes the payout rows, never kept by the pool.
import { LedgerDecimal as Decimal } from '../ledger';
import { COINS, findCoin, DEFAULT_PAY_METHOD, utcDay, type BlockHoldReason, type PayMethod } from '@hashpool/shared';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { AccountDirectory } from '../accounts';
import type { BlockRow, HistoryService, MiningApi } from '../mining';
import { fillWindow, windowSettlesAt } from './block-window';
import { LedgerDecimal, post, postCredits, SYSTEM } from '../ledger';
import { addressWalletIds, type ChainAdapter } from '../wallet';
import * as repo from './block-payouts.repository';
import { payMethodsOnDay } from './earnings.repository';
import { runEach } from '../../platform/run-each';
import type { EarningsService } from './earnings.service';
import { DEFAULT_FEE_RATES } from './earnings.seed';
import { noFeeReduction, noFeeSavings, type FeeReduction, type FeeSaving, type RecordFeeSavings } from './fee-reduction';
import { blockShareable, feeAfterReduction, feeSaving, pplnsWindowWork, soloShare, windowShare, type PoolBlock } from '../money';
import { creditsWithRemainders } from './remainders';
import { miningProfit } from './settlement.service';
import { nodeDifficultyInPoolUnit } from './node-market-data';

/**
 * How far the `found` event's time (the block's foundAt) may lie from the block's header time on
 * the chain before the block is held (time_differs). foundAt ends the block's PPLNS window, picks
 * the UTC day whose pay methods, fee rates and market data apply, and sets when the block may
 * settle (windowSettlesAt), yet it is only the stratum's word: a block stamped hours early would pay
 * the work of hours before it (another window, perhaps on another UTC day), one stamped late would
 * pay work done after it. A real block's header time may differ from the wall clock by up to about
 * 2 hours: a Bitcoin-family node takes a block up to 2 hours ahead of its clock
 * (MAX_FUTURE_BLOCK_TIME; Hashpool's stratum lets miners roll ntime up to 7,000 s ahead), and a
 * template's time is at least the median of the last 11 blocks' times plus one, which runs ahead
 * of the clock only while recent blocks were stamped ahead, again within those 2 hours. The 15
 * minutes more cover a miner still working a job of some minutes ago and the clocks of stratum
 * server and node (the found event's time is the stratum's clock; ingest takes one over 10
 * minutes ahead of the server's as the server's time). A genuine block is never held by it; a window may still be off
 * by up to this much, which the chain cannot tell.
 */
export const CHAIN_TIME_TOLERANCE_MS = 135 * 60_000;

/** Why a block is not settled now: see settleBlock. */
export type ChainVerdict = 'waiting' | 'held' | 'chain_unreachable';

/** Told of a matured block the chain did not confirm, at every check while it is held. */
export type BlockHeld = (block: BlockRow, hold: { reason: BlockHoldReason; detail: string }) => Promise<void>;

/** What the block settlement is made with. */
export interface BlockSettlementDeps {
  earnings: EarningsService;
  /** Books a matured block's coinbase in custody. */
  chain: ChainAdapter;
  /** The pool's blocks (the mining module's). */
  blocks: Pick<MiningApi['blocks'], 'idsFrom' | 'byIds'>;
  /** The owners' history the windows are filled from. */
  history: Pick<HistoryService, 'ownersWithWork' | 'windowPoints'>;
  /** Which owners of the history are sub-accounts. */
  accounts: Pick<AccountDirectory, 'accountIdsAmong'>;
  /** Fee reductions (coupons) of a day: the daily settlement's own port; nobody has one by default. */
  feeReduction?: FeeReduction | undefined;
  /** Records what the reductions saved, in the payout rows' transaction; nothing by default. */
  recordFeeSavings?: RecordFeeSavings | undefined;
  /** A matured block the chain did not confirm: called at every check while it is held; nothing by default. */
  held?: BlockHeld | undefined;
  /** Where a chain that could not be asked is logged (the block waits for the next check). */
  log?: { warn(details: object, message: string): void } | undefined;
}

const POST_CHUNK = 5_000;
/** Blocks read per page when looking for those to settle. */
const SCAN_PAGE = 5_000;

type Block = BlockRow;

interface Payout {
  accountId: string;
  method: PayMethod;
  work: Decimal;
  feeRate: string;
  /** The coin and method's rate before any reduction. */
  fullFeeRate: string;
  gross: Decimal;
  /** After the fee, uncut; the credited amount is decided with the payee's carried fraction. */
  exact: Decimal;
}

export class BlockSettlementService {
  private readonly feeReduction: FeeReduction;
  /** Every block with a smaller id was settled at the last look (per process; 0 reads all once). */
  private settledBefore = 0;
  /** When the place was last reset: once a day everything is read again, for a block whose row committed after a higher id's. */
  private readAllAt = 0;
  private readonly recordFeeSavings: RecordFeeSavings;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: BlockSettlementDeps,
  ) {
    this.feeReduction = deps.feeReduction ?? noFeeReduction;
    this.recordFeeSavings = deps.recordFeeSavings ?? noFeeSavings;
  }

  /**
   * The ids of the matured and orphaned blocks not settled yet. Read in pages from the first block
   * that was not settled at the last look (every block before it was): a pass reads the blocks of
   * the last days, not the pool's whole history (1-second coins find thousands a day). A block
   * still pending holds the place, as it will need settling once it matures.
   */
  private async unsettledIds(): Promise<number[]> {
    const coins = COINS.map((c) => c.code);
    if (this.clock.now().getTime() - this.readAllAt >= 86_400_000) {
      this.settledBefore = 0;
      this.readAllAt = this.clock.now().getTime();
    }
    const unsettled: number[] = [];
    let firstOpen: number | undefined;
    let from = this.settledBefore;
    for (;;) {
      const page = await this.deps.blocks.idsFrom(coins, from, SCAN_PAGE);
      const done = await repo.settledBlockIds(this.db, page.filter((b) => b.status !== 'pending').map((b) => b.id));
      for (const b of page) {
        if (done.has(b.id)) continue;
        firstOpen ??= b.id;
        if (b.status !== 'pending') unsettled.push(b.id);
      }
      if (page.length > 0) from = page[page.length - 1]!.id + 1;
      if (page.length < SCAN_PAGE) break;
    }
    this.settledBefore = firstOpen ?? from;
    return unsettled;
  }

  /**
   * Settles every matured or orphaned block of the account-mode coins not settled yet, oldest
   * first; a block whose day has no market data yet waits for it. Answers how many were settled.
   * A matured block waits until its window is complete (block-window.ts): a share the window
   * left out would never be paid.
   */
  async settleReady(): Promise<number> {
    const now = this.clock.now().getTime();
    const ready = (await this.deps.blocks.byIds(await this.unsettledIds()))
      .filter((b) => b.status === 'orphaned' || windowSettlesAt(b.foundAt) <= now)
      .sort((a, b) => a.foundAt.getTime() - b.foundAt.getTime());
    let settled = 0;
    // A coin whose chain did not answer is not asked again this round: each try would wait for
    // its time-out, and the other coins' blocks and the daily settlement come after.
    const unreachable = new Set<string>();
    // One block that fails (a bad row, a statement time-out) does not hold up the others: its
    // failure is thrown after them, for the job to log, and it is tried again at the next round.
    await runEach(
      'block settlement',
      ready,
      async (block) => {
        if (unreachable.has(block.coin)) return;
        try {
          const outcome = await this.settleBlock(block);
          if (outcome === 'settled') settled++;
          else if (outcome === 'chain_unreachable') unreachable.add(block.coin);
        } catch (error) {
          if (!(error instanceof AppError && error.key === 'market_data_not_found')) throw error;
        }
      },
      (block) => `${block.coin} block ${block.height}`,
    );
    return settled;
  }

  /**
   * Settles one block, or says why not now: `waiting` (its coinbase not yet spendable on the node),
   * `held` (the chain does not confirm its reward) or `chain_unreachable`. The chain is asked
   * once, before the payouts are computed; a block computed already (a settlement stopped half-way)
   * is finished without asking again. `stopAfterChunks` stops after that many credit calls, as a
   * crash would (tests).
   */
  async settleBlock(block: Block, options: { stopAfterChunks?: number; chunkSize?: number } = {}): Promise<'settled' | ChainVerdict> {
    let run = await repo.blockSettlement(this.db, block.id);
    if (run?.status === 'done') return 'settled';
    if (!run) {
      if (block.status !== 'orphaned') {
        const verdict = await this.chainVerdict(block);
        if (verdict !== 'ok') return verdict;
      }
      await this.compute(block);
      run = await repo.blockSettlement(this.db, block.id);
      if (run?.status === 'done') return 'settled'; // orphaned: nothing to post
    }
    const now = this.clock.now();
    const reward = new Decimal(block.reward).toFixed();
    // The reward first: the credits below are paid out of it.
    await this.deps.chain.coinbaseMatured(block.coin, block.hash, reward);
    await post(
      this.db,
      {
        idempotencyKey: `block-reward:${block.coin}:${block.id}`,
        businessType: 'block_reward',
        reference: `block:${block.coin}:${block.height}`,
        memo: { height: String(block.height), hash: block.hash },
        entries: [
          { holder: SYSTEM.chain, coin: block.coin, amount: `-${reward}` },
          { holder: SYSTEM.poolRevenue, coin: block.coin, amount: reward },
        ],
      },
      now,
    );
    const chunkSize = options.chunkSize ?? POST_CHUNK;
    let after = { accountId: '00000000-0000-0000-0000-000000000000', method: '' };
    for (let chunk = 0; ; chunk++) {
      if (options.stopAfterChunks !== undefined && chunk >= options.stopAfterChunks) throw new Error('block settlement stopped (test)');
      const rows = await repo.payoutsToCredit(this.db, block.id, after, chunkSize);
      if (rows.length === 0) break;
      await postCredits(
        this.db,
        rows.map((r) =>
          miningProfit(block.coin, r.accountId, r.amount, {
            key: `block:${block.coin}:${block.id}:${r.accountId}:${r.method}`,
            reference: `block:${block.coin}:${block.height}`,
            memo: { method: r.method, day: r.day, height: String(block.height) },
          }),
        ),
        now,
      );
      const last = rows[rows.length - 1]!;
      after = { accountId: last.accountId, method: last.method };
      if (rows.length < chunkSize) break;
    }
    await repo.markBlockDone(this.db, block.id, this.clock.now());
    return 'settled';
  }

  /**
   * What the chain says of the matured block's reward (checkCoinbase), asked until it confirms it
   * once (recorded: a pruning node drops the block's data later, while the block may still wait
   * for its day's market data). A hold is reported to `held`.
   */
  private async chainVerdict(block: Block): Promise<'ok' | ChainVerdict> {
    if (await repo.chainCheck(this.db, block.id)) return 'ok';
    let check;
    try {
      check = await this.deps.chain.checkCoinbase(block.coin, { hash: block.hash, height: block.height, reward: new Decimal(block.reward).toFixed() });
    } catch (error) {
      this.deps.log?.warn({ err: error, coin: block.coin, height: block.height }, 'block settlement: the coin\'s chain could not be asked about a matured block; the coin\'s blocks wait for the next round');
      return 'chain_unreachable';
    }
    if (check.state === 'held') {
      await this.deps.held?.(block, { reason: check.reason, detail: check.detail });
      return 'held';
    }
    // The found event's time against the block's on the chain (CHAIN_TIME_TOLERANCE_MS): the time
    // never changes, so such a block stays held until an operator voids it.
    if (check.time && Math.abs(check.time.getTime() - block.foundAt.getTime()) > CHAIN_TIME_TOLERANCE_MS) {
      const minutes = Math.round((block.foundAt.getTime() - check.time.getTime()) / 60_000);
      const detail = `the found event's time ${block.foundAt.toISOString()} is ${Math.abs(minutes)} minutes ${minutes < 0 ? 'before' : 'after'} the block's time on the chain, ${check.time.toISOString()} (${CHAIN_TIME_TOLERANCE_MS / 60_000} minutes allowed)`;
      await this.deps.held?.(block, { reason: 'time_differs', detail });
      return 'held';
    }
    if (check.state === 'immature') return 'waiting';
    const difficulty = check.nodeDifficulty === undefined ? null : nodeDifficultyInPoolUnit(findCoin(block.coin)!, check.nodeDifficulty);
    // The stratum reported the difficulty too; a difference beyond rounding is a stratum's unit or
    // template mistake, worth the operator's look (the chain's value is the one used).
    if (difficulty !== null && Math.abs(difficulty - block.networkDifficulty) > difficulty * 1e-6) {
      this.deps.log?.warn({ coin: block.coin, height: block.height, reported: block.networkDifficulty, chain: difficulty }, 'block settlement: the found event\'s network difficulty differs from the chain\'s; the PPLNS window is sized by the chain\'s');
    }
    // Under the hold rows' lock (a void of the block takes it too): a void that committed first
    // wins (the settlement row it wrote stops the payment below); one after this sees the pass.
    await inTransaction(
      this.db,
      async (tx) => {
        await repo.lockBlockHolds(tx, block.id);
        await repo.recordChainChecked(tx, block.id, this.clock.now(), difficulty);
      },
      { isolation: 'read committed' },
    );
    return 'ok';
  }

  /** Computes the block's payouts and writes them with its settlement row, all or nothing. */
  private async compute(block: Block): Promise<void> {
    const now = this.clock.now();
    if (block.status === 'orphaned') {
      await repo.insertOrphaned(this.db, { blockId: block.id, coin: block.coin, reward: block.reward, at: now });
      return;
    }
    const day = utcDay(block.foundAt);
    const market = await this.deps.earnings.marketDay(block.coin, day); // throws market_data_not_found: wait for it
    const info = findCoin(block.coin)!;
    const poolBlock: PoolBlock = { reward: block.reward, subsidy: market.blockSubsidy, status: 'confirmed', finder: block.finderOwner };
    const fees = (await this.deps.earnings.feeRatesOn([block.coin], day)).get(block.coin);
    const fullRate = (method: PayMethod) => new Decimal(fees?.get(method) ?? DEFAULT_FEE_RATES[method]).toFixed();
    const feeRates = async (ids: string[]) => {
      // Fee reductions (coupons) belong to sub-accounts; an address-mode coin's owners are addresses.
      const reductions = info.mode === 'account' ? await this.feeReduction(block.coin, day, ids) : new Map<string, string | number>();
      return (id: string, method: PayMethod) => feeAfterReduction(fullRate(method), reductions.get(id) ?? 0).toFixed();
    };

    let payouts: Payout[];
    let outcome: 'paid' | 'solo';
    let windowTarget: number | null = null;
    let windowWork: number | null = null;
    if ((await this.methodOf(block.finderOwner, block.coin, day)) === 'solo') {
      outcome = 'solo';
      const feeRate = (await feeRates([block.finderOwner]))(block.finderOwner, 'solo');
      const share = soloShare(poolBlock, feeRate);
      payouts = [{ accountId: block.finderOwner, method: 'solo', work: new Decimal(0), feeRate, fullFeeRate: fullRate('solo'), gross: share.gross, exact: share.exact }];
    } else {
      outcome = 'paid';
      // D: the chain's word where it gave one (the check above), else the found event's.
      const networkDifficulty = (await repo.chainCheck(this.db, block.id))?.difficulty ?? block.networkDifficulty;
      const target = pplnsWindowWork({ networkDifficulty, hashesPerDifficulty: info.hashesPerDifficulty });
      const { credits, total, whole } = await fillWindow({ db: this.db, history: this.deps.history, accounts: this.deps.accounts }, block, target, info.mode);
      windowTarget = target.toNumber();
      windowWork = total.toNumber();
      const paidBy = credits.filter((c) => c.method === 'pplns' || c.method === 'pps_plus');
      const feeRate = await feeRates([...new Set(paidBy.map((c) => c.owner))]);
      // Address mining: each address is paid into its wallet.
      const holders = info.mode === 'address' ? await addressWalletIds(this.db, block.coin, paidBy.map((c) => c.owner)) : null;
      payouts = total.isZero()
        ? []
        : paidBy.map((c) => {
            const rate = feeRate(c.owner, c.method);
            const share = windowShare(blockShareable(poolBlock, c.method === 'pplns' ? 'reward' : 'fees'), c.part, whole, rate);
            return { accountId: holders?.get(c.owner) ?? c.owner, method: c.method, work: c.work, feeRate: rate, fullFeeRate: fullRate(c.method), gross: share.gross, exact: share.exact };
          });
    }
    const payoutDay = utcDay(now);
    // What the reductions saved: the fee at the full rate less the fee at the reduced one, exact.
    const savings: FeeSaving[] = payouts
      .filter((p) => new Decimal(p.fullFeeRate).gt(p.feeRate))
      .map((p) => ({ accountId: p.accountId, method: p.method, feeRate: p.fullFeeRate, reducedFeeRate: p.feeRate, saving: feeSaving(p.gross, p.fullFeeRate, p.feeRate).toFixed() }));

    await inTransaction(this.db, async (tx) => {
      const written = await repo.insertComputed(tx, { blockId: block.id, coin: block.coin, reward: block.reward, at: now, outcome, subsidy: market.blockSubsidy, windowTarget, windowWork });
      if (!written || payouts.length === 0) return; // computed meanwhile by another instance: its rows stand
      // Whole base units, each payee's fraction carried: decided here, with the rows, once.
      const credits = await creditsWithRemainders(tx, block.coin, payouts.map((p) => ({ holder: p.accountId, exact: p.exact })), now);
      const paid = credits.reduce((sum, c) => sum.plus(c), new LedgerDecimal(0));
      const exact = payouts.reduce((sum, p) => sum.plus(p.exact), new LedgerDecimal(0));
      await repo.setBlockTotals(tx, block.id, paid.toFixed(), exact.minus(paid).toFixed());
      for (let i = 0; i < payouts.length; i += POST_CHUNK) {
        const part = payouts.slice(i, i + POST_CHUNK).map((p, j) => ({ accountId: p.accountId, method: p.method, work: p.work.toNumber(), feeRate: p.feeRate, gross: p.gross.toFixed(), amount: credits[i + j]!.toFixed() }));
        await repo.insertBlockPayouts(tx, block.id, block.coin, payoutDay, part);
      }
      if (savings.length > 0) await this.recordFeeSavings(tx, { source: `block:${block.coin}:${block.id}`, coin: block.coin, reductionDay: day, day: payoutDay, savings, at: now });
    });
  }

  /** The method that pays `owner`'s work of `day` (an address, not a sub-account, has none here). */
  private async methodOf(owner: string, coin: string, day: string): Promise<PayMethod | null> {
    if (!/^[0-9a-f-]{36}$/.test(owner)) return null;
    return (await payMethodsOnDay(this.db, coin, day, [owner])).get(owner) ?? DEFAULT_PAY_METHOD;
  }
}
