// A refused form submission, shown where it belongs: the server's field issues
// (`data.fields[].field` such as "body.email", with a translated `message`) next to their inputs,
// a few catalogue errors that are about one input (a wrong code) next to that input, and
// anything else as the usual toast or alert.
import type { FormInstance } from 'antd';
import { ERRORS } from '@hashpool/shared';
import { ApiError } from '../api/api-error';
import { presentError } from '../api/error-presenter';

type NamePath = string | (string | number)[];

/** Catalogue errors that concern one input, by the name of that input in our forms. */
export type ErrorFieldMap = Partial<Record<number, NamePath>>;

export const CODE_ERRORS = [ERRORS.code_invalid.code, ERRORS.code_expired.code, ERRORS.code_used.code, ERRORS.code_attempts_exceeded.code] as const;
export const TOTP_ERRORS = [ERRORS.totp_invalid.code, ERRORS.totp_reused.code, ERRORS.totp_required.code] as const;

/** Maps each code in `codes` to the input `name`. */
export function errorsTo(name: NamePath, codes: readonly number[]): ErrorFieldMap {
  return Object.fromEntries(codes.map((code) => [code, name]));
}

/** "body.verification.email_code" -> ["verification", "email_code"]; "body.email" -> "email". */
export function formNameOf(field: string): NamePath {
  const path = field.replace(/^(body|query|params)\./, '').split('.');
  return path.length === 1 ? path[0]! : path;
}

/**
 * Shows a failed submission. `fieldNames` renames server fields whose input has another name;
 * `byCode` places catalogue errors. Returns true when the error went next to an input.
 */
export function showFormError<T>(form: FormInstance<T>, error: unknown, options: { fieldNames?: Record<string, NamePath>; byCode?: ErrorFieldMap } = {}): boolean {
  if (!(error instanceof ApiError)) throw error;
  if (error.kind === 'aborted') return false;
  // The inputs the form has now; an issue about anything else (a field the user cannot see)
  // goes to the toast.
  const key = (name: NamePath) => (Array.isArray(name) ? name.join('.') : name);
  const known = new Set(form.getFieldsError().map((field) => key(field.name)));
  const placed = error.fields
    .map((issue) => ({ name: options.fieldNames?.[issue.field] ?? formNameOf(issue.field), errors: [issue.message] }))
    .filter(({ name }) => known.has(key(name)));
  const target = options.byCode?.[error.code];
  if (target !== undefined && known.has(key(target))) placed.push({ name: target, errors: [error.message] });
  if (placed.length === 0) {
    presentError(error);
    return false;
  }
  form.setFields(placed as Parameters<FormInstance<T>['setFields']>[0]);
  return true;
}
