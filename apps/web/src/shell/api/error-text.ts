// The words for a failed call (docs/rules.md, Errors), the seed's texts: no answer at all is
// "Network Error"; otherwise the server's message in the user's language, or "Operation Failed"
// when it gave none. The phone's alert dialog is titled "Error occurred".
import type { TFunction } from 'i18next';
import type { ApiError } from './api-error';

export function errorText(error: ApiError, t: TFunction): string {
  if (error.kind === 'network' || error.kind === 'timeout') return t('common:error.network');
  return error.message || t('common:error.request_failed');
}
