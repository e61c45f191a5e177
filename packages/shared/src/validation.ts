// Validation rules (docs/rules.md, Validation), as plain predicates and as zod schemas whose messages are
// keys of the `validation` locale namespace. The server validates with the schemas; forms use the
// same predicates, so a rule cannot differ between the two.
import { z } from 'zod';
import { LANGUAGES } from './i18n';
import { isNameText, isStorableText } from './input-safety';

export const WORKER_NAME = /^[0-9a-z]{1,64}$/;
export const SUB_ACCOUNT_NAME = /^[A-Za-z0-9]{4,30}$/;
export const SIX_DIGIT_CODE = /^\d{6}$/;
/** Mainland China mobile: 11 digits, 1 then 3-9, no hyphen. */
export const MAINLAND_PHONE = /^1[3-9]\d{9}$/;
/** Pragmatic address check (RFC 5321 lengths); the real proof is the code we send to it. */
export const EMAIL = /^(?=.{3,254}$)(?=[^@]{1,64}@)[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
/** Timestamps in seconds accepted anywhere in the API (docs/rules.md, Validation). */
export const TIMESTAMP_MIN = 0;
export const TIMESTAMP_MAX = 4102444800;
export const NICKNAME_MAX = 32;
/** ASVS 6.2.1 and 6.2.9: at least 8, and at least 64 accepted; we allow up to 128. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** Largest hashrate alarm threshold, H/s: a million YH/s, far beyond any pool, still a finite double. */
export const HASHRATE_THRESHOLD_MAX = 1e30;

export const isWorkerName = (s: string) => WORKER_NAME.test(s);
export const isSubAccountName = (s: string) => SUB_ACCOUNT_NAME.test(s);
export const isSixDigitCode = (s: string) => SIX_DIGIT_CODE.test(s);
export const isMainlandPhone = (s: string) => MAINLAND_PHONE.test(s);
export const isEmail = (s: string) => EMAIL.test(s);
/** Not blank and not only spaces (docs/rules.md, Validation), not longer than a name needs, no control characters. */
export const isNickname = (s: string) => s.trim().length > 0 && [...s.trim()].length <= NICKNAME_MAX && isNameText(s);
/**
 * Dates the API takes: from Bitcoin's first block to the end of the API's timestamps (docs/rules.md,
 * Validation: 4102444800 s is 2100-01-01). Outside it PostgreSQL cannot store the value (year 0,
 * 9999-12-31 plus a day), and no pool data exists anyway.
 */
export const DATE_MIN = '2009-01-03';
export const DATE_MAX = '2100-01-01';
const DATE_MIN_MS = Date.parse(`${DATE_MIN}T00:00:00Z`);
const DATE_MAX_MS = Date.parse(`${DATE_MAX}T00:00:00Z`);
/** An ISO day or time between DATE_MIN and DATE_MAX (inclusive). */
export const isDateInRange = (text: string) => {
  const t = Date.parse(text);
  return Number.isFinite(t) && t >= DATE_MIN_MS && t <= DATE_MAX_MS;
};
export const isValidTimestamp = (n: number) => Number.isInteger(n) && n >= TIMESTAMP_MIN && n <= TIMESTAMP_MAX;
/** Length only: no composition rules, never truncated (docs/security.md item 1). */
/** A hashrate alarm threshold in H/s: more than 0 (0 could never be undercut), at most HASHRATE_THRESHOLD_MAX. */
export const isHashrateThreshold = (n: number) => Number.isFinite(n) && n > 0 && n <= HASHRATE_THRESHOLD_MAX;
export const isPasswordLength = (s: string) => [...s].length >= PASSWORD_MIN && [...s].length <= PASSWORD_MAX;

/** Validation message keys; each is translated in locales/<lang>/validation.json. */
export const V = {
  required: 'required',
  invalid: 'invalid',
  workerName: 'worker_name',
  subAccountName: 'sub_account_name',
  code: 'code_six_digits',
  phone: 'phone_format',
  email: 'email_format',
  emailRequired: 'email_required',
  nickname: 'nickname_blank',
  timestamp: 'timestamp_range',
  passwordLength: 'password_length',
  passwordMismatch: 'password_mismatch',
  integer: 'integer',
  tooSmall: 'too_small',
  tooBig: 'too_big',
  tooLong: 'too_long',
  unknownField: 'unknown_field',
  agreeTerms: 'agree_terms',
  payPassword: 'pay_password_format',
  payPasswordMismatch: 'pay_password_mismatch',
  timezone: 'timezone',
  currency: 'currency',
  amount: 'amount',
  addressRequired: 'address_required',
  transferAccountRequired: 'transfer_account_required',
  reasonRequired: 'reason_required',
  aliasRequired: 'alias_required',
  hashrateThreshold: 'hashrate_threshold',
  feeRate: 'fee_rate',
  decimalValue: 'decimal_value',
  controlCharacters: 'control_characters',
  dateRange: 'date_range',
  textInvalid: 'text_invalid',
  tooDeep: 'too_deep',
} as const;
export type ValidationKey = (typeof V)[keyof typeof V];

// zod's own type errors ("Invalid input: expected string, received number") are not keys of the
// namespace: a missing value answers `required`, a wrong type `invalid`, a non-number `integer`.
const stringError = { error: (iss: { input?: unknown }) => (iss.input === undefined || iss.input === null ? V.required : V.invalid) };
export const numberError = { error: V.integer };

export const workerNameSchema = z.string(stringError).regex(WORKER_NAME, V.workerName);
export const subAccountNameSchema = z.string(stringError).regex(SUB_ACCOUNT_NAME, V.subAccountName);
export const codeSchema = z.string(stringError).regex(SIX_DIGIT_CODE, V.code);
export const mainlandPhoneSchema = z.string(stringError).regex(MAINLAND_PHONE, V.phone);
// abort: an empty email answers only "enter email address", not also "enter a correct one".
export const emailSchema = z.string(stringError).min(1, { message: V.emailRequired, abort: true }).regex(EMAIL, V.email);
export const nicknameSchema = z
  .string(stringError)
  .refine((s) => s.trim().length > 0 && [...s.trim()].length <= NICKNAME_MAX, { message: V.nickname, abort: true })
  .refine(isNameText, V.controlCharacters);
/** Empty query values must not coerce to 0 (the epoch): they are missing. */
export const timestampSchema = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number(numberError).int(V.integer).min(TIMESTAMP_MIN, V.timestamp).max(TIMESTAMP_MAX, V.timestamp),
);
/** An operator's reason for a change or a refusal (audited): required, at most 500 characters. */
export const operatorReasonSchema = z.string({ error: V.reasonRequired }).trim().min(1, V.reasonRequired).max(500, V.tooLong);
export const passwordSchema = z.string(stringError).refine(isPasswordLength, V.passwordLength);

/** A hashrate alarm threshold (H/s), or null for none. */
export const hashrateThresholdSchema = z
  .number({ error: (iss: { input?: unknown }) => (iss.input === undefined ? V.required : V.hashrateThreshold) })
  .refine(isHashrateThreshold, V.hashrateThreshold).nullable();

/** `page` and `page_size` of every list (page size 10 by default, docs/rules.md, Limits and constants). */
export const pageQuerySchema = z.object({
  page: z.coerce.number(numberError).int(V.integer).min(1, V.tooSmall).default(1),
  page_size: z.coerce.number(numberError).int(V.integer).min(1, V.tooSmall).max(100, V.tooBig).default(10),
});

/**
 * A name in the other languages than the record's `name` (English), as an operator gives it: a
 * language left out reads `name`. Blank ones are accepted and dropped by `givenNames`.
 */
export const namesPerLanguageSchema = (max: number) =>
  z.partialRecord(z.enum(LANGUAGES), z.string({ error: V.required }).max(max, V.tooLong).refine(isStorableText, V.controlCharacters)).default({});

/** The names an operator gave, trimmed, without the blank ones. */
export function givenNames(names: Partial<Record<string, string | undefined>> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(names ?? {}).flatMap(([lang, v]) => (v?.trim() ? [[lang, v.trim()]] : [])));
}
