// Passkeys (docs/security.md, Passkeys): the user's WebAuthn credentials, their
// registration and the passkey login. The options and the credential answers are the JSON forms of
// WebAuthn Level 3 (PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON …) as
// SimpleWebAuthn reads and writes them.
import { z } from 'zod';
import { nicknameSchema } from '../validation';
import { tokensSchema, verificationSchema } from './accounts';

/** How long a registration or login challenge may be answered (single use). */
export const PASSKEY_CHALLENGE_TTL_SECONDS = 300;
/** Passkeys one user may hold. */
export const PASSKEY_MAX_PER_USER = 20;

const b64url = (max: number) => z.string().min(1).max(max).regex(/^[A-Za-z0-9_-]+={0,2}$/);

export const passkeySchema = z.object({
  id: z.string(),
  nickname: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** Synced (multi-device) passkey, from the authenticator's backup flags. */
  backed_up: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListSchema = z.object({ list: z.array(passkeySchema) });

/** The options passed to navigator.credentials.create / get (SimpleWebAuthn's start* functions). */
export const passkeyOptionsSchema = z.object({ options: z.record(z.string(), z.unknown()) });

const transportsSchema = z.array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])).max(8);
const credentialBase = {
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
};

export const registrationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64url(4096),
    attestationObject: b64url(65536),
    authenticatorData: b64url(65536).optional(),
    transports: transportsSchema.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(4096).optional(),
  }),
});

export const authenticationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64url(4096),
    authenticatorData: b64url(65536),
    signature: b64url(4096),
    userHandle: b64url(512).optional(),
  }),
});

export const passkeyRegisterBodySchema = z.strictObject({ nickname: nicknameSchema, credential: registrationResponseSchema });
export const passkeyLoginBodySchema = z.strictObject({ credential: authenticationResponseSchema });
export const passkeyLoginResultSchema = z.object({ tokens: tokensSchema });
export const passkeyIdParamsSchema = z.object({ id: z.uuid() });
export const passkeyRenameBodySchema = z.strictObject({ nickname: nicknameSchema });
export const passkeyDeleteBodySchema = z.strictObject({ verification: verificationSchema });
/** Adding a passkey is a security change: the second factor before the challenge is given. */
export const passkeyRegisterOptionsBodySchema = z.strictObject({ verification: verificationSchema });
