// A refused security change in a form with the second factor (SecondFactorFields): a refused code
// goes next to its input, and a code the server has spent does not stay in the form. The server
// checks the second factor first and spends it (security.service.ts): a refusal after that check
// (a wrong current password, a wrong code of the new address, an address taken) leaves codes that
// cannot pass again, so they are cleared with a line saying a new one is needed; a code refused as
// used, expired or tried too often is cleared the same way.
import type { FormInstance } from 'antd';
import { ERRORS } from '@hashpool/shared';
import { ApiError } from '../api/api-error';
import { CODE_ERRORS, errorsTo, formNameOf, showFormError, TOTP_ERRORS, type ErrorFieldMap } from './server-errors';

type NamePath = string | (string | number)[];

export const TOTP_FIELD = ['verification', 'totp_code'];
const CODE_FIELDS = [
  ['verification', 'email_code'],
  ['verification', 'sms_code'],
];

/** A code that cannot pass again: another must be sent. */
export const DEAD_CODE_ERRORS: readonly number[] = [ERRORS.code_used.code, ERRORS.code_expired.code, ERRORS.code_attempts_exceeded.code];

/** What the user is told under a cleared code: send another (email, SMS), or wait for the next (authenticator). */
export interface NewCodeTexts {
  /** Under a code the last try spent: another must be sent. */
  spentCode: string;
  /** Under an authenticator code the last try spent: the next one is needed. */
  spentTotp: string;
  /** After the server's words about a code that is used up or expired. */
  newCode: string;
  /** After the server's words about an authenticator code already used. */
  nextTotp: string;
}

/** The texts of NewCodeTexts, from a `t` that reaches the auth namespace. */
export function newCodeTexts(t: (key: string) => string): NewCodeTexts {
  return {
    spentCode: t('auth:second_factor.spent_code'),
    spentTotp: t('auth:second_factor.spent_totp'),
    newCode: t('auth:second_factor.new_code'),
    nextTotp: t('auth:second_factor.next_totp'),
  };
}

const key = (name: NamePath) => (Array.isArray(name) ? name.join('.') : name);
const shown = <T>(form: FormInstance<T>) => new Set(form.getFieldsError().map((field) => key(field.name)));

type Fields<T> = Parameters<FormInstance<T>['setFields']>[0];

/**
 * Empties the second factor's codes the form shows (spent by the server), each with a line saying
 * a new one is needed; `also` names further code inputs to empty the same way (the reset page's code).
 */
export function clearSpentCodes<T>(form: FormInstance<T>, texts: NewCodeTexts, also: NamePath[] = []): void {
  const known = shown(form);
  const fields = [...CODE_FIELDS, ...also, TOTP_FIELD]
    .filter((name) => known.has(key(name)))
    .map((name) => ({ name, value: undefined, errors: [key(name) === key(TOTP_FIELD) ? texts.spentTotp : texts.spentCode] }));
  if (fields.length > 0) form.setFields(fields as Fields<T>);
}

/** The emailed or texted code's input of the form (the one SecondFactorFields shows), if any. */
function codeField<T>(form: FormInstance<T>): NamePath | undefined {
  const known = shown(form);
  return CODE_FIELDS.find((name) => known.has(key(name)));
}

export interface SecondFactorErrorOptions {
  fieldNames?: Record<string, NamePath>;
  byCode?: ErrorFieldMap;
  /** Refusals the server gives only after it checked, and spent, the second factor. */
  afterSecondFactor?: (error: ApiError) => boolean;
}

/**
 * Shows a refused submission of a form with SecondFactorFields: field issues and the codes of
 * `byCode` next to their inputs, an authenticator or code refusal next to the second factor's
 * input, anything else as a toast; then clears what the server spent (see the top of the file).
 */
export function showSecondFactorError<T>(form: FormInstance<T>, error: unknown, texts: NewCodeTexts, options: SecondFactorErrorOptions = {}): void {
  if (!(error instanceof ApiError)) throw error;
  if (error.kind === 'aborted') return;
  const known = shown(form);
  const codeInput = codeField(form);
  // A code refusal that names its input (the code sent to a new address): there, with the server's
  // words, not the validation text of the issue. The second factor passed before it, and is spent.
  const named = (CODE_ERRORS as readonly number[]).includes(error.code) ? error.fields.map((issue) => options.fieldNames?.[issue.field] ?? formNameOf(issue.field)).find((name) => known.has(key(name))) : undefined;
  if (named !== undefined) {
    const dead = DEAD_CODE_ERRORS.includes(error.code);
    clearSpentCodes(form, texts);
    form.setFields([{ name: named, ...(dead ? { value: undefined } : {}), errors: dead ? [error.message, texts.newCode] : [error.message] }] as Fields<T>);
    return;
  }
  const byCode: ErrorFieldMap = { ...errorsTo(TOTP_FIELD, TOTP_ERRORS), ...(codeInput ? errorsTo(codeInput, CODE_ERRORS) : {}), ...options.byCode };
  showFormError(form, error, { fieldNames: options.fieldNames, byCode });
  if (options.afterSecondFactor?.(error)) return clearSpentCodes(form, texts);
  // A code that cannot pass again is emptied, with what to do next.
  const target = byCode[error.code];
  const clear = (name: NamePath, next: string) => known.has(key(name)) && form.setFields([{ name, value: undefined, errors: [error.message, next] }] as Fields<T>);
  if (target !== undefined && DEAD_CODE_ERRORS.includes(error.code)) clear(target, texts.newCode);
  else if (error.code === ERRORS.totp_reused.code && target !== undefined) clear(target, texts.nextTotp);
}
