// Payout methods, fee rates and market data through HTTP against a real database, time moved by
// the fake clock: the default method, a switch and the settlement day it applies from, the 24-hour
// rule (23:59 later refused in the caller's language, 24:01 later accepted), the switch history,
// who may read and switch (owner, other user, other user's sub-account, observer, anonymous), bad
// input, and the operators' fee rates and market data with their audit entries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SETTLED_DAYS } from '../src/modules/earnings/earnings.demo';
import { ERRORS, OBSERVER_PAGES, type Tokens } from '@hashpool/shared';
import { auth, inject, registerByEmail, uniqueEmail } from './account-helpers';
import { SmtpInbox } from './smtp-inbox';
import { body, startTestApp, type TestApp } from './test-app';

let t: TestApp;
const inbox = new SmtpInbox();
const ADMIN = uniqueEmail('operator');
const OBSERVER_HEADER = 'x-test-observer';

beforeAll(async () => {
  t = await startTestApp({
    env: { SMTP_URL: await inbox.start(), ALTCHA_COST: '1', ADMIN_EMAILS: ADMIN, ACCESS_TOKEN_TTL_SECONDS: '3600' },
    // Here a header turns the caller's own login into an observer of it, with the permissions named,
    // of the sub-account in the path (real observer links: observers.int.test.ts).
    extend: (app) => {
      const real = app.principalResolver;
      app.principalResolver = async (request) => {
        const principal = await real(request);
        const header = request.headers[OBSERVER_HEADER];
        if (!principal || typeof header !== 'string') return principal;
        const accountName = String((request.params as { account?: string }).account ?? '');
        const routes = Object.values(OBSERVER_PAGES).flatMap((page) => [...page.api]);
        return { ...principal, permissions: [], observer: { linkId: 'test-link', accountName, permissions: header.split(',').filter(Boolean), routes } };
      };
    },
  });
  t.clock.set('2026-06-01T10:00:00Z');
});
afterAll(async () => {
  await t?.close();
  await inbox.stop();
});

interface User {
  email: string;
  tokens: Tokens;
  accountId: string;
  account: string;
}

async function newUser(email = uniqueEmail('earn')): Promise<User> {
  const r = await registerByEmail(t.app, inbox, email);
  const mine = body<{ current_account: { id: string; name: string } }>(await inject(t.app, { url: '/api/users/mine', headers: auth(r.tokens) })).data;
  return { email, tokens: r.tokens, accountId: mine.current_account.id, account: mine.current_account.name };
}

/** Fresh tokens, as the browser refreshes them: the fake clock outruns an access token. */
async function fresh(u: { tokens: Tokens }) {
  const res = await inject(t.app, { method: 'POST', url: '/api/users/refresh/login', payload: { refresh_token: u.tokens.refresh_token } });
  expect(res.statusCode, res.body).toBe(200);
  u.tokens = body<Tokens>(res).data;
  return auth(u.tokens);
}

interface Item {
  coin: string;
  method: string;
  fee_rate: string;
  today_method: string;
  effective_from: string | null;
  first_settlement_at: string | null;
  previous_method: string | null;
  switched_at: string | null;
  next_switch_at: string | null;
  methods: Array<{ method: string; fee_rate: string; next_fee_rate: string | null; next_fee_from: string | null }>;
  market: { day: string; network_difficulty: string; block_subsidy: string; avg_fees_per_block: string; price_usd: string | null; source: string } | null;
}

const getMethods = async (u: User, query = '', account = u.account, headers: Record<string, string> = {}) =>
  inject(t.app, { url: `/api/accounts/${account}/pay-method${query}`, headers: { ...(await fresh(u)), ...headers } });
const switchTo = async (u: User, method: unknown, pool = 'btc', account = u.account, headers: Record<string, string> = {}) =>
  inject(t.app, { method: 'PUT', url: `/api/accounts/${account}/pools/${pool}/pay-method`, headers: { ...(await fresh(u)), ...headers }, payload: { method } });
const btcOf = async (u: User) => body<{ list: Item[] }>(await getMethods(u, '?pool=btc')).data.list[0]!;
const codeOf = (key: keyof typeof ERRORS) => ERRORS[key].code;

describe('reading the payout method', () => {
  it('is FPPS with its fee for every account-mode coin until the user chooses, with the day’s market values', async () => {
    const u = await newUser();
    const res = await getMethods(u);
    expect(res.statusCode, res.body).toBe(200);
    const list = body<{ list: Item[] }>(res).data.list;
    expect(list.map((i) => i.coin)).toContain('ltc');
    expect(list.map((i) => i.coin)).not.toContain('kas'); // address mode: mined to an address, no method
    const btc = list.find((i) => i.coin === 'btc')!;
    expect(btc).toMatchObject({ method: 'fpps', fee_rate: '2.5', today_method: 'fpps', effective_from: null, first_settlement_at: null, previous_method: null, switched_at: null, next_switch_at: null });
    expect(btc.methods.map(({ method, fee_rate, next_fee_rate }) => ({ method, fee_rate, next_fee_rate }))).toEqual([
      { method: 'pps_plus', fee_rate: '2', next_fee_rate: null },
      { method: 'fpps', fee_rate: '2.5', next_fee_rate: null },
      { method: 'pplns', fee_rate: '1', next_fee_rate: null },
      { method: 'solo', fee_rate: '0.5', next_fee_rate: null }, // docs/rules.md, Limits and constants: the SOLO fee is labelled 0.5 percent
    ]);
    // Seeded for the first day: 9.3e20 H/s x 600 s / 2^32 = 1.299e14 (4 digits), price from the coin registry.
    expect(btc.market).toMatchObject({ day: '2026-06-01', network_difficulty: '129900000000000', block_subsidy: '3.125', avg_fees_per_block: '0.025', price_usd: '96000', source: 'seed' });
    const one = body<{ list: Item[] }>(await getMethods(u, '?pool=ltc')).data.list;
    expect(one.map((i) => i.coin)).toEqual(['ltc']);
  });
});

describe('switching', () => {
  it('applies from the next UTC settlement day and then waits 24 hours: 23:59 later refused, 24:01 later accepted', async () => {
    t.clock.set('2026-06-01T10:00:00Z');
    const u = await newUser();
    const res = await switchTo(u, 'pplns');
    expect(res.statusCode, res.body).toBe(200);
    expect(body<Item>(res).data).toMatchObject({
      coin: 'btc',
      method: 'pplns',
      fee_rate: '1',
      today_method: 'fpps', // the day of the switch is still paid by FPPS
      previous_method: 'fpps',
      effective_from: '2026-06-02',
      first_settlement_at: '2026-06-03T01:05:00.000Z',
      switched_at: '2026-06-01T10:00:00.000Z',
      next_switch_at: '2026-06-02T10:00:00.000Z',
    });
    expect(await btcOf(u)).toMatchObject({ method: 'pplns', today_method: 'fpps', effective_from: '2026-06-02' });

    // 23 hours 59 minutes later: refused, with the time it is accepted again, in the caller's language.
    t.clock.set('2026-06-02T09:59:00Z');
    const early = await switchTo(u, 'solo');
    expect(early.statusCode).toBe(400);
    expect(body(early).code).toBe(codeOf('pay_method_switch_wait'));
    expect(body(early).msg).toBe('The payout method of this sub-account for this coin was switched less than 24 hours ago. You can switch it again after 2026-06-02 10:00 UTC.');
    const zh = await switchTo(u, 'solo', 'btc', u.account, { lang: 'zh-CN' });
    expect(body(zh).code).toBe(codeOf('pay_method_switch_wait'));
    expect(body(zh).msg).toBe('该子账户此币种的收益模式在 24 小时内已切换过，请于 UTC 2026-06-02 10:00 之后再切换。');
    const ru = await switchTo(u, 'pps_plus', 'btc', u.account, { lang: 'ru-RU' });
    expect(body(ru).msg).toContain('2026-06-02 10:00 UTC');
    expect(body(ru).msg).toMatch(/^Метод выплат/);
    // Going back to the method that still pays today is a switch too, and refused as well.
    expect(body(await switchTo(u, 'fpps')).code).toBe(codeOf('pay_method_switch_wait'));
    // Nothing changed; the new day is already paid by PPLNS.
    expect(await btcOf(u)).toMatchObject({ method: 'pplns', today_method: 'pplns', switched_at: '2026-06-01T10:00:00.000Z', next_switch_at: '2026-06-02T10:00:00.000Z' });

    // 24 hours 1 minute after the switch: accepted, from the day after.
    t.clock.set('2026-06-02T10:01:00Z');
    const late = await switchTo(u, 'solo');
    expect(late.statusCode, late.body).toBe(200);
    expect(body<Item>(late).data).toMatchObject({
      method: 'solo',
      fee_rate: '0.5',
      today_method: 'pplns',
      previous_method: 'pplns',
      effective_from: '2026-06-03',
      first_settlement_at: '2026-06-04T01:05:00.000Z',
      next_switch_at: '2026-06-03T10:01:00.000Z',
    });

    // The history answers the method of every day for the settlement.
    const day = (d: string) => t.app.modules.earnings.earnings.methodOnDay(u.accountId, 'btc', d);
    expect(await day('2026-05-31')).toBe('fpps');
    expect(await day('2026-06-01')).toBe('fpps');
    expect(await day('2026-06-02')).toBe('pplns');
    expect(await day('2026-06-03')).toBe('solo');
    expect(await day('2026-12-31')).toBe('solo');
    expect(await t.app.modules.earnings.earnings.methodOnDay(u.accountId, 'ltc', '2026-06-03')).toBe('fpps');
  });

  it('counts the 24 hours to the second and says the minute rounded up', async () => {
    t.clock.set('2026-06-10T23:59:30Z');
    const u = await newUser();
    expect((await switchTo(u, 'pps_plus')).statusCode).toBe(200);
    expect(await btcOf(u)).toMatchObject({ effective_from: '2026-06-11' }); // 30 s before midnight: still the next day
    t.clock.set('2026-06-11T23:59:29Z');
    const early = await switchTo(u, 'fpps');
    expect(body(early).msg).toContain('after 2026-06-12 00:00 UTC');
    t.clock.set('2026-06-11T23:59:30Z'); // exactly 24 hours
    const ok = await switchTo(u, 'fpps');
    expect(ok.statusCode, ok.body).toBe(200);
    // Switched 30 s before midnight: the next UTC day, not the one after, is its first.
    expect(body<Item>(ok).data).toMatchObject({ method: 'fpps', today_method: 'pps_plus', effective_from: '2026-06-12' });
  });

  it('two switches sent at once: one is made, the other is refused by the 24-hour rule', async () => {
    t.clock.set('2026-06-15T08:00:00Z');
    const u = await newUser();
    const headers = await fresh(u);
    const put = (method: string) => inject(t.app, { method: 'PUT', url: `/api/accounts/${u.account}/pools/btc/pay-method`, headers, payload: { method } });
    const results = await Promise.all([put('pplns'), put('solo')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const made = body<Item>(results.find((r) => r.statusCode === 200)!).data.method;
    expect(await btcOf(u)).toMatchObject({ method: made, previous_method: 'fpps', effective_from: '2026-06-16' });
    expect(await t.app.modules.earnings.earnings.methodOnDay(u.accountId, 'btc', '2026-06-16')).toBe(made);
  });

  it('choosing the method in force is not a switch; each coin and sub-account has its own clock', async () => {
    t.clock.set('2026-06-20T08:00:00Z');
    const u = await newUser();
    const same = await switchTo(u, 'fpps');
    expect(same.statusCode).toBe(200);
    expect(body<Item>(same).data).toMatchObject({ method: 'fpps', switched_at: null, next_switch_at: null, effective_from: null });
    expect((await switchTo(u, 'pplns')).statusCode).toBe(200);
    // Choosing PPLNS again while it waits for its day changes nothing and is not refused.
    const again = await switchTo(u, 'pplns');
    expect(again.statusCode).toBe(200);
    expect(body<Item>(again).data.switched_at).toBe('2026-06-20T08:00:00.000Z');
    // Another coin of the same sub-account is free.
    const ltc = await switchTo(u, 'solo', 'ltc');
    expect(ltc.statusCode, ltc.body).toBe(200);
    // A second sub-account of the same user is free too.
    const created = await inject(t.app, { method: 'POST', url: '/api/accounts', headers: await fresh(u), payload: { name: `second${Date.now().toString(36)}` } });
    expect(created.statusCode, created.body).toBe(200);
    const second = body<{ name: string }>(created).data.name;
    const res = await switchTo(u, 'pps_plus', 'btc', second);
    expect(res.statusCode, res.body).toBe(200);
    expect(body<Item>(res).data.method).toBe('pps_plus');
    expect(body<{ list: Item[] }>(await getMethods(u, '?pool=btc', second)).data.list[0]!.method).toBe('pps_plus');
    expect((await btcOf(u)).method).toBe('pplns');
  });
});

describe('who may read and switch', () => {
  it('only the owner; another user and another user’s sub-account answer as missing; observers read only; anonymous callers are refused', async () => {
    t.clock.set('2026-06-21T08:00:00Z');
    const owner = await newUser();
    const other = await newUser();
    const created = await inject(t.app, { method: 'POST', url: '/api/accounts', headers: await fresh(owner), payload: { name: `sub${Date.now().toString(36)}` } });
    const ownerSub = body<{ name: string }>(created).data.name;

    for (const account of [owner.account, ownerSub]) {
      const read = await getMethods(other, '', account);
      expect(read.statusCode).toBe(404);
      expect(body(read).code).toBe(codeOf('not_found'));
      const write = await switchTo(other, 'solo', 'btc', account);
      expect(write.statusCode).toBe(404);
    }
    // A sub-account that does not exist answers the same.
    expect((await getMethods(other, '', 'nosuchaccount1')).statusCode).toBe(404);

    expect((await inject(t.app, { url: `/api/accounts/${owner.account}/pay-method` })).statusCode).toBe(401);
    const anonymous = await inject(t.app, { method: 'PUT', url: `/api/accounts/${owner.account}/pools/btc/pay-method`, payload: { method: 'solo' } });
    expect(anonymous.statusCode).toBe(401);

    // An observer link of the owner granting pool.view reads, never switches; one without it reads nothing.
    expect((await getMethods(owner, '', owner.account, { [OBSERVER_HEADER]: 'pool.view' })).statusCode).toBe(200);
    expect((await switchTo(owner, 'solo', 'btc', owner.account, { [OBSERVER_HEADER]: 'pool.view' })).statusCode).toBe(403);
    expect((await getMethods(owner, '', owner.account, { [OBSERVER_HEADER]: 'wallet.view' })).statusCode).toBe(403);

    // Nothing of the above changed the owner's method.
    expect(await btcOf(owner)).toMatchObject({ method: 'fpps', switched_at: null });
  });
});

describe('bad input', () => {
  it('refuses an unknown method, an unknown coin, an address-mode coin and extra fields', async () => {
    t.clock.set('2026-06-22T08:00:00Z');
    const u = await newUser();
    const pps = await switchTo(u, 'pps');
    expect(pps.statusCode).toBe(400);
    expect(body<{ fields: Array<{ field: string }> }>(pps).data.fields.map((f) => f.field)).toEqual(['body.method']);
    expect(body(await switchTo(u, 42)).code).toBe(codeOf('validation_failed'));
    expect(body(await switchTo(u, undefined)).code).toBe(codeOf('validation_failed'));
    const extra = await inject(t.app, { method: 'PUT', url: `/api/accounts/${u.account}/pools/btc/pay-method`, headers: await fresh(u), payload: { method: 'solo', fee_rate: '0' } });
    expect(body(extra).code).toBe(codeOf('validation_failed'));

    for (const pool of ['xyz', 'kas', 'aleo']) {
      const write = await switchTo(u, 'solo', pool);
      expect(write.statusCode, pool).toBe(404);
      expect(body(write).code).toBe(codeOf('coin_not_found'));
      expect(body(await getMethods(u, `?pool=${pool}`)).code).toBe(codeOf('coin_not_found'));
    }
    // Coin codes are case-insensitive like the pool pages' paths.
    expect((await getMethods(u, '?pool=BTC')).statusCode).toBe(200);
    expect(await btcOf(u)).toMatchObject({ method: 'fpps', switched_at: null });
  });
});

describe('operators', () => {
  let admin: User;
  beforeAll(async () => {
    admin = await newUser(ADMIN);
  });

  const adminRoutes = () => t.app.routeRecords.filter((r) => r.url.startsWith('/api/admin/earnings'));

  it('the fee-rate, market-data and held-block routes refuse anonymous callers and users', async () => {
    const user = await newUser();
    expect(adminRoutes().length).toBe(6);
    for (const route of adminRoutes()) {
      const url = route.url.replace(':coin', 'btc').replace(':day', '2026-06-01').replace(':id', '1');
      expect((await inject(t.app, { method: route.method as 'GET', url })).statusCode, `${route.method} ${url}`).toBe(401);
      const asUser = await inject(t.app, { method: route.method as 'GET', url, headers: await fresh(user) });
      expect(asUser.statusCode, `${route.method} ${url}`).toBe(403);
    }
  });

  it('sets a fee rate with a reason: users see it as coming from the next UTC day, then in force; GET /pools shows the default method’s; the audit log keeps it', async () => {
    t.clock.set('2026-06-23T08:00:00Z');
    const list = body<{ list: Array<{ coin: string; method: string; fee_rate: string }> }>(await inject(t.app, { url: '/api/admin/earnings/fee-rates', headers: await fresh(admin) })).data.list;
    expect(list.find((r) => r.coin === 'btc' && r.method === 'solo')?.fee_rate).toBe('0.5');
    // An address-mode coin has its PPLNS fee only.
    expect(list.filter((r) => r.coin === 'kas').map((r) => r.method)).toEqual(['pplns']);

    const put = (payload: Record<string, unknown>) => inject(t.app, { method: 'PUT', url: '/api/admin/earnings/fee-rates', headers: auth(admin.tokens), payload });
    const set = await put({ coin: 'btc', method: 'fpps', fee_rate: '3.25', reason: 'network fees rose' });
    expect(set.statusCode, set.body).toBe(200);
    expect(body(set).data).toMatchObject({ coin: 'btc', method: 'fpps', fee_rate: '3.25', from: '2026-06-24', today_fee_rate: '2.5', updated_by: ADMIN });
    const adminRow = async (coin: string, method: string) =>
      body<{ list: Array<{ coin: string; method: string; fee_rate: string; from: string | null; today_fee_rate: string | null }> }>(await inject(t.app, { url: '/api/admin/earnings/fee-rates', headers: await fresh(admin) })).data.list.find((r) => r.coin === coin && r.method === method);
    expect(await adminRow('btc', 'pplns')).toMatchObject({ fee_rate: '1', from: null, today_fee_rate: null });

    // Today's work is still charged 2.5 %: the pages say so, and name the change and its day.
    const u = await newUser();
    const today = await btcOf(u);
    expect(today).toMatchObject({ method: 'fpps', fee_rate: '2.5' });
    expect(today.methods.find((m) => m.method === 'fpps')).toEqual({ method: 'fpps', fee_rate: '2.5', next_fee_rate: '3.25', next_fee_from: '2026-06-24' });
    expect(today.methods.find((m) => m.method === 'pplns')).toEqual({ method: 'pplns', fee_rate: '1', next_fee_rate: null, next_fee_from: null });
    const poolsOf = async () => body<Array<{ coin: string; fee_rate: string; next_fee_rate: string | null; next_fee_from: string | null }>>(await inject(t.app, { url: '/api/pools' })).data;
    expect((await poolsOf()).find((p) => p.coin === 'btc')).toMatchObject({ fee_rate: '2.5', next_fee_rate: '3.25', next_fee_from: '2026-06-24' });
    expect((await poolsOf()).find((p) => p.coin === 'ltc')).toMatchObject({ fee_rate: '2.5', next_fee_rate: null, next_fee_from: null });
    const rates = body<{ fee_rates: Array<{ method: string; fee_rate: string; next_fee_rate: string | null }> }>(await inject(t.app, { url: `/api/pools/btc/accounts/${u.account}/rates`, headers: await fresh(u) }));
    expect(rates.data.fee_rates.find((r) => r.method === 'fpps')).toMatchObject({ fee_rate: '2.5', next_fee_rate: '3.25' });

    const log = body<{ list: Array<{ action: string; target: string; admin: string; detail: Record<string, string> }> }>(await inject(t.app, { url: '/api/admin/audit-log', headers: auth(admin.tokens) })).data.list;
    expect(log[0]).toMatchObject({ action: 'fee_rate_update', target: 'fee_rate:btc:fpps', admin: ADMIN, detail: { from: '2.5', to: '3.25', reason: 'network fees rose' } });

    // Out of range, too many decimals, no reason, an address-mode coin, an unknown method.
    for (const bad of [
      { coin: 'btc', method: 'fpps', fee_rate: '100', reason: 'x' },
      { coin: 'btc', method: 'fpps', fee_rate: '1.23456', reason: 'x' },
      { coin: 'btc', method: 'fpps', fee_rate: '-1', reason: 'x' },
      { coin: 'btc', method: 'fpps', fee_rate: '1', reason: ' ' },
      { coin: 'kas', method: 'fpps', fee_rate: '1', reason: 'x' },
      { coin: 'btc', method: 'pps', fee_rate: '1', reason: 'x' },
    ]) {
      const res = await put(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(body(res).code).toBe(codeOf('validation_failed'));
    }
    // The address-mode coin's PPLNS fee: what address mining charges and what its pool page shows.
    const kas = await put({ coin: 'kas', method: 'pplns', fee_rate: '0.75', reason: 'promotion' });
    expect(kas.statusCode, kas.body).toBe(200);
    expect(body(kas).data).toMatchObject({ coin: 'kas', method: 'pplns', fee_rate: '0.75' });
    expect((await poolsOf()).find((p) => p.coin === 'kas')).toMatchObject({ next_fee_rate: '0.75', next_fee_from: '2026-06-24' });
    // The next UTC day the new rates are in force, with nothing more to come.
    t.clock.set('2026-06-24T00:01:00Z');
    expect((await btcOf(u)).methods.find((m) => m.method === 'fpps')).toEqual({ method: 'fpps', fee_rate: '3.25', next_fee_rate: null, next_fee_from: null });
    expect((await btcOf(u)).fee_rate).toBe('3.25');
    expect((await poolsOf()).find((p) => p.coin === 'btc')).toMatchObject({ fee_rate: '3.25', next_fee_rate: null, next_fee_from: null });
    expect((await poolsOf()).find((p) => p.coin === 'kas')).toMatchObject({ fee_rate: '0.75', next_fee_rate: null });
    expect(await adminRow('btc', 'fpps')).toMatchObject({ fee_rate: '3.25', from: null, today_fee_rate: null });
    // Past days are priced at the rate in force that day (the unit earnings of the profit page).
    const byDay = await t.app.modules.earnings.earnings.feeRatesOnDays('btc', ['2026-06-23', '2026-06-24']);
    expect([byDay.get('2026-06-23')!.get('fpps'), byDay.get('2026-06-24')!.get('fpps'), byDay.get('2026-06-24')!.get('pplns')]).toEqual(['2.5', '3.25', '1']);
    t.clock.set('2026-06-23T08:00:00Z');
    const message = body<{ fields: Array<{ field: string; message: string }> }>(await put({ coin: 'btc', method: 'fpps', fee_rate: '100', reason: 'x' })).data.fields[0]!;
    expect(message).toMatchObject({ field: 'body.fee_rate', message: 'Enter a fee rate in percent, from 0 to less than 100, with at most 4 decimals.' });
  });

  it('market data: simulated forward day by day, operators set a day (audited), the simulation keeps it', async () => {
    t.clock.set('2026-06-23T08:00:00Z');
    const page = async (coin: string) =>
      body<{ list: Array<{ day: string; network_difficulty: string; block_subsidy: string; avg_fees_per_block: string; price_usd: string | null; source: string }>; total: number }>(
        await inject(t.app, { url: `/api/admin/earnings/market-data?coin=${coin}&page_size=100`, headers: await fresh(admin) }),
      ).data;

    // Seeded on 2026-06-01 (the test app's start); the job adds each day since, from the one before.
    const added = await t.app.modules.earnings.earnings.extendMarketData();
    expect(added).toBeGreaterThanOrEqual(22 * 26);
    expect(await t.app.modules.earnings.earnings.extendMarketData()).toBe(0);
    const btc = await page('btc');
    // The demo start also seeded the week before it (the demo farm's settled history).
    expect(btc.total).toBe(23 + DEMO_SETTLED_DAYS);
    expect(btc.list[0]).toMatchObject({ day: '2026-06-23', source: 'simulated', block_subsidy: '3.125' });
    expect(btc.list[22]).toMatchObject({ day: '2026-06-01', source: 'seed', network_difficulty: '129900000000000' });
    // The demo's week walks back from the seed day, a step a day like the job's days.
    expect(btc.list.at(-1)).toMatchObject({ day: '2026-05-25', source: 'simulated' });
    expect(btc.list.at(-1)!.network_difficulty).not.toBe('129900000000000');
    // Each day moves a few percent at most from the one before.
    for (let i = 0; i < btc.list.length - 1; i++) {
      const ratio = Number(btc.list[i]!.network_difficulty) / Number(btc.list[i + 1]!.network_difficulty);
      expect(ratio).toBeGreaterThan(0.96);
      expect(ratio).toBeLessThan(1.04);
    }

    const put = (coin: string, day: string, payload: Record<string, unknown>, lang = 'en') =>
      inject(t.app, { method: 'PUT', url: `/api/admin/earnings/market-data/${coin}/${day}`, headers: { ...auth(admin.tokens), lang }, payload });
    const values = { network_difficulty: '131000000000000', block_subsidy: '3.125', avg_fees_per_block: '0.031', price_usd: '97123.45', reason: 'exchange average' };
    const today = await put('btc', '2026-06-23', values);
    expect(today.statusCode, today.body).toBe(200);
    expect(body(today).data).toMatchObject({ day: '2026-06-23', network_difficulty: '131000000000000', avg_fees_per_block: '0.031', price_usd: '97123.45', source: 'operator' });
    // Users see the day's values with their method.
    const u = await newUser();
    expect((await btcOf(u)).market).toMatchObject({ day: '2026-06-23', network_difficulty: '131000000000000', source: 'operator' });

    // A past day without values yet is created; address-mode coins have market data too.
    expect((await put('btc', '2026-05-20', values)).statusCode).toBe(200);
    expect((await put('kas', '2026-06-23', { ...values, price_usd: null })).statusCode).toBe(200);

    const log = body<{ list: Array<{ action: string; target: string; detail: Record<string, string> }> }>(await inject(t.app, { url: '/api/admin/audit-log', headers: auth(admin.tokens) })).data.list;
    const entry = log.find((e) => e.target === 'market_data:btc:2026-06-23')!;
    expect(entry.action).toBe('market_data_update');
    expect(entry.detail.network_difficulty).toMatch(/^\d+ -> 131000000000000$/);
    expect(entry.detail).toMatchObject({ price_usd: expect.stringMatching(/ -> 97123.45$/), reason: 'exchange average' });

    // The next days walk on from the operator's day, which stays as set.
    t.clock.set('2026-06-24T00:05:00Z');
    expect(await t.app.modules.earnings.earnings.extendMarketData()).toBe(26);
    const after = await page('btc');
    expect(after.list[0]!.day).toBe('2026-06-24');
    expect(after.list[1]).toMatchObject({ day: '2026-06-23', source: 'operator', network_difficulty: '131000000000000' });
    expect(Number(after.list[0]!.network_difficulty) / 131e12).toBeGreaterThan(0.96);

    // A future day, an impossible day, an unknown coin, a zero difficulty, too many decimals.
    const future = await put('btc', '2026-06-25', values, 'ja');
    expect(body(future).code).toBe(codeOf('market_day_invalid'));
    expect(body(future).msg).toBe('市場データは今日または過去の日付にのみ設定できます。');
    expect(body(await put('btc', '2026-02-30', values)).code).toBe(codeOf('validation_failed'));
    expect(body(await put('doge2', '2026-06-23', values)).code).toBe(codeOf('coin_not_found'));
    expect(body(await put('btc', '2026-06-23', { ...values, network_difficulty: '0' })).code).toBe(codeOf('validation_failed'));
    expect(body(await put('btc', '2026-06-23', { ...values, block_subsidy: '1.1234567890123456789' })).code).toBe(codeOf('validation_failed'));
    expect(body(await put('btc', '2026-06-23', { ...values, reason: '' })).code).toBe(codeOf('validation_failed'));
    expect(body(await inject(t.app, { url: '/api/admin/earnings/market-data?coin=nope', headers: auth(admin.tokens) })).code).toBe(codeOf('validation_failed'));
  });
});
