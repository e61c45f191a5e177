// Payments the chain still reports unconfirmed hours after they were sent: usually a fee too low
// for the network's current demand, or a transaction the node's mempool refused or dropped. The
// withdrawal stays sent (only the chain decides what became of it, withdrawal-processor.ts); the
// finance operators are told, once per payment, to look at it on the node (bumpfee:
// docs/operator-guide.md). Asked by the processor only about a payment the chain has just called
// pending: a node that did not answer tells nothing about its payments.
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../platform/clock';
import type { Notifications } from '../../platform/notifications';
import type { AccountDirectory } from '../accounts';
import { withdrawalNet } from '../money';
import * as repo from './wallet.repository';
import type { WithdrawalRow } from './wallet.repository';

/** A payment unconfirmed this long after it was sent is told to the operators: hours past any coin's usual wait. */
export const STUCK_PAYMENT_MS = 6 * 3_600_000;

export interface StuckPaymentsDeps {
  db: Db;
  clock: Clock;
  accounts: Pick<AccountDirectory, 'operators' | 'namesByIds'>;
  notifications?: Pick<Notifications, 'alertOperators'>;
  log?: { warn(details: object, message: string): void };
}

export class StuckPayments {
  constructor(private readonly d: StuckPaymentsDeps) {}

  /**
   * The chain calls `w`'s payment pending, its transaction now `txid` (a fee bump's replacement,
   * when one was made): the finance operators are told if it was sent STUCK_PAYMENT_MS ago or
   * more and nobody was told yet. True when this call told them.
   */
  async pending(w: WithdrawalRow, txid: string): Promise<boolean> {
    if (w.stuckAlertedAt) return false;
    const now = this.d.clock.now();
    // Payments sent before the send time was recorded have their last change instead.
    const sentAt = w.sendStartedAt ?? w.updatedAt;
    if (now.getTime() - sentAt.getTime() < STUCK_PAYMENT_MS) return false;
    // Read before the transaction: an embedded database serves one connection at a time.
    const operators = await this.d.accounts.operators(['finance']);
    const account = w.accountId ? (await this.d.accounts.namesByIds([w.accountId])).get(w.accountId) : undefined;
    const params = {
      alert: 'payment_stuck',
      coin: w.coin.toUpperCase(),
      amount: withdrawalNet(w.amount, w.fee).toFixed(),
      address: w.address,
      // An address-mining payment has no sub-account: its address stands for it.
      account: account ?? w.address,
      txid,
      hours: String(Math.floor((now.getTime() - sentAt.getTime()) / 3_600_000)),
    };
    const told = await inTransaction(this.d.db, async (tx) => {
      if (!(await repo.markStuckAlerted(tx, w.id, now))) return false; // settled, failed or told by another pass meanwhile
      await this.d.notifications?.alertOperators(operators, params, tx);
      return true;
    });
    if (told) this.d.log?.warn({ withdrawal: w.id, ...params }, 'wallet: a payment has stayed unconfirmed for hours; the finance operators are told');
    return told;
  }
}
