// WeChat website login against a local server that speaks WeChat's documented endpoints
// (test/fakes/wechat.ts): binding after the second factor, logging in with the same steps and
// session as the password login, the state checked (purpose, user, single use, ten minutes), a
// code used once (40029, 40163), no account made for an unbound WeChat account, unbinding, a bad
// secret (40125) as a translated 503 with the secret in no log, and the feature hidden when unset.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_HEADER, ERRORS, type LoginResult, type Tokens } from '@hashpool/shared';
import { auth, emailOperationCode, inject, newDevice, registerByEmail } from './account-helpers';
import { FakeWechat } from './fakes/wechat';
import { SmtpInbox } from './smtp-inbox';
import { body, startTestApp, type TestApp } from './test-app';

const APP_ID = 'wx0123456789abcdef';
const SECRET = 'wechat-app-secret-5f4dcc3b5aa765d6';
const fake = new FakeWechat(APP_ID, SECRET);
const inbox = new SmtpInbox();
let t: TestApp;
let base = '';
const logs = new PassThrough();
let logText = '';
logs.on('data', (c: Buffer) => (logText += c.toString()));

beforeAll(async () => {
  base = await fake.start();
  t = await startTestApp({
    env: { SMTP_URL: await inbox.start(), ALTCHA_COST: '1', WECHAT_APP_ID: APP_ID, WECHAT_APP_SECRET: SECRET, WECHAT_CONNECT_BASE: base, WECHAT_API_BASE: base, PUBLIC_ORIGIN: 'https://pool.example.com' },
    logStream: logs,
  });
});
afterAll(async () => {
  await t?.close();
  await fake.stop();
  await inbox.stop();
  expect(logText).not.toContain(SECRET);
});

type User = Awaited<ReturnType<typeof registerByEmail>>;
let unionSeq = 0;
const newUnionid = () => `oUnion_${Date.now().toString(36)}_${unionSeq++}`;

/** The browser's trip to WeChat: the QR page redirects back with code and state. */
async function scan(url: string): Promise<{ code: string; state: string }> {
  const res = await fetch(url.replace(/#wechat_redirect$/, ''), { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toMatch(/\/bind-wechat$/);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

async function bindUrl(user: User): Promise<string> {
  const email_code = await emailOperationCode(t, inbox, user, 'wechat_bind');
  const res = await inject(t.app, { method: 'POST', url: '/api/wechat/bind/authorize', headers: auth(user.tokens), payload: { verification: { email_code } } });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ url: string }>(res).data.url;
}

const completeBind = (user: User, payload: { code: string; state: string }) => inject(t.app, { method: 'POST', url: '/api/wechat/bind', headers: auth(user.tokens), payload });

async function bind(user: User, unionid: string): Promise<void> {
  fake.scanAs(unionid);
  const { code, state } = await scan(await bindUrl(user));
  const res = await completeBind(user, { code, state });
  expect(res.statusCode, res.body).toBe(200);
}

async function loginUrl(): Promise<string> {
  const res = await inject(t.app, { method: 'POST', url: '/api/wechat/login/authorize' });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ url: string }>(res).data.url;
}

const completeLogin = (payload: { code: string; state: string }, device: string | null, lang = 'en') =>
  inject(t.app, { method: 'POST', url: '/api/wechat/login', headers: { lang, ...(device ? { [DEVICE_HEADER]: device } : {}) }, payload });

describe('wechat', () => {
  it('is offered, and its QR-connect address carries the documented parameters', async () => {
    expect(body<{ enabled: boolean }>(await inject(t.app, { url: '/api/wechat/config' })).data.enabled).toBe(true);
    const url = new URL(await loginUrl());
    expect(`${url.origin}${url.pathname}`).toBe(`${base}/connect/qrconnect`);
    expect(url.hash).toBe('#wechat_redirect');
    expect(url.searchParams.get('appid')).toBe(APP_ID);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe('snsapi_login');
    expect(url.searchParams.get('redirect_uri')).toBe('https://pool.example.com/bind-wechat?mode=login');
    expect(url.searchParams.get('state')!.length).toBeGreaterThanOrEqual(32);
    expect(url.searchParams.has('secret')).toBe(false);
  });

  it('binds after the second factor, then logs in with WeChat as the password login does', async () => {
    const user = await registerByEmail(t.app, inbox);
    const noFactor = await inject(t.app, { method: 'POST', url: '/api/wechat/bind/authorize', headers: auth(user.tokens), payload: { verification: {} } });
    expect(body(noFactor).code).toBe(ERRORS.second_factor_required.code);
    const unionid = newUnionid();
    await bind(user, unionid);
    const status = body<{ bound: boolean; enabled: boolean }>(await inject(t.app, { url: '/api/wechat/binding', headers: auth(user.tokens) })).data;
    expect(status).toMatchObject({ enabled: true, bound: true });
    const events = body<{ list: { event: string }[] }>(await inject(t.app, { url: '/api/users/logs', headers: auth(user.tokens) })).data.list.map((e) => e.event);
    expect(events).toContain('wechat_bind');

    // The known device: logged in, with a session like the password login's.
    fake.scanAs(unionid);
    const known = await completeLogin(await scan(await loginUrl()), user.device);
    expect(known.statusCode, known.body).toBe(200);
    const result = body<LoginResult>(known).data;
    expect(result.status).toBe('ok');
    const tokens = (result as { tokens: Tokens }).tokens;
    expect(tokens.refresh_token).toBeTruthy();
    const mine = await inject(t.app, { url: '/api/users/mine', headers: auth(tokens) });
    expect(body<{ email: string }>(mine).data.email).toBe(user.email);

    // A new device gets the emailed code step, as with the password.
    fake.scanAs(unionid);
    const fresh = body<LoginResult>(await completeLogin(await scan(await loginUrl()), newDevice())).data;
    expect(fresh.status).toBe('second_validation');
  });

  it('also finds the unionid through sns/userinfo when the token answer has none', async () => {
    const user = await registerByEmail(t.app, inbox);
    const unionid = newUnionid();
    fake.omitUnionidInToken = true;
    try {
      await bind(user, unionid);
      fake.scanAs(unionid);
      expect(body<LoginResult>(await completeLogin(await scan(await loginUrl()), user.device)).data.status).toBe('ok');
    } finally {
      fake.omitUnionidInToken = false;
    }
  });

  it('checks the state: its purpose, its user, one use, ten minutes; WeChat is not asked for a bad one', async () => {
    const user = await registerByEmail(t.app, inbox);
    const other = await registerByEmail(t.app, inbox);
    fake.scanAs(newUnionid());
    // A login state cannot complete a binding.
    const forLogin = await scan(await loginUrl());
    expect(body(await completeBind(user, forLogin)).code).toBe(ERRORS.wechat_state_invalid.code);
    // A state made for one user cannot bind another's account.
    const forUser = await scan(await bindUrl(user));
    const exchanges = fake.exchanges.length;
    expect(body(await completeBind(other, forUser)).code).toBe(ERRORS.wechat_state_invalid.code);
    // Spent by that try: not even its owner may use it now.
    expect(body(await completeBind(user, forUser)).code).toBe(ERRORS.wechat_state_invalid.code);
    // Made up.
    expect(body(await completeLogin({ code: fake.issueCode(), state: 'A'.repeat(32) }, null)).code).toBe(ERRORS.wechat_state_invalid.code);
    // Expired.
    const late = await scan(await loginUrl());
    t.clock.advance(10 * 60_000 + 1000);
    expect(body(await completeLogin(late, null)).code).toBe(ERRORS.wechat_state_invalid.code);
    expect(fake.exchanges.length).toBe(exchanges);
  });

  it('uses a code once: an invalid code (40029) and a used one (40163) are refused', async () => {
    const user = await registerByEmail(t.app, inbox);
    const unionid = newUnionid();
    await bind(user, unionid);
    fake.scanAs(unionid);
    const first = await scan(await loginUrl());
    expect(body<LoginResult>(await completeLogin(first, user.device)).data.status).toBe('ok');
    const { state } = await scan(await loginUrl());
    const reused = await completeLogin({ code: first.code, state }, user.device);
    expect(body(reused).code).toBe(ERRORS.wechat_code_invalid.code);
    expect(fake.exchanges.at(-1)?.errcode).toBe(40163);
    const { state: state2 } = await scan(await loginUrl());
    expect(body(await completeLogin({ code: 'not-a-code-wechat-gave', state: state2 }, user.device)).code).toBe(ERRORS.wechat_code_invalid.code);
    expect(fake.exchanges.at(-1)?.errcode).toBe(40029);
  });

  it('never makes an account for an unbound WeChat account: it says to log in and bind first', async () => {
    fake.scanAs(newUnionid());
    const res = await completeLogin(await scan(await loginUrl()), newDevice(), 'zh-CN');
    expect(body(res).code).toBe(ERRORS.wechat_not_bound.code);
    expect(body(res).msg).toContain('绑定微信');
  });

  it('keeps one WeChat account per user and one user per WeChat account; unbinds with the second factor', async () => {
    const user = await registerByEmail(t.app, inbox);
    const other = await registerByEmail(t.app, inbox);
    const unionid = newUnionid();
    await bind(user, unionid);
    const again = await inject(t.app, { method: 'POST', url: '/api/wechat/bind/authorize', headers: auth(user.tokens), payload: { verification: { email_code: '000000' } } });
    expect(body(again).code).toBe(ERRORS.wechat_already_bound.code);
    fake.scanAs(unionid);
    expect(body(await completeBind(other, await scan(await bindUrl(other)))).code).toBe(ERRORS.wechat_taken.code);

    const noFactor = await inject(t.app, { method: 'POST', url: '/api/wechat/unbind', headers: auth(user.tokens), payload: { verification: {} } });
    expect(body(noFactor).code).toBe(ERRORS.second_factor_required.code);
    const email_code = await emailOperationCode(t, inbox, user, 'wechat_unbind');
    const unbound = await inject(t.app, { method: 'POST', url: '/api/wechat/unbind', headers: auth(user.tokens), payload: { verification: { email_code } } });
    expect(unbound.statusCode, unbound.body).toBe(200);
    fake.scanAs(unionid);
    expect(body(await completeLogin(await scan(await loginUrl()), user.device)).code).toBe(ERRORS.wechat_not_bound.code);
    // Now the other user may bind it.
    await bind(other, unionid);
    const anonymous = await inject(t.app, { method: 'POST', url: '/api/wechat/bind', payload: { code: 'x', state: 'A'.repeat(32) } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('wechat settings', () => {
  it('hides itself without App ID and secret, and answers a wrong secret (40125) with a translated 503', async () => {
    const off = await startTestApp();
    try {
      expect(body<{ enabled: boolean }>(await inject(off.app, { url: '/api/wechat/config' })).data.enabled).toBe(false);
      const res = await inject(off.app, { method: 'POST', url: '/api/wechat/login/authorize' });
      expect(body(res).code).toBe(ERRORS.wechat_disabled.code);
    } finally {
      await off.close();
    }
    const wrongLogs = new PassThrough();
    let wrongText = '';
    wrongLogs.on('data', (c: Buffer) => (wrongText += c.toString()));
    const wrong = await startTestApp({ env: { WECHAT_APP_ID: APP_ID, WECHAT_APP_SECRET: 'not-the-secret-abcdef', WECHAT_CONNECT_BASE: base, WECHAT_API_BASE: base }, logStream: wrongLogs });
    try {
      const { url } = body<{ url: string }>(await inject(wrong.app, { method: 'POST', url: '/api/wechat/login/authorize' })).data;
      const res = await inject(wrong.app, { method: 'POST', url: '/api/wechat/login', headers: { lang: 'ja' }, payload: await scan(url) });
      expect(res.statusCode).toBe(503);
      expect(body(res).code).toBe(ERRORS.wechat_unavailable.code);
      expect(body(res).msg).toContain('WeChat');
      expect(wrongText).toContain('40125');
      expect(wrongText).not.toContain('not-the-secret-abcdef');
    } finally {
      await wrong.close();
    }
  });
});
