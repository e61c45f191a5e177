// Getting in: codes for registration, registration, and login in up to two steps (password,
// then an authenticator code or, on a new device, an emailed/SMS code). Enumeration stays
// expensive: every answer about an account is the same for known and unknown ones, in body and
// in time (a dummy hash is verified for unknown users), behind a captcha and rate limits.
import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { isMainlandPhone, type Language, type LoginResult, type Tokens } from '@hashpool/shared';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { inTransaction } from '../../db/transaction';
import type { CaptchaAnswer, CaptchaVerifier } from '../../platform/captcha';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { FailureCounter } from '../../platform/failure-counter';
import type { LoginKeyPair } from '../../platform/login-crypto';
import type { PasswordHasher } from '../../platform/passwords';
import * as repo from './accounts.repository';
import type { UserRow } from './accounts.repository';
import type { CodeService, CodeTarget } from './codes.service';
import type { ClientInfo } from '../../platform/request-context';
import type { SessionService } from './session.service';
import { securityAlertMailboxes } from './security.service';
import type { TotpService } from './totp.service';

/** Failed logins for one identifier within 15 minutes before every try needs a captcha. */
export const CAPTCHA_AFTER_FAILURES = 5;
/**
 * Failed logins for one identifier within 15 minutes after which unknown devices get 429 for it.
 * The owner's known devices are never locked out (they only need the captcha), so an attacker
 * cannot use the lock to keep the owner out (OWASP "device cookies").
 */
export const LOCK_UNKNOWN_DEVICES_AFTER = 10;
/**
 * New-device login codes sent to one account per hour (LOGIN_CODES_WINDOW_MS). A right password
 * clears the failed logins, and each code takes 5 tries: without a cap, the holder of a stolen
 * password could log in again and again and walk the 6-digit codes (and flood the owner's mailbox).
 */
export const LOGIN_CODES_PER_HOUR = 10;
export const LOGIN_CODES_WINDOW_MS = 3600_000;
const TICKET_TTL_SECONDS = 300;
/** ITU's calling codes of no country: satellite phones (870, 881), international networks and freephone. */
const NON_GEOGRAPHIC_CODES = ['800', '808', '870', '878', '881', '882', '883', '888', '979'];
/** The countries' calling codes (libphonenumber-js's metadata): "1", "44", "86", "1268" is not one (Antigua is +1 268). */
const CALLING_CODES: ReadonlySet<string> = new Set([...getCountries().map((country) => getCountryCallingCode(country)), ...NON_GEOGRAPHIC_CODES]);
const ACCOUNT_NAME_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O, 1/I

export const DEFAULT_ROLE = 'member';
/** A cancelled account can be revived by logging in within this window (docs/rules.md, States and transitions). */
export const CANCELLATION_REVIVAL_MS = 30 * 24 * 3600_000;

export function cancellationLapsed(user: UserRow, now: Date): boolean {
  return Boolean(user.cancelRequestedAt && now.getTime() - user.cancelRequestedAt.getTime() > CANCELLATION_REVIVAL_MS);
}

function randomString(alphabet: string, length: number): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}


export function maskTarget(target: CodeTarget): string {
  if (target.channel === 'sms') return `+${target.country} ${target.phone.slice(0, 3)}****${target.phone.slice(-2)}`;
  const [local = '', domain = ''] = target.email.split('@');
  return `${local.slice(0, 2)}***@${domain}`;
}

/** Where codes and notices for a user go: the email if bound, else the phone. */
function contactOf(user: UserRow): CodeTarget {
  if (user.email) return { channel: 'email', email: user.email };
  return { channel: 'sms', country: user.phoneCountry!, phone: user.phone! };
}

export interface RegisterInput {
  target: CodeTarget;
  code: string;
  password: string;
  inviteCode?: string | undefined;
  language: Language;
}

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly passwords: PasswordHasher,
    private readonly codes: CodeService,
    private readonly sessions: SessionService,
    private readonly captcha: CaptchaVerifier,
    private readonly loginKey: LoginKeyPair,
    private readonly totp: TotpService,
    private readonly ticketKey: Buffer,
    private readonly loginFailures: FailureCounter,
    /** New-device login codes sent per account (LOGIN_CODES_PER_HOUR). */
    private readonly loginCodes: FailureCounter,
    /** ADMIN_EMAILS: registering with one of these grants the operator role (first set-up, tests). */
    private readonly adminEmails: ReadonlySet<string> = new Set(),
  ) {}

  /**
   * Validates a target's shape beyond the schema: a country calling code that exists, and the
   * mainland rule for +86 (docs/rules.md, Validation). Calling codes are a prefix code, so with real
   * ones a handset has one (country, number) pair: "+1 2125550100" could otherwise also register
   * as "+12 125550100" and "+121 25550100", each a new account, and "+8 613800000000" would reach
   * a +86 number past the mainland rule.
   */
  static checkTarget(target: CodeTarget): void {
    if (target.channel === 'sms' && !CALLING_CODES.has(target.country)) {
      throw new AppError('validation_failed', { fields: [{ field: 'body.phone_country', messageKey: 'phone_format' }] });
    }
    if (target.channel === 'sms' && target.country === '86' && !isMainlandPhone(target.phone)) {
      throw new AppError('validation_failed', { fields: [{ field: 'body.phone', messageKey: 'phone_format' }] });
    }
  }

  /**
   * Sends a registration or reset code after the captcha. The answer is the same whether the
   * address is known or not; a registration attempt on a known email gets a notice instead of a
   * code, a reset on an unknown one gets nothing.
   */
  async sendCode(purpose: 'register' | 'reset_password', target: CodeTarget, captcha: CaptchaAnswer, lang: Language, ip?: string): Promise<void> {
    AuthService.checkTarget(target);
    if (!(await this.captcha.verify(captcha))) throw new AppError('captcha_failed');
    const wait = await this.codes.waitBeforeResend(target, purpose);
    if (wait > 0) throw new AppError('code_resend_wait', { params: { seconds: String(wait) } });
    const existing = await repo.findUserByContact(this.db, target);
    if (purpose === 'register' && existing) {
      if (target.channel === 'email') await this.codes.notify(target.email, lang, 'already_registered_subject', 'already_registered_body', {});
      return;
    }
    if (purpose === 'reset_password' && !existing) return;
    await this.codes.issue(target, purpose, lang, null, ip);
  }

  async register(input: RegisterInput, client: ClientInfo): Promise<Tokens> {
    AuthService.checkTarget(input.target);
    const inviter = input.inviteCode ? await repo.findUserByInviteCode(this.db, input.inviteCode) : undefined;
    if (input.inviteCode && !inviter) throw new AppError('validation_failed', { fields: [{ field: 'body.invite_code', messageKey: 'invalid' }] });
    await this.codes.consume(input.target, 'register', input.code);
    const passwordHash = await this.passwords.hashPassword(input.password); // outside the transaction
    const now = this.clock.now();
    const user = await inTransaction(this.db, async (tx) => {
      // A concurrent registration of the same address loses on the unique index.
      const created = await repo.insertUser(tx, {
        email: input.target.channel === 'email' ? input.target.email.trim() : null,
        phoneCountry: input.target.channel === 'sms' ? input.target.country : null,
        phone: input.target.channel === 'sms' ? input.target.phone : null,
        passwordHash,
        language: input.language,
        notifyEmail: input.target.channel === 'email' ? input.target.email.trim() : null,
        inviteCode: randomString(INVITE_ALPHABET, 8),
        invitedBy: inviter?.id ?? null,
        createdAt: now,
        updatedAt: now,
      });
      let name = `hp${randomString(ACCOUNT_NAME_ALPHABET, 8)}`;
      while (await repo.accountNameExists(tx, name)) name = `hp${randomString(ACCOUNT_NAME_ALPHABET, 8)}`;
      const account = await repo.insertAccount(tx, { userId: created.id, name, isDefault: true, createdAt: now });
      await repo.updateUser(tx, created.id, { currentAccountId: account.id }, now);
      await repo.grantRole(tx, created.id, DEFAULT_ROLE);
      if (created.email && this.adminEmails.has(created.email.toLowerCase())) await repo.grantRole(tx, created.id, 'admin');
      if (client.deviceHash) await repo.rememberDevice(tx, created.id, client.deviceHash, now);
      await repo.recordEvent(tx, { userId: created.id, event: 'register', ip: client.ip, device: client.userAgent?.slice(0, 256), createdAt: now });
      return created;
    }).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new AppError('code_invalid');
      throw error;
    });
    return this.sessions.login(user.id, client);
  }

  publicKey(): { key_id: string; public_key: string } {
    return { key_id: this.loginKey.keyId, public_key: this.loginKey.publicKeyPem };
  }

  private async ticket(userId: string, kind: 'totp' | 'second', device: string | null): Promise<string> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ kind, dev: device ?? '' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuedAt(now)
      .setExpirationTime(now + TICKET_TTL_SECONDS)
      .sign(this.ticketKey);
  }

  private async readTicket(ticket: string, kind: 'totp' | 'second'): Promise<{ userId: string; device: string | null }> {
    try {
      const { payload } = await jwtVerify(ticket, this.ticketKey, { algorithms: ['HS256'], currentDate: this.clock.now() });
      if (payload.kind !== kind || typeof payload.sub !== 'string') throw new Error('wrong ticket');
      return { userId: payload.sub, device: typeof payload.dev === 'string' && payload.dev ? payload.dev : null };
    } catch {
      throw new AppError('ticket_expired');
    }
  }

  /**
   * A login without a valid device id (no header, or one clientInfo refused) is from a new device
   * (docs/security.md item 36): otherwise leaving out the header would skip the emailed code,
   * the alert and the log entry. The web client always sends one (apps/web/src/shell/api/device.ts).
   */
  private async isKnownDevice(userId: string, device: string | null): Promise<boolean> {
    return device !== null && (await repo.isKnownDevice(this.db, userId, device));
  }

  async login(
    input: { account: string; phoneCountry?: string | undefined; encryptedPassword: string; keyId: string; captcha?: CaptchaAnswer | undefined; lang: Language },
    client: ClientInfo,
  ): Promise<LoginResult> {
    const identifier = input.phoneCountry ? `+${input.phoneCountry}${input.account}` : input.account.toLowerCase();
    const user = input.phoneCountry ? await repo.findUserByPhone(this.db, input.phoneCountry, input.account) : await repo.findUserByEmail(this.db, input.account);
    let captchaSolved = false;
    /** The lock of unknown devices and the captcha, after `failures` failed logins. */
    const gate = async (failures: number): Promise<LoginResult | undefined> => {
      if (failures >= LOCK_UNKNOWN_DEVICES_AFTER && !(user && (await this.isKnownDevice(user.id, client.deviceHash)))) throw new AppError('too_many_requests');
      if (failures < CAPTCHA_AFTER_FAILURES || captchaSolved) return undefined;
      if (!(input.captcha && (await this.captcha.verify(input.captcha)))) return { status: 'captcha', message: 'captcha_required' };
      captchaSolved = true;
      return undefined;
    };
    const early = await gate(await this.loginFailures.count(identifier));
    if (early) return early;
    if (input.keyId !== this.loginKey.keyId) throw new AppError('login_key_stale');
    const password = this.loginKey.decrypt(input.encryptedPassword);
    if (password === null) throw new AppError('login_key_stale');

    // Counted as a failure before the compare (a right password clears it), and looked at again
    // with the logins in flight: a burst sent at once all passed the look above, and counting only
    // after a wrong password let each of them be hashed without the captcha or the lock.
    // Not the published demo account's, whose password is public: its visitors log in at once.
    if (!user?.isDemo) {
      await this.loginFailures.add(identifier);
      const late = await gate((await this.loginFailures.count(identifier)) - 1);
      if (late) return late;
    }
    const valid = await this.passwords.verifyPassword(user?.passwordHash, password);
    const now = this.clock.now();
    const closed = user?.status === 'closed' || (user?.status === 'cancelling' && cancellationLapsed(user, now));
    if (!user || !valid || closed) {
      if (user?.isDemo) await this.loginFailures.add(identifier);
      if (user) await repo.recordEvent(this.db, { userId: user.id, event: 'login_failed', ip: client.ip, device: client.userAgent?.slice(0, 256), createdAt: now });
      throw new AppError('login_failed');
    }
    await this.loginFailures.clear(identifier);
    if (user.loginDisabledAt) throw new AppError('login_disabled');
    return this.afterFirstFactor(user, client, input.lang);
  }

  /**
   * A login whose first factor another module proved (WeChat): the same steps as after a right
   * password (authenticator, new-device code, the session), for a user that may log in.
   */
  async loginProven(userId: string, client: ClientInfo, lang: Language): Promise<LoginResult> {
    const user = await repo.findUserById(this.db, userId);
    if (!user || user.status === 'closed' || (user.status === 'cancelling' && cancellationLapsed(user, this.clock.now()))) throw new AppError('login_failed');
    if (user.loginDisabledAt) throw new AppError('login_disabled');
    return this.afterFirstFactor(user, client, lang);
  }

  private async afterFirstFactor(user: UserRow, client: ClientInfo, lang: Language): Promise<LoginResult> {
    if (user.totpSecret) return { status: 'totp', ticket: await this.ticket(user.id, 'totp', client.deviceHash) };
    // The published demo account is shared by every visitor: a new device is its normal case.
    if (!user.isDemo && !(await this.isKnownDevice(user.id, client.deviceHash))) {
      const contact = contactOf(user);
      if (!(await this.loginCodes.admit(user.id, LOGIN_CODES_PER_HOUR))) throw new AppError('too_many_requests');
      await this.codes.issue(contact, 'login_second', lang, client.deviceHash, client.ip);
      return { status: 'second_validation', ticket: await this.ticket(user.id, 'second', client.deviceHash), channel: contact.channel, masked_target: maskTarget(contact) };
    }
    return { status: 'ok', tokens: await this.complete(user, client, lang, false) };
  }

  async totpLogin(ticket: string, code: string, client: ClientInfo, lang: Language): Promise<Tokens> {
    const { userId, device } = await this.readTicket(ticket, 'totp');
    const user = await repo.findUserById(this.db, userId);
    if (!user?.totpSecret) throw new AppError('ticket_expired');
    await this.totp.verify(user, code);
    return this.complete(user, { ...client, deviceHash: device }, lang, !(await this.isKnownDevice(user.id, device)));
  }

  async secondValidation(ticket: string, code: string, client: ClientInfo, lang: Language): Promise<Tokens> {
    const { userId, device } = await this.readTicket(ticket, 'second');
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw new AppError('ticket_expired');
    await this.codes.consume(contactOf(user), 'login_second', code, device);
    return this.complete(user, { ...client, deviceHash: device }, lang, true);
  }

  /**
   * Ends a passkey login (module passkeys, after it verified the assertion): the passkey with user
   * verification is possession and a PIN or biometric in one, so neither the authenticator code nor
   * the new-device code is asked (docs/security.md, Passkeys). The session, the known device and the
   * new-device alert are the password login's; the log says login_passkey.
   */
  async passkeyLogin(userId: string, client: ClientInfo, lang: Language): Promise<Tokens> {
    const user = await repo.findUserById(this.db, userId);
    const closed = !user || user.status === 'closed' || (user.status === 'cancelling' && cancellationLapsed(user, this.clock.now()));
    if (closed) throw new AppError('passkey_unavailable');
    if (user.loginDisabledAt) throw new AppError('login_disabled');
    const newDevice = !user.isDemo && !(await this.isKnownDevice(user.id, client.deviceHash));
    return this.complete(user, client, lang, newDevice, 'login_passkey');
  }

  private async complete(user: UserRow, client: ClientInfo, lang: Language, newDevice: boolean, event?: 'login_passkey'): Promise<Tokens> {
    const now = this.clock.now();
    await inTransaction(this.db, async (tx) => {
      if (user.status === 'cancelling') {
        // Logging in within 30 days of cancelling revokes the cancellation (docs/rules.md, States and transitions).
        await repo.updateUser(tx, user.id, { status: 'active', cancelRequestedAt: null }, now);
        await repo.recordEvent(tx, { userId: user.id, event: 'cancellation_revoked', ip: client.ip, createdAt: now });
      }
      if (client.deviceHash) await repo.rememberDevice(tx, user.id, client.deviceHash, now);
      await repo.recordEvent(tx, { userId: user.id, event: event ?? (newDevice ? 'login_new_device' : 'login'), ip: client.ip, device: client.userAgent?.slice(0, 256), createdAt: now });
    });
    if (newDevice) {
      for (const to of securityAlertMailboxes(user)) {
        await this.codes
          .notify(to, user.language ?? lang, 'new_device_subject', 'new_device_body', {
            time: now.toISOString().replace('T', ' ').slice(0, 19),
            ip: client.ip,
            device: client.userAgent?.slice(0, 120) ?? '-',
          })
          .catch(() => undefined); // an alert that cannot be sent must not block the login
      }
    }
    return this.sessions.login(user.id, client);
  }
}

