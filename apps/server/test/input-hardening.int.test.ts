// Hostile input found by the outside attack:
// each case answered 500 (or was taken as is) before its fix. The OpenAPI fuzz test
// (fuzz-suite.ts) keeps the whole class out on every route; these name the cases it found.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, type Tokens } from '@hashpool/shared';
import { queryRows } from '../src/db/client';
import { auth, inject, registerByEmail } from './account-helpers';
import { SmtpInbox } from './smtp-inbox';
import { body, startTestApp, type TestApp } from './test-app';

const KEY = 'ingest-key-for-tests-0123456789';
const OPERATOR = 'hardening-operator@example.com';
let t: TestApp;
const inbox = new SmtpInbox();
let user: { email: string; tokens: Tokens; account: string };
let operator: { tokens: Tokens };

beforeAll(async () => {
  t = await startTestApp({ env: { SMTP_URL: await inbox.start(), ALTCHA_COST: '1', INGEST_KEYS: KEY, ADMIN_EMAILS: OPERATOR } });
  t.clock.set('2026-06-01T12:00:00Z');
  const u = await registerByEmail(t.app, inbox);
  const mine = body<{ current_account: { name: string } }>(await inject(t.app, { url: '/api/users/mine', headers: auth(u.tokens) })).data;
  user = { ...u, account: mine.current_account.name };
  operator = await registerByEmail(t.app, inbox, OPERATOR);
});
afterAll(async () => {
  await t?.close();
  await inbox.stop();
});

type Field = { field: string; message_key: string };

/**
 * A request with well-formed signature headers that sign nothing: the hostile text cannot be
 * signed (the canon would throw here too), and the guard must refuse it before the signature check.
 */
function unsignable(method: 'POST' | 'PUT', url: string, payload: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method,
    url,
    payload,
    headers: { ...headers, 'content-type': 'application/json', 'x-hp-timestamp': String(Math.floor(t.clock.now().getTime() / 1000)), 'x-hp-nonce': randomBytes(16).toString('hex'), 'x-hp-sign': 'ab'.repeat(32) },
  });
}
function expect400(res: { statusCode: number; body: string }, field: string, messageKey?: string) {
  expect(res.statusCode, res.body).toBe(400);
  const answer = body<{ fields?: Field[] }>(res);
  expect(answer.code).toBe(ERRORS.validation_failed.code);
  const issue = answer.data.fields?.find((f) => f.field === field);
  expect(issue, res.body).toBeDefined();
  if (messageKey) expect(issue!.message_key).toBe(messageKey);
}

describe('U+0000, unpaired surrogates and deep nesting', () => {
  it('refuses U+0000 in query strings and paths of public routes, naming the field', async () => {
    expect400(await inject(t.app, { url: '/api/parameters?keys=%00' }), 'query.keys', 'text_invalid');
    expect400(await inject(t.app, { url: '/api/sliders?position=%00' }), 'query.position', 'text_invalid');
    const address = 'aleo1' + 'q'.repeat(58);
    expect400(await inject(t.app, { url: `/api/address-mining/aleo/miner/${address}/workers?search=a%00b` }), 'query.search', 'text_invalid');
    expect400(await inject(t.app, { url: `/api/address-mining/aleo/miner/${address}/workers/rig%001/hashrates` }), 'params.worker', 'text_invalid');
  });

  it('refuses U+0000 in the login account, and in a translated message', async () => {
    const res = await inject(t.app, { method: 'POST', url: '/api/v2/users/encrypt/login', headers: { lang: 'ja' }, payload: { account: 'a\u0000@example.com', password: 'x', key_id: 'k' } });
    expect400(res, 'body.account', 'text_invalid');
    expect(body<{ fields: Array<{ message: string }> }>(res).data.fields[0]!.message).toMatch(/U\+0000/);
  });

  it('refuses an unpaired surrogate in a signed body before the signature canon throws', async () => {
    for (const value of ['"\\ud800"', '"x\\udc00y"']) {
      expect400(await unsignable('PUT', '/api/users/settings', `{"timezone":${value}}`, auth(user.tokens)), 'body.timezone', 'text_invalid');
      expect400(await unsignable('POST', '/api/v2/users/encrypt/login', `{"account":${value}}`), 'body.account', 'text_invalid');
    }
    // In a key, too, and on a route anyone may call.
    expect400(await unsignable('POST', '/api/v2/users/encrypt/login', '{"k\\ud800":1}'), 'body', 'text_invalid');
  });

  it('refuses a body nested 5,000 deep on a signed route, logged in or anonymous', async () => {
    const deep = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
    expect400(await unsignable('PUT', '/api/users/settings', `{"timezone":${deep}}`, auth(user.tokens)), `body.timezone${'.a'.repeat(15)}`, 'too_deep');
    expect400(await unsignable('POST', '/api/v2/users/encrypt/login', `{"account":${deep}}`), `body.account${'.a'.repeat(15)}`, 'too_deep');
  });

  it('refuses control characters in names, but not in the rest of the text', async () => {
    const res = await inject(t.app, { method: 'POST', url: '/api/pools/btc/miners/groups', headers: auth(user.tokens), payload: { account: user.account, name: 'line\nbreak' } });
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.stringify(body(res).data)).toContain('control_characters');
  });
});

describe('dates outside what the database stores', () => {
  it('answers 400 for year 0 and 9999 on the wallet, profits and market data', async () => {
    for (const q of ['end=9999-12-31', 'start=0000-01-01', 'start=1970-01-01T00:00:00Z', 'end=2100-01-02']) {
      const field = `query.${q.split('=')[0]}`;
      expect400(await inject(t.app, { url: `/api/v2/wallets/transactions?${q}`, headers: auth(user.tokens) }), field, 'date_range');
    }
    expect400(await inject(t.app, { url: `/api/pools/btc/accounts/${user.account}/profits?start=0000-01-01`, headers: auth(user.tokens) }), 'query.start', 'date_range');
    expect400(
      await inject(t.app, { method: 'PUT', url: '/api/admin/earnings/market-data/btc/0000-01-01', headers: auth(operator.tokens), payload: { network_difficulty: '1', block_subsidy: '1', avg_fees_per_block: '0', reason: 'fuzz' } }),
      'params.day',
      'date_range',
    );
    // The range's own ends are accepted.
    const ok = await inject(t.app, { url: '/api/v2/wallets/transactions?start=2009-01-03&end=2100-01-01', headers: auth(user.tokens) });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('share ingestion', () => {
  const share = (account: string, worker: string, extra: Record<string, unknown> = {}) => ({
    coin: 'btc', account, worker, difficulty: 1, result: 'accepted', ip: '198.51.100.7', time: t.clock.now().getTime(), ...extra,
  });
  const send = (shares: unknown[], batch_id: string) =>
    t.app.inject({ method: 'POST', url: '/api/internal/shares', headers: { 'x-ingest-key': KEY }, payload: { batch_id, shares } });

  it('refuses a share whose account holds U+0000 as malformed and applies the rest, on every re-send', async () => {
    const shares = [share(user.account, 'good1'), share('bad\u0000name', 'rig1'), share(user.account, 'good2')];
    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await send(shares, 'nul-account-batch-1');
      expect(res.statusCode, res.body).toBe(200);
      const result = body<{ applied: boolean; accepted: number; refused_reasons: Record<string, number> }>(res).data;
      expect(result.refused_reasons).toEqual({ malformed: 1 });
      expect(result.applied).toBe(attempt === 0);
      if (attempt === 0) expect(result.accepted).toBe(2);
    }
    const names = await queryRows<{ name: string }>(t.database.db, sql`select w.name from workers w join mining_accounts m on m.id = w.account_id where m.name = ${user.account} order by w.name`);
    expect(names.map((n) => n.name)).toEqual(['good1', 'good2']);
  });

  it('answers 415 to a body that is not JSON', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/octet-stream']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/internal/shares', headers: { 'x-ingest-key': KEY, 'content-type': type }, payload: '{"batch_id":"plain-text-1","shares":[]}' });
      expect(res.statusCode, `${type}: ${res.body}`).toBe(415);
      expect(body(res).code).toBe(ERRORS.unsupported_media_type.code);
    }
  });

  it('keeps only IPv4 and IPv6 addresses as a share IP; the share counts without any other text', async () => {
    const res = await send([share(user.account, 'ipfake', { ip: 'Visit evil.example for free BTC' }), share(user.account, 'ipsix', { ip: '2001:db8::7' }), share(user.account, 'ipfour', { ip: '203.0.113.9' })], 'ip-text-batch-1');
    expect(body<{ accepted: number }>(res).data.accepted).toBe(3);
    await t.app.modules.mining.ingest.refreshWindows();
    const rows = await queryRows<{ name: string; last_ip: string | null }>(t.database.db, sql`select w.name, w.last_ip from workers w join mining_accounts m on m.id = w.account_id where m.name = ${user.account} and w.name like 'ip%' order by w.name`);
    expect(rows).toEqual([{ name: 'ipfake', last_ip: null }, { name: 'ipfour', last_ip: '203.0.113.9' }, { name: 'ipsix', last_ip: '2001:db8::7' }]);
  });
});

describe('one version, one policy', () => {
  it('reports the version of package.json in health and parameters', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
    const health = body<{ version: string }>(await inject(t.app, { url: '/api/health' })).data;
    const parameters = body<Record<string, string>>(await inject(t.app, { url: '/api/parameters?keys=app_version' })).data;
    expect(health.version).toBe(version);
    expect(parameters.app_version).toBe(version);
  });

  it('serves the API documentation under the app policy: no framing, no outside styles', async () => {
    const page = await t.app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('https:');
  });
});
