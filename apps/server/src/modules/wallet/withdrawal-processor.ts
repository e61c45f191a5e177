// Moves withdrawals through their states after the request: processing -> broadcast (the chain
// adapter sent it, txid) -> completed (confirmed: the frozen amount leaves the ledger to the chain
// and the fee account), or -> failed (the chain refused or dropped it: the frozen amount returns
// to available). Every transition is a conditional update on the current status in the same
// transaction as its posting, so a state is left exactly once and funds return exactly once
// (docs/security.md item 31), whatever runs twice after a crash.
import type { Db, Tx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../platform/clock';
import { ChainRefusal, type ChainAdapter } from './chain';
import type { CoinLimits } from './coin-limits.service';
import { LedgerDecimal as Decimal, movement, post, SYSTEM } from '../ledger';
import { withdrawalNet, withdrawalSettlement } from '../money';
import * as repo from './wallet.repository';
import type { WithdrawalRow } from './wallet.repository';

/** Withdrawals the processor takes per pass, per state. */
const SEND_BATCH = 100;
const CHECK_BATCH = 500;
/**
 * How long a send of unknown outcome that the chain does not know is waited for before it is sent
 * again: far longer than a node takes to answer a call (the adapter gives up after 20 s).
 */
export const UNKNOWN_SEND_WAIT_MS = 10 * 60_000;

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
    /** The coin's limits as they apply (its deposit confirmations). */
    private readonly limits: CoinLimits,
  ) {}

  /**
   * Sends every withdrawal waiting in processing. The send is marked as started (committed) before
   * the chain is asked, and the payment carries the withdrawal id: a send whose outcome is unknown
   * (the process died, the node did not answer in time) is looked up on the chain by that id at
   * the next pass and recorded if it went out; it is sent again only when the chain has no such
   * payment UNKNOWN_SEND_WAIT_MS after it started. A refusal from the node fails the withdrawal
   * and returns its funds; nothing else does. So a payment goes out once (docs/security.md items
   * 30 and 31), whatever fails between asking and recording, and however many passes overlap (the
   * mark is a compare-and-set: only the pass that made it sends).
   */
  async sendPending(): Promise<number> {
    const pending = await repo.withdrawalsInState(this.db, 'processing', SEND_BATCH);
    let sent = 0;
    for (const w of pending) {
      if (w.sendStartedAt) {
        const earlier = await this.chain.findSent(w.coin, w.id);
        if (earlier) {
          const networkFee = await this.networkFeeOf(w.coin, earlier);
          if (await inTransaction(this.db, (tx) => repo.moveWithdrawal(tx, w.id, 'processing', 'broadcast', { txid: earlier, networkFee }, this.clock.now()))) sent++;
          continue;
        }
        // The node may still be working on a call that timed out: wait before sending again.
        if (this.clock.now().getTime() - w.sendStartedAt.getTime() < UNKNOWN_SEND_WAIT_MS) continue;
      }
      // Only the pass whose mark replaces the start it read may send: another pass that read the row
      // too (a lease taken over from a pass that stalled) loses here, so the payment goes out once.
      if (!(await repo.markSendStarted(this.db, w.id, w.sendStartedAt, this.clock.now()))) continue; // moved or marked meanwhile (rejected, another pass)
      const net = withdrawalNet(w.amount, w.fee).toFixed();
      let txid: string;
      try {
        txid = await this.chain.send(w.coin, w.address, net, w.id);
      } catch (error) {
        if (error instanceof ChainRefusal) await this.fail(w, 'processing', error.message.slice(0, 200));
        // Otherwise it may have gone out: it stays in processing until the next pass finds out.
        continue;
      }
      const networkFee = await this.networkFeeOf(w.coin, txid);
      await inTransaction(this.db, (tx) => repo.moveWithdrawal(tx, w.id, 'processing', 'broadcast', { txid, networkFee }, this.clock.now()));
      sent++;
    }
    return sent;
  }

  /** Settles confirmed payments and returns dropped ones. */
  async checkBroadcast(): Promise<number> {
    const inFlight = await repo.withdrawalsInState(this.db, 'broadcast', CHECK_BATCH);
    let settled = 0;
    for (const w of inFlight) {
      const outcome = await this.chain.outcome(w.coin, w.txid!);
      if (outcome.state === 'pending') continue;
      if (outcome.state === 'dropped') {
        await this.fail(w, 'broadcast', outcome.reason);
        continue;
      }
      const now = this.clock.now();
      // The user's fee is the pool's; the network's fee left the pool's wallet with the payment,
      // so it leaves the pool's fees to the chain: custody and ledger stay equal.
      const networkFee = new Decimal(outcome.networkFee ?? w.networkFee ?? 0);
      await inTransaction(this.db, async (tx) => {
        if (!(await repo.moveWithdrawal(tx, w.id, 'broadcast', 'completed', { networkFee: networkFee.toFixed() }, now))) return;
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
      });
      settled++;
    }
    return settled;
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

  /**
   * Deposits: transfers to our addresses appear as confirming and are credited, once, when the
   * network has confirmed them as often as the coin asks (Coin settings, 1 by default).
   */
  async scanDeposits(coins: string[]): Promise<number> {
    let credited = 0;
    for (const coin of coins) {
      const owned = await repo.depositAddressesOf(this.db, coin);
      if (owned.length === 0) continue;
      const accountOf = new Map(owned.map((a) => [a.address, a.accountId]));
      const seen = await this.chain.incoming(coin, new Set(accountOf.keys()));
      if (seen.length === 0) continue;
      const now = this.clock.now();
      await repo.recordIncoming(this.db, seen.map((t) => ({ accountId: accountOf.get(t.address)!, coin, address: t.address, txid: t.txid, vout: t.vout, amount: t.amount, confirmations: t.confirmations, status: 'confirming', createdAt: now })));
      const ready = await repo.confirmedDeposits(this.db, coin, seen.map((t) => t.txid), (await this.limits.of(coin)).depositConfirmations);
      for (const d of ready) {
        await inTransaction(this.db, async (tx) => {
          if (!(await repo.markDepositCredited(tx, d.id, now))) return;
          const deposit = { idempotencyKey: `deposit:${coin}:${d.txid}:${d.vout}`, businessType: 'deposit', reference: `deposit:${d.id}` };
          await post(tx, movement({ ...deposit, coin, amount: d.amount, from: { holder: SYSTEM.chain }, to: { holder: d.accountId } }), now);
          credited++;
        });
      }
    }
    return credited;
  }
}
