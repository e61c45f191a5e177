// Security settings through HTTP: authenticator, passwords, email, reset, cancellation, the log;
// every change needs the second factor, codes are bound to their operation, and the logs of the
// whole run contain no password, code or token.
import { PassThrough } from 'node:stream';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, type Tokens, type UserMine } from '@hashpool/shared';
import { auth, inject, login, newDevice, PASSWORD, registerByEmail, sendCode, uniqueEmail } from './account-helpers';
import { SmtpInbox } from './smtp-inbox';
import { body, startTestApp, type TestApp } from './test-app';

let t: TestApp;
const inbox = new SmtpInbox();
const logs = new PassThrough();
let logText = '';
logs.on('data', (c: Buffer) => (logText += c.toString()));
const secrets: string[] = [];

beforeAll(async () => {
  t = await startTestApp({ env: { SMTP_URL: await inbox.start(), ALTCHA_COST: '1' }, logStream: logs });
});
afterAll(async () => {
  await t?.close();
  await inbox.stop();
  // Every password, code and token the tests used: none may appear in any log line.
  for (const s of secrets) {
    // A 6-digit code leaks only as a number of its own: inside a longer run of digits (a
    // timestamp, a response time) it is a coincidence.
    const at = /^\d{6}$/.test(s) ? logText.search(new RegExp(`(?<!\\d)${s}(?!\\d)`)) : logText.indexOf(s);
    expect(at < 0 ? '' : logText.slice(Math.max(0, at - 120), at + 40)).toBe('');
  }
  expect(logText.length).toBeGreaterThan(1000);
});

const codeOf = (res: { body: string }) => body(res).code;
function keep<T extends string>(s: T): T {
  secrets.push(s);
  return s;
}
function keepTokens(tokens: Tokens): Tokens {
  keep(tokens.token);
  keep(tokens.refresh_token);
  return tokens;
}

async function operationCode(tokens: Tokens, email: string, operation: string): Promise<string> {
  t.clock.advance(61_000); // the resend timer
  const since = inbox.mails.length;
  const res = await inject(t.app, { method: 'POST', url: '/api/auth/validation/verified-email', headers: auth(tokens), payload: { operation } });
  expect(res.statusCode, res.body).toBe(200);
  return keep(SmtpInbox.code(await inbox.next(email, since)));
}

async function bindTotp(tokens: Tokens, email: string): Promise<TOTP> {
  const { data } = body<{ secret: string; otpauth_url: string }>(await inject(t.app, { method: 'POST', url: '/api/users/totp/secret', headers: auth(tokens) }));
  keep(data.secret);
  expect(data.otpauth_url).toMatch(/^otpauth:\/\/totp\//);
  const totp = new TOTP({ secret: Secret.fromBase32(data.secret) });
  const email_code = await operationCode(tokens, email, 'totp_bind');
  const res = await inject(t.app, { method: 'POST', url: '/api/users/totp/bind', headers: auth(tokens), payload: { code: totp.generate({ timestamp: t.clock.now().getTime() }), verification: { email_code } } });
  expect(res.statusCode, res.body).toBe(200);
  return totp;
}

const nextTotp = (totp: TOTP) => {
  t.clock.advance(30_000); // a fresh step: each code works once
  return keep(totp.generate({ timestamp: t.clock.now().getTime() }));
};

describe('authenticator', () => {
  it('binds with a code from the app and the emailed code, ends other sessions, alerts, then guards login', async () => {
    const user = await registerByEmail(t.app, inbox);
    keepTokens(user.tokens);
    const other = keepTokens((await login(t.app, user.email, PASSWORD, user.device)).result!.status === 'ok' ? ((await login(t.app, user.email, PASSWORD, user.device)).result as { tokens: Tokens }).tokens : user.tokens);
    const since = inbox.mails.length;
    await bindTotp(user.tokens, user.email);
    expect((await inbox.next(user.email, since + 1)).subject).toMatch(/Security change/);
    expect((await inject(t.app, { url: '/api/users/mine', headers: auth(other) })).statusCode).toBe(401);
    const mine = body<UserMine>(await inject(t.app, { url: '/api/users/mine', headers: auth(user.tokens) })).data;
    expect(mine.has_totp).toBe(true);
    expect((await login(t.app, user.email, PASSWORD, user.device)).result?.status).toBe('totp');
  });

  it('refuses a code sent for another operation', async () => {
    const user = await registerByEmail(t.app, inbox);
    const { data } = body<{ secret: string }>(await inject(t.app, { method: 'POST', url: '/api/users/totp/secret', headers: auth(user.tokens) }));
    const totp = new TOTP({ secret: Secret.fromBase32(data.secret) });
    const wrongOperation = await operationCode(user.tokens, user.email, 'pay_password');
    const res = await inject(t.app, { method: 'POST', url: '/api/users/totp/bind', headers: auth(user.tokens), payload: { code: totp.generate({ timestamp: t.clock.now().getTime() }), verification: { email_code: wrongOperation } } });
    expect(codeOf(res)).toBe(ERRORS.code_invalid.code);
    const missing = await inject(t.app, { method: 'POST', url: '/api/users/totp/bind', headers: auth(user.tokens), payload: { code: '123456', verification: {} } });
    expect([ERRORS.totp_invalid.code, ERRORS.second_factor_required.code]).toContain(codeOf(missing));
  });
});

describe('passwords', () => {
  it('changes the login password only with the current one and the second factor', async () => {
    const user = await registerByEmail(t.app, inbox);
    const totp = await bindTotp(user.tokens, user.email);
    const change = (old_password: string, totp_code: string) =>
      inject(t.app, { method: 'PUT', url: '/api/users/password', headers: auth(user.tokens), payload: { old_password, new_password: keep('a brand new passphrase'), confirm_password: 'a brand new passphrase', verification: { totp_code } } });
    expect(codeOf(await change('not my password', nextTotp(totp)))).toBe(ERRORS.password_incorrect.code);
    expect((await change(PASSWORD, nextTotp(totp))).statusCode).toBe(200);
    expect(codeOf((await login(t.app, user.email, PASSWORD, user.device)).res)).toBe(ERRORS.login_failed.code);
    expect((await login(t.app, user.email, 'a brand new passphrase', user.device)).result?.status).toBe('totp');
  });

  // docs/security.md item 39: a stolen access token must not be able to test passwords.
  it('checks the second factor before the current password: a wrong or missing one answers alike for both', async () => {
    const user = await registerByEmail(t.app, inbox);
    const totp = await bindTotp(user.tokens, user.email);
    const change = (old_password: string, verification: Record<string, string>) =>
      inject(t.app, { method: 'PUT', url: '/api/users/password', headers: auth(user.tokens), payload: { old_password, new_password: keep('another new passphrase'), confirm_password: 'another new passphrase', verification } });
    const strip = (res: { statusCode: number; body: string }) => ({ status: res.statusCode, code: codeOf(res), msg: body(res).msg });
    const good = nextTotp(totp);
    const wrong = { totp_code: String((Number(good) + 1) % 1_000_000).padStart(6, '0') };
    const right = await change(PASSWORD, wrong);
    expect(codeOf(right)).toBe(ERRORS.totp_invalid.code);
    expect(strip(await change('not my password', wrong))).toEqual(strip(right));
    expect(strip(await change('not my password', {}))).toEqual(strip(await change(PASSWORD, {})));
    expect(codeOf(await change(PASSWORD, {}))).toBe(ERRORS.second_factor_required.code);
  });

  it('sets the pay password, which starts the 24-hour withdrawal hold', async () => {
    const user = await registerByEmail(t.app, inbox);
    const email_code = await operationCode(user.tokens, user.email, 'pay_password');
    const pin = keep('482913');
    const res = await inject(t.app, { method: 'PUT', url: '/api/users/pay-password', headers: auth(user.tokens), payload: { pay_password: pin, confirm_pay_password: pin, verification: { email_code } } });
    expect(res.statusCode, res.body).toBe(200);
    const mine = body<UserMine>(await inject(t.app, { url: '/api/users/mine', headers: auth(user.tokens) })).data;
    expect(mine.has_pay_password).toBe(true);
    expect(new Date(mine.withdraw_hold_until!).getTime() - t.clock.now().getTime()).toBe(24 * 3600_000);
    const mismatch = await inject(t.app, { method: 'PUT', url: '/api/users/pay-password', headers: auth(user.tokens), payload: { pay_password: '123456', confirm_pay_password: '654321', verification: {} } });
    expect(body<{ fields: Array<{ message_key: string }> }>(mismatch).data.fields?.[0]?.message_key).toBe('pay_password_mismatch');
  });
});

describe('email change', () => {
  it('needs codes to the old and the new address', async () => {
    const user = await registerByEmail(t.app, inbox);
    const next = uniqueEmail('new');
    t.clock.advance(61_000);
    const since = inbox.mails.length;
    expect((await inject(t.app, { method: 'POST', url: '/api/auth/validation/new-target', headers: auth(user.tokens), payload: { channel: 'email', email: next } })).statusCode).toBe(200);
    const new_code = keep(SmtpInbox.code(await inbox.next(next, since)));
    const change = (code: string, email_code: string) => inject(t.app, { method: 'PUT', url: '/api/users/email', headers: auth(user.tokens), payload: { email: next, new_code: code, verification: { email_code } } });
    const fieldsOf = (res: { body: string }) => (body<{ fields?: Array<{ field: string }> }>(res).data.fields ?? []).map((f) => f.field);
    // A wrong code of the new address names its field: the form tells it from the same refusal of
    // the second factor's code, which the server checked (and spent) before it.
    const spent = await operationCode(user.tokens, user.email, 'email_change');
    const wrongNew = await change(new_code === '000000' ? '111111' : '000000', spent);
    expect(codeOf(wrongNew)).toBe(ERRORS.code_invalid.code);
    expect(fieldsOf(wrongNew)).toEqual(['body.new_code']);
    const usedOld = await change(new_code, spent);
    expect(codeOf(usedOld)).toBe(ERRORS.code_used.code);
    expect(fieldsOf(usedOld)).toEqual([]);
    const email_code = await operationCode(user.tokens, user.email, 'email_change');
    const res = await change(new_code, email_code);
    expect(res.statusCode, res.body).toBe(200);
    expect((await login(t.app, next, PASSWORD, user.device)).result?.status).toBe('ok');
    const taken = await inject(t.app, { method: 'POST', url: '/api/auth/validation/new-target', headers: auth((await registerByEmail(t.app, inbox)).tokens), payload: { channel: 'email', email: next } });
    expect(codeOf(taken)).toBe(ERRORS.contact_taken.code);
  });

  it('proves the old address even with an authenticator bound, and asks the authenticator too', async () => {
    const user = await registerByEmail(t.app, inbox);
    const totp = await bindTotp(user.tokens, user.email);
    const next = uniqueEmail('new');
    t.clock.advance(61_000);
    const since = inbox.mails.length;
    expect((await inject(t.app, { method: 'POST', url: '/api/auth/validation/new-target', headers: auth(user.tokens), payload: { channel: 'email', email: next } })).statusCode).toBe(200);
    const new_code = keep(SmtpInbox.code(await inbox.next(next, since)));
    const change = (verification: Record<string, string>) => inject(t.app, { method: 'PUT', url: '/api/users/email', headers: auth(user.tokens), payload: { email: next, new_code, verification } });
    // The authenticator alone moved the account's mail away from a mailbox that never confirmed it.
    expect(codeOf(await change({ totp_code: nextTotp(totp) }))).toBe(ERRORS.second_factor_required.code);
    t.clock.advance(61_000);
    const email_code = await operationCode(user.tokens, user.email, 'email_change');
    expect(codeOf(await change({ email_code }))).toBe(ERRORS.second_factor_required.code);
    t.clock.advance(31_000);
    const totp_code = nextTotp(totp);
    // A mistyped emailed code spends nothing of the authenticator: the same step works after it
    // (it was taken as reused, and the user had to wait for the next one).
    expect(codeOf(await change({ email_code: email_code === '000000' ? '111111' : '000000', totp_code }))).toBe(ERRORS.code_invalid.code);
    // A wrong authenticator code leaves the emailed code unspent.
    expect(codeOf(await change({ email_code, totp_code: totp_code === '000000' ? '111111' : '000000' }))).toBe(ERRORS.totp_invalid.code);
    const res = await change({ email_code, totp_code });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<UserMine>(await inject(t.app, { url: '/api/users/mine', headers: auth(user.tokens) })).data.email).toBe(next);
  });
});

describe('password reset', () => {
  it('never skips the authenticator, ends every session and starts the hold', async () => {
    const user = await registerByEmail(t.app, inbox);
    const totp = await bindTotp(user.tokens, user.email);
    t.clock.advance(61_000);
    const since = inbox.mails.length;
    await sendCode(t.app, { purpose: 'reset_password', channel: 'email', email: user.email });
    const code = keep(SmtpInbox.code(await inbox.next(user.email, since)));
    const reset = (extra: Record<string, string>) =>
      inject(t.app, { method: 'POST', url: '/api/users/password/reset', payload: { channel: 'email', email: user.email, code, new_password: keep('reset passphrase 42'), confirm_password: 'reset passphrase 42', ...extra } });
    expect(codeOf(await reset({}))).toBe(ERRORS.totp_required.code);
    // A wrong authenticator code leaves the emailed code unspent: the retry with the right one works.
    const good = nextTotp(totp);
    expect(codeOf(await reset({ totp_code: good === '000000' ? '111111' : '000000' }))).toBe(ERRORS.totp_invalid.code);
    expect((await reset({ totp_code: good })).statusCode).toBe(200);
    expect((await inject(t.app, { url: '/api/users/mine', headers: auth(user.tokens) })).statusCode).toBe(401);
    expect(codeOf(await reset({ totp_code: nextTotp(totp) }))).toBe(ERRORS.code_used.code);
    const step = await login(t.app, user.email, 'reset passphrase 42', user.device);
    const tokens = keepTokens(body<Tokens>(await inject(t.app, { method: 'POST', url: '/api/auth/totp/login', payload: { ticket: (step.result as { ticket: string }).ticket, code: nextTotp(totp) } })).data);
    const mine = body<UserMine>(await inject(t.app, { url: '/api/users/mine', headers: auth(tokens) })).data;
    expect(mine.withdraw_hold_until).not.toBeNull();
  });

  it('answers an unknown address like a wrong code', async () => {
    const res = await inject(t.app, { method: 'POST', url: '/api/users/password/reset', payload: { channel: 'email', email: uniqueEmail(), code: '123456', new_password: 'whatever passphrase', confirm_password: 'whatever passphrase' } });
    expect(codeOf(res)).toBe(ERRORS.code_invalid.code);
  });
});

describe('cancellation', () => {
  it('signs out; logging in within 30 days revives, after 30 days the account is closed', async () => {
    const a = await registerByEmail(t.app, inbox);
    const email_code = await operationCode(a.tokens, a.email, 'cancel_account');
    const res = await inject(t.app, { method: 'POST', url: '/api/users/cancel', headers: { ...auth(a.tokens), lang: 'ja' }, payload: { verification: { email_code } } });
    expect(res.statusCode).toBe(200);
    expect(body(res).msg).toMatch(/解約/);
    expect((await inject(t.app, { url: '/api/users/mine', headers: auth(a.tokens) })).statusCode).toBe(401);
    t.clock.advance(29 * 24 * 3600_000);
    expect((await login(t.app, a.email, PASSWORD, a.device)).result?.status).toBe('ok');

    const b = await registerByEmail(t.app, inbox);
    const code = await operationCode(b.tokens, b.email, 'cancel_account');
    await inject(t.app, { method: 'POST', url: '/api/users/cancel', headers: auth(b.tokens), payload: { verification: { email_code: code } } });
    t.clock.advance(31 * 24 * 3600_000);
    expect(codeOf((await login(t.app, b.email, PASSWORD, b.device)).res)).toBe(ERRORS.login_failed.code);
  });
});

describe('security log', () => {
  it('lists the user’s own events, newest first', async () => {
    const user = await registerByEmail(t.app, inbox);
    await login(t.app, user.email, 'wrong password here', user.device);
    await login(t.app, user.email, PASSWORD, newDevice());
    const { data } = body<{ list: Array<{ event: string; ip: string }>; total: number }>(await inject(t.app, { url: '/api/users/logs?page=1&page_size=10', headers: auth(user.tokens) }));
    expect(data.list.map((e) => e.event)).toEqual(['login_failed', 'register']);
    expect(data.total).toBe(2);
  });
});
