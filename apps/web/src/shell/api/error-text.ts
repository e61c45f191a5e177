// The words for a failed call (docs/rules.md, Errors): no answer at all is "Network Error"; otherwise
// the server's message in the user's language, or a generic "Request failed" when it gave none.
import type { TFunction } from 'i18next';
import type { ApiError } from './api-error';

export function errorText(error: ApiError, t: TFunction): string {
  if (error.kind === 'network' || error.kind === 'timeout') return t('common:error.network');
  return error.message || t('common:error.request_failed');
}
