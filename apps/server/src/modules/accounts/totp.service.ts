// Authenticator (TOTP, RFC 6238) through otpauth: 6 digits, 30-second steps, one step of clock
// drift either way. Secrets are sealed at rest; an accepted step is remembered so a code works
// once (docs/security.md items 8 and 11). Wrong codes are counted per user (Redis or the
// database, like every failure counter): after MAX_WRONG_CODES within the window no code is even
// compared until the window passes, so a stolen password or access token cannot walk the million
// codes.
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { FailureCounter } from '../../platform/failure-counter';
import { AppError } from '../../platform/errors';
import type { SecretBox } from '../../platform/secret-box';
import * as repo from './accounts.repository';
import type { UserRow } from './accounts.repository';

/** Wrong authenticator codes of one user within the counter's window before codes are refused. */
export const MAX_WRONG_CODES = 5;

export class TotpService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly box: SecretBox,
    private readonly wrongCodes: FailureCounter,
  ) {}

  /** The step a code matches under `sealed`, counting a miss against the user; totp_locked past the limit. */
  private async counted(userId: string, sealed: string, code: string): Promise<number> {
    if ((await this.wrongCodes.count(userId)) >= MAX_WRONG_CODES) throw new AppError('totp_locked');
    // Counted as a miss before the compare, and looked at again: requests sent at once all passed
    // the look above, and counting only after a miss let hundreds of them be compared. Now at most
    // MAX_WRONG_CODES of them are; a hit clears the count.
    await this.wrongCodes.add(userId);
    if ((await this.wrongCodes.count(userId)) > MAX_WRONG_CODES) throw new AppError('totp_locked');
    const step = this.matchStep(sealed, code);
    if (step === null) throw new AppError('totp_invalid');
    await this.wrongCodes.clear(userId);
    return step;
  }

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
    const step = await this.counted(user.id, user.totpSecret, code);
    if (!(await repo.acceptTotpStep(this.db, user.id, step))) throw new AppError('totp_reused');
  }

  /** Checks a code against the pending (not yet bound) secret; the step it matched. */
  verifyPending(user: UserRow, code: string): Promise<number> {
    if (!user.totpPendingSecret) throw new AppError('totp_not_bound');
    return this.counted(user.id, user.totpPendingSecret, code);
  }
}
