// Passkeys (docs/security.md, Passkeys): registration from the settings, the passkey
// login, renaming and removing. The WebAuthn Level 3 section 7 checks are SimpleWebAuthn's
// (challenge, origin, RP ID, type, signature, user presence and verification, counter); this
// service adds what it cannot know: each challenge is stored here, spent once, within
// PASSKEY_CHALLENGE_TTL_SECONDS, for its purpose (and for a registration, its user); a credential
// belongs to the one user who registered it (its user handle must match); and the counter moves
// only forward, in one conditional update.
import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { PASSKEY_CHALLENGE_TTL_SECONDS, PASSKEY_MAX_PER_USER, type Language, type Tokens } from '@hashpool/shared';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { ClientInfo } from '../../platform/request-context';
import type { AccountsApi, Verification } from '../accounts';
import { presentPasskey } from './passkeys.presenter';
import * as repo from './passkeys.repository';
import type { PasskeyChallengePurpose } from './passkeys.tables';

export interface RelyingParty {
  /** The domain the credentials are scoped to (WEBAUTHN_RP_ID). */
  id: string;
  /** Origins the browser may report in clientDataJSON (WEBAUTHN_ORIGINS). */
  origins: string[];
  /** The name the browser shows (the site name). */
  name: () => Promise<string>;
}

/** The WebAuthn user handle of a user: their id's bytes (no email or phone in it). */
export const userHandleOf = (userId: string) => Buffer.from(userId, 'utf8').toString('base64url');

/** The shape of our challenges (base64url of 32 random bytes): anything else is no challenge of ours. */
const CHALLENGE_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The challenge a credential answer signed, read from its clientDataJSON (null when unreadable or
 * not shaped like ours: a caller's string never reaches the database, a NUL byte included).
 */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' && CHALLENGE_SHAPE.test(data.challenge) ? data.challenge : null;
  } catch {
    return null;
  }
}

export class PasskeyService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly rp: RelyingParty,
    private readonly accounts: Pick<AccountsApi, 'auth' | 'security' | 'sessions'>,
  ) {}

  private async newChallenge(purpose: PasskeyChallengePurpose, userId: string | null): Promise<string> {
    const now = this.clock.now();
    await repo.deleteExpiredChallenges(this.db, now);
    const challenge = randomBytes(32).toString('base64url');
    await repo.insertChallenge(this.db, { challenge, purpose, userId, createdAt: now, expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_SECONDS * 1000) });
    return challenge;
  }

  /** Spends the answer's challenge before any other check: a challenge answers once, right or wrong. */
  private async spend(clientDataJSON: string, purpose: PasskeyChallengePurpose, userId: string | null): Promise<string> {
    const challenge = challengeOf(clientDataJSON);
    if (!challenge || !(await repo.spendChallenge(this.db, challenge, purpose, userId, this.clock.now()))) throw new AppError('passkey_challenge_expired');
    return challenge;
  }

  async list(userId: string) {
    return { list: (await repo.listPasskeys(this.db, userId)).map(presentPasskey) };
  }

  /**
   * A passkey signs in without the second factor, so adding one takes it (docs/security.md item
   * 12): a stolen session alone cannot plant a way back in. The code is spent here, before the
   * challenge; the browser's prompt can be retried with the same options while they last.
   */
  async registrationOptions(userId: string, verification: Verification) {
    const user = await this.accounts.security.user(userId);
    const existing = await repo.listPasskeys(this.db, userId);
    if (existing.length >= PASSKEY_MAX_PER_USER) throw new AppError('passkey_limit', { params: { max: String(PASSKEY_MAX_PER_USER) } });
    await this.accounts.security.verifySecondFactor(user, 'passkey_add', verification);
    const challenge = await this.newChallenge('register', userId);
    const userName = user.email ?? `+${user.phoneCountry} ${user.phone}`;
    const options = await generateRegistrationOptions({
      rpName: await this.rp.name(),
      rpID: this.rp.id,
      userName,
      userDisplayName: userName,
      userID: Buffer.from(userId, 'utf8'),
      challenge: Buffer.from(challenge, 'base64url'),
      timeout: PASSKEY_CHALLENGE_TTL_SECONDS * 1000,
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
    });
    return { options: options as unknown as Record<string, unknown> };
  }

  async register(userId: string, nickname: string, credential: RegistrationResponseJSON, client: ClientInfo) {
    const user = await this.accounts.security.user(userId);
    const challenge = await this.spend(credential.response.clientDataJSON, 'register', userId);
    if (await repo.findByCredentialId(this.db, credential.id)) throw new AppError('passkey_already_bound');
    let info;
    try {
      const result = await verifyRegistrationResponse({
        response: credential,
        expectedChallenge: challenge,
        expectedOrigin: this.rp.origins,
        expectedRPID: this.rp.id,
        requireUserPresence: true,
        requireUserVerification: true,
      });
      if (!result.verified) throw new Error('not verified');
      info = result.registrationInfo;
    } catch (error) {
      throw new AppError('passkey_registration_failed', { cause: error });
    }
    if (info.credential.id !== credential.id) throw new AppError('passkey_registration_failed');
    // Count and insert under a lock of the user's passkeys, so that concurrent registrations
    // cannot all see 19 and all insert (the limit holds however many arrive at once).
    const row = await inTransaction(this.db, async (tx) => {
      await repo.lockPasskeysOf(tx, userId);
      if ((await repo.countPasskeys(tx, userId)) >= PASSKEY_MAX_PER_USER) throw new AppError('passkey_limit', { params: { max: String(PASSKEY_MAX_PER_USER) } });
      return repo
        .insertPasskey(tx, {
          userId,
          credentialId: info.credential.id,
          publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
          signCount: info.credential.counter,
          transports: info.credential.transports ?? credential.response.transports ?? [],
          deviceType: info.credentialDeviceType,
          backedUp: info.credentialBackedUp,
          aaguid: info.aaguid,
          nickname: nickname.trim(),
          createdAt: this.clock.now(),
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw new AppError('passkey_already_bound');
          throw error;
        });
    });
    await this.accounts.security.recordChange(user, 'passkey_add', client);
    return presentPasskey(row);
  }

  async authenticationOptions() {
    const challenge = await this.newChallenge('authenticate', null);
    const options = await generateAuthenticationOptions({
      rpID: this.rp.id,
      challenge: Buffer.from(challenge, 'base64url'),
      timeout: PASSKEY_CHALLENGE_TTL_SECONDS * 1000,
      userVerification: 'required',
      // Empty: a discoverable credential says who the user is (and conditional UI can list them).
      allowCredentials: [],
    });
    return { options: options as unknown as Record<string, unknown> };
  }

  async login(credential: AuthenticationResponseJSON, client: ClientInfo, lang: Language): Promise<{ tokens: Tokens }> {
    const challenge = await this.spend(credential.response.clientDataJSON, 'authenticate', null);
    const passkey = await repo.findByCredentialId(this.db, credential.id);
    if (!passkey) throw new AppError('passkey_unavailable');
    // The credential is bound to the user who registered it: the authenticator's user handle must say so.
    if (credential.response.userHandle !== undefined && credential.response.userHandle !== userHandleOf(passkey.userId)) throw new AppError('passkey_unavailable');
    let newCounter: number;
    try {
      const result = await verifyAuthenticationResponse({
        response: credential,
        expectedChallenge: challenge,
        expectedOrigin: this.rp.origins,
        expectedRPID: this.rp.id,
        credential: { id: passkey.credentialId, publicKey: Buffer.from(passkey.publicKey, 'base64url'), counter: passkey.signCount, transports: passkey.transports },
        requireUserVerification: true,
      });
      if (!result.verified) throw new Error('not verified');
      newCounter = result.authenticationInfo.newCounter;
    } catch (error) {
      throw new AppError('passkey_login_failed', { cause: error });
    }
    // A counter that moved meanwhile (another answer of the same credential) is a regression too.
    if (!(await repo.recordUse(this.db, passkey.id, passkey.signCount, newCounter, this.clock.now()))) throw new AppError('passkey_login_failed');
    return { tokens: await this.accounts.auth.passkeyLogin(passkey.userId, client, lang) };
  }

  async rename(userId: string, id: string, nickname: string) {
    await this.accounts.security.user(userId);
    if (!(await repo.renamePasskey(this.db, userId, id, nickname.trim()))) throw new AppError('passkey_not_found');
    const row = await repo.findOwnPasskey(this.db, userId, id);
    return presentPasskey(row!);
  }

  /** Removing a passkey needs the second factor, like every security change; the other sessions end. */
  async remove(userId: string, id: string, verification: Verification, client: ClientInfo, keepFamily?: string): Promise<void> {
    const user = await this.accounts.security.user(userId);
    if (!(await repo.findOwnPasskey(this.db, userId, id))) throw new AppError('passkey_not_found');
    await this.accounts.security.verifySecondFactor(user, 'passkey_delete', verification, id);
    if (!(await repo.deletePasskey(this.db, userId, id))) throw new AppError('passkey_not_found');
    await this.accounts.sessions.revokeAll(userId, 'passkey_delete', keepFamily);
    await this.accounts.security.recordChange(user, 'passkey_delete', client);
  }
}
