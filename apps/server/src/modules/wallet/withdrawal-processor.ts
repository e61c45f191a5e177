// Moves withdrawals through their states after the request: processing -> broadcast (the chain
// adapter sent it, txid) -> completed (confirmed: the frozen amount leaves the ledger to the chain
// and the fee account), or -> failed (the chain refused or dropped it: the frozen amount returns
// to available). Every transition is a conditional update on the current status in the same
// transaction as its posting, so a state is left exactly once and funds return exactly once
// (docs/security.md item 31), whatever runs twice after a crash.
import type { Db, Tx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../platform/clock';
import { ChainRefusal, ChainUnreachable, SendOutcomeUnknown, type ChainAdapter } from './chain';
import { LedgerDecimal as Decimal, movement, post, SYSTEM } from '../ledger';
import { withdrawalNet, withdrawalSettlement } from '../money';
import type { StuckPayments } from './stuck-payments';
import * as repo from './wallet.repository';
import type { WithdrawalRow } from './wallet.repository';

/** Withdrawals the processor takes per pass, per state and coin (options.batch changes them for tests). */
const BATCH = { send: 100, check: 500 };
/**
 * How long a send of unknown outcome that the chain does not know is waited for before it is sent
 * again: far longer than a node takes to answer a call (the adapter gives up after 20 s).
 */
export const UNKNOWN_SEND_WAIT_MS = 10 * 60_000;
/**
 * A withdrawal the node keeps refusing to tell about is warned of once in this long, not at every
 * pass (every few seconds, per withdrawal: a coin whose chain was changed under its payments
 * would fill the log). At most WARNED_MAX withdrawals are remembered.
 */
export const REFUSAL_WARN_EVERY_MS = 3_600_000;
const WARNED_MAX = 10_000;

/** Whose balance a withdrawal moves: the sub-account's, or the address wallet's (address mining). */
export const withdrawalHolder = (w: Pick<WithdrawalRow, 'accountId' | 'addressWalletId'>): string => (w.accountId ?? w.addressWalletId)!;

/** Available to frozen, once: a withdrawal's amount is held from its creation until it settles or returns. */
export async function freezeFunds(tx: Tx, w: WithdrawalRow, now: Date): Promise<void> {
  const holder = withdrawalHolder(w);
  await post(tx, movement({ idempotencyKey: `withdraw:${w.id}`, businessType: 'withdraw', reference: `withdrawal:${w.id}`, coin: w.coin, amount: w.amount, from: { holder }, to: { holder, bucket: 'frozen' } }), now);
}

/** Frozen back to available, once: for rejected and failed withdrawals. */
export async function returnFunds(tx: Tx, w: WithdrawalRow, now: Date): Promise<void> {
  const holder = withdrawalHolder(w);
  await post(tx, movement({ idempotencyKey: `withdraw-return:${w.id}`, businessType: 'withdraw_return', reference: `withdrawal:${w.id}`, coin: w.coin, amount: w.amount, from: { holder, bucket: 'frozen' }, to: { holder } }), now);
}

export class WithdrawalProcessor {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly chain: ChainAdapter,
    /** Where a coin's node that failed a call is logged (its withdrawals wait for the next pass). */
    private readonly log?: { warn(details: object, message: string): void },
    /** Told about each payment the chain calls pending, to alert the operators about one stuck for hours. */
    private readonly stuck?: Pick<StuckPayments, 'pending'>,
    private readonly batch: { send: number; check: number } = BATCH,
  ) {}

  /** Per state, each coin's last withdrawal of a full batch: the next pass goes on after it (withdrawalsInState). */
  private readonly resumeAfter = { processing: new Map<string, string>(), broadcast: new Map<string, string>() };

  /** This pass's withdrawals in `status`, each coin's after the last full batch's, round to its oldest. */
  private async nextBatch(status: 'processing' | 'broadcast', limitPerCoin: number): Promise<WithdrawalRow[]> {
    const marks = this.resumeAfter[status];
    const rows = await repo.withdrawalsInState(this.db, status, limitPerCoin, marks);
    const taken = new Map<string, { count: number; last: string }>();
    for (const w of rows) taken.set(w.coin, { count: (taken.get(w.coin)?.count ?? 0) + 1, last: w.id });
    marks.clear();
    for (const [coin, { count, last }] of taken) if (count === limitPerCoin) marks.set(coin, last);
    return rows;
  }

  /** When each withdrawal's refusal was last warned of ("<id>:<step>:<kind>" → ms). */
  private readonly warned = new Map<string, number>();

  /**
   * Sends every withdrawal waiting in processing. The send is marked as started (committed) before
   * the chain is asked, and the payment carries the withdrawal id: a send whose outcome is unknown
   * (the process died, the node did not answer in time) is looked up on the chain by that id at
   * the next pass and recorded if it went out; it is sent again only when the chain has no such
   * payment UNKNOWN_SEND_WAIT_MS after it started. A refusal from the node fails the withdrawal
   * and returns its funds; nothing else does. So a payment goes out once (docs/security.md items
   * 30 and 31), whatever fails between asking and recording, and however many passes overlap (the
   * mark is a compare-and-set: only the pass that made it sends). A coin whose node fails a call
   * waits for the next pass without holding up the other coins (setAside).
   */
  async sendPending(): Promise<number> {
    const pending = await this.nextBatch('processing', this.batch.send);
    let sent = 0;
    const unreachable = new Set<string>();
    for (const w of pending) {
      if (unreachable.has(w.coin)) continue;
      try {
        if (await this.sendOne(w)) sent++;
      } catch (error) {
        this.setAside(unreachable, w, 'send', error);
      }
    }
    return sent;
  }

  /** One withdrawal of sendPending(); true when it is now recorded as sent. */
  private async sendOne(w: WithdrawalRow): Promise<boolean> {
    if (w.sendStartedAt) {
      // Asked before the look-up: a send still under way is listed until it ends, and one that
      // ended by then is in the wallet when the look-up reads it.
      const underWay = await this.chain.sendInProgress(w.coin);
      const earlier = await this.chain.findSent(w.coin, w.id, w.sendStartedAt);
      if (earlier) {
        const networkFee = await this.networkFeeOf(w.coin, earlier);
        return inTransaction(this.db, (tx) => repo.moveWithdrawal(tx, w.id, 'processing', 'broadcast', { txid: earlier, networkFee }, this.clock.now()));
      }
      // The node may still be working on a call that timed out: wait before sending again, and
      // longer while it runs a send (a node catching up for more than the wait, say after a restart).
      if (this.clock.now().getTime() - w.sendStartedAt.getTime() < UNKNOWN_SEND_WAIT_MS || underWay) return false;
    }
    // Only the pass whose mark replaces the start it read may send: another pass that read the row
    // too (a lease taken over from a pass that stalled) loses here, so the payment goes out once.
    if (!(await repo.markSendStarted(this.db, w.id, w.sendStartedAt, this.clock.now()))) return false; // moved or marked meanwhile (rejected, another pass)
    const net = withdrawalNet(w.amount, w.fee).toFixed();
    let txid: string;
    try {
      txid = await this.chain.send(w.coin, w.address, net, w.id);
    } catch (error) {
      if (error instanceof ChainRefusal) {
        await this.fail(w, 'processing', error.message.slice(0, 200));
        return false;
      }
      // It may have gone out: it stays in processing until a later pass finds out (setAside logs it).
      throw error;
    }
    const networkFee = await this.networkFeeOf(w.coin, txid);
    await inTransaction(this.db, (tx) => repo.moveWithdrawal(tx, w.id, 'processing', 'broadcast', { txid, networkFee }, this.clock.now()));
    return true;
  }

  /** Settles confirmed payments and returns dropped ones. */
  async checkBroadcast(): Promise<number> {
    const inFlight = await this.nextBatch('broadcast', this.batch.check);
    let settled = 0;
    const unreachable = new Set<string>();
    for (const w of inFlight) {
      if (unreachable.has(w.coin)) continue;
      try {
        if (await this.settleOne(w)) settled++;
      } catch (error) {
        this.setAside(unreachable, w, 'check', error);
      }
    }
    return settled;
  }

  /**
   * A withdrawal whose coin's node failed a call waits for the next pass, and the other coins'
   * withdrawals go on: one coin's node (down, not configured, refusing) must not stop every coin's
   * payments. A node that did not answer is not asked again this pass (each try would wait for its
   * time-out); a refusal is the node's answer about this call, so the coin's other withdrawals are
   * still tried. Either way nothing is failed or returned here: the outcome may be unknown.
   */
  private setAside(unreachable: Set<string>, w: WithdrawalRow, step: 'send' | 'check', error: unknown): void {
    if (error instanceof ChainRefusal || error instanceof SendOutcomeUnknown) {
      // Per withdrawal, step and kind of refusal: another refusal of the same one is warned of at once.
      const kind = `${error.name}:${error instanceof ChainRefusal ? (error.code ?? '') : ''}`;
      if (this.firstWarningInAWhile(`${w.id}:${step}:${kind}`)) this.log?.warn({ err: error, coin: w.coin, withdrawal: w.id, step }, 'wallet: the coin\'s node refused a call about a withdrawal; it waits for the next pass');
      return;
    }
    // Anything else is not the node's (the database, a defect): it ends the pass and is reported
    // as itself by the wallet job, not logged as a node that did not answer.
    if (!(error instanceof ChainUnreachable)) throw error;
    unreachable.add(w.coin);
    this.log?.warn({ err: error, coin: w.coin, withdrawal: w.id, step }, 'wallet: the coin\'s node did not answer; its withdrawals wait for the next pass');
  }

  /** True when `key` was not warned of in the last REFUSAL_WARN_EVERY_MS, which it now is. */
  private firstWarningInAWhile(key: string): boolean {
    const now = this.clock.now().getTime();
    const last = this.warned.get(key);
    if (last !== undefined && now - last < REFUSAL_WARN_EVERY_MS) return false;
    if (this.warned.size >= WARNED_MAX) {
      for (const [k, at] of this.warned) if (now - at >= REFUSAL_WARN_EVERY_MS) this.warned.delete(k);
      // All recent: the oldest goes (a Map keeps insertion order; a key warned again is re-inserted).
      if (this.warned.size >= WARNED_MAX) this.warned.delete(this.warned.keys().next().value!);
    }
    this.warned.delete(key);
    this.warned.set(key, now);
    return true;
  }

  /** One withdrawal of checkBroadcast(); true when it is now completed. */
  private async settleOne(w: WithdrawalRow): Promise<boolean> {
    const outcome = await this.chain.outcome(w.coin, w.txid!);
    if (outcome.state === 'dropped') {
      await this.fail(w, 'broadcast', outcome.reason);
      return false;
    }
    if (outcome.state === 'pending') {
      // A fee bump raised what the payment costs the pool's wallet: the payment in flight is
      // recorded with it, so that custody and the ledger stay equal until it settles.
      if (outcome.networkFee !== undefined && !new Decimal(outcome.networkFee).eq(w.networkFee ?? 0)) {
        await repo.moveWithdrawal(this.db, w.id, 'broadcast', 'broadcast', { networkFee: outcome.networkFee }, this.clock.now());
      }
      // An alert that fails (the database) must not stop the pass's settling: it is tried again at the next.
      await this.stuck?.pending(w, outcome.txid ?? w.txid!).catch((error: unknown) => this.log?.warn({ err: error, withdrawal: w.id }, 'wallet: the operators could not be told about a stuck payment; tried again at the next pass'));
      return false;
    }
    // A fee bump replaced the payment's transaction: the user's list names the one that paid them.
    // Until then the withdrawal keeps the transaction it sent, from which every check follows the
    // replacements: a replacement the network did not take leaves the original to confirm.
    const replacedBy = outcome.txid && outcome.txid !== w.txid ? { txid: outcome.txid } : {};
    const now = this.clock.now();
    // The user's fee is the pool's; the network's fee left the pool's wallet with the payment,
    // so it leaves the pool's fees to the chain: custody and ledger stay equal.
    const networkFee = new Decimal(outcome.networkFee ?? w.networkFee ?? 0);
    return inTransaction(this.db, async (tx) => {
      if (!(await repo.moveWithdrawal(tx, w.id, 'broadcast', 'completed', { networkFee: networkFee.toFixed(), ...replacedBy }, now))) return false;
      const amount = new Decimal(w.amount);
      const { toChain, feesKept } = withdrawalSettlement(amount, w.fee, networkFee);
      await post(
        tx,
        {
          idempotencyKey: `withdraw-settle:${w.id}`,
          businessType: 'withdraw',
          reference: `withdrawal:${w.id}`,
          entries: [
            { holder: withdrawalHolder(w), coin: w.coin, bucket: 'frozen', amount: amount.neg().toFixed() },
            { holder: SYSTEM.chain, coin: w.coin, amount: toChain.toFixed() },
            ...(feesKept.isZero() ? [] : [{ holder: SYSTEM.fees, coin: w.coin, amount: feesKept.toFixed() }]),
          ],
        },
        now,
      );
      return true;
    });
  }

  /** The network fee of a payment just sent, when the chain says it; unknown (null) is learnt at settlement. */
  private async networkFeeOf(coin: string, txid: string): Promise<string | null> {
    try {
      const outcome = await this.chain.outcome(coin, txid);
      return outcome.state === 'dropped' ? null : (outcome.networkFee ?? null);
    } catch {
      return null;
    }
  }

  private async fail(w: WithdrawalRow, from: 'processing' | 'broadcast', reason: string): Promise<void> {
    const now = this.clock.now();
    await inTransaction(this.db, async (tx) => {
      if (await repo.moveWithdrawal(tx, w.id, from, 'failed', { reason }, now)) await returnFunds(tx, w, now);
    });
  }
}
