// Registration, login, tokens and sub-accounts through HTTP, with codes read from a real SMTP
// mailbox, a real ALTCHA solve and a fake clock for every timed rule.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_HEADER, ERRORS, type AccountItem, type Tokens, type UserMine } from '@hashpool/shared';
import { queryRows } from '../src/db/client';
import { MAX_SUB_ACCOUNTS } from '../src/modules/accounts/accounts.service';
import { authSessions, users } from '../src/modules/accounts/accounts.tables';
import { REFRESH_GRACE_SECONDS } from '../src/modules/accounts/session.service';
import { deriveKeys } from '../src/platform/keys';
import { tokenHash } from '../src/platform/random-tokens';
import { SecretBox } from '../src/platform/secret-box';
import { auth, inject, login, newDevice, PASSWORD, registerByEmail, sendCode, uniqueEmail } from './account-helpers';
import { SmtpInbox } from './smtp-inbox';
import { body, startTestApp, type TestApp } from './test-app';

const SECRETS_KEY = randomBytes(32).toString('base64');
let t: TestApp;
const inbox = new SmtpInbox();

beforeAll(async () => {
  const smtp = await inbox.start();
  t = await startTestApp({ env: { SMTP_URL: smtp, SECRETS_KEY, ALTCHA_COST: '1' } });
});
afterAll(async () => {
  await t?.close();
  await inbox.stop();
});

const codeOf = (res: { body: string }) => body(res).code;

describe('registration by email', () => {
  it('registers with the emailed code and logs the user in with the default sub-account', async () => {
    const { email, tokens } = await registerByEmail(t.app, inbox);
    expect(tokens.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const mine = body<UserMine>(await inject(t.app, { url: '/api/users/mine', headers: auth(tokens) })).data;
    expect(mine.email).toBe(email);
    expect(mine.current_account?.name).toMatch(/^hp[a-z0-9]{8}$/);
    const perms = body<{ permissions: string[] }>(await inject(t.app, { url: '/api/permissions/current', headers: auth(tokens) })).data;
    expect(perms.permissions).toEqual(expect.arrayContaining(['pool.view', 'wallet.view', 'account.view']));
    const accounts = body<AccountItem[]>(await inject(t.app, { url: '/api/accounts', headers: auth(tokens) })).data;
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ is_default: true, is_current: true, status: 'normal' });
  });

  it('answers alike for a known address, which gets a notice instead of a code', async () => {
    const { email } = await registerByEmail(t.app, inbox);
    t.clock.advance(61_000);
    const since = inbox.mails.length;
    const known = await sendCode(t.app, { purpose: 'register', channel: 'email', email });
    const fresh = await sendCode(t.app, { purpose: 'register', channel: 'email', email: uniqueEmail() });
    expect(known.statusCode).toBe(fresh.statusCode);
    expect(body(known)).toEqual(body(fresh));
    const notice = await inbox.next(email, since);
    expect(notice.subject).not.toMatch(/\d{6}/);
  });

  it('refuses wrong, expired, reused and foreign-purpose codes, and voids a code after 5 wrong tries', async () => {
    const email = uniqueEmail();
    const since = inbox.mails.length;
    await sendCode(t.app, { purpose: 'register', channel: 'email', email });
    const code = SmtpInbox.code(await inbox.next(email, since));
    const register = (c: string) =>
      inject(t.app, { method: 'POST', url: '/api/users/register', payload: { channel: 'email', email, code: c, password: PASSWORD, confirm_password: PASSWORD, agree_terms: true } });
    const wrong = code === '000000' ? '111111' : '000000';
    expect(codeOf(await register(wrong))).toBe(ERRORS.code_invalid.code);
    for (let i = 0; i < 3; i++) await register(wrong);
    expect(codeOf(await register(wrong))).toBe(ERRORS.code_attempts_exceeded.code);
    expect(codeOf(await register(code))).toBe(ERRORS.code_attempts_exceeded.code);

    t.clock.advance(61_000);
    const since2 = inbox.mails.length;
    await sendCode(t.app, { purpose: 'register', channel: 'email', email });
    const code2 = SmtpInbox.code(await inbox.next(email, since2));
    t.clock.advance(601_000);
    expect(codeOf(await register(code2))).toBe(ERRORS.code_expired.code);

    const since3 = inbox.mails.length;
    await sendCode(t.app, { purpose: 'register', channel: 'email', email });
    const code3 = SmtpInbox.code(await inbox.next(email, since3));
    expect((await register(code3)).statusCode).toBe(200);
    expect(codeOf(await register(code3))).toBe(ERRORS.code_used.code);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toBeDefined();
  });

  it('keeps to the 60-second resend timer and needs a fresh captcha each time', async () => {
    const email = uniqueEmail();
    expect((await sendCode(t.app, { purpose: 'register', channel: 'email', email })).statusCode).toBe(200);
    const again = await sendCode(t.app, { purpose: 'register', channel: 'email', email });
    expect(codeOf(again)).toBe(ERRORS.code_resend_wait.code);
    expect(body(again).msg).toMatch(/60/);
    const noCaptcha = await inject(t.app, { method: 'POST', url: '/api/v3/auth/validation/code', payload: { purpose: 'register', channel: 'email', email, captcha: { provider: 'altcha', challenge: { parameters: {} }, solution: { counter: 1, derivedKey: 'x' } } } });
    expect(codeOf(noCaptcha)).toBe(ERRORS.captcha_failed.code);
  });

  it("keeps to the operator's resend timer (CODE_RESEND_SECONDS) and says it in the answer", async () => {
    const short = await startTestApp({ env: { ALTCHA_COST: '1', CODE_RESEND_SECONDS: '20' }, demo: false });
    try {
      const email = uniqueEmail();
      const first = await sendCode(short.app, { purpose: 'register', channel: 'email', email });
      expect(body<{ resend_after: number }>(first).data.resend_after).toBe(20);
      short.clock.advance(19_000);
      const early = await sendCode(short.app, { purpose: 'register', channel: 'email', email });
      expect(codeOf(early)).toBe(ERRORS.code_resend_wait.code);
      short.clock.advance(1_000);
      expect((await sendCode(short.app, { purpose: 'register', channel: 'email', email })).statusCode).toBe(200);
    } finally {
      await short.close();
    }
  });

  it('names each bad field and changes nothing', async () => {
    const res = await inject(t.app, {
      method: 'POST',
      url: '/api/users/register',
      headers: { lang: 'zh-CN' },
      payload: { channel: 'email', email: 'not-an-email', code: '12345', password: 'short', confirm_password: 'other', agree_terms: false },
    });
    expect(res.statusCode).toBe(400);
    const fields = body<{ fields: Array<{ field: string; message_key: string; message: string }> }>(res).data.fields;
    expect(fields.map((f) => `${f.field}:${f.message_key}`)).toEqual(
      expect.arrayContaining(['body.email:email_format', 'body.code:code_six_digits', 'body.password:password_length', 'body.agree_terms:agree_terms']),
    );
    expect(fields.every((f) => /[\u4e00-\u9fff]/.test(f.message))).toBe(true);
    const mismatch = await inject(t.app, {
      method: 'POST',
      url: '/api/users/register',
      payload: { channel: 'email', email: uniqueEmail(), code: '123456', password: PASSWORD, confirm_password: 'something else entirely', agree_terms: true },
    });
    expect(body<{ fields: Array<{ field: string; message_key: string }> }>(mismatch).data.fields).toEqual([expect.objectContaining({ field: 'body.confirm_password', message_key: 'password_mismatch' })]);
  });

  it('applies the mainland phone rule to +86 numbers', async () => {
    const res = await sendCode(t.app, { purpose: 'register', channel: 'sms', phone_country: '86', phone: '12800138000' });
    expect(body<{ fields: Array<{ field: string }> }>(res).data.fields?.[0]?.field).toBe('body.phone');
  });
});

describe('login', () => {
  it('logs in on a known device, and answers wrong password and unknown account alike', async () => {
    const { email, device } = await registerByEmail(t.app, inbox);
    const good = await login(t.app, email, PASSWORD, device);
    expect(good.result?.status).toBe('ok');
    const wrong = await login(t.app, email, 'not the password', device);
    const unknown = await login(t.app, uniqueEmail(), 'not the password', device);
    expect(wrong.res.statusCode).toBe(unknown.res.statusCode);
    const strip = (r: { body: string }) => ({ ...body(r), data: null });
    expect(strip(wrong.res)).toEqual(strip(unknown.res));
    expect(body(wrong.res).code).toBe(ERRORS.login_failed.code);
  });

  it('asks a new device for an emailed code, then alerts by email', async () => {
    const { email, tokens } = await registerByEmail(t.app, inbox);
    // A notification mailbox is set without a second factor: the alerts still reach the account's own email too.
    const elsewhere = uniqueEmail('elsewhere');
    expect((await inject(t.app, { method: 'PUT', url: '/api/users/settings', headers: auth(tokens), payload: { notify_email: elsewhere } })).statusCode).toBe(200);
    const device = newDevice();
    const since = inbox.mails.length;
    const step1 = await login(t.app, email, PASSWORD, device);
    expect(step1.result).toMatchObject({ status: 'second_validation', channel: 'email' });
    const code = SmtpInbox.code(await inbox.next(email, since));
    const ticket = (step1.result as { ticket: string }).ticket;
    const since2 = inbox.mails.length;
    const step2 = await inject(t.app, { method: 'POST', url: '/api/users/second-validation', headers: { [DEVICE_HEADER]: device }, payload: { ticket, code } });
    expect(step2.statusCode).toBe(200);
    const alert = await inbox.next(email, since2);
    expect(alert.subject).toMatch(/New login/);
    expect((await inbox.next(elsewhere, since2)).subject).toMatch(/New login/);
    expect((await login(t.app, email, PASSWORD, device)).result?.status).toBe('ok');
  });

  // docs/security.md items 7 and 36: leaving out the device header, or sending one the server
  // does not accept, must not skip the emailed code, the alert or the log entry.
  it('treats a login without a valid device id as a new device: emailed code, alert, logged as such', async () => {
    const { email, tokens } = await registerByEmail(t.app, inbox);
    for (const device of [null, 'too-short', 'not a valid id, it has spaces and commas']) {
      t.clock.advance(1000); // each login code is the newest of its target
      const since = inbox.mails.length;
      const step1 = await login(t.app, email, PASSWORD, device);
      expect(step1.result, String(device)).toMatchObject({ status: 'second_validation', channel: 'email' });
      const code = SmtpInbox.code(await inbox.next(email, since));
      const since2 = inbox.mails.length;
      const step2 = await inject(t.app, { method: 'POST', url: '/api/users/second-validation', headers: device === null ? {} : { [DEVICE_HEADER]: device }, payload: { ticket: (step1.result as { ticket: string }).ticket, code } });
      expect(step2.statusCode, step2.body).toBe(200);
      expect((await inbox.next(email, since2)).subject).toMatch(/New login/);
      const log = body<{ list: Array<{ event: string }> }>(await inject(t.app, { url: '/api/users/logs?page=1&page_size=1', headers: auth(tokens) })).data.list;
      expect(log[0]?.event).toBe('login_new_device');
    }
  });

  it('asks a TOTP user without a device id for the authenticator, then alerts and logs a new device', async () => {
    const { email, device, tokens } = await registerByEmail(t.app, inbox);
    const secret = new Secret();
    const box = new SecretBox(deriveKeys(t.config).secretBox);
    await t.database.db.update(users).set({ totpSecret: box.seal(secret.base32) }).where(eq(users.email, email));
    const totp = new TOTP({ secret });
    const lastEvent = async () => body<{ list: Array<{ event: string }> }>(await inject(t.app, { url: '/api/users/logs?page=1&page_size=1', headers: auth(tokens) })).data.list[0]?.event;
    const viaTotp = async (from: string | null) => {
      t.clock.advance(30_000); // a fresh step: each code works once
      const step1 = await login(t.app, email, PASSWORD, from);
      expect(step1.result?.status).toBe('totp');
      const code = totp.generate({ timestamp: t.clock.now().getTime() });
      const res = await inject(t.app, { method: 'POST', url: '/api/auth/totp/login', headers: from === null ? {} : { [DEVICE_HEADER]: from }, payload: { ticket: (step1.result as { ticket: string }).ticket, code } });
      expect(res.statusCode, res.body).toBe(200);
    };
    // The known device: a plain login, no alert.
    const before = inbox.mails.length;
    await viaTotp(device);
    expect(await lastEvent()).toBe('login');
    // No device id: the authenticator still decides, but it is a new device.
    await viaTotp(null);
    expect((await inbox.next(email, before)).subject).toMatch(/New login/);
    expect(await lastEvent()).toBe('login_new_device');
  });

  it('lets the shared demo user in without a device id or an emailed code', async () => {
    const { DEMO_EMAIL, DEMO_PASSWORD } = await import('../src/modules/accounts/accounts.seed');
    expect((await login(t.app, DEMO_EMAIL, DEMO_PASSWORD, null)).result?.status).toBe('ok');
  });

  it('asks for the authenticator when one is bound; a code works once', async () => {
    const { email, device } = await registerByEmail(t.app, inbox);
    const secret = new Secret();
    const box = new SecretBox(deriveKeys(t.config).secretBox);
    await t.database.db.update(users).set({ totpSecret: box.seal(secret.base32) }).where(eq(users.email, email));
    const step1 = await login(t.app, email, PASSWORD, device);
    expect(step1.result?.status).toBe('totp');
    const ticket = (step1.result as { ticket: string }).ticket;
    const totp = new TOTP({ secret });
    const now = t.clock.now().getTime();
    const wrongCode = String((Number(totp.generate({ timestamp: now })) + 1) % 1_000_000).padStart(6, '0');
    const bad = await inject(t.app, { method: 'POST', url: '/api/auth/totp/login', payload: { ticket, code: wrongCode } });
    expect(codeOf(bad)).toBe(ERRORS.totp_invalid.code);
    const code = totp.generate({ timestamp: now });
    const ok = await inject(t.app, { method: 'POST', url: '/api/auth/totp/login', payload: { ticket, code } });
    expect(ok.statusCode).toBe(200);
    const reused = await inject(t.app, { method: 'POST', url: '/api/auth/totp/login', payload: { ticket, code } });
    expect(codeOf(reused)).toBe(ERRORS.totp_reused.code);
    t.clock.advance(301_000);
    const late = await inject(t.app, { method: 'POST', url: '/api/auth/totp/login', payload: { ticket, code: totp.generate({ timestamp: t.clock.now().getTime() }) } });
    expect(codeOf(late)).toBe(ERRORS.ticket_expired.code);
  });

  it('stops comparing authenticator codes after 5 wrong ones, on any instance, for 15 minutes', async () => {
    const { email, device } = await registerByEmail(t.app, inbox);
    const secret = new Secret();
    const box = new SecretBox(deriveKeys(t.config).secretBox);
    await t.database.db.update(users).set({ totpSecret: box.seal(secret.base32) }).where(eq(users.email, email));
    const totp = new TOTP({ secret });
    const ticketOf = async () => ((await login(t.app, email, PASSWORD, device)).result as { ticket: string }).ticket;
    const ticket = await ticketOf();
    const wrong = () => String((Number(totp.generate({ timestamp: t.clock.now().getTime() })) + 500_000) % 1_000_000).padStart(6, '0');
    const other = await t.sibling();
    for (let i = 0; i < 5; i++) {
      const bad = await inject(i % 2 ? other : t.app, { method: 'POST', url: '/api/auth/totp/login', payload: { ticket, code: wrong() } });
      expect(codeOf(bad)).toBe(ERRORS.totp_invalid.code);
    }
    // The right code is not even compared now: a guesser cannot tell a hit.
    const locked = await inject(t.app, { method: 'POST', url: '/api/auth/totp/login', payload: { ticket, code: totp.generate({ timestamp: t.clock.now().getTime() }) } });
    expect(codeOf(locked)).toBe(ERRORS.totp_locked.code);
    expect(locked.statusCode).toBe(429);
    t.clock.advance(15 * 60_000 + 1000);
    const ok = await inject(t.app, { method: 'POST', url: '/api/auth/totp/login', payload: { ticket: await ticketOf(), code: totp.generate({ timestamp: t.clock.now().getTime() }) } });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('compares at most 5 authenticator codes when many are sent at once', async () => {
    const { email, device } = await registerByEmail(t.app, inbox);
    const secret = new Secret();
    const box = new SecretBox(deriveKeys(t.config).secretBox);
    await t.database.db.update(users).set({ totpSecret: box.seal(secret.base32) }).where(eq(users.email, email));
    const totp = new TOTP({ secret });
    const ticket = ((await login(t.app, email, PASSWORD, device)).result as { ticket: string }).ticket;
    const right = Number(totp.generate({ timestamp: t.clock.now().getTime() }));
    const guesses = Array.from({ length: 30 }, (_, i) => String((right + 500_000 + i) % 1_000_000).padStart(6, '0'));
    const other = await t.sibling();
    const answers = await Promise.all(guesses.map((code, i) => inject(i % 2 ? other : t.app, { method: 'POST', url: '/api/auth/totp/login', payload: { ticket, code } })));
    const codes = answers.map(codeOf);
    expect(codes.filter((c) => c === ERRORS.totp_invalid.code).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c !== ERRORS.totp_invalid.code).every((c) => c === ERRORS.totp_locked.code)).toBe(true);
  });

  it('asks for a captcha after 5 failures instead of locking the owner out', async () => {
    const { email, device } = await registerByEmail(t.app, inbox);
    for (let i = 0; i < 5; i++) expect(codeOf((await login(t.app, email, 'wrong password!', device)).res)).toBe(ERRORS.login_failed.code);
    const blocked = await login(t.app, email, PASSWORD, device);
    expect(blocked.result?.status).toBe('captcha');
    const { solvedCaptcha } = await import('./account-helpers');
    const withCaptcha = await login(t.app, email, PASSWORD, device, { captcha: await solvedCaptcha(t.app) });
    expect(withCaptcha.result?.status).toBe('ok');
  });

  it('answers 429 to unknown devices after 10 failures, before any hashing, while the owner’s device only needs a captcha', async () => {
    const { email, device } = await registerByEmail(t.app, inbox);
    const { solvedCaptcha } = await import('./account-helpers');
    for (let i = 0; i < 10; i++) {
      const captcha = i >= 5 ? { captcha: await solvedCaptcha(t.app) } : {};
      expect(codeOf((await login(t.app, email, 'wrong password!', newDevice(), captcha)).res)).toBe(ERRORS.login_failed.code);
    }
    const stranger = await login(t.app, email, PASSWORD, newDevice(), { captcha: await solvedCaptcha(t.app) });
    expect(stranger.res.statusCode).toBe(429);
    const unknownAccount = await login(t.app, uniqueEmail(), PASSWORD, newDevice());
    expect(unknownAccount.res.statusCode).not.toBe(429);
    const owner = await login(t.app, email, PASSWORD, device, { captcha: await solvedCaptcha(t.app) });
    expect(owner.result?.status).toBe('ok');
  });

  it('answers a stale login key so the client fetches a new one', async () => {
    const res = await inject(t.app, { method: 'POST', url: '/api/v2/users/encrypt/login', payload: { account: 'a@b.co', password: 'AAAA', key_id: 'old' } });
    expect(codeOf(res)).toBe(ERRORS.login_key_stale.code);
  });
});

describe('tokens', () => {
  const refresh = (refresh_token: string) => inject(t.app, { method: 'POST', url: '/api/users/refresh/login', payload: { refresh_token } });

  it('rotates the refresh token; reusing an old one revokes the whole chain', async () => {
    const { tokens } = await registerByEmail(t.app, inbox);
    const r1 = await refresh(tokens.refresh_token);
    expect(r1.statusCode).toBe(200);
    const next = body<Tokens>(r1).data;
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect((await inject(t.app, { url: '/api/users/mine', headers: auth(next) })).statusCode).toBe(200);
    const replay = await refresh(tokens.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect(codeOf(replay)).toBe(ERRORS.refresh_invalid.code);
    expect((await inject(t.app, { url: '/api/users/mine', headers: auth(next) })).statusCode).toBe(401);
    expect((await refresh(next.refresh_token)).statusCode).toBe(401);
  });

  // docs/security.md items 15 and 37: the successor is created in the transaction that spends
  // the token; a duplicate within REFRESH_GRACE_SECONDS from the same device gets that successor.
  const refreshFrom = (app: FastifyInstance, refresh_token: string, device: string) =>
    inject(app, { method: 'POST', url: '/api/users/refresh/login', headers: { [DEVICE_HEADER]: device }, payload: { refresh_token } });
  const familyOf = async (refreshToken: string) => (await t.database.db.select().from(authSessions).where(eq(authSessions.refreshHash, tokenHash(refreshToken))))[0]!.familyId;
  const family = (familyId: string) => t.database.db.select().from(authSessions).where(eq(authSessions.familyId, familyId));
  /** Sessions whose access token still works (a rotated one's does until it expires). */
  const liveSessions = async (familyId: string) => (await family(familyId)).filter((row) => !row.revokedAt).length;
  const works = async (tokens: Tokens) => (await inject(t.app, { url: '/api/users/mine', headers: auth(tokens) })).statusCode === 200;

  it('answers two concurrent refreshes of one token, on one or two instances, with the same new pair', async () => {
    const { tokens, device } = await registerByEmail(t.app, inbox);
    const sibling = await t.sibling();
    let current = tokens;
    for (let i = 0; i < 10; i++) {
      const results = await Promise.all([refreshFrom(t.app, current.refresh_token, device), refreshFrom(i % 2 ? sibling : t.app, current.refresh_token, device)]);
      expect(results.map((r) => r.statusCode), results.map((r) => r.body).join('\n')).toEqual([200, 200]);
      const [a, b] = results.map((r) => body<Tokens>(r).data);
      expect(b!.token).toBe(a!.token);
      expect(b!.refresh_token).toBe(a!.refresh_token);
      expect(a!.refresh_token).not.toBe(current.refresh_token);
      expect(await works(a!)).toBe(true);
      current = a!;
    }
    // One login and ten refreshes: the duplicates made no session of their own.
    const rows = await family(await familyOf(current.refresh_token));
    expect(rows).toHaveLength(11);
    expect(rows.filter((row) => !row.rotatedAt && !row.revokedAt)).toHaveLength(1);
  });

  it('treats the rotated token as reused after the grace window, or from another device: the family ends, successor included', async () => {
    const { email, device } = await registerByEmail(t.app, inbox);
    for (const replay of [{ after: REFRESH_GRACE_SECONDS * 1000 + 1000, from: device }, { after: 0, from: newDevice() }]) {
      const first = (await login(t.app, email, PASSWORD, device)).result as { tokens: Tokens };
      const next = body<Tokens>(await refreshFrom(t.app, first.tokens.refresh_token, device)).data;
      t.clock.advance(replay.after);
      const again = await refreshFrom(t.app, first.tokens.refresh_token, replay.from);
      expect(codeOf(again)).toBe(ERRORS.refresh_invalid.code);
      expect(await works(next)).toBe(false);
      expect((await refreshFrom(t.app, next.refresh_token, device)).statusCode).toBe(401);
      expect(await liveSessions(await familyOf(next.refresh_token))).toBe(0);
    }
  });

  it('leaves no live session when reuse is detected while a refresh is in flight', async () => {
    const { email, device } = await registerByEmail(t.app, inbox);
    const loginTokens = async () => ((await login(t.app, email, PASSWORD, device)).result as { tokens: Tokens }).tokens;
    for (let i = 0; i < 20; i++) {
      // The same token from another device at once: no grace, so whichever loses is reuse.
      const { refresh_token } = await loginTokens();
      const same = await Promise.all([refreshFrom(t.app, refresh_token, device), refreshFrom(t.app, refresh_token, newDevice())]);
      expect(same.map((r) => r.statusCode).sort(), `same token, iteration ${i}`).toEqual([200, 401]);
      expect(await liveSessions(await familyOf(refresh_token)), `same token, iteration ${i}`).toBe(0);
      expect(await works(body<Tokens>(same.find((r) => r.statusCode === 200)!).data), `same token, iteration ${i}`).toBe(false);

      // An old token replayed after the window while the owner refreshes the current one.
      const old = await loginTokens();
      const current = body<Tokens>(await refreshFrom(t.app, old.refresh_token, device)).data;
      t.clock.advance(REFRESH_GRACE_SECONDS * 1000 + 1000);
      const [owner, replay] = await Promise.all([refreshFrom(t.app, current.refresh_token, device), refreshFrom(t.app, old.refresh_token, device)]);
      expect(replay.statusCode, `replay, iteration ${i}`).toBe(401);
      expect(await liveSessions(await familyOf(old.refresh_token)), `replay, iteration ${i}`).toBe(0);
      if (owner.statusCode === 200) expect(await works(body<Tokens>(owner).data), `replay, iteration ${i}`).toBe(false);
    }
  });

  it('answers an expired access token with HTTP 400 and code 40001', async () => {
    const { tokens } = await registerByEmail(t.app, inbox);
    t.clock.advance(15 * 60_000 + 1000);
    const res = await inject(t.app, { url: '/api/users/mine', headers: auth(tokens) });
    expect(res.statusCode).toBe(400);
    expect(codeOf(res)).toBe(40001);
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(200);
  });

  it('revokes on logout', async () => {
    const { tokens } = await registerByEmail(t.app, inbox);
    expect((await inject(t.app, { method: 'POST', url: '/api/users/logout', headers: auth(tokens) })).statusCode).toBe(200);
    expect((await inject(t.app, { url: '/api/users/mine', headers: auth(tokens) })).statusCode).toBe(401);
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(401);
  });
});

describe('sub-accounts and settings', () => {
  it('creates, switches, hides; names are unique across the pool in any case', async () => {
    const a = await registerByEmail(t.app, inbox);
    const b = await registerByEmail(t.app, inbox);
    const name = `farm${randomBytes(4).toString('hex')}`;
    const created = await inject(t.app, { method: 'POST', url: '/api/accounts', headers: auth(a.tokens), payload: { name } });
    expect(created.statusCode).toBe(200);
    const id = body<AccountItem>(created).data.id;
    const dup = await inject(t.app, { method: 'POST', url: '/api/accounts', headers: auth(b.tokens), payload: { name: name.toUpperCase() } });
    expect(codeOf(dup)).toBe(ERRORS.account_name_taken.code);
    const bad = await inject(t.app, { method: 'POST', url: '/api/accounts', headers: auth(a.tokens), payload: { name: 'no' } });
    expect(body<{ fields: Array<{ message_key: string }> }>(bad).data.fields?.[0]?.message_key).toBe('sub_account_name');

    expect((await inject(t.app, { method: 'PUT', url: '/api/users/accounts', headers: auth(a.tokens), payload: { account_id: id } })).statusCode).toBe(200);
    const mine = body<UserMine>(await inject(t.app, { url: '/api/users/mine', headers: auth(a.tokens) })).data;
    expect(mine.current_account).toEqual({ id, name });
    // Another user's account answers as if it did not exist, and nothing changes.
    const foreign = await inject(t.app, { method: 'PUT', url: '/api/users/accounts', headers: auth(b.tokens), payload: { account_id: id } });
    expect(foreign.statusCode).toBe(404);
    const foreignHide = await inject(t.app, { method: 'PUT', url: `/api/accounts/${id}/visibility`, headers: auth(b.tokens), payload: { hidden: true } });
    expect(foreignHide.statusCode).toBe(404);
    expect((await inject(t.app, { method: 'PUT', url: `/api/accounts/${id}/visibility`, headers: auth(a.tokens), payload: { hidden: true } })).statusCode).toBe(200);
    const list = body<AccountItem[]>(await inject(t.app, { url: '/api/accounts', headers: auth(a.tokens) })).data;
    expect(list.find((x) => x.id === id)).toMatchObject({ hidden: true, is_current: true });
  });

  it('holds at most 200 sub-accounts per user, also when creations arrive at once', async () => {
    const { email, tokens } = await registerByEmail(t.app, inbox);
    const [owner] = await t.database.db.select().from(users).where(eq(users.email, email));
    const owned = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from mining_accounts where user_id = ${owner!.id}::uuid`))[0]!.n;
    const have = await owned();
    const tag = randomBytes(4).toString('hex');
    // Three places left.
    await t.database.db.execute(sql`insert into mining_accounts (user_id, name) select ${owner!.id}::uuid, ${`lim${tag}`} || n from generate_series(1, ${MAX_SUB_ACCOUNTS - 3 - have}) n`);
    const headers = auth(tokens);
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => inject(t.app, { method: 'POST', url: '/api/accounts', headers, payload: { name: `new${tag}${i}` } })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 400, 400, 400, 400, 400]);
    for (const r of results.filter((x) => x.statusCode === 400)) expect(body(r).code).toBe(ERRORS.account_limit.code);
    expect(await owned()).toBe(MAX_SUB_ACCOUNTS);
  });

  it('saves timezone, currency and language from their lists only', async () => {
    const { tokens } = await registerByEmail(t.app, inbox);
    const put = (payload: object) => inject(t.app, { method: 'PUT', url: '/api/users/settings', headers: auth(tokens), payload });
    expect((await put({ timezone: 'UTC+05:30', currency: 'EUR', language: 'ja' })).statusCode).toBe(200);
    const bad = await put({ timezone: 'Mars/Olympus', currency: 'XXX' });
    expect(body<{ fields: Array<{ field: string }> }>(bad).data.fields?.map((f) => f.field).sort()).toEqual(['body.currency', 'body.timezone']);
    expect((await put({ role: 'admin' })).statusCode).toBe(400);
    const mine = body<UserMine>(await inject(t.app, { url: '/api/users/mine', headers: auth(tokens) })).data;
    expect(mine).toMatchObject({ timezone: 'UTC+05:30', currency: 'EUR', language: 'ja' });
  });

  it('refuses every account route to an anonymous caller', async () => {
    const routes = t.app.routeRecords.filter((r) => r.access && r.access.kind !== 'public' && r.access.kind !== 'internal');
    expect(routes.length).toBeGreaterThanOrEqual(8);
    for (const r of routes) {
      const url = r.url.replace(':id', '00000000-0000-4000-8000-000000000000');
      const res = await inject(t.app, { method: r.method as 'GET', url, payload: r.method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });
});

describe('per-IP limits', () => {
  it('answers 429 from one address before any code is sent or password hashed', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v3/auth/validation/code', remoteAddress: '192.0.2.7', payload: { purpose: 'register', channel: 'email', email: uniqueEmail() } });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5).every((s) => s === 400)).toBe(true); // no captcha: refused, but counted
    expect(statuses[5]).toBe(429);
  });
});

describe('no enumeration by timing', () => {
  it('takes as long to refuse an unknown account as a wrong password (medians within 2x)', async () => {
    const known = await Promise.all([1, 2, 3].map(() => registerByEmail(t.app, inbox)));
    const time = async (account: string) => {
      const start = process.hrtime.bigint();
      const { res } = await login(t.app, account, 'wrong password attempt', newDevice());
      expect(codeOf(res)).toBe(ERRORS.login_failed.code);
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    // Interleaved, 4 tries per known account (below the captcha threshold of 5).
    for (let round = 0; round < 4; round++) {
      for (const k of known) {
        knownTimes.push(await time(k.email));
        unknownTimes.push(await time(uniqueEmail('ghost')));
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ratio = median(knownTimes) / median(unknownTimes);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});
