// One-time verification codes sent by email or SMS (docs/security.md items 8-10): 6 digits
// from a secure generator, stored as an HMAC, valid 10 minutes, single use, bound to a purpose
// and optionally to an object, void after 5 wrong tries (each try counted in the database before
// the code is compared, so every instance and a restart see it; docs/security.md item 38),
// resend no sooner than 60 s by default (checked again here, whatever route sends). Text messages are also
// limited per phone number and per client address within an hour (Redis or the database, like
// every failure counter), counted before the provider is called.
import { createHmac } from 'node:crypto';
import { CODE_MAX_ATTEMPTS, CODE_TTL_SECONDS, type CodePurpose, type Language } from '@hashpool/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { Clock } from '../../platform/clock';
import type { FailureCounter } from '../../platform/failure-counter';
import type { Mailer } from '../../platform/mailer';
import { translate } from '../../platform/messages';
import { newSixDigitCode, safeEqual } from '../../platform/random-tokens';
import type { SmsProvider } from '../../platform/sms';
import * as repo from './accounts.repository';

export type CodeTarget = { channel: 'email'; email: string } | { channel: 'sms'; country: string; phone: string };

/** The form a target is stored and compared in. */
export function targetKey(target: CodeTarget): string {
  return target.channel === 'email' ? target.email.trim().toLowerCase() : `+${target.country}${target.phone}`;
}

/** Hourly caps on text messages: per number and per client address. */
export interface SmsLimits {
  perNumber: FailureCounter;
  perIp: FailureCounter;
  maxPerNumber: number;
  maxPerIp: number;
}

export class CodeService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly hmacKey: Buffer,
    private readonly mailer: Mailer,
    private readonly sms: SmsProvider,
    private readonly siteName: () => Promise<string>,
    /** Seconds between two codes to one target for one purpose (config CODE_RESEND_SECONDS). */
    readonly resendSeconds: number,
    private readonly smsLimits?: SmsLimits,
  ) {}

  /** What a send answers: when the next code may be asked for, and how long this one lives. */
  get timing(): { resend_after: number; expires_in: number } {
    return { resend_after: this.resendSeconds, expires_in: CODE_TTL_SECONDS };
  }

  /** Refuses a text message past the hourly caps, else counts it (before the provider is called). */
  private async countSms(key: string, ip: string | undefined): Promise<void> {
    const limits = this.smsLimits;
    if (!limits) return;
    // The asking address first: an address past its cap must not use up the numbers' slots.
    if (ip && !(await limits.perIp.admit(ip, limits.maxPerIp))) throw new AppError('sms_ip_limit');
    if (!(await limits.perNumber.admit(key, limits.maxPerNumber))) throw new AppError('sms_number_limit');
  }

  private hash(code: string, key: string, purpose: string): string {
    return createHmac('sha256', this.hmacKey).update(`${purpose}\n${key}\n${code}`).digest('hex');
  }

  /** Seconds until another code may be sent to this target for this purpose (0: now). */
  async waitBeforeResend(target: CodeTarget, purpose: CodePurpose): Promise<number> {
    const last = await repo.latestCode(this.db, targetKey(target), purpose);
    if (!last) return 0;
    const elapsed = (this.clock.now().getTime() - last.createdAt.getTime()) / 1000;
    return Math.max(0, Math.ceil(this.resendSeconds - elapsed));
  }

  /**
   * Makes, stores and sends a code. The caller has checked the captcha; the resend timer is
   * checked here as well (except for the new-device login code, which each login with the right
   * password asks for), and for SMS the hourly caps of the number and of `ip`.
   */
  async issue(target: CodeTarget, purpose: CodePurpose, lang: Language, objectRef: string | null = null, ip?: string): Promise<void> {
    const code = newSixDigitCode();
    const key = targetKey(target);
    if (purpose !== 'login_second') {
      const wait = await this.waitBeforeResend(target, purpose);
      if (wait > 0) throw new AppError('code_resend_wait', { params: { seconds: String(wait) } });
    }
    if (target.channel === 'sms') await this.countSms(key, ip);
    const now = this.clock.now();
    await repo.insertCode(this.db, {
      purpose,
      channel: target.channel,
      target: key,
      objectRef,
      codeHash: this.hash(code, key, purpose),
      expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
      createdAt: now,
    });
    const site = await this.siteName();
    const purposeText = translate(lang, 'mail', `purpose_${purpose}`);
    try {
      if (target.channel === 'email') {
        await this.mailer.send({
          to: target.email,
          subject: translate(lang, 'mail', 'code_subject', { site, code }),
          text: translate(lang, 'mail', 'code_body', { code, purpose: purposeText }),
        });
      } else {
        await this.sms.send({ country: target.country, number: target.phone }, translate(lang, 'mail', 'code_subject', { site, code }));
      }
    } catch (error) {
      throw new AppError('code_send_failed', { cause: error });
    }
  }

  /**
   * Checks and spends a code. Tries count against the latest code of the target and purpose; an
   * object-bound code only confirms that object. Each try is counted in the database before the
   * code is compared, in one conditional update: concurrent tries, on any instance, cannot all
   * see the count from before any of them, so a code is compared at most CODE_MAX_ATTEMPTS times.
   * `alsoCheck` (another factor asked with the code) runs after the code matched and before it is
   * spent: a wrong code spends nothing of the other factor, and a refused other factor leaves the
   * code to be sent again with it (that try counted among its CODE_MAX_ATTEMPTS, as guesses of
   * the other factor are bounded too).
   */
  async consume(target: CodeTarget, purpose: CodePurpose, code: string, objectRef: string | null = null, alsoCheck?: () => Promise<void>): Promise<void> {
    const key = targetKey(target);
    const row = await repo.latestCode(this.db, key, purpose);
    const now = this.clock.now();
    if (!row) throw new AppError('code_invalid');
    if (row.consumedAt) throw new AppError('code_used');
    if (row.attempts >= CODE_MAX_ATTEMPTS) throw new AppError('code_attempts_exceeded');
    if (row.expiresAt <= now) throw new AppError('code_expired');
    const attempts = await repo.takeCodeAttempt(this.db, row.id, CODE_MAX_ATTEMPTS);
    if (attempts === undefined) throw new AppError('code_attempts_exceeded');
    if (!safeEqual(row.codeHash, this.hash(code, key, purpose)) || (row.objectRef ?? null) !== objectRef) {
      throw new AppError(attempts >= CODE_MAX_ATTEMPTS ? 'code_attempts_exceeded' : 'code_invalid');
    }
    if (alsoCheck) await alsoCheck();
    if (!(await repo.consumeCode(this.db, row.id, now))) throw new AppError('code_used');
  }

  /** Mail that carries no code (a notice); failures are logged by the caller, never fatal. */
  async notify(email: string, lang: Language, subjectKey: string, bodyKey: string, params: Record<string, string>): Promise<void> {
    const site = await this.siteName();
    await this.mailer.send({ to: email, subject: translate(lang, 'mail', subjectKey, { site, ...params }), text: translate(lang, 'mail', bodyKey, { site, ...params }) });
  }
}
