// Withdrawals a user asks for: the quote, the request (one per idempotency key, split above the
// coin's single maximum, held for review above its threshold, frozen by one posting with its rows)
// and the list. The processor (withdrawal-processor.ts) sends and settles them.
import { randomUUID } from 'node:crypto';
import { walletSubject, type WithdrawBody } from '@hashpool/shared';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { AccountsApi } from '../accounts';
import { belowMinimum, splitAmount, userAmount } from './amounts';
import type { CoinLimits } from './coin-limits.service';
import { LedgerDecimal as Decimal } from '../ledger';
import { withdrawalCharge } from '../money';
import { oneRequestPerKey } from '../../platform/idempotency';
import type { OutgoingChecks } from './outgoing-checks.service';
import { iso, withdrawalView } from './wallet.presenter';
import * as repo from './wallet.repository';
import { freezeFunds } from './withdrawal-processor';

/** The body a user sends (the shared schema's, as validated). */
export type WithdrawRequest = WithdrawBody;

/** One request's rows: what createWithdrawal() makes for a user's withdrawal and for a payout. */
export interface NewWithdrawal {
  accountId: string;
  userId: string;
  coin: string;
  address: string;
  publicKey: string | null;
  chain: number | null;
  amount: Decimal;
  limits: repo.LimitsRow;
  key: string;
  origin: 'user' | 'payout';
}

/**
 * The coin's limits on one withdrawal, whatever its origin: withdrawals open and at least the
 * coin's minimum withdrawal as it is now (an operator may have raised it since a payout threshold
 * was saved).
 */
function checkCoinLimits(coin: string, amount: Decimal, limits: repo.LimitsRow): void {
  if (!limits.withdrawEnabled) throw new AppError('withdraw_disabled');
  if (amount.lt(limits.minWithdraw)) throw belowMinimum(coin, limits.minWithdraw);
}

export class WithdrawalsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly d: { limits: CoinLimits; checks: OutgoingChecks; security: AccountsApi['security'] },
  ) {}

  async quote(userId: string, accountId: string, coin: string, amountText: string) {
    const limits = await this.d.limits.of(coin);
    const amount = userAmount(coin, amountText);
    // Bounded by the balance, then by the number of parts, before anything is split.
    await this.d.checks.checkAvailable(accountId, coin, amount);
    const parts = splitAmount(amount, new Decimal(limits.maxSingleWithdraw), coin);
    const fee = new Decimal(limits.withdrawFee);
    const charge = withdrawalCharge(amount, fee, parts.length);
    const user = await this.d.security.user(userId).catch(() => undefined);
    return {
      coin,
      amount: amount.toFixed(),
      fee: charge.fee.toFixed(),
      receive: charge.receive.toFixed(),
      parts: parts.map((p) => ({ amount: p.toFixed(), fee: fee.toFixed() })),
      needs_review: amount.gt(limits.auditThreshold),
      hold_until: user ? iso(await this.d.checks.holdUntil(user)) : null,
    };
  }

  /** The first answer to a key, or a refusal when the key came with other content. */
  /** The answer of a request's rows; `replayed` when an earlier request with its key made them (nothing new moved). */
  private replay(rows: repo.WithdrawalRow[], coin: string, address: string, amount: Decimal, replayed: boolean) {
    const total = rows.reduce((sum, r) => sum.plus(r.amount), new Decimal(0));
    if (rows[0]!.coin !== coin || rows[0]!.address !== address || !total.eq(amount)) throw new AppError('idempotency_conflict');
    return { request_id: rows[0]!.requestId, parts: rows.map(withdrawalView), replayed };
  }

  withdraw(userId: string, accountId: string, key: string, body: WithdrawRequest) {
    return oneRequestPerKey(this.db, `withdraw:${accountId}:${key}`, () => this.withdrawOnce(userId, accountId, key, body));
  }

  private async withdrawOnce(userId: string, accountId: string, key: string, body: WithdrawRequest) {
    const amount = userAmount(body.coin, body.amount);
    // An earlier request with this key answers first, compared with the address it was sent to:
    // that address may have been removed since, and the retry still gets the first answer.
    const previous = await repo.requestByKey(this.db, accountId, key);
    if (previous.length > 0) {
      const named = await repo.findAddress(this.db, accountId, body.coin, body.address_id, true);
      return this.replay(previous, body.coin, named?.address ?? '', amount, true);
    }
    const address = await repo.findAddress(this.db, accountId, body.coin, body.address_id);
    if (!address) throw new AppError('address_not_found');

    const limits = await this.d.limits.of(body.coin);
    // The coin's limits answer before a code is spent; create() checks them again for every origin.
    await this.d.checks.authorise(userId, 'withdraw', body.verification, walletSubject.withdraw(body), body.pay_password, async () => checkCoinLimits(body.coin, amount, limits));

    let replayed = false;
    const rows = await this.create({ accountId, userId, coin: body.coin, address: address.address, publicKey: address.publicKey, chain: address.chain, amount, limits, key, origin: 'user' }).catch(async (error: unknown) => {
      // The same key raced in on another request: answer what that one did.
      if (isUniqueViolation(error)) {
        replayed = true;
        return repo.requestByKey(this.db, accountId, key);
      }
      throw error;
    });
    return this.replay(rows, body.coin, address.address, amount, replayed);
  }

  /**
   * The rows and the freezing posting of one request, split and marked for review as needed. A
   * user's withdrawal and the daily payout both come here, so both meet the coin's current limits
   * (open, at least its minimum: docs/rules.md, Wallet).
   */
  async create(w: NewWithdrawal): Promise<repo.WithdrawalRow[]> {
    checkCoinLimits(w.coin, w.amount, w.limits);
    const now = this.clock.now();
    // An early refusal before anything is split; the freezing posting below stays the atomic
    // check against a concurrent debit of the same balance.
    await this.d.checks.checkAvailable(w.accountId, w.coin, w.amount);
    const parts = splitAmount(w.amount, new Decimal(w.limits.maxSingleWithdraw), w.coin);
    const fee = new Decimal(w.limits.withdrawFee);
    if (parts.some((p) => p.lte(fee))) throw belowMinimum(w.coin, w.limits.minWithdraw);
    const status = w.amount.gt(w.limits.auditThreshold) ? 'reviewing' : 'processing';
    const requestId = randomUUID();
    return inTransaction(this.db, async (tx) => {
      const rows = await repo.insertWithdrawals(
        tx,
        parts.map((p, i) => ({
          requestId,
          partNo: i + 1,
          parts: parts.length,
          accountId: w.accountId,
          userId: w.userId,
          coin: w.coin,
          address: w.address,
          publicKey: w.publicKey,
          chain: w.chain,
          amount: p.toFixed(),
          fee: fee.toFixed(),
          status,
          origin: w.origin,
          idempotencyKey: w.key,
          createdAt: now,
          updatedAt: now,
        })),
      );
      for (const row of rows) await freezeFunds(tx, row, now);
      return rows.sort((a, b) => a.partNo - b.partNo);
    });
  }

  async list(accountId: string, coin: string | undefined, page: number, pageSize: number) {
    const { rows, total } = await repo.pageWithdrawals(this.db, accountId, coin, (page - 1) * pageSize, pageSize);
    return { list: rows.map(withdrawalView), total };
  }
}
