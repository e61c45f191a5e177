// Changes to how a user proves who they are and where money may go: authenticator, login and pay
// passwords, email and phone, password reset, cancellation, and the security log. Each change
// needs the second factor (the authenticator if bound, else a code to the bound email or phone,
// bound to the operation), ends the user's other sessions where credentials change, sends an
// alert, is logged, and (for pay password, email and phone, and a reset) starts the 24-hour
// withdrawal hold.
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { TOTP_PROOF_TTL_SECONDS, V, type Language, type SecurityOperation } from '@hashpool/shared';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { FailureCounter } from '../../platform/failure-counter';
import { translate } from '../../platform/messages';
import type { PasswordHasher } from '../../platform/passwords';
import type { ReplayGuard } from '../../platform/replay-guard';
import * as repo from './accounts.repository';
import type { UserRow } from './accounts.repository';
import type { CodeService, CodeTarget } from './codes.service';
import type { ClientInfo } from '../../platform/request-context';
import type { SessionService } from './session.service';
import type { TotpService } from './totp.service';

/**
 * Where a security alert goes: the account's own email, and the notification email when the user
 * set one. Not the notification email alone: it is changed without a second factor, and a stolen
 * session that pointed it elsewhere would silence every alert that follows.
 */
export function securityAlertMailboxes(user: Pick<UserRow, 'email' | 'notifyEmail'>): string[] {
  return [...new Set([user.email, user.notifyEmail].filter((x): x is string => Boolean(x)))];
}

export interface Verification {
  totp_code?: string | undefined;
  totp_proof?: string | undefined;
  email_code?: string | undefined;
  sms_code?: string | undefined;
}

type Change = SecurityOperation | 'password_reset' | 'totp_reset' | 'passkey_add' | 'oauth_authorize' | 'observer_link_created';

/** What a code confirms: the operation, and for wallet operations exactly which one. */
const objectRef = (operation: SecurityOperation, subject?: string) => (subject ? `${operation}:${subject}` : operation);

export class SecurityService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly passwords: PasswordHasher,
    private readonly codes: CodeService,
    private readonly sessions: SessionService,
    private readonly totp: TotpService,
    private readonly siteName: () => Promise<string>,
    /** Signs and spends the proofs of POST /auth/totp/validation. */
    private readonly proofs?: { key: Buffer; replayGuard: ReplayGuard },
    /**
     * The new-device login codes sent per account (AuthService): a new password starts them
     * afresh, so the owner is not kept out for the rest of the hour by one who had the old one.
     */
    private readonly loginCodes?: Pick<FailureCounter, 'clear'>,
  ) {}

  /**
   * POST /auth/totp/validation: checks an authenticator code (the lockout and the one use per
   * 30-second step of TotpService) for one operation and subject, and answers a proof the
   * operation takes instead of the code: single use, for this user, operation and subject, five
   * minutes.
   */
  async validateTotp(userId: string, operation: SecurityOperation, code: string, subject?: string): Promise<{ proof: string; expires_in: number }> {
    if (!this.proofs) throw new AppError('system_error');
    const user = await this.user(userId);
    if (!user.totpSecret) throw new AppError('totp_not_bound');
    await this.totp.verify(user, code);
    const now = Math.floor(this.clock.now().getTime() / 1000);
    const proof = await new SignJWT({ kind: 'totp_proof', op: objectRef(operation, subject) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setJti(randomUUID())
      .setIssuedAt(now)
      .setExpirationTime(now + TOTP_PROOF_TTL_SECONDS)
      .sign(this.proofs.key);
    return { proof, expires_in: TOTP_PROOF_TTL_SECONDS };
  }

  /** Spends a proof of validateTotp for this user and operation; totp_proof_invalid otherwise. */
  private async spendTotpProof(userId: string, ref: string, proof: string): Promise<void> {
    if (!this.proofs) throw new AppError('totp_proof_invalid');
    let jti: string;
    try {
      const { payload } = await jwtVerify(proof, this.proofs.key, { algorithms: ['HS256'], currentDate: this.clock.now() });
      if (payload.kind !== 'totp_proof' || payload.sub !== userId || payload.op !== ref || typeof payload.jti !== 'string') throw new Error('wrong proof');
      jti = payload.jti;
    } catch {
      throw new AppError('totp_proof_invalid');
    }
    if (!(await this.proofs.replayGuard.firstUse(`totp-proof:${jti}`, TOTP_PROOF_TTL_SECONDS + 60))) throw new AppError('totp_proof_invalid');
  }

  async user(userId: string): Promise<UserRow> {
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw new AppError('unauthorized');
    // Every visitor shares the demo account: none may lock the others out of it.
    if (user.isDemo) throw new AppError('demo_account_locked');
    return user;
  }

  /** Sends the operation's code to the user's bound email (channel email) or phone (sms). */
  async sendOperationCode(userId: string, operation: SecurityOperation, channel: 'email' | 'sms', lang: Language, subject?: string, ip?: string): Promise<void> {
    const user = await this.user(userId);
    const target: CodeTarget | null =
      channel === 'email' ? (user.email ? { channel: 'email', email: user.email } : null) : user.phone ? { channel: 'sms', country: user.phoneCountry!, phone: user.phone } : null;
    if (!target) throw new AppError('validation_failed', { fields: [{ field: 'body.channel', messageKey: 'invalid' }] });
    const wait = await this.codes.waitBeforeResend(target, 'security');
    if (wait > 0) throw new AppError('code_resend_wait', { params: { seconds: String(wait) } });
    await this.codes.issue(target, 'security', lang, objectRef(operation, subject), ip);
  }

  /** Sends a code to a new email or phone the user wants to bind. */
  async sendNewTargetCode(userId: string, target: CodeTarget, lang: Language, ip?: string): Promise<void> {
    const purpose = target.channel === 'email' ? 'bind_email' : 'bind_phone';
    const owner = await repo.findUserByContact(this.db, target);
    if (owner && owner.id !== userId) throw new AppError('contact_taken');
    const wait = await this.codes.waitBeforeResend(target, purpose);
    if (wait > 0) throw new AppError('code_resend_wait', { params: { seconds: String(wait) } });
    await this.codes.issue(target, purpose, lang, userId, ip);
  }

  /**
   * The second factor: authenticator when bound, otherwise the emailed (or SMS) code for this
   * operation and, for wallet operations, this subject (the withdrawal, transfer or address).
   */
  async verifySecondFactor(user: UserRow, operation: SecurityOperation, v: Verification, subject?: string): Promise<void> {
    const ref = objectRef(operation, subject);
    // Changing a bound email proves the old address too (SPEC: verify old and new email), whatever
    // else is bound: a phone or an authenticator alone would move the account's mail away from
    // a mailbox that never confirmed it. The authenticator, when bound, is asked as well, once the
    // emailed code matched: a mistyped code does not spend the authenticator's step.
    if (operation === 'email_change' && user.email) {
      if (!v.email_code) throw new AppError('second_factor_required');
      if (user.totpSecret && !v.totp_code && !v.totp_proof) throw new AppError('second_factor_required');
      return this.codes.consume({ channel: 'email', email: user.email }, 'security', v.email_code, ref, user.totpSecret ? () => this.verifyTotp(user, ref, v) : undefined);
    }
    if (user.totpSecret && operation !== 'totp_bind') return this.verifyTotp(user, ref, v);
    if (user.email && v.email_code) return this.codes.consume({ channel: 'email', email: user.email }, 'security', v.email_code, ref);
    if (user.phone && v.sms_code) return this.codes.consume({ channel: 'sms', country: user.phoneCountry!, phone: user.phone }, 'security', v.sms_code, ref);
    throw new AppError('second_factor_required');
  }

  /** The authenticator's code, or a proof of it (validateTotp) for this operation. */
  private async verifyTotp(user: UserRow, ref: string, v: Verification): Promise<void> {
    if (v.totp_proof) return this.spendTotpProof(user.id, ref, v.totp_proof);
    if (!v.totp_code) throw new AppError('second_factor_required');
    await this.totp.verify(user, v.totp_code);
  }

  /** Mails the user of a change; `operator`: made by support, whose address the user is not given. */
  async alert(user: UserRow, change: Change, client: Pick<ClientInfo, 'ip'> | 'operator', extraTo?: string): Promise<void> {
    const lang = user.language;
    const params = { change: translate(lang, 'mail', `change_${change}`), time: this.clock.now().toISOString().replace('T', ' ').slice(0, 19), ip: client === 'operator' ? '' : client.ip };
    const bodyKey = client === 'operator' ? 'security_operator_body' : 'security_body';
    for (const to of new Set([...securityAlertMailboxes(user), extraTo].filter((x): x is string => Boolean(x)))) {
      await this.codes.notify(to, lang, 'security_subject', bodyKey, params).catch(() => undefined);
    }
  }

  /** A change of sign-in made by another module (the WeChat binding, an application authorized): logged and alerted like the others. */
  async recordOutsideChange(who: UserRow | string, change: 'wechat_bind' | 'wechat_unbind' | 'oauth_authorize', client: ClientInfo): Promise<void> {
    const user = typeof who === 'string' ? await this.user(who) : who;
    await repo.recordEvent(this.db, { userId: user.id, event: change, ip: client.ip, device: client.userAgent?.slice(0, 256), createdAt: this.clock.now() });
    await this.alert(user, change, client);
  }

  private async record(userId: string, change: Change, client: ClientInfo, values: Parameters<typeof repo.updateUser>[2], startsHold: boolean): Promise<void> {
    const now = this.clock.now();
    await inTransaction(this.db, async (tx) => {
      await repo.updateUser(tx, userId, { ...values, ...(startsHold ? { securityChangedAt: now } : {}) }, now);
      await repo.recordEvent(tx, { userId, event: change, ip: client.ip, device: client.userAgent?.slice(0, 256), createdAt: now });
    });
  }

  /**
   * A change of how the user signs in that another module made (a passkey added or removed):
   * logged and alerted like the changes above (the caller verified the second factor where needed).
   */
  async recordChange(user: UserRow, change: 'passkey_add' | 'passkey_delete', client: ClientInfo): Promise<void> {
    await repo.recordEvent(this.db, { userId: user.id, event: change, ip: client.ip, device: client.userAgent?.slice(0, 256), createdAt: this.clock.now() });
    await this.alert(user, change, client);
  }

  async totpSecret(userId: string): Promise<{ secret: string; otpauth_url: string }> {
    const user = await this.user(userId);
    if (user.totpSecret) throw new AppError('totp_already_bound');
    const created = this.totp.create(await this.siteName(), user.email ?? `+${user.phoneCountry} ${user.phone}`);
    await repo.updateUser(this.db, userId, { totpPendingSecret: created.sealed }, this.clock.now());
    return { secret: created.base32, otpauth_url: created.uri };
  }

  async totpBind(userId: string, code: string, v: Verification, client: ClientInfo, keepFamily?: string): Promise<void> {
    const user = await this.user(userId);
    if (user.totpSecret) throw new AppError('totp_already_bound');
    const step = await this.totp.verifyPending(user, code);
    await this.verifySecondFactor(user, 'totp_bind', v);
    await this.record(userId, 'totp_bind', client, { totpSecret: user.totpPendingSecret, totpPendingSecret: null, totpLastStep: step }, false);
    await this.sessions.revokeAll(userId, 'totp_bind', keepFamily);
    await this.alert(user, 'totp_bind', client);
  }

  async totpUnbind(userId: string, v: Verification, client: ClientInfo, keepFamily?: string): Promise<void> {
    const user = await this.user(userId);
    if (!user.totpSecret) throw new AppError('totp_not_bound');
    await this.verifySecondFactor(user, 'totp_unbind', v);
    await this.record(userId, 'totp_unbind', client, { totpSecret: null, totpLastStep: null }, false);
    await this.sessions.revokeAll(userId, 'totp_unbind', keepFamily);
    await this.alert(user, 'totp_unbind', client);
  }

  async changePassword(userId: string, oldPassword: string, newPassword: string, v: Verification, client: ClientInfo, keepFamily?: string): Promise<void> {
    const user = await this.user(userId);
    // The second factor first (docs/security.md item 39): without it, nothing is learned about
    // the current password; with it, each try costs a code.
    await this.verifySecondFactor(user, 'password_change', v);
    if (!(await this.passwords.verifyPassword(user.passwordHash, oldPassword))) throw new AppError('password_incorrect');
    const passwordHash = await this.passwords.hashPassword(newPassword);
    await this.record(userId, 'password_change', client, { passwordHash }, false);
    await this.sessions.revokeAll(userId, 'password_change', keepFamily);
    await this.loginCodes?.clear(userId);
    await this.alert(user, 'password_change', client);
  }

  async setPayPassword(userId: string, payPassword: string, v: Verification, client: ClientInfo): Promise<void> {
    const user = await this.user(userId);
    await this.verifySecondFactor(user, 'pay_password', v);
    const payPasswordHash = await this.passwords.hashPayPassword(payPassword);
    await this.record(userId, 'pay_password', client, { payPasswordHash }, true);
    await this.alert(user, 'pay_password', client);
  }

  /**
   * The code sent to the new email or phone, checked after the second factor. Its refusal names its
   * field (body.new_code): the same error of the second factor's code leaves that code unspent,
   * this one comes after the second factor was spent, and the form must tell which.
   */
  private async consumeNewTargetCode(target: CodeTarget, purpose: 'bind_email' | 'bind_phone', code: string, userId: string): Promise<void> {
    try {
      await this.codes.consume(target, purpose, code, userId);
    } catch (error) {
      if (error instanceof AppError && !error.fields) throw new AppError(error.key, { fields: [{ field: 'body.new_code', messageKey: V.invalid }], params: error.params, cause: error });
      throw error;
    }
  }

  async changeEmail(userId: string, email: string, newCode: string, v: Verification, client: ClientInfo): Promise<void> {
    const user = await this.user(userId);
    await this.verifySecondFactor(user, 'email_change', v);
    await this.consumeNewTargetCode({ channel: 'email', email }, 'bind_email', newCode, userId);
    const notifyEmail = !user.notifyEmail || user.notifyEmail === user.email ? email : user.notifyEmail;
    await this.record(userId, 'email_change', client, { email, notifyEmail }, true).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new AppError('contact_taken');
      throw error;
    });
    await this.alert(user, 'email_change', client, email);
  }

  async changePhone(userId: string, country: string, phone: string, newCode: string, v: Verification, client: ClientInfo): Promise<void> {
    const user = await this.user(userId);
    await this.verifySecondFactor(user, 'phone_change', v);
    await this.consumeNewTargetCode({ channel: 'sms', country, phone }, 'bind_phone', newCode, userId);
    await this.record(userId, 'phone_change', client, { phoneCountry: country, phone }, true).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new AppError('contact_taken');
      throw error;
    });
    await this.alert(user, 'phone_change', client);
  }

  /**
   * A reset needs the code sent to the address and, when the account has an authenticator, its
   * code too: a reset never skips it (docs/security.md item 6). It ends every session and
   * starts the withdrawal hold.
   */
  async resetPassword(target: CodeTarget, code: string, totpCode: string | undefined, newPassword: string, client: ClientInfo): Promise<void> {
    const user = await repo.findUserByContact(this.db, target);
    // Unknown addresses never got a code, so they fail here exactly like a wrong code.
    if (user?.totpSecret && !totpCode) throw new AppError('totp_required');
    // The authenticator is checked once the code matched and before it is spent (as for an
    // email change): a mistyped authenticator code leaves the emailed code to be sent again.
    await this.codes.consume(target, 'reset_password', code, null, user?.totpSecret ? () => this.totp.verify(user, totpCode) : undefined);
    if (!user) throw new AppError('code_invalid');
    const passwordHash = await this.passwords.hashPassword(newPassword);
    await this.record(user.id, 'password_reset', client, { passwordHash }, true);
    await this.sessions.revokeAll(user.id, 'password_reset');
    await this.loginCodes?.clear(user.id);
    await this.alert(user, 'password_reset', client);
  }

  /** Cancellation signs the user out; logging in within 30 days revives the account. */
  async cancel(userId: string, v: Verification, client: ClientInfo): Promise<void> {
    const user = await this.user(userId);
    await this.verifySecondFactor(user, 'cancel_account', v);
    await this.record(userId, 'cancel_account', client, { status: 'cancelling', cancelRequestedAt: this.clock.now() }, false);
    await this.sessions.revokeAll(userId, 'cancel_account');
    await this.alert(user, 'cancel_account', client);
  }

  /**
   * Writes an event into the user's security log (GET /users/logs) for another module: an observer
   * link created, revoked or opened (modules/observers).
   */
  async note(userId: string, event: string, client: { ip: string; userAgent: string | undefined }): Promise<void> {
    await repo.recordEvent(this.db, { userId, event, ip: client.ip, device: client.userAgent?.slice(0, 256) ?? null, createdAt: this.clock.now() });
  }

  /**
   * A way into the account's data another module opened (an observer link: it shows profits, the
   * payout address, workers' IPs): logged, and mailed so that one planted by a stolen session is
   * seen. The shared demo account's is only logged.
   */
  async noteAndTell(userId: string, change: 'observer_link_created', client: { ip: string; userAgent: string | undefined }): Promise<void> {
    await this.note(userId, change, client);
    const user = await repo.findUserById(this.db, userId);
    if (user && !user.isDemo) await this.alert(user, change, client);
  }

  async logs(userId: string, page: number, pageSize: number) {
    const { rows, total } = await repo.pageEvents(this.db, userId, page, pageSize);
    return { list: rows.map((r) => ({ id: r.id, event: r.event, ip: r.ip, device: r.device, created_at: r.createdAt.toISOString() })), total };
  }
}
