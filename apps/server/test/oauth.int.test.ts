// The OAuth 2.1 / OpenID Connect provider against a listening server, with a client no
// one here wrote (openid-client): discovery, authorization code with PKCE, the consent through our
// API (the e2e does it in Chromium), token, userinfo, refresh with rotation; the access token as
// a read-only principal limited to the granted sub-accounts and scopes; and the refusals (wrong
// redirect URI, no PKCE, plain PKCE, reused code, revoked grant, implicit and password grants).
import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, type AccountItem, type OAuthClientCreated, type OAuthInteraction, type Tokens } from '@hashpool/shared';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/modules/accounts/accounts.seed';
import { auth, inject, login, newDevice, registerByEmail, sendCode, uniqueEmail } from './account-helpers';
import { SmtpInbox } from './smtp-inbox';
import { body, startTestApp, type TestApp } from './test-app';

let t: TestApp;
let base: string;
let issuer: string;
const inbox = new SmtpInbox();
const ADMIN = uniqueEmail('oauth-operator');
const CALLBACK = 'https://app.example.com/callback';
interface Person { email: string; tokens: Tokens }
let admin: Person;
let user: Person;
let accounts: AccountItem[];
let registered: OAuthClientCreated;
let config: oidc.Configuration;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  issuer = `${base}/api/oidc`;
  t = await startTestApp({ env: { SMTP_URL: await inbox.start(), ALTCHA_COST: '1', ADMIN_EMAILS: ADMIN, ACCESS_TOKEN_TTL_SECONDS: '3600', OAUTH_ISSUER: issuer } });
  await t.app.listen({ port, host: '127.0.0.1' });
  admin = await registerByEmail(t.app, inbox, ADMIN);
  user = await registerByEmail(t.app, inbox);
  await inject(t.app, { method: 'POST', url: '/api/accounts', headers: auth(user.tokens), payload: { name: `second${Date.now() % 100000}` } });
  accounts = body<AccountItem[]>(await inject(t.app, { url: '/api/accounts', headers: auth(user.tokens) })).data;
  const created = await inject(t.app, { method: 'POST', url: '/api/admin/oauth/clients', headers: auth(admin.tokens), payload: { name: 'Rig Monitor', redirect_uris: [CALLBACK], scopes: ['profile', 'email', 'mining', 'transactions'] } });
  expect(created.statusCode, created.body).toBe(200);
  registered = body<OAuthClientCreated>(created).data;
  config = await oidc.discovery(new URL(issuer), registered.id, undefined, oidc.ClientSecretBasic(registered.secret), { execute: [oidc.allowInsecureRequests] });
});
afterAll(async () => {
  await t?.close();
  await inbox.stop();
});

/** A browser's cookies, by name (the provider's interaction and resume cookies). */
class Browser {
  private readonly cookies = new Map<string, string>();
  cookie(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  async get(url: string): Promise<Response> {
    const res = await fetch(new URL(url, base), { redirect: 'manual', headers: { cookie: this.cookie() } });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return res;
  }
}

const location = (res: Response) => new URL(res.headers.get('location') ?? '', base);

/**
 * Starts an authorization in a browser: where the provider sends it, and the PKCE values. A
 * request the provider accepts goes to /api/oauth/interaction/{uid} (its cookie's path), which
 * forwards to the consent screen: `uid` is then set.
 */
async function authorize(params: Record<string, string> = {}, browser = new Browser()) {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: CALLBACK,
    scope: 'openid profile email mining transactions',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...params,
  });
  const first = await browser.get(url.href);
  let res = first;
  let uid = '';
  if (first.status === 303 && location(first).pathname.startsWith('/api/oauth/interaction/')) {
    res = await browser.get(location(first).href);
    expect(res.status).toBe(303);
    expect(location(res).pathname).toBe('/login/oauth/authorize');
    uid = location(res).searchParams.get('uid')!;
    expect(location(first).pathname).toBe(`/api/oauth/interaction/${uid}`);
  }
  return { res, browser, verifier, state, uid };
}

/** A call of the consent screen from the browser of `flow` (its cookies) as the logged-in `who`. */
function screenCall(flow: { browser: Browser; uid: string }, who: Person, method: 'GET' | 'POST', action: 'details' | 'consent' | 'deny', payload?: Record<string, unknown>) {
  return inject(t.app, { method, url: `/api/oauth/interaction/${flow.uid}/${action}`, headers: { ...auth(who.tokens), cookie: flow.browser.cookie() }, ...(payload ? { payload } : {}) });
}

/** The user answers on the consent screen (its API); the browser follows to the application. */
async function consent(flow: Awaited<ReturnType<typeof authorize>>, accountIds: string[], who = user) {
  expect(flow.uid).not.toBe('');
  const answer = await screenCall(flow, who, 'POST', 'consent', { account_ids: accountIds });
  expect(answer.statusCode, answer.body).toBe(200);
  const resumed = await flow.browser.get(body<{ redirect_to: string }>(answer).data.redirect_to);
  expect(resumed.status).toBe(303);
  return location(resumed);
}

describe('authorization code flow with openid-client', () => {
  it('discovers a code-only provider with PKCE S256 and no implicit or password grant', () => {
    const meta = config.serverMetadata();
    expect(meta.issuer).toBe(issuer);
    expect(meta.response_types_supported).toEqual(['code']);
    expect(meta.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));
    expect(meta.grant_types_supported).not.toContain('implicit');
    expect(meta.grant_types_supported).not.toContain('password');
    expect(meta.code_challenge_methods_supported).toEqual(['S256']);
  });

  it('shows the consent screen the application, the scopes and the user\'s sub-accounts', async () => {
    const flow = await authorize();
    const uid = flow.uid;
    const details = body<OAuthInteraction>(await screenCall(flow, user, 'GET', 'details')).data;
    expect(details.client).toEqual({ id: registered.id, name: 'Rig Monitor' });
    expect(details.scopes).toEqual(['openid', 'profile', 'email', 'mining', 'transactions']);
    expect(details.redirect_host).toBe('app.example.com');
    expect(details.accounts.map((a) => a.id).sort()).toEqual(accounts.map((a) => a.id).sort());
    expect((await inject(t.app, { url: `/api/oauth/interaction/${uid}/details`, headers: { cookie: flow.browser.cookie() } })).statusCode).toBe(401);
    // Another browser (a link someone else started) cannot read or answer the request.
    expect(body(await inject(t.app, { url: `/api/oauth/interaction/${uid}/details`, headers: auth(user.tokens) })).code).toBe(ERRORS.oauth_interaction_not_found.code);
    const elsewhere = await inject(t.app, { method: 'POST', url: `/api/oauth/interaction/${uid}/consent`, headers: auth(user.tokens), payload: { account_ids: [accounts[0]!.id] } });
    expect(body(elsewhere).code).toBe(ERRORS.oauth_interaction_not_found.code);
    const other = await authorize();
    expect(body(await screenCall({ browser: other.browser, uid }, user, 'POST', 'consent', { account_ids: [accounts[0]!.id] })).code).toBe(ERRORS.oauth_interaction_not_found.code);
    // At least one account must be selected, and only the user's own.
    const none = await screenCall(flow, user, 'POST', 'consent', { account_ids: [] });
    expect(body(none).code).toBe(ERRORS.oauth_account_required.code);
    const stranger = await registerByEmail(t.app, inbox);
    const theirs = body<AccountItem[]>(await inject(t.app, { url: '/api/accounts', headers: auth(stranger.tokens) })).data;
    const foreign = await screenCall(flow, user, 'POST', 'consent', { account_ids: [theirs[0]!.id] });
    expect(body(foreign).code).toBe(ERRORS.oauth_account_invalid.code);
  });

  it('completes code + PKCE, token, userinfo and refresh; the token reads the granted sub-account only, read-only', async () => {
    const granted = accounts[0]!;
    const other = accounts[1]!;
    const flow = await authorize();
    const callback = await consent(flow, [granted.id]);
    expect(callback.origin + callback.pathname).toBe(CALLBACK);
    const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: flow.verifier, expectedState: flow.state });
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.refresh_token).toBeTruthy();
    // The database keeps no usable token: rows are keyed by the tokens' SHA-256 and hold no copy.
    const stored = await queryRows<{ id: string; payload: string }>(t.database.db, sql`select id, payload::text as payload from oauth_payloads`);
    for (const token of [tokens.access_token, tokens.refresh_token!, callback.searchParams.get('code')!]) {
      expect(stored.some((r) => r.id === token || r.payload.includes(token)), 'a token stored as it is').toBe(false);
    }
    const sub = tokens.claims()!.sub;
    // The granted sub-account names the user, not the current one (the application was not granted it).
    expect((await inject(t.app, { method: 'PUT', url: '/api/users/accounts', headers: auth(user.tokens), payload: { account_id: other.id } })).statusCode).toBe(200);
    const info = await oidc.fetchUserInfo(config, tokens.access_token, sub);
    expect(info.email).toBe(user.email);
    expect(info.preferred_username).toBe(granted.name);

    const bearer = { authorization: `Bearer ${tokens.access_token}` };
    const mine = body<{ accounts: Array<{ id: string }>; scopes: string[] }>(await inject(t.app, { url: '/api/oauth/accounts', headers: bearer })).data;
    expect(mine.accounts.map((a) => a.id)).toEqual([granted.id]);
    expect(mine.scopes).toEqual(expect.arrayContaining(['mining', 'transactions']));
    expect((await inject(t.app, { url: `/api/pools/btc/accounts/${granted.name}/profits/stats`, headers: bearer })).statusCode).toBe(200);
    expect((await inject(t.app, { url: `/api/pools/btc/accounts/${granted.name}/stats`, headers: bearer })).statusCode).toBe(200);
    expect((await inject(t.app, { url: `/api/pools/btc/accounts/${other.name}/profits/stats`, headers: bearer })).statusCode).toBe(403);
    // Every write and every route outside its grant is refused.
    expect((await inject(t.app, { method: 'PUT', url: `/api/accounts/${granted.name}/pools/btc/pay-method`, headers: bearer, payload: { method: 'pplns' } })).statusCode).toBe(403);
    expect((await inject(t.app, { url: '/api/users/mine', headers: bearer })).statusCode).toBe(403);
    expect((await inject(t.app, { url: '/api/oauth/authorizations', headers: bearer })).statusCode).toBe(403);

    // Refresh rotates: the new refresh token works, the spent one does not.
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.refresh_token).toBeTruthy();
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await inject(t.app, { url: '/api/oauth/accounts', headers: { authorization: `Bearer ${refreshed.access_token}` } })).statusCode).toBe(200);
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('a user sees the application in settings and revokes it: its tokens stop at once', async () => {
    const flow = await authorize();
    const callback = await consent(flow, [accounts[0]!.id]);
    const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: flow.verifier, expectedState: flow.state });
    const list = body<Array<{ id: string; client: { name: string }; accounts: Array<{ id: string }> }>>(await inject(t.app, { url: '/api/oauth/authorizations', headers: auth(user.tokens) })).data;
    // A new consent replaced the earlier authorization of the same application.
    expect(list).toHaveLength(1);
    expect(list[0]!.client.name).toBe('Rig Monitor');
    const stranger = await registerByEmail(t.app, inbox);
    expect((await inject(t.app, { method: 'DELETE', url: `/api/oauth/authorizations/${list[0]!.id}`, headers: auth(stranger.tokens) })).statusCode).toBe(404);
    expect((await inject(t.app, { method: 'DELETE', url: `/api/oauth/authorizations/${list[0]!.id}`, headers: auth(user.tokens) })).statusCode).toBe(200);
    expect((await inject(t.app, { url: '/api/oauth/accounts', headers: { authorization: `Bearer ${tokens.access_token}` } })).statusCode).toBe(401);
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(oidc.fetchUserInfo(config, tokens.access_token, oidc.skipSubjectCheck)).rejects.toBeTruthy();
    expect(body<unknown[]>(await inject(t.app, { url: '/api/oauth/authorizations', headers: auth(user.tokens) })).data).toHaveLength(0);
  });
});

describe('consents', () => {
  it('consents of one user to one application at once leave one active authorization', async () => {
    const other = await registerByEmail(t.app, inbox);
    const own = body<AccountItem[]>(await inject(t.app, { url: '/api/accounts', headers: auth(other.tokens) })).data;
    // In pairs: a consent that reads after the others wrote would revoke them all and hide a race.
    for (let round = 0; round < 30; round++) {
      const flows = await Promise.all([authorize(), authorize()]);
      const answers = await Promise.all(flows.map((flow) => screenCall(flow, other, 'POST', 'consent', { account_ids: [own[0]!.id] })));
      for (const a of answers) expect(a.statusCode, a.body).toBe(200);
      expect(body<unknown[]>(await inject(t.app, { url: '/api/oauth/authorizations', headers: auth(other.tokens) })).data, `round ${round}`).toHaveLength(1);
    }
  });

  it('the demo account authorizes nothing: refused before a grant or an authorization is written', async () => {
    const { result } = await login(t.app, DEMO_EMAIL, DEMO_PASSWORD, newDevice());
    const demo = { email: DEMO_EMAIL, tokens: (result as { tokens: Tokens }).tokens };
    const own = body<AccountItem[]>(await inject(t.app, { url: '/api/accounts', headers: auth(demo.tokens) })).data;
    const flow = await authorize();
    const answer = await screenCall(flow, demo, 'POST', 'consent', { account_ids: [own[0]!.id] });
    expect([answer.statusCode, body(answer).code]).toEqual([403, ERRORS.demo_account_locked.code]);
    expect(body<unknown[]>(await inject(t.app, { url: '/api/oauth/authorizations', headers: auth(demo.tokens) })).data).toHaveLength(0);
  });
});

describe('a user who may not sign in', () => {
  it('an application reads nothing for a user whose login an operator disabled, nor refreshes; enabled again, the grant works', async () => {
    const other = await registerByEmail(t.app, inbox);
    const own = body<AccountItem[]>(await inject(t.app, { url: '/api/accounts', headers: auth(other.tokens) })).data;
    const flow = await authorize();
    const callback = await consent(flow, [own[0]!.id], other);
    const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: flow.verifier, expectedState: flow.state });
    const bearer = { authorization: `Bearer ${tokens.access_token}` };
    const stats = `/api/pools/btc/accounts/${own[0]!.name}/stats`;
    expect((await inject(t.app, { url: stats, headers: bearer })).statusCode).toBe(200);
    const { id } = body<{ id: string }>(await inject(t.app, { url: '/api/users/mine', headers: auth(other.tokens) })).data;
    const setLogin = async (disabled: boolean) => expect((await inject(t.app, { method: 'PUT', url: `/api/admin/users/${id}/login`, headers: auth(admin.tokens), payload: { disabled, reason: 'reported stolen' } })).statusCode).toBe(200);
    await setLogin(true);
    expect((await inject(t.app, { url: stats, headers: bearer })).statusCode).toBe(401);
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(oidc.fetchUserInfo(config, tokens.access_token, oidc.skipSubjectCheck)).rejects.toBeTruthy();
    await setLogin(false);
    expect((await inject(t.app, { url: stats, headers: bearer })).statusCode).toBe(200);
  });
});

describe('a security change', () => {
  it('an application authorized is in the security log and told by mail; a password reset ends its access', async () => {
    const other = await registerByEmail(t.app, inbox);
    const own = body<AccountItem[]>(await inject(t.app, { url: '/api/accounts', headers: auth(other.tokens) })).data;
    let since = inbox.mails.length;
    const flow = await authorize();
    const callback = await consent(flow, [own[0]!.id], other);
    const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: flow.verifier, expectedState: flow.state });
    const stats = `/api/pools/btc/accounts/${own[0]!.name}/stats`;
    expect((await inject(t.app, { url: stats, headers: { authorization: `Bearer ${tokens.access_token}` } })).statusCode).toBe(200);
    expect((await inbox.next(other.email, since)).subject).toContain('Security change');
    const events = async (tokens: Tokens) => body<{ list: Array<{ event: string }> }>(await inject(t.app, { url: '/api/users/logs?page=1&page_size=20', headers: auth(tokens) })).data.list.map((e) => e.event);
    expect(await events(other.tokens)).toContain('oauth_authorize');

    // Someone who held the session could have authorized it: a reset leaves no way in behind.
    since = inbox.mails.length;
    await sendCode(t.app, { purpose: 'reset_password', channel: 'email', email: other.email });
    const code = SmtpInbox.code(await inbox.next(other.email, since));
    const reset = await inject(t.app, { method: 'POST', url: '/api/users/password/reset', payload: { channel: 'email', email: other.email, code, new_password: 'a new passphrase 42', confirm_password: 'a new passphrase 42' } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await inject(t.app, { url: stats, headers: { authorization: `Bearer ${tokens.access_token}` } })).statusCode).toBe(401);
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });
});

describe('refusals', () => {
  /** A fresh authorization's tokens (consent on the first sub-account). */
  async function freshTokens() {
    const flow = await authorize();
    const callback = await consent(flow, [accounts[0]!.id]);
    return oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: flow.verifier, expectedState: flow.state });
  }

  it('lets exactly one of 20 concurrent uses of a refresh token through: never two chains', async () => {
    const tokens = await freshTokens();
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => oidc.refreshTokenGrant(config, tokens.refresh_token!)));
    const won = results.filter((r): r is PromiseFulfilledResult<Awaited<ReturnType<typeof oidc.refreshTokenGrant>>> => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ error: 'invalid_grant' });
    // The one chain goes on.
    const next = await oidc.refreshTokenGrant(config, won[0]!.value.refresh_token!);
    expect(next.access_token).toBeTruthy();
  });

  it('a grant left behind by a revoked authorization refreshes nothing and answers no userinfo', async () => {
    const other = await registerByEmail(t.app, inbox);
    const own = body<AccountItem[]>(await inject(t.app, { url: '/api/accounts', headers: auth(other.tokens) })).data;
    const flow = await authorize();
    const callback = await consent(flow, [own[0]!.id], other);
    const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: flow.verifier, expectedState: flow.state });
    // Revoked, but its grant and tokens still stored (as a revocation that did not finish leaves them).
    await t.database.db.execute(sql`update oauth_authorizations set revoked_at = now() where user_id = (select id from users where email = ${other.email})`);
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(oidc.fetchUserInfo(config, tokens.access_token, oidc.skipSubjectCheck)).rejects.toBeTruthy();
  });

  it('treats a sub-account name no sub-account can have (U+0000) as not granted, without looking it up', async () => {
    const tokens = await freshTokens();
    const res = await inject(t.app, { url: '/api/pools/btc/accounts/%00x/stats', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(res.statusCode, res.body).toBe(403);
  });

  it('answers 400 invalid_request to U+0000 in a form body, with or without client authentication', async () => {
    const basic = `Basic ${Buffer.from(`${encodeURIComponent(registered.id)}:${encodeURIComponent(registered.secret)}`).toString('base64')}`;
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const cases: Array<{ url: string; payload: string; authorization?: string }> = [
      { url: '/api/oidc/me', payload: 'access_token=a%00b' },
      { url: '/api/oidc/token', payload: 'grant_type=client_credentials&client_id=a%00b' },
      { url: '/api/oidc/token', payload: 'grant_type=authorization_code&code=%00&redirect_uri=x', authorization: basic },
      { url: '/api/oidc/token', payload: 'grant_type=refresh_token&refresh_token=%00', authorization: basic },
      { url: '/api/oidc/token/revocation', payload: 'token=a%00b', authorization: basic },
      { url: '/api/oidc/token/revocation', payload: 'token=a%00b' },
    ];
    for (const c of cases) {
      const res = await inject(t.app, { method: 'POST', url: c.url, headers: { ...form, ...(c.authorization ? { authorization: c.authorization } : {}) }, payload: c.payload });
      expect(res.statusCode, `${c.url} ${c.payload}: ${res.body}`).toBe(400);
      expect(JSON.parse(res.body), c.url).toMatchObject({ error: 'invalid_request' });
    }
    // A clean form still reaches the provider: a made-up refresh token is its invalid_grant.
    const clean = await inject(t.app, { method: 'POST', url: '/api/oidc/token', headers: { ...form, authorization: basic }, payload: 'grant_type=refresh_token&refresh_token=nope' });
    expect(clean.statusCode).toBe(400);
    expect(JSON.parse(clean.body)).toMatchObject({ error: 'invalid_grant' });
  });

  it('reads the bearer scheme case-insensitively (RFC 9110 §11.1), for access tokens of both kinds', async () => {
    const tokens = await freshTokens();
    for (const scheme of ['bearer', 'BEARER']) {
      expect((await inject(t.app, { url: '/api/oauth/accounts', headers: { authorization: `${scheme} ${tokens.access_token}` } })).statusCode).toBe(200);
      expect((await inject(t.app, { url: '/api/users/mine', headers: { authorization: `${scheme} ${user.tokens.token}` } })).statusCode).toBe(200);
    }
  });

  it('refuses a redirect URI that is not registered exactly (shown on /authredirect, never sent there)', async () => {
    for (const uri of ['https://app.example.com/callback/', 'https://app.example.com/callback?x=1', 'https://evil.example.com/callback']) {
      const { res } = await authorize({ redirect_uri: uri });
      expect(res.status).toBe(303);
      const to = location(res);
      expect(to.pathname).toBe('/authredirect');
      expect(to.searchParams.get('error')).toBe('invalid_redirect_uri');
    }
  });

  it('refuses an authorization without PKCE, with plain PKCE, and the implicit flow', async () => {
    const url = new URL(`${issuer}/auth`);
    const common = { client_id: registered.id, redirect_uri: CALLBACK, scope: 'openid', state: 'st' };
    for (const [params, error] of [
      [{ ...common, response_type: 'code' }, 'invalid_request'],
      [{ ...common, response_type: 'code', code_challenge: 'x'.repeat(43), code_challenge_method: 'plain' }, 'invalid_request'],
      [{ ...common, response_type: 'token' }, 'unsupported_response_type'],
      [{ ...common, response_type: 'id_token token', nonce: 'n' }, 'unsupported_response_type'],
    ] as const) {
      url.search = new URLSearchParams(params).toString();
      const res = await fetch(url, { redirect: 'manual' });
      expect(res.status).toBe(303);
      // An implicit response type answers in the fragment, as that response type would have.
      const to = location(res);
      const answer = to.searchParams.get('error') ?? new URLSearchParams(to.hash.slice(1)).get('error');
      expect(to.origin + to.pathname).toBe(CALLBACK);
      expect(answer, JSON.stringify(params)).toBe(error);
    }
  });

  it('refuses a reused code (and revokes what it gave), a wrong verifier, and the password grant', async () => {
    const flow = await authorize();
    const callback = await consent(flow, [accounts[0]!.id]);
    await expect(oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: oidc.randomPKCECodeVerifier(), expectedState: flow.state })).rejects.toMatchObject({ error: 'invalid_grant' });

    const again = await authorize();
    const code = await consent(again, [accounts[0]!.id]);
    const first = await oidc.authorizationCodeGrant(config, code, { pkceCodeVerifier: again.verifier, expectedState: again.state });
    await expect(oidc.authorizationCodeGrant(config, code, { pkceCodeVerifier: again.verifier, expectedState: again.state })).rejects.toMatchObject({ error: 'invalid_grant' });
    // The reuse revoked the tokens the code gave, and the authorization with them (the user's list no longer shows it active).
    expect((await inject(t.app, { url: '/api/oauth/accounts', headers: { authorization: `Bearer ${first.access_token}` } })).statusCode).toBe(401);
    // A new consent revokes the user's earlier authorization of the application, so none is left
    // active (ordering by creation time would be a coin toss: the fake clock gives both the same).
    const [active] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from oauth_authorizations a join users u on u.id = a.user_id where a.client_id = ${registered.id} and u.email = ${user.email} and a.revoked_at is null`);
    expect(active?.n).toBe(0);

    const password = await fetch(`${issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${registered.id}:${registered.secret}`).toString('base64')}` },
      body: new URLSearchParams({ grant_type: 'password', username: user.email, password: 'x' }),
    });
    expect(password.status).toBe(400);
    expect(((await password.json()) as { error: string }).error).toBe('unsupported_grant_type');
  });

  it('answers response_mode=form_post with a page whose policy lets its form post the code to the application', async () => {
    const flow = await authorize({ response_mode: 'form_post' });
    const answer = await screenCall(flow, user, 'POST', 'consent', { account_ids: [accounts[0]!.id] });
    expect(answer.statusCode, answer.body).toBe(200);
    const page = await flow.browser.get(body<{ redirect_to: string }>(answer).data.redirect_to);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`action="${CALLBACK}"`);
    expect(html).toMatch(/name="code" value="[^"]+"/);
    const policy = page.headers.get('content-security-policy') ?? '';
    // Its own script is allowed by hash, framing still denied; nothing limits where its form posts.
    expect(policy).toMatch(/script-src [^;]*'sha256-/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('form-action');
  });

  it('tells the application access_denied when the user refuses', async () => {
    const flow = await authorize();
    const answer = await screenCall(flow, user, 'POST', 'deny');
    const back = location(await flow.browser.get(body<{ redirect_to: string }>(answer).data.redirect_to));
    expect(back.searchParams.get('error')).toBe('access_denied');
    const late = await screenCall(flow, user, 'POST', 'consent', { account_ids: [accounts[0]!.id] });
    expect(body(late).code).toBe(ERRORS.oauth_interaction_not_found.code);
  });
});

describe('the client registry', () => {
  it('is for operators; the secret is shown once; a disabled client cannot authorize', async () => {
    expect((await inject(t.app, { url: '/api/admin/oauth/clients', headers: auth(user.tokens) })).statusCode).toBe(403);
    expect((await inject(t.app, { url: '/api/admin/oauth/clients' })).statusCode).toBe(401);
    const bad = await inject(t.app, { method: 'POST', url: '/api/admin/oauth/clients', headers: auth(admin.tokens), payload: { name: 'X', redirect_uris: ['http://evil.example.com/cb'], scopes: ['mining'] } });
    expect(body(bad).code).toBe(ERRORS.validation_failed.code);
    const created = body<OAuthClientCreated>(await inject(t.app, { method: 'POST', url: '/api/admin/oauth/clients', headers: auth(admin.tokens), payload: { name: 'Short lived', redirect_uris: ['http://localhost:9999/cb'], scopes: ['mining'] } })).data;
    const listed = body<Array<Record<string, unknown>>>(await inject(t.app, { url: '/api/admin/oauth/clients', headers: auth(admin.tokens) })).data;
    expect(listed.find((c) => c.id === created.id)).toBeTruthy();
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    expect(created.discovery_url).toBe(`${issuer}/.well-known/openid-configuration`);
    expect((await inject(t.app, { method: 'POST', url: `/api/admin/oauth/clients/${created.id}/disable`, headers: auth(admin.tokens) })).statusCode).toBe(200);
    const res = await fetch(`${issuer}/auth?${new URLSearchParams({ client_id: created.id, redirect_uri: 'http://localhost:9999/cb', response_type: 'code', scope: 'openid', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' })}`, { redirect: 'manual' });
    expect(location(res).searchParams.get('error')).toBe('invalid_client');
  });
});
