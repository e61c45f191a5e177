// Which proofs a security change's form asks for (shell/verification/SecondFactorFields.tsx): the
// same as the server's verifySecondFactor, or the user is asked for a code that is refused.
import { describe, expect, it } from 'vitest';
import { maskContact, secondFactorsOf } from '../src/shell/verification/SecondFactorFields';

const user = (has_totp: boolean, email: string | null, phone: string | null) => ({ has_totp, email, phone });

describe('the second factor of a security change', () => {
  it('is the authenticator when bound, else a code to the email, else to the phone', () => {
    expect(secondFactorsOf(user(true, 'a@example.com', null), 'password_change')).toEqual(['totp']);
    expect(secondFactorsOf(user(false, 'a@example.com', '+1 2125550100'), 'password_change')).toEqual(['email']);
    expect(secondFactorsOf(user(false, null, '+1 2125550100'), 'password_change')).toEqual(['sms']);
    // Binding an authenticator cannot ask for the one being bound.
    expect(secondFactorsOf(user(true, 'a@example.com', null), 'totp_bind')).toEqual(['email']);
  });

  it('proves a bound email when changing it, with the authenticator besides', () => {
    expect(secondFactorsOf(user(true, 'a@example.com', null), 'email_change')).toEqual(['totp', 'email']);
    expect(secondFactorsOf(user(false, 'a@example.com', '+1 2125550100'), 'email_change')).toEqual(['email']);
    // A phone-only account adding its first email has no old address to prove.
    expect(secondFactorsOf(user(false, null, '+1 2125550100'), 'email_change')).toEqual(['sms']);
    expect(secondFactorsOf(user(true, null, '+1 2125550100'), 'email_change')).toEqual(['totp']);
  });

  it('masks the address the code goes to', () => {
    expect(maskContact('miner@example.com')).toBe('mi***@example.com');
  });
});
