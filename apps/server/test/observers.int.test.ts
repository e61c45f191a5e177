// Observer links through the HTTP API: the owner creates, lists, renames and revokes
// links; a token reads exactly its link's pages of exactly its sub-account and never writes; an
// expired or revoked token is refused with its own message; the owner's log shows the links.
// The access matrix walks every registered route for every kind of caller.
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../src/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, OBSERVER_LINKS_PER_ACCOUNT, observerApiRoutes, OBSERVER_PERMISSIONS, type ErrorKey, type ObserverCreated, type ObserverInfo, type ObserverLink, type ObserverPermission, type Tokens } from '@hashpool/shared';
import type { RouteRecord } from '../src/platform/access';
import { auth, inject, registerByEmail, uniqueEmail } from './account-helpers';
import { SmtpInbox } from './smtp-inbox';
import { body, startTestApp, type TestApp } from './test-app';

let t: TestApp;
const inbox = new SmtpInbox();

beforeAll(async () => {
  t = await startTestApp({ env: { SMTP_URL: await inbox.start(), ALTCHA_COST: '1', ACCESS_TOKEN_TTL_SECONDS: '3600' } });
  t.clock.set('2026-06-01T10:00:00Z');
});
afterAll(async () => {
  await t?.close();
  await inbox.stop();
});

interface User {
  tokens: Tokens;
  account: string;
  email: string;
}

async function newUser(): Promise<User> {
  const email = uniqueEmail('obs');
  const r = await registerByEmail(t.app, inbox, email);
  const mine = body<{ current_account: { name: string } }>(await inject(t.app, { url: '/api/users/mine', headers: auth(r.tokens) })).data;
  return { tokens: r.tokens, account: mine.current_account.name, email };
}

/** Fresh tokens, as the browser refreshes them: the fake clock outruns an access token. */
async function fresh(u: User) {
  const res = await inject(t.app, { method: 'POST', url: '/api/users/refresh/login', payload: { refresh_token: u.tokens.refresh_token } });
  expect(res.statusCode, res.body).toBe(200);
  u.tokens = body<Tokens>(res).data;
  return auth(u.tokens);
}

async function subAccount(u: User): Promise<string> {
  const name = `sub${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  const res = await inject(t.app, { method: 'POST', url: '/api/accounts', headers: await fresh(u), payload: { name } });
  expect(res.statusCode, res.body).toBe(200);
  return name;
}

async function createLink(u: User, payload: Record<string, unknown>) {
  return inject(t.app, { method: 'POST', url: '/api/users/observers', headers: await fresh(u), payload });
}

async function link(u: User, account: string, permission: ObserverPermission, expiry = 'forever'): Promise<ObserverCreated> {
  const res = await createLink(u, { account, nickname: `${permission} view`, expiry, permission });
  expect(res.statusCode, res.body).toBe(200);
  return body<ObserverCreated>(res).data;
}

const codeOf = (key: ErrorKey) => ERRORS[key].code;
const withToken = (url: string, token: string) => `${url}${url.includes('?') ? '&' : '?'}observer_token=${encodeURIComponent(token)}`;

describe('making links', () => {
  it('creates a link with a 256-bit token shown once, lists it masked, renames and revokes it', async () => {
    const owner = await newUser();
    const since = inbox.mails.length;
    const created = await link(owner, owner.account, 'pool', 'week');
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The owner is told by mail: a link planted by a stolen session is seen.
    expect((await inbox.next(owner.email, since)).raw).toContain('observer link created');
    expect(created.link).toMatchObject({ account: owner.account, nickname: 'pool view', permission: 'pool', expiry: 'week', status: 'active', expires_at: '2026-06-08T10:00:00.000Z' });
    expect(created.link.token_masked.endsWith(created.token.slice(-4))).toBe(true);

    const listed = await inject(t.app, { url: '/api/users/observers', headers: await fresh(owner) });
    expect(listed.body).not.toContain(created.token);
    expect(body<ObserverLink[]>(listed).data.map((l) => l.id)).toEqual([created.link.id]);

    const renamed = await inject(t.app, { method: 'PUT', url: `/api/users/observers/${created.link.id}`, headers: await fresh(owner), payload: { nickname: '  Farm partner ' } });
    expect(body<ObserverLink>(renamed).data.nickname).toBe('Farm partner');

    const info = await inject(t.app, { url: withToken('/api/users/observer/info', created.token) });
    expect(body<ObserverInfo>(info).data).toEqual({ nickname: 'Farm partner', account: owner.account, coin: null, permission: 'pool', pages: ['/pool/:type/home', '/pool/:type/miner', '/pool/:type/miner/detail'], expires_at: '2026-06-08T10:00:00.000Z' });

    const revoked = await inject(t.app, { method: 'DELETE', url: `/api/users/observers/${created.link.id}`, headers: await fresh(owner) });
    expect(body<ObserverLink>(revoked).data.status).toBe('revoked');
    const after = await inject(t.app, { url: withToken('/api/users/observer/info', created.token) });
    expect(after.statusCode).toBe(401);
    expect(body(after).code).toBe(codeOf('observer_link_revoked'));
    // Revoking again answers the same; the owner's log shows creation and revocation.
    expect(body<ObserverLink>(await inject(t.app, { method: 'DELETE', url: `/api/users/observers/${created.link.id}`, headers: await fresh(owner) })).data.status).toBe('revoked');
    const logs = body<{ list: Array<{ event: string }> }>(await inject(t.app, { url: '/api/users/logs', headers: await fresh(owner) })).data.list.map((e) => e.event);
    expect(logs).toEqual(expect.arrayContaining(['observer_link_created', 'observer_link_revoked']));
  });

  it('refuses a blank nickname, an unknown expiry or permission, and a sub-account that is not the caller\'s', async () => {
    const owner = await newUser();
    const other = await newUser();
    for (const nickname of ['', '   ']) {
      const res = await createLink(owner, { account: owner.account, nickname, expiry: 'day', permission: 'pool' });
      expect(res.statusCode).toBe(400);
      expect(body<{ fields: Array<{ field: string }> }>(res).data.fields.map((f) => f.field)).toEqual(['body.nickname']);
    }
    expect((await createLink(owner, { account: owner.account, nickname: 'x', expiry: 'year', permission: 'pool' })).statusCode).toBe(400);
    expect((await createLink(owner, { account: owner.account, nickname: 'x', expiry: 'day', permission: 'wallet' })).statusCode).toBe(400);
    const foreign = await createLink(owner, { account: other.account, nickname: 'x', expiry: 'day', permission: 'pool' });
    expect(foreign.statusCode).toBe(404);
    // Another user can neither rename nor revoke the owner's link.
    const mine = await link(owner, owner.account, 'profit');
    expect((await inject(t.app, { method: 'PUT', url: `/api/users/observers/${mine.link.id}`, headers: await fresh(other), payload: { nickname: 'mine now' } })).statusCode).toBe(404);
    expect((await inject(t.app, { method: 'DELETE', url: `/api/users/observers/${mine.link.id}`, headers: await fresh(other) })).statusCode).toBe(404);
    expect(body<ObserverLink[]>(await inject(t.app, { url: '/api/users/observers', headers: await fresh(other) })).data).toEqual([]);
  });

  it(`allows at most ${OBSERVER_LINKS_PER_ACCOUNT} live links per sub-account`, async () => {
    const owner = await newUser();
    for (let i = 0; i < OBSERVER_LINKS_PER_ACCOUNT; i++) await link(owner, owner.account, 'read_only');
    const res = await createLink(owner, { account: owner.account, nickname: 'one more', expiry: 'day', permission: 'pool' });
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe(codeOf('observer_link_limit'));
  });

  it(`keeps the limit of ${OBSERVER_LINKS_PER_ACCOUNT} when 30 links are created at once`, async () => {
    const owner = await newUser();
    const headers = await fresh(owner);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => inject(t.app, { method: 'POST', url: '/api/users/observers', headers, payload: { account: owner.account, nickname: `race ${i}`, expiry: 'forever', permission: 'pool' } })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(OBSERVER_LINKS_PER_ACCOUNT);
    for (const r of answers.filter((a) => a.statusCode !== 200)) expect(body(r).code).toBe(codeOf('observer_link_limit'));
    expect(body<ObserverLink[]>(await inject(t.app, { url: '/api/users/observers', headers: await fresh(owner) })).data).toHaveLength(OBSERVER_LINKS_PER_ACCOUNT);
  });
});

describe('using a link', () => {
  it('tells an unknown, expired or revoked token apart; the token overrides the authorization header', async () => {
    const owner = await newUser();
    const unknown = await inject(t.app, { url: withToken('/api/users/observer/info', 'x'.repeat(43)) });
    expect([unknown.statusCode, body(unknown).code]).toEqual([401, codeOf('observer_link_invalid')]);

    const day = await link(owner, owner.account, 'read_only', 'day');
    const stats = `/api/pools/btc/accounts/${owner.account}/stats`;
    const read = await inject(t.app, { url: withToken(stats, day.token) });
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    // The owner's own bearer token with a read-only link: the link decides, so profits are refused.
    const profits = `/api/pools/btc/accounts/${owner.account}/profits/stats`;
    expect((await inject(t.app, { url: profits, headers: await fresh(owner) })).statusCode).toBe(200);
    expect((await inject(t.app, { url: withToken(profits, day.token), headers: await fresh(owner) })).statusCode).toBe(403);

    t.clock.advance(86_400_000 + 1000);
    const expired = await inject(t.app, { url: withToken(stats, day.token), headers: await fresh(owner) });
    expect([expired.statusCode, body(expired).code]).toEqual([401, codeOf('observer_link_expired')]);
    const info = await inject(t.app, { url: withToken('/api/users/observer/info', day.token) });
    expect(body(info).code).toBe(codeOf('observer_link_expired'));
    expect(body<ObserverLink[]>(await inject(t.app, { url: '/api/users/observers', headers: await fresh(owner) })).data[0]!.status).toBe('expired');
  });

  it('a link stops with its owner\'s login: disabled by an operator, or the account cancelled', async () => {
    const owner = await newUser();
    const link1 = await link(owner, owner.account, 'read_only');
    const stats = `/api/pools/btc/accounts/${owner.account}/stats`;
    expect((await inject(t.app, { url: withToken(stats, link1.token) })).statusCode).toBe(200);
    const info = withToken('/api/users/observer/info', link1.token);
    expect((await inject(t.app, { url: info })).statusCode).toBe(200);
    const setUser = (values: SQL) => t.database.db.execute(sql`update users u set ${values} from mining_accounts m where m.user_id = u.id and m.name = ${owner.account}`);
    await setUser(sql`login_disabled_at = now()`);
    const refused = await inject(t.app, { url: withToken(stats, link1.token) });
    expect([refused.statusCode, body(refused).code]).toEqual([401, codeOf('observer_link_invalid')]);
    // The link's own page says so too, as docs/security.md has it.
    const infoRefused = await inject(t.app, { url: info });
    expect([infoRefused.statusCode, body(infoRefused).code]).toEqual([401, codeOf('observer_link_invalid')]);
    await setUser(sql`login_disabled_at = null, status = 'closed'`);
    expect((await inject(t.app, { url: withToken(stats, link1.token) })).statusCode).toBe(401);
    expect(body(await inject(t.app, { url: info })).code).toBe(codeOf('observer_link_invalid'));
    await setUser(sql`status = 'active'`);
    expect((await inject(t.app, { url: withToken(stats, link1.token) })).statusCode).toBe(200);
    expect((await inject(t.app, { url: info })).statusCode).toBe(200);
  });

  it('a security change that ends the owner\'s sessions revokes their links: none planted by a stolen session outlives it', async () => {
    const owner = await newUser();
    const planted = await link(owner, owner.account, 'profit');
    const stats = `/api/pools/btc/accounts/${owner.account}/stats`;
    expect((await inject(t.app, { url: withToken(stats, planted.token) })).statusCode).toBe(200);
    const [row] = await queryRows<{ id: string }>(t.database.db, sql`select u.id::text as id from users u join mining_accounts m on m.user_id = u.id where m.name = ${owner.account}`);
    // As a password reset ends every session (SessionService.revokeAll, then what other modules hold).
    await t.app.modules.accounts.sessions.revokeAll(row!.id, 'password_reset');
    expect(body(await inject(t.app, { url: withToken(stats, planted.token) })).code).toBe(codeOf('observer_link_revoked'));
    expect((await t.app.modules.observers.observers.list(row!.id)).find((l) => l.id === planted.link.id)?.status).toBe('revoked');
  });

  it('writes every opening into the owner\'s log at most once an hour, and limits a link\'s requests', async () => {
    const owner = await newUser();
    const { token } = await link(owner, owner.account, 'read_only');
    const stats = withToken(`/api/pools/btc/accounts/${owner.account}/stats`, token);
    for (let i = 0; i < 3; i++) expect((await inject(t.app, { url: stats })).statusCode).toBe(200);
    const views = async () => body<{ list: Array<{ event: string }> }>(await inject(t.app, { url: '/api/users/logs', headers: await fresh(owner) })).data.list.filter((e) => e.event === 'observer_view').length;
    expect(await views()).toBe(1);
    t.clock.advance(3600_000 + 1000);
    expect((await inject(t.app, { url: stats })).statusCode).toBe(200);
    expect(await views()).toBe(2);

    t.clock.advance(61_000);
    let refused = 0;
    for (let i = 0; i < 245; i++) if ((await inject(t.app, { url: stats })).statusCode === 429) refused++;
    expect(refused).toBeGreaterThanOrEqual(1);
    t.clock.advance(61_000);
    expect((await inject(t.app, { url: stats })).statusCode).toBe(200);
  });

  it('holds a link to its requests per minute when they come at once', async () => {
    const owner = await newUser();
    const { token } = await link(owner, owner.account, 'read_only');
    const stats = withToken(`/api/pools/btc/accounts/${owner.account}/stats`, token);
    const codes = await Promise.all(Array.from({ length: 250 }, () => inject(t.app, { url: stats }).then((r) => r.statusCode)));
    expect(codes.filter((c) => c === 200)).toHaveLength(240);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
    t.clock.advance(61_000);
  });
});

describe('override', () => {
  it('refuses a request with a token that another resolver answered before the observers module', async () => {
    const app = await startTestApp({
      extend: (instance) => {
        const real = instance.principalResolver;
        // A later module (say, another kind of bearer token) that recognises the caller first.
        instance.principalResolver = async (request) => (request.headers['x-other'] ? { userId: randomUUID(), accountId: null, permissions: ['pool.view'], isAdmin: false } : real(request));
      },
    });
    try {
      const res = await inject(app.app, { url: '/api/pools/btc/accounts/someone1/stats?observer_token=whatever', headers: { 'x-other': '1' } });
      expect([res.statusCode, body(res).code]).toEqual([401, codeOf('observer_link_invalid')]);
    } finally {
      await app.close();
    }
  });
});

describe('access matrix of every route', () => {
  const params = (url: string, account: string) =>
    url.replace(':pool', 'btc').replace(':coin', 'btc').replace(':account', account).replace(':miner', '1').replace(':day', '2026-05-01').replace(/:[A-Za-z_]+/g, randomUUID());

  it('owner, other user, each permission\'s observer, expired and revoked observers, anonymous', async () => {
    const owner = await newUser();
    const other = await newUser();
    const second = await subAccount(owner);
    const observers = {} as Record<ObserverPermission, string>;
    for (const p of OBSERVER_PERMISSIONS) observers[p] = (await link(owner, owner.account, p)).token;
    const revoked = await link(owner, owner.account, 'pool');
    await inject(t.app, { method: 'DELETE', url: `/api/users/observers/${revoked.link.id}`, headers: await fresh(owner) });
    const expiring = await link(owner, owner.account, 'profit', 'day');
    t.clock.advance(86_400_000 + 1000);

    const routes: RouteRecord[] = t.app.routeRecords.filter((r) => r.url.startsWith('/api') && r.access && r.access.kind !== 'public' && r.access.kind !== 'internal');
    expect(routes.length).toBeGreaterThan(100);
    const accountRoutes = routes.filter((r) => r.url.includes(':account'));
    let n = 0;
    const call = async (r: RouteRecord, url: string, headers: Record<string, string> = {}) => {
      // Each link allows so many requests a minute: the walk moves the clock on as a slow visitor would.
      if (++n % 100 === 0) t.clock.advance(61_000);
      return inject(t.app, { method: r.method as 'GET', url, headers });
    };

    for (const r of routes) {
      const label = `${r.method} ${r.url}`;
      const own = params(r.url, owner.account);
      // Anonymous callers are refused everywhere the policy is not public.
      expect((await call(r, own)).statusCode, `anonymous ${label}`).toBe(401);

      // Expired and revoked tokens: their own message on reads, read-only on writes.
      for (const [token, key] of [[expiring.token, 'observer_link_expired'], [revoked.token, 'observer_link_revoked']] as const) {
        const res = await call(r, withToken(own, token));
        const expected: ErrorKey = r.method === 'GET' ? key : 'observer_read_only';
        expect([res.statusCode, body(res).code], `${key} ${label}`).toEqual([ERRORS[expected].status, codeOf(expected)]);
      }

      for (const permission of OBSERVER_PERMISSIONS) {
        const token = observers[permission];
        const res = await call(r, withToken(own, token));
        const who = `${permission} observer ${label} -> ${res.statusCode} ${res.body.slice(0, 120)}`;
        if (r.method !== 'GET') {
          expect([res.statusCode, body(res).code], who).toEqual([403, codeOf('observer_read_only')]);
          continue;
        }
        const readable = r.access!.kind === 'observer-readable' && observerApiRoutes(permission).includes(r.url.slice(4));
        if (!readable) {
          expect([res.statusCode, body(res).code], who).toEqual([403, codeOf('forbidden')]);
          continue;
        }
        expect([200, 400, 404], who).toContain(res.statusCode);
        expect(res.statusCode === 404 && body(res).code === codeOf('not_found') && !r.url.includes(':miner'), `${who} (its own sub-account)`).toBe(false);
        // Bound to exactly one sub-account: the owner's other one and another user's are refused.
        for (const account of [second, second.toUpperCase(), other.account]) {
          const elsewhere = await call(r, withToken(params(r.url, account), token));
          expect([elsewhere.statusCode, body(elsewhere).code], `${who} on ${account}`).toEqual([403, codeOf('forbidden')]);
        }
      }
    }

    // The owner reads every sub-account route of their own; another user finds none of it.
    for (const r of accountRoutes.filter((x) => x.method === 'GET')) {
      const label = `${r.method} ${r.url}`;
      const mine = await call(r, params(r.url, owner.account), await fresh(owner));
      expect([200, 400, 404], `owner ${label} -> ${mine.statusCode}`).toContain(mine.statusCode);
      const theirs = await call(r, params(r.url, owner.account), await fresh(other));
      // Missing (404), or the query refused (400) before the sub-account is looked up: never read.
      expect([400, 404], `other ${label} -> ${theirs.statusCode}`).toContain(theirs.statusCode);
    }
    // A write with an observer token is refused even on a public route.
    const pub = t.app.routeRecords.find((r) => r.method === 'POST' && r.access?.kind === 'public' && r.url.startsWith('/api'))!;
    const res = await inject(t.app, { method: 'POST', url: withToken(params(pub.url, owner.account), observers.pool), payload: {} });
    expect(body(res).code).toBe(codeOf('observer_read_only'));
  }, 120_000); // every route of the app, seven callers each: about 15 s alone, 40 s on a loaded CI machine
});
