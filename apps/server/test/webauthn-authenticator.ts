// A software WebAuthn authenticator for the integration tests (ES256, "none" attestation): it
// answers the server's options as a browser and an authenticator would, and can be told to break
// one rule at a time (origin, RP ID, user verification, counter) so each check of the server is
// seen to refuse it.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface Tweaks {
  origin?: string;
  rpId?: string;
  /** Leave the user-verified flag out. */
  noUv?: boolean;
  /** Sign with this counter instead of the next one. */
  counter?: number;
  /** Answer this challenge instead of the options' one. */
  challenge?: string;
  /** Send this user handle (base64url) instead of the credential's. */
  userHandle?: string;
  type?: string;
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64 = (data: Uint8Array) => Buffer.from(data).toString('base64url');

export class SoftAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  counter = 0;
  userHandle: string | undefined;

  constructor(
    readonly origin = 'http://localhost:8080',
    readonly rpId = 'localhost',
    keys?: { privateKey: KeyObject; publicKey: KeyObject },
  ) {
    const pair = keys ?? generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  /** The same key and credential id in another authenticator (a clone), with its own counter. */
  clone(counter: number): SoftAuthenticator {
    const copy = new SoftAuthenticator(this.origin, this.rpId, { privateKey: this.privateKey, publicKey: this.publicKey });
    (copy as { credentialId: Buffer }).credentialId = this.credentialId;
    copy.counter = counter;
    copy.userHandle = this.userHandle;
    return copy;
  }

  private coseKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  private authData(rpId: string, flags: number, counter: number, attested?: Uint8Array): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
  }

  /** The RegistrationResponseJSON for navigator.credentials.create(options). */
  create(options: Record<string, unknown>, tweaks: Tweaks = {}) {
    const challenge = tweaks.challenge ?? String(options.challenge);
    // The first registration names the user; a later attempt to register it again does not rename it.
    this.userHandle ??= String((options.user as { id: string }).id);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.coseKey()]);
    const flags = FLAG_UP | FLAG_AT | (tweaks.noUv ? 0 : FLAG_UV);
    const authData = this.authData(tweaks.rpId ?? this.rpId, flags, tweaks.counter ?? this.counter, attested);
    const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]) as never);
    const clientDataJSON = this.clientData(tweaks.type ?? 'webauthn.create', challenge, tweaks.origin ?? this.origin);
    return {
      id: b64(this.credentialId),
      rawId: b64(this.credentialId),
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: { clientDataJSON: b64(clientDataJSON), attestationObject: b64(attestationObject), transports: ['internal' as const] },
    };
  }

  /** The AuthenticationResponseJSON for navigator.credentials.get(options); the counter moves on first. */
  get(options: Record<string, unknown>, tweaks: Tweaks = {}) {
    const challenge = tweaks.challenge ?? String(options.challenge);
    this.counter += 1;
    const flags = FLAG_UP | (tweaks.noUv ? 0 : FLAG_UV);
    const authData = this.authData(tweaks.rpId ?? this.rpId, flags, tweaks.counter ?? this.counter);
    const clientDataJSON = this.clientData(tweaks.type ?? 'webauthn.get', challenge, tweaks.origin ?? this.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: b64(this.credentialId),
      rawId: b64(this.credentialId),
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authData),
        signature: b64(signature),
        ...((tweaks.userHandle ?? this.userHandle) ? { userHandle: tweaks.userHandle ?? this.userHandle } : {}),
      },
    };
  }
}
