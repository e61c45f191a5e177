// The words of a failed call, as the seed writes them: "Network Error" without an answer, the
// server's message when it sent one, "Operation Failed" when it sent none.
import { createInstance, type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/shell/api/api-error';
import { errorText } from '../src/shell/api/error-text';
import common from '../src/i18n/locales/en/common.json';

const i18n = createInstance();
await i18n.init({ lng: 'en', ns: ['common'], defaultNS: 'common', resources: { en: { common } } });
const t = i18n.t.bind(i18n) as TFunction;

describe('errorText', () => {
  it('names a missing answer, passes the server\'s message, and falls back to the seed\'s text', () => {
    expect(errorText(new ApiError({ kind: 'network' }), t)).toBe('Network Error');
    expect(errorText(new ApiError({ kind: 'timeout' }), t)).toBe('Network Error');
    expect(errorText(new ApiError({ kind: 'server', msg: 'Insufficient balance.' }), t)).toBe('Insufficient balance.');
    expect(errorText(new ApiError({ kind: 'http', status: 502 }), t)).toBe('Operation Failed');
    expect(i18n.t('error.title')).toBe('Error occurred');
  });
});
