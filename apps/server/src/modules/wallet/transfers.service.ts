// Internal transfers to another sub-account of the pool, by name: one per idempotency key, behind
// the hold, the second factor and the pay password; the transfer row and its posting commit together.
import { walletSubject, type TransferBody } from '@hashpool/shared';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { AccountDirectory, AccountsApi } from '../accounts';
import { userAmount } from './amounts';
import { LedgerDecimal as Decimal, movement, post } from '../ledger';
import { oneRequestPerKey } from '../../platform/idempotency';
import type { OutgoingChecks } from './outgoing-checks.service';
import { plain } from './wallet.presenter';
import * as repo from './wallet.repository';

/** The body a user sends (the shared schema's, as validated). */
export type TransferRequest = TransferBody;

export class TransfersService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly d: { checks: OutgoingChecks; security: AccountsApi['security']; accounts: AccountDirectory },
  ) {}

  transfer(userId: string, accountId: string, key: string, body: TransferRequest) {
    return oneRequestPerKey(this.db, `transfer:${accountId}:${key}`, () => this.transferOnce(userId, accountId, key, body));
  }

  private async transferOnce(userId: string, accountId: string, key: string, body: TransferRequest) {
    const amount = userAmount(body.coin, body.amount);
    const to = await this.d.accounts.byName(body.to_account);
    // `replayed`: an earlier request with this key made the transfer (nothing new moved).
    const answer = (row: repo.TransferRow, replayed: boolean) => {
      if (row.coin !== body.coin || row.toAccountId !== to?.id || !new Decimal(row.amount).eq(amount)) throw new AppError('idempotency_conflict');
      return { id: row.id, coin: row.coin, amount: plain(row.amount), to_account: to.name, created_at: row.createdAt.toISOString(), replayed };
    };
    const previous = await repo.transferByKey(this.db, accountId, key);
    if (previous) return answer(previous, true);
    if (!to) throw new AppError('transfer_account_invalid');
    if (to.id === accountId) throw new AppError('transfer_to_self');

    await this.d.checks.authorise(userId, 'transfer', body.verification, walletSubject.transfer(body), body.pay_password);

    const now = this.clock.now();
    let replayed = false;
    const row = await inTransaction(this.db, async (tx) => {
      const created = await repo.insertTransfer(tx, { fromAccountId: accountId, toAccountId: to.id, userId, coin: body.coin, amount: amount.toFixed(), idempotencyKey: key, createdAt: now });
      const ref = `transfer:${created.id}`;
      await post(tx, movement({ idempotencyKey: ref, businessType: 'transfer', reference: ref, coin: body.coin, amount: amount.toFixed(), from: { holder: accountId }, to: { holder: to.id } }), now);
      return created;
    }).catch(async (error: unknown) => {
      // The same key raced in on another request: answer what that one did.
      if (isUniqueViolation(error)) {
        replayed = true;
        return (await repo.transferByKey(this.db, accountId, key))!;
      }
      // Refused for the balance: staked ALEO (the locked bucket) gets its own message.
      if (error instanceof AppError && error.key === 'insufficient_balance') await this.d.checks.checkAvailable(accountId, body.coin, amount);
      throw error;
    });
    return answer(row, replayed);
  }
}
