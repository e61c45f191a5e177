// Authenticator (TOTP, RFC 6238) through otpauth: 6 digits, 30-second steps, one step of clock
// drift either way. Secrets are sealed at rest; an accepted step is remembered so a code works
// once (SECURITY-CHECKLIST items 8 and 11).
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { SecretBox } from '../../platform/secret-box';
import * as repo from './accounts.repository';
import type { UserRow } from './accounts.repository';

export class TotpService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly box: SecretBox,
  ) {}

  /** A new secret, sealed for storage, with the otpauth:// URI the QR code shows. */
  create(issuer: string, label: string): { sealed: string; base32: string; uri: string } {
    const secret = new Secret({ size: 20 });
    const uri = new TOTP({ issuer, label, secret }).toString();
    return { sealed: this.box.seal(secret.base32), base32: secret.base32, uri };
  }

  /** The time step a code matches under a sealed secret, or null. */
  private matchStep(sealed: string, code: string): number | null {
    const nowMs = this.clock.now().getTime();
    const delta = TOTP.validate({ token: code, secret: Secret.fromBase32(this.box.open(sealed)), timestamp: nowMs, window: 1 });
    return delta === null ? null : Math.floor(nowMs / 30_000) + delta;
  }

  /** Checks a code against the bound secret and spends its step. */
  async verify(user: UserRow, code: string | undefined): Promise<void> {
    if (!user.totpSecret) throw new AppError('totp_not_bound');
    if (!code) throw new AppError('totp_required');
    const step = this.matchStep(user.totpSecret, code);
    if (step === null) throw new AppError('totp_invalid');
    if (!(await repo.acceptTotpStep(this.db, user.id, step))) throw new AppError('totp_reused');
  }

  /** Checks a code against the pending (not yet bound) secret; the step it matched. */
  verifyPending(user: UserRow, code: string): number {
    if (!user.totpPendingSecret) throw new AppError('totp_not_bound');
    const step = this.matchStep(user.totpPendingSecret, code);
    if (step === null) throw new AppError('totp_invalid');
    return step;
  }
}
