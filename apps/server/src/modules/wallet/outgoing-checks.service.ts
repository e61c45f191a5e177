// What every outgoing movement (withdrawal, transfer, automatic payout, and every other call that
// moves a user's balance to someone else: docs/security.md "Calls that move a user's balance")
// passes: a pay password set, the hold after a security or withdraw-address change, the second
// factor then the pay password, and the available balance.
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { FailureCounter } from '../../platform/failure-counter';
import type { PasswordHasher } from '../../platform/passwords';
import type { AccountDirectory, AccountsApi, User, Verification } from '../accounts';
import { balanceOf, LedgerDecimal } from '../ledger';
import * as repo from './wallet.repository';

const PAY_PASSWORD_FAILURES = 5;

export interface OutgoingChecksDeps {
  db: Db;
  clock: Clock;
  accounts: AccountDirectory;
  security: AccountsApi['security'];
  passwords: PasswordHasher;
  payPasswordFailures: FailureCounter;
  /** WITHDRAW_ADDRESS_HOLD_HOURS: after a withdraw address is added. */
  addressHoldHours: number;
  /** SECURITY_HOLD_HOURS: after a change of pay password, phone, email or a password reset. */
  securityHoldHours: number;
}

export class OutgoingChecks {
  constructor(private readonly d: OutgoingChecksDeps) {}

  /** Until when withdrawals of this user wait after a security or withdraw-address change. */
  async holdUntil(user: User): Promise<Date | null> {
    const latest = await repo.latestAddressAt(this.d.db, await this.d.accounts.accountIdsOf(user.id));
    const candidates = [
      user.securityChangedAt ? user.securityChangedAt.getTime() + this.d.securityHoldHours * 3600_000 : 0,
      latest ? latest.getTime() + this.d.addressHoldHours * 3600_000 : 0,
    ];
    const until = Math.max(...candidates);
    return until > this.d.clock.now().getTime() ? new Date(until) : null;
  }

  async checkHold(user: User): Promise<void> {
    const until = await this.holdUntil(user);
    if (until) throw new AppError('withdraw_hold', { params: { until: until.toISOString().replace('T', ' ').slice(0, 16) } });
  }

  /**
   * Everything a user's money leaving them to someone else takes, in this order: a pay password
   * set (the shared demo account has none and cannot set one, so it is refused here), no hold, the
   * second factor bound to `subject`, then the pay password. The one implementation: transfers,
   * withdrawals, user-funded red packets and contract payments from the balance all call it.
   */
  async authorise(userId: string, operation: 'withdraw' | 'transfer', verification: Verification, subject: string, payPassword: string, beforeSecondFactor?: () => Promise<void>): Promise<User> {
    const user = await this.d.security.user(userId);
    if (!user.payPasswordHash) throw new AppError('pay_password_not_set');
    await this.checkHold(user);
    // Checks of the call itself (limits, minimums) answer before a code is spent.
    await beforeSecondFactor?.();
    await this.secondFactorThenPin(user, operation, verification, subject, payPassword);
    return user;
  }

  /**
   * The second factor, then the pay password (docs/security.md item 39). A wrong or missing
   * second factor answers before the PIN is read: the same answer for a right and a wrong PIN,
   * and no PIN try counted, so a stolen access token alone learns nothing about the PIN. A right
   * one is spent before the PIN is checked, so every PIN try costs a code (concurrent requests
   * cannot try several PINs with one) and a mistyped PIN needs a new code.
   */
  private async secondFactorThenPin(user: User, operation: 'withdraw' | 'transfer', verification: Verification, subject: string, payPassword: string): Promise<void> {
    await this.d.security.verifySecondFactor(user, operation, verification, subject);
    await this.checkPayPassword(user, payPassword);
  }

  /** Pay password, with its own failure limit (a 6-digit PIN must not be guessable online). */
  private async checkPayPassword(user: User, payPassword: string): Promise<void> {
    if (!user.payPasswordHash) throw new AppError('pay_password_not_set');
    if ((await this.d.payPasswordFailures.count(user.id)) >= PAY_PASSWORD_FAILURES) throw new AppError('pay_password_locked');
    if (!(await this.d.passwords.verifyPayPassword(user.payPasswordHash, payPassword))) {
      await this.d.payPasswordFailures.add(user.id);
      throw new AppError('pay_password_incorrect');
    }
    await this.d.payPasswordFailures.clear(user.id);
  }

  /** Refuses more than the holder's available balance: what every split is bounded by. */
  async checkAvailable(holder: string, coin: string, amount: LedgerDecimal): Promise<void> {
    const { available, locked } = await balanceOf(this.d.db, holder, coin);
    // Staked coins are in the locked bucket: when they are what the amount would need, say so.
    if (amount.gt(available)) throw new AppError(new LedgerDecimal(available).plus(locked).gte(amount) && new LedgerDecimal(locked).gt(0) ? 'asset_staking' : 'insufficient_balance');
  }
}
