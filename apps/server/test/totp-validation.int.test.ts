// POST /auth/totp/validation: an authenticator code checked ahead of the security operation it
// confirms, answering a single-use proof the operation takes as verification.totp_proof (the way
// the emailed and SMS codes of /auth/validation/* confirm one operation). One use per 30-second
// step, the wrong-code lockout, a per-address rate limit.
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, type Tokens } from '@hashpool/shared';
import { auth, emailOperationCode, inject, registerByEmail } from './account-helpers';
import { SmtpInbox } from './smtp-inbox';
import { body, startTestApp, type TestApp } from './test-app';

let t: TestApp;
const inbox = new SmtpInbox();

beforeAll(async () => {
  t = await startTestApp({ env: { SMTP_URL: await inbox.start(), ALTCHA_COST: '1' } });
});
afterAll(async () => {
  await t?.close();
  await inbox.stop();
});

async function withTotp() {
  const user = await registerByEmail(t.app, inbox);
  const { data } = body<{ secret: string }>(await inject(t.app, { method: 'POST', url: '/api/users/totp/secret', headers: auth(user.tokens) }));
  const totp = new TOTP({ secret: Secret.fromBase32(data.secret) });
  const email_code = await emailOperationCode(t, inbox, user, 'totp_bind');
  const res = await inject(t.app, { method: 'POST', url: '/api/users/totp/bind', headers: auth(user.tokens), payload: { code: totp.generate({ timestamp: t.clock.now().getTime() }), verification: { email_code } } });
  expect(res.statusCode, res.body).toBe(200);
  return { ...user, totp };
}

const nextCode = (totp: TOTP) => {
  t.clock.advance(30_000);
  return totp.generate({ timestamp: t.clock.now().getTime() });
};

const validate = (tokens: Tokens, payload: Record<string, unknown>, remoteAddress?: string) =>
  inject(t.app, { method: 'POST', url: '/api/auth/totp/validation', headers: auth(tokens), payload, ...(remoteAddress ? { remoteAddress } : {}) });

const setPayPassword = (tokens: Tokens, verification: Record<string, string>) =>
  inject(t.app, { method: 'PUT', url: '/api/users/pay-password', headers: auth(tokens), payload: { pay_password: '246810', confirm_pay_password: '246810', verification } });

describe('POST /auth/totp/validation', () => {
  it('answers a proof the operation takes once; the code itself works once per step', async () => {
    const user = await withTotp();
    const code = nextCode(user.totp);
    const res = await validate(user.tokens, { operation: 'pay_password', code });
    expect(res.statusCode, res.body).toBe(200);
    const { proof, expires_in } = body<{ proof: string; expires_in: number }>(res).data;
    expect(expires_in).toBe(300);
    // The same code again in its window: refused (replay).
    expect(body(await validate(user.tokens, { operation: 'pay_password', code })).code).toBe(ERRORS.totp_reused.code);
    expect((await setPayPassword(user.tokens, { totp_proof: proof })).statusCode).toBe(200);
    // A proof is spent by its first use.
    expect(body(await setPayPassword(user.tokens, { totp_proof: proof })).code).toBe(ERRORS.totp_proof_invalid.code);
  });

  it('binds the proof to its operation, subject and user, for five minutes', async () => {
    const user = await withTotp();
    const other = await withTotp();
    const proofOf = async (operation: string, subject?: string) =>
      body<{ proof: string }>(await validate(user.tokens, { operation, code: nextCode(user.totp), ...(subject ? { subject } : {}) })).data.proof;
    // Another operation.
    expect(body(await setPayPassword(user.tokens, { totp_proof: await proofOf('cancel_account') })).code).toBe(ERRORS.totp_proof_invalid.code);
    // Another subject of the operation.
    expect(body(await setPayPassword(user.tokens, { totp_proof: await proofOf('pay_password', 'something') })).code).toBe(ERRORS.totp_proof_invalid.code);
    // Another user's proof.
    expect(body(await setPayPassword(other.tokens, { totp_proof: await proofOf('pay_password') })).code).toBe(ERRORS.totp_proof_invalid.code);
    // Expired.
    const late = await proofOf('pay_password');
    t.clock.advance(301_000);
    expect(body(await setPayPassword(user.tokens, { totp_proof: late })).code).toBe(ERRORS.totp_proof_invalid.code);
    // A forged one.
    expect(body(await setPayPassword(user.tokens, { totp_proof: `${late.slice(0, -4)}AAAA` })).code).toBe(ERRORS.totp_proof_invalid.code);
  });

  it('refuses users without an authenticator, wrong codes, and locks after five wrong ones', async () => {
    const plain = await registerByEmail(t.app, inbox);
    expect(body(await validate(plain.tokens, { operation: 'pay_password', code: '123456' })).code).toBe(ERRORS.totp_not_bound.code);
    const user = await withTotp();
    const good = nextCode(user.totp);
    const wrong = String((Number(good) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) expect(body(await validate(user.tokens, { operation: 'pay_password', code: wrong })).code).toBe(ERRORS.totp_invalid.code);
    const locked = await validate(user.tokens, { operation: 'pay_password', code: good });
    expect(locked.statusCode).toBe(429);
    expect(body(locked).code).toBe(ERRORS.totp_locked.code);
    expect((await validate(plain.tokens, { operation: 'pay_password', code: '123456' }, undefined)).statusCode).toBe(400);
  });

  it('is rate limited per client address and needs a logged-in user', async () => {
    const plain = await registerByEmail(t.app, inbox);
    const ip = '10.99.1.1';
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await validate(plain.tokens, { operation: 'pay_password', code: '123456' }, ip)).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
    expect(codes[10]).toBe(429);
    const anonymous = await inject(t.app, { method: 'POST', url: '/api/auth/totp/validation', payload: { operation: 'pay_password', code: '123456' } });
    expect(anonymous.statusCode).toBe(401);
  });
});
