// Bodies of the account calls (docs/rules.md, "Validation" and "The API").
import { z } from 'zod';
import { codeSchema, emailSchema, passwordSchema, subAccountNameSchema, V } from '../validation';
import { LANGUAGES } from '../i18n';
import { OPERATOR_ROLES } from '../permissions';

/** Verification codes are bound to what they confirm (docs/security.md item 10). */
export const CODE_PURPOSES = ['register', 'reset_password', 'login_second', 'bind_email', 'bind_phone', 'security'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

export const CODE_TTL_SECONDS = 600;
export const CODE_RESEND_SECONDS = 60;
export const CODE_MAX_ATTEMPTS = 5;

/** Header with a random id the browser keeps (local storage), for recognising new devices. */
export const DEVICE_HEADER = 'x-hp-device';
/** A device id the server accepts; any other value (or none) logs in as a new device. */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/** Country calling code without "+" ("86" is mainland China, where the mainland phone rule of docs/rules.md, Validation, applies). */
export const phoneCountrySchema = z.string().regex(/^[1-9]\d{0,3}$/, V.phone);
export const phoneNumberSchema = z.string().regex(/^\d{4,15}$/, V.phone);

export const captchaAnswerSchema = z.union([
  z.object({
    provider: z.literal('altcha'),
    challenge: z.object({ parameters: z.record(z.string(), z.unknown()), signature: z.string().optional() }).passthrough(),
    solution: z.object({ counter: z.number().int(), derivedKey: z.string().max(256), time: z.number().optional() }),
  }),
  z.object({
    provider: z.literal('geetest'),
    lot_number: z.string().max(128),
    captcha_output: z.string().max(2048),
    pass_token: z.string().max(256),
    gen_time: z.string().max(32),
  }),
]);

export const captchaChallengeSchema = z.object({ provider: z.enum(['altcha', 'geetest']), challenge: z.unknown() });

/** Where a code goes: an email address or a phone number. */
const target = {
  channel: z.enum(['email', 'sms']),
  email: emailSchema.optional(),
  phone_country: phoneCountrySchema.optional(),
  phone: phoneNumberSchema.optional(),
};

export const sendCodeBodySchema = z.strictObject({
  purpose: z.enum(['register', 'reset_password']),
  ...target,
  captcha: captchaAnswerSchema,
});
export const sendCodeResultSchema = z.object({ resend_after: z.number().int(), expires_in: z.number().int() });

export const registerBodySchema = z
  .strictObject({
    ...target,
    code: codeSchema,
    password: passwordSchema,
    confirm_password: z.string(),
    agree_terms: z.literal(true, { error: V.agreeTerms }),
    invite_code: z.string().trim().max(32).optional(),
    language: z.enum(LANGUAGES).optional(),
  })
  .refine((b) => b.password === b.confirm_password, { path: ['confirm_password'], message: V.passwordMismatch });

export const tokensSchema = z.object({
  token: z.string(),
  refresh_token: z.string(),
  /** Seconds the access token lives. */
  expires_in: z.number().int(),
  refresh_expires_in: z.number().int(),
});
export type Tokens = z.infer<typeof tokensSchema>;

export const pubkeySchema = z.object({ key_id: z.string(), public_key: z.string() });

export const loginBodySchema = z.strictObject({
  /** Email address, or the phone number when `phone_country` is given. */
  account: z.string().trim().min(1, V.required).max(254),
  phone_country: phoneCountrySchema.optional(),
  /** base64 RSA-OAEP(SHA-256) ciphertext of the password under the key of `key_id`. */
  password: z.string().min(1, V.required).max(1024),
  key_id: z.string().max(64),
  captcha: captchaAnswerSchema.optional(),
});

export const loginResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('ok'), tokens: tokensSchema }),
  z.object({ status: z.literal('totp'), ticket: z.string() }),
  z.object({ status: z.literal('second_validation'), ticket: z.string(), channel: z.enum(['email', 'sms']), masked_target: z.string() }),
  z.object({ status: z.literal('captcha'), message: z.string() }),
]);
export type LoginResult = z.infer<typeof loginResultSchema>;

/** Tickets are short-lived signed JWTs (about 250 characters). */
export const ticketCodeBodySchema = z.strictObject({ ticket: z.string().min(16).max(1024), code: codeSchema });
export const refreshBodySchema = z.strictObject({ refresh_token: z.string().min(16).max(128) });

export const accountItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  status: z.enum(['normal', 'abnormal']),
  hidden: z.boolean(),
  is_default: z.boolean(),
  is_current: z.boolean(),
});
export type AccountItem = z.infer<typeof accountItemSchema>;
export const accountListSchema = z.array(accountItemSchema);
export const createAccountBodySchema = z.strictObject({ name: subAccountNameSchema });
export const switchAccountBodySchema = z.strictObject({ account_id: z.string().uuid(V.invalid) });
export const accountVisibilityBodySchema = z.strictObject({ hidden: z.boolean() });

export const userMineSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  language: z.string(),
  timezone: z.string(),
  currency: z.string(),
  notify_email: z.string().nullable(),
  invite_code: z.string(),
  has_totp: z.boolean(),
  has_pay_password: z.boolean(),
  /** The shared demo account: it cannot change security settings, so it cannot withdraw or transfer. */
  is_demo: z.boolean(),
  current_account: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
  /** Withdrawals are refused until then (24 h after a security change), or null. */
  withdraw_hold_until: z.string().nullable(),
});
export type UserMine = z.infer<typeof userMineSchema>;

export const settingsBodySchema = z.strictObject({
  timezone: z.string().max(16).optional(),
  currency: z.string().max(8).optional(),
  language: z.enum(LANGUAGES).optional(),
  notify_email: emailSchema.nullable().optional(),
});

export const permissionsSchema = z.object({ permissions: z.array(z.string()), is_admin: z.boolean(), operator_roles: z.array(z.enum(OPERATOR_ROLES)) });

/**
 * Operations that need the second factor (docs/security.md item 16). An emailed/SMS code is
 * bound to one of them: a code sent for one cannot confirm another.
 */
export const SECURITY_OPERATIONS = ['totp_bind', 'totp_unbind', 'password_change', 'pay_password', 'email_change', 'phone_change', 'cancel_account', 'withdraw', 'transfer', 'withdraw_address', 'wechat_bind', 'wechat_unbind', 'passkey_add', 'passkey_delete'] as const;
export type SecurityOperation = (typeof SECURITY_OPERATIONS)[number];

/** Wallet operations name what the code confirms (`walletSubject` in schemas/wallet.ts): it is bound to exactly that. */
export const WALLET_OPERATIONS = ['withdraw', 'transfer', 'withdraw_address'] as const;
export const securityCodeBodySchema = z.strictObject({ operation: z.enum(SECURITY_OPERATIONS), subject: z.string().max(300).optional() });

/** The second factor of a security operation: the authenticator if bound, else a code sent to the bound email or phone. */
export const verificationSchema = z.strictObject({
  totp_code: codeSchema.optional(),
  /** Instead of totp_code: the proof POST /auth/totp/validation gave for this operation (single use). */
  totp_proof: z.string().min(20).max(1000).optional(),
  email_code: codeSchema.optional(),
  sms_code: codeSchema.optional(),
});

/** POST /auth/totp/validation: an authenticator code checked ahead of the operation it confirms. */
export const totpValidationBodySchema = z.strictObject({ operation: z.enum(SECURITY_OPERATIONS), subject: z.string().max(300).optional(), code: codeSchema });
/** The proof the operation then takes as verification.totp_proof: single use, bound to the user, operation and subject. */
export const totpProofSchema = z.object({ proof: z.string(), expires_in: z.number().int() });
export const TOTP_PROOF_TTL_SECONDS = 300;

export const newTargetCodeBodySchema = z.strictObject({
  channel: z.enum(['email', 'sms']),
  email: emailSchema.optional(),
  phone_country: phoneCountrySchema.optional(),
  phone: phoneNumberSchema.optional(),
});

export const totpSecretSchema = z.object({ secret: z.string(), otpauth_url: z.string() });
export const totpBindBodySchema = z.strictObject({ code: codeSchema, verification: verificationSchema });
export const totpUnbindBodySchema = z.strictObject({ verification: verificationSchema });

export const passwordChangeBodySchema = z
  .strictObject({ old_password: z.string().min(1, V.required).max(256), new_password: passwordSchema, confirm_password: z.string(), verification: verificationSchema })
  .refine((b) => b.new_password === b.confirm_password, { path: ['confirm_password'], message: V.passwordMismatch });

export const PAY_PASSWORD = /^\d{6}$/;
export const payPasswordBodySchema = z
  .strictObject({ pay_password: z.string().regex(PAY_PASSWORD, V.payPassword), confirm_pay_password: z.string(), verification: verificationSchema })
  .refine((b) => b.pay_password === b.confirm_pay_password, { path: ['confirm_pay_password'], message: V.payPasswordMismatch });

export const emailChangeBodySchema = z.strictObject({ email: emailSchema, new_code: codeSchema, verification: verificationSchema });
export const phoneChangeBodySchema = z.strictObject({ phone_country: phoneCountrySchema, phone: phoneNumberSchema, new_code: codeSchema, verification: verificationSchema });

export const resetPasswordBodySchema = z
  .strictObject({
    channel: z.enum(['email', 'sms']),
    email: emailSchema.optional(),
    phone_country: phoneCountrySchema.optional(),
    phone: phoneNumberSchema.optional(),
    code: codeSchema,
    /** Required when the account has an authenticator: a reset never skips it. */
    totp_code: codeSchema.optional(),
    new_password: passwordSchema,
    confirm_password: z.string(),
  })
  .refine((b) => b.new_password === b.confirm_password, { path: ['confirm_password'], message: V.passwordMismatch });

export const cancelAccountBodySchema = z.strictObject({ verification: verificationSchema });

export const securityEventSchema = z.object({ id: z.number().int(), event: z.string(), ip: z.string().nullable(), device: z.string().nullable(), created_at: z.string() });
export const securityEventPageSchema = z.object({ list: z.array(securityEventSchema), total: z.number().int() });
