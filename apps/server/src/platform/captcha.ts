// Captcha before anything that costs us or reveals something (sending a code, logging in).
// ALTCHA proof-of-work is the default: self-hosted, no third party sees our users. GeeTest v4 is
// the alternative adapter (fields lot_number, captcha_output, pass_token, gen_time, docs/rules.md, Entities).
import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Clock } from './clock';
import type { ReplayGuard } from './replay-guard';

/** What the client sends as `captcha`: an ALTCHA payload or GeeTest's four fields. */
export type CaptchaAnswer =
  | { provider: 'altcha'; challenge: Challenge; solution: Solution }
  | { provider: 'geetest'; lot_number: string; captcha_output: string; pass_token: string; gen_time: string };

export interface CaptchaVerifier {
  readonly provider: 'altcha' | 'geetest';
  /** A challenge for the client (ALTCHA) or the public captcha id (GeeTest). */
  challenge(): Promise<unknown>;
  verify(answer: CaptchaAnswer | undefined): Promise<boolean>;
}

const CHALLENGE_TTL_MS = 10 * 60_000;

export class AltchaVerifier implements CaptchaVerifier {
  readonly provider = 'altcha' as const;
  constructor(
    private readonly secret: string,
    private readonly cost: number,
    private readonly clock: Clock,
    private readonly used: ReplayGuard,
  ) {}

  challenge(): Promise<Challenge> {
    // The counter range sets the expected work. Measured here (Node 20, 2 cores) at cost 5,000:
    // about 2 ms per counter, so 200-500 counters take 0.4-1 s; browsers run PBKDF2 through
    // WebCrypto at a similar speed. Verifying costs one derivation (about 2 ms).
    return createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: this.cost,
      counter: randomInt(200, 500),
      deriveKey,
      hmacSignatureSecret: this.secret,
      // Expiry travels in the signed data and is checked against our clock (the library's own
      // expiresAt would be checked against the machine clock, which tests cannot move).
      data: { exp: this.clock.now().getTime() + CHALLENGE_TTL_MS },
    });
  }

  async verify(answer: CaptchaAnswer | undefined): Promise<boolean> {
    if (!answer || answer.provider !== 'altcha') return false;
    const exp = (answer.challenge.parameters.data as Record<string, unknown> | undefined)?.exp;
    if (typeof exp !== 'number' || exp < this.clock.now().getTime()) return false;
    const result = await verifySolution({ challenge: answer.challenge, solution: answer.solution, deriveKey, hmacSignatureSecret: this.secret }).catch(() => undefined);
    if (!result?.verified) return false;
    // A solved challenge buys one action.
    return this.used.firstUse(`altcha:${answer.challenge.signature ?? answer.challenge.parameters.nonce}`, CHALLENGE_TTL_MS / 1000);
  }
}

export class GeetestVerifier implements CaptchaVerifier {
  readonly provider = 'geetest' as const;
  constructor(
    private readonly captchaId: string,
    private readonly captchaKey: string,
    private readonly endpoint = 'https://gcaptcha4.geetest.com/validate',
  ) {}

  async challenge(): Promise<{ captcha_id: string }> {
    return { captcha_id: this.captchaId };
  }

  async verify(answer: CaptchaAnswer | undefined): Promise<boolean> {
    if (!answer || answer.provider !== 'geetest') return false;
    const sign_token = createHmac('sha256', this.captchaKey).update(answer.lot_number).digest('hex');
    const form = new URLSearchParams({
      lot_number: answer.lot_number,
      captcha_output: answer.captcha_output,
      pass_token: answer.pass_token,
      gen_time: answer.gen_time,
      sign_token,
    });
    try {
      const res = await fetch(`${this.endpoint}?captcha_id=${encodeURIComponent(this.captchaId)}`, {
        method: 'POST',
        body: form,
        signal: AbortSignal.timeout(5_000),
      });
      const body = (await res.json()) as { result?: string };
      return body.result === 'success';
    } catch {
      // GeeTest unreachable: refuse rather than let every request through.
      return false;
    }
  }
}
