// A phone target's country calling code must exist (AuthService.checkTarget): with made-up codes
// one handset had several (country, number) pairs, each registering a new account.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { AuthService } from './auth.service';

const sms = (country: string, phone: string) => ({ channel: 'sms' as const, country, phone });
const refusedField = (f: () => void) => {
  try {
    f();
  } catch (error) {
    return error instanceof AppError ? error.fields?.map((x) => x.field) : 'not an AppError';
  }
  return undefined;
};

describe('a phone target', () => {
  it('takes real calling codes, of one to three digits (satellite ones too)', () => {
    for (const [country, phone] of [['1', '2125550100'], ['44', '7700900123'], ['86', '13800138000'], ['7', '9161234567'], ['81', '9012345678'], ['82', '1012345678'], ['870', '773123456'], ['881', '612345678']]) {
      expect(refusedField(() => AuthService.checkTarget(sms(country!, phone!))), country).toBeUndefined();
    }
  });

  it('refuses a calling code that does not exist, so one handset cannot be split into several accounts', () => {
    for (const [country, phone] of [['12', '125550100'], ['121', '25550100'], ['8', '613800000000'], ['999', '1234567'], ['1268', '4641234'], ['0', '1']]) {
      expect(refusedField(() => AuthService.checkTarget(sms(country!, phone!))), country).toEqual(['body.phone_country']);
    }
  });

  it('keeps the mainland rule for +86, and leaves emails alone', () => {
    expect(refusedField(() => AuthService.checkTarget(sms('86', '12345')))).toEqual(['body.phone']);
    expect(refusedField(() => AuthService.checkTarget({ channel: 'email', email: 'a@example.com' }))).toBeUndefined();
  });
});
