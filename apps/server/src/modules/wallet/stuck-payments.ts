// Payments sent that the network has not confirmed for hours: usually a fee too low for the
// network's current demand, or a transaction that left the node's mempool. The withdrawal stays
// sent (only the chain decides what became of it, withdrawal-processor.ts); the finance operators
// are told, once per payment, to look at it on the node (bumpfee: docs/operator-guide.md).
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../platform/clock';
import type { Notifications } from '../../platform/notifications';
import type { AccountDirectory } from '../accounts';
import { withdrawalNet } from '../money';
import * as repo from './wallet.repository';

/** A payment unconfirmed this long after it was sent is told to the operators: hours past any coin's usual wait. */
export const STUCK_PAYMENT_MS = 6 * 3_600_000;
/** At most this many are told per pass; the rest in the next ones. */
const ALERTS_PER_PASS = 50;

export interface StuckPaymentsDeps {
  db: Db;
  clock: Clock;
  accounts: Pick<AccountDirectory, 'operators' | 'namesByIds'>;
  notifications?: Pick<Notifications, 'post'>;
  log?: { warn(details: object, message: string): void };
}

export class StuckPayments {
  constructor(private readonly d: StuckPaymentsDeps) {}

  /** Tells the finance operators about the payments stuck since the last pass; how many were told. */
  async alert(): Promise<number> {
    const now = this.d.clock.now();
    const stuck = await repo.stuckPayments(this.d.db, new Date(now.getTime() - STUCK_PAYMENT_MS), ALERTS_PER_PASS);
    if (stuck.length === 0) return 0;
    // Read before the transactions: an embedded database serves one connection at a time.
    const operators = await this.d.accounts.operators(['finance']);
    const names = await this.d.accounts.namesByIds(stuck.flatMap((w) => (w.accountId ? [w.accountId] : [])));
    let told = 0;
    for (const w of stuck) {
      const params = {
        alert: 'payment_stuck',
        coin: w.coin.toUpperCase(),
        amount: withdrawalNet(w.amount, w.fee).toFixed(),
        address: w.address,
        // An address-mining payment has no sub-account: its address stands for it.
        account: (w.accountId && names.get(w.accountId)) || w.address,
        txid: w.txid ?? '',
        hours: String(Math.floor((now.getTime() - w.sendStartedAt!.getTime()) / 3_600_000)),
      };
      const marked = await inTransaction(this.d.db, async (tx) => {
        if (!(await repo.markStuckAlerted(tx, w.id, now))) return false;
        for (const o of operators) await this.d.notifications?.post({ userId: o.userId, type: 'operations_alert', params }, tx);
        return true;
      });
      if (!marked) continue;
      told++;
      this.d.log?.warn({ withdrawal: w.id, ...params }, 'wallet: a payment has stayed unconfirmed for hours; the finance operators are told');
    }
    return told;
  }
}
