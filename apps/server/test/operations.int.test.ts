// Operations through HTTP: operator roles and the access matrix of every admin route,
// the admin area's users (search, page, disable login, authenticator reset), coin settings taking
// effect on the next withdrawal, four-eyes approvals, readiness and the Prometheus metrics.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERRORS, OPERATOR_ROLES, walletSubject, type AdminUserDetail, type OperatorRole, type Tokens } from '@hashpool/shared';
import type { AccessPolicy } from '../src/platform/access';
import { auth, emailOperationCode, inject, login, PASSWORD, registerByEmail, uniqueEmail } from './account-helpers';
import { SmtpInbox } from './smtp-inbox';
import { body, startTestApp, type TestApp } from './test-app';

let t: TestApp;
const inbox = new SmtpInbox();
const ADMIN = uniqueEmail('ops-admin');
const METRICS_TOKEN = 'metrics-token-for-the-test';
const PIN = '246810';
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

beforeAll(async () => {
  t = await startTestApp({ env: { SMTP_URL: await inbox.start(), ALTCHA_COST: '1', ADMIN_EMAILS: ADMIN, ACCESS_TOKEN_TTL_SECONDS: '3600', METRICS_TOKEN } });
});
afterAll(async () => {
  await t?.close();
  await inbox.stop();
});

interface Person {
  id: string;
  email: string;
  tokens: Tokens;
  device: string;
  accountName: string;
}
const codeOf = (res: { body: string }) => body(res).code;

async function person(email = uniqueEmail('ops')): Promise<Person> {
  const r = await registerByEmail(t.app, inbox, email);
  const mine = body<{ id: string; current_account: { name: string } }>(await inject(t.app, { url: '/api/users/mine', headers: auth(r.tokens) })).data;
  return { id: mine.id, email, tokens: r.tokens, device: r.device, accountName: mine.current_account.name };
}

/** A fresh bearer header (the tests move the clock past an access token's life). */
async function as(p: Person): Promise<Record<string, string>> {
  const res = await inject(t.app, { method: 'POST', url: '/api/users/refresh/login', payload: { refresh_token: p.tokens.refresh_token } });
  expect(res.statusCode, res.body).toBe(200);
  p.tokens = body<Tokens>(res).data;
  return auth(p.tokens);
}

let admin: Person;
const operators = {} as Record<Exclude<OperatorRole, 'admin'>, Person>;
let miner: Person;

async function grant(p: Person, roles: OperatorRole[]) {
  const res = await inject(t.app, { method: 'PUT', url: `/api/admin/users/${p.id}/roles`, headers: await as(admin), payload: { roles, reason: 'test set-up' } });
  expect(res.statusCode, res.body).toBe(200);
}

async function adjust(by: Person, account: string, amount: string, key = randomUUID()) {
  return inject(t.app, { method: 'POST', url: '/api/admin/adjustments', headers: { ...(await as(by)), 'idempotency-key': key }, payload: { account, coin: 'btc', amount, reason: 'test funding' } });
}

async function coinSettings(changes: Record<string, unknown>) {
  const list = body<{ list: Array<Record<string, unknown>> }>(await inject(t.app, { url: '/api/admin/coin-settings', headers: await as(admin) })).data.list;
  const { coin: _coin, max_supply: _supply, chain: _chain, network: _network, ...current } = list.find((c) => c.coin === 'btc')!;
  return inject(t.app, { method: 'PUT', url: '/api/admin/coin-settings/btc', headers: await as(admin), payload: { ...current, ...changes, reason: 'test' } });
}

beforeAll(async () => {
  admin = await person(ADMIN);
  for (const role of ['finance', 'support', 'content'] as const) {
    operators[role] = await person(uniqueEmail(role));
    await grant(operators[role], [role]);
  }
  miner = await person();
});

describe('roles', () => {
  it('tells the web which operator roles the caller holds', async () => {
    const of = async (p: Person) => body<{ is_admin: boolean; operator_roles: string[] }>(await inject(t.app, { url: '/api/permissions/current', headers: await as(p) })).data;
    expect(await of(admin)).toMatchObject({ is_admin: true, operator_roles: ['admin'] });
    expect(await of(operators.finance)).toMatchObject({ is_admin: false, operator_roles: ['finance'] });
    expect(await of(miner)).toMatchObject({ is_admin: false, operator_roles: [] });
  });

  it('only an admin grants roles; the grant is audited; an admin cannot drop their own admin role', async () => {
    const p = await person();
    const byFinance = await inject(t.app, { method: 'PUT', url: `/api/admin/users/${p.id}/roles`, headers: await as(operators.finance), payload: { roles: ['admin'], reason: 'x' } });
    expect(byFinance.statusCode).toBe(403);
    await grant(p, ['support', 'content']);
    const self = await inject(t.app, { method: 'PUT', url: `/api/admin/users/${admin.id}/roles`, headers: await as(admin), payload: { roles: ['finance'], reason: 'oops' } });
    expect(codeOf(self)).toBe(ERRORS.operator_self_change.code);
    const log = body<{ list: Array<{ action: string; target: string; detail: Record<string, string> }> }>(await inject(t.app, { url: '/api/admin/audit-log', headers: await as(admin) })).data.list;
    expect(log[0]).toMatchObject({ action: 'user_roles', target: `user:${p.id}`, detail: { before: '', after: 'content,support' } });
    await grant(p, []);
    expect((await inject(t.app, { url: '/api/admin/users?q=ops', headers: await as(p) })).statusCode).toBe(403);
  });

  // The access matrix: every admin route, every role (docs/security.md, Operator roles).
  const EXPECTED: Record<string, readonly OperatorRole[]> = {
    // The OAuth client registry.
    'GET /api/admin/oauth/clients': ['admin'],
    'POST /api/admin/oauth/clients': ['admin'],
    'POST /api/admin/oauth/clients/:id/disable': ['admin'],
    'GET /api/admin/withdrawals': ['admin', 'finance'],
    'POST /api/admin/withdrawals/:id/approve': ['admin', 'finance'],
    'POST /api/admin/withdrawals/:id/reject': ['admin', 'finance'],
    'GET /api/admin/ledger': ['admin', 'finance'],
    'POST /api/admin/adjustments': ['admin', 'finance'],
    'GET /api/admin/reconciliation': ['admin', 'finance'],
    'GET /api/admin/audit-log': ['admin', 'finance'],
    'GET /api/admin/approvals': ['admin', 'finance'],
    'POST /api/admin/approvals/:id/confirm': ['admin', 'finance'],
    'POST /api/admin/approvals/:id/decline': ['admin', 'finance'],
    'GET /api/admin/coin-settings': ['admin'],
    'PUT /api/admin/coin-settings/:coin': ['admin'],
    'GET /api/admin/parameters': ['admin'],
    'GET /api/admin/coins': ['admin'],
    'PUT /api/admin/coins/:coin': ['admin'],
    'PUT /api/admin/parameters': ['admin'],
    'GET /api/admin/users': ['admin', 'finance', 'support'],
    'GET /api/admin/users/:id': ['admin', 'finance', 'support'],
    'PUT /api/admin/users/:id/login': ['admin'],
    'POST /api/admin/users/:id/totp-reset': ['admin'],
    'PUT /api/admin/users/:id/roles': ['admin'],
    'GET /api/admin/earnings/fee-rates': ['admin'],
    'PUT /api/admin/earnings/fee-rates': ['admin'],
    'GET /api/admin/earnings/market-data': ['admin'],
    'PUT /api/admin/earnings/market-data/:coin/:day': ['admin'],
    // Coin prices and currency rates decide money: finance as well as admin.
    'GET /api/admin/prices': ['admin', 'finance'],
    'PUT /api/admin/prices/:kind/:code': ['admin', 'finance'],
    // Held blocks decide whether a reward is ever paid: finance as well as admin.
    'GET /api/admin/earnings/held-blocks': ['admin', 'finance'],
    'POST /api/admin/earnings/held-blocks/:id/void': ['admin', 'finance'],
    'GET /api/admin/address-mining/aleo-stake-schedule': ['admin'],
    'PUT /api/admin/address-mining/aleo-stake-schedule': ['admin'],
    // Support tickets: the support role, no money.
    'GET /api/admin/tickets': ['admin', 'support'],
    'GET /api/admin/tickets/:id': ['admin', 'support'],
    'POST /api/admin/tickets/:id/answers': ['admin', 'support'],
    'POST /api/admin/tickets/:id/notes': ['admin', 'support'],
    'PUT /api/admin/tickets/:id/assignee': ['admin', 'support'],
    'POST /api/admin/tickets/:id/close': ['admin', 'support'],
    'GET /api/admin/tickets/:id/files/:fileId': ['admin', 'support'],
    // Site content and the miner catalogue: the content role.
    'GET /api/admin/content/:kind': ['admin', 'content'],
    'POST /api/admin/content/:kind': ['admin', 'content'],
    'PUT /api/admin/content/:kind/:id': ['admin', 'content'],
    'DELETE /api/admin/content/:kind/:id': ['admin', 'content'],
    'POST /api/admin/content/images': ['admin', 'content'],
    'GET /api/admin/content/images/:id': ['admin', 'content'],
    'GET /api/admin/miners': ['admin', 'content'],
    'POST /api/admin/miners': ['admin', 'content'],
    'PUT /api/admin/miners/:id': ['admin', 'content'],
    // Reviewing contract payments and deciding loans: finance as well as admin.
    'GET /api/admin/contracts/orders': ['admin', 'finance'],
    'GET /api/admin/contracts/orders/:id': ['admin', 'finance'],
    'POST /api/admin/contracts/orders/:id/confirm': ['admin', 'finance'],
    'POST /api/admin/contracts/orders/:id/reject': ['admin', 'finance'],
    'GET /api/admin/loans': ['admin', 'finance'],
    'POST /api/admin/loans/:id/approve': ['admin', 'finance'],
    'POST /api/admin/loans/:id/reject': ['admin', 'finance'],
    // Contracts, staking and promotions products move the pool's money: admin.
    'GET /api/admin/contracts/products': ['admin'],
    'PUT /api/admin/contracts/bank-details': ['admin'],
    'GET /api/admin/loan-products': ['admin'],
    'POST /api/admin/promotions/red-packets': ['admin'],
    'POST /api/admin/promotions/red-packets/:id/cancel': ['admin'],
    'POST /api/admin/promotions/campaigns/:id/disable': ['admin'],
    'GET /api/admin/promotions/user-funding': ['admin'],
    'PUT /api/admin/promotions/user-funding': ['admin'],
  };
  const allowedBy = (policy: AccessPolicy): readonly OperatorRole[] =>
    policy.kind === 'admin' ? ['admin'] : policy.kind === 'operator' ? [...new Set<OperatorRole>(['admin', ...policy.roles])] : [];

  it('every admin route declares an operator policy, and the table above matches it', () => {
    const adminRoutes = t.app.routeRecords.filter((r) => r.url.startsWith('/api/admin'));
    expect(adminRoutes.length).toBeGreaterThanOrEqual(Object.keys(EXPECTED).length);
    for (const r of adminRoutes) {
      expect(['admin', 'operator'], `${r.method} ${r.url}`).toContain(r.access?.kind);
      const known = EXPECTED[`${r.method} ${r.url}`];
      // Routes of modules merged later are checked against their own declaration.
      if (known) expect([...allowedBy(r.access!)].sort(), `${r.method} ${r.url}`).toEqual([...known].sort());
    }
  });

  it('each role is let through exactly the admin routes its policy names (anonymous 401, a miner 403)', async () => {
    const adminRoutes = t.app.routeRecords.filter((r) => r.url.startsWith('/api/admin'));
    const callers: Array<[string, Person | null, OperatorRole | null]> = [
      ['anonymous', null, null],
      ['miner', miner, null],
      ...(['finance', 'support', 'content'] as const).map((r) => [r, operators[r], r] as [string, Person, OperatorRole]),
      ['admin', admin, 'admin'],
    ];
    for (const [name, who, role] of callers) {
      const headers = who ? await as(who) : {};
      for (const r of adminRoutes) {
        const url = r.url.replace(':coin', 'btc').replace(':day', '2026-05-01').replace(/:[a-z_]+/g, randomUUID());
        // No body: an allowed caller gets a validation error (or a read), never a change.
        const res = await inject(t.app, { method: r.method as 'GET', url, headers });
        const may = role !== null && allowedBy(r.access!).includes(role);
        const label = `${name} ${r.method} ${r.url} -> ${res.statusCode}`;
        if (!who) expect(res.statusCode, label).toBe(401);
        else if (!may) expect(res.statusCode, label).toBe(403);
        else expect([200, 400, 404, 409], label).toContain(res.statusCode);
      }
    }
    expect(OPERATOR_ROLES).toContain('content');
  });
});

describe('users', () => {
  it('finds a user by email, phone part, sub-account and withdraw address; support reads the page', async () => {
    const found = async (q: string) => body<{ list: Array<{ id: string }> }>(await inject(t.app, { url: `/api/admin/users?q=${encodeURIComponent(q)}`, headers: await as(operators.support) })).data.list.map((u) => u.id);
    expect(await found(miner.email.toUpperCase())).toEqual([miner.id]);
    expect(await found(miner.accountName)).toContain(miner.id);
    await login(t.app, miner.email, PASSWORD, miner.device);
    const page = body<AdminUserDetail>(await inject(t.app, { url: `/api/admin/users/${miner.id}`, headers: await as(operators.support) })).data;
    expect(page.user).toMatchObject({ email: miner.email, has_totp: false, login_disabled: false, roles: [] });
    expect(page.sub_accounts.map((a) => a.name)).toEqual([miner.accountName]);
    expect(page.recent_logins.length).toBeGreaterThan(0);
    expect((await inject(t.app, { url: `/api/admin/users/${randomUUID()}`, headers: await as(admin) })).statusCode).toBe(404);
    const write = await inject(t.app, { method: 'PUT', url: `/api/admin/users/${miner.id}/login`, headers: await as(operators.support), payload: { disabled: true, reason: 'x' } });
    expect(write.statusCode).toBe(403);
  });

  it('a disabled login is refused at login and refresh, and works again once enabled (audited)', async () => {
    const p = await person();
    const res = await inject(t.app, { method: 'PUT', url: `/api/admin/users/${p.id}/login`, headers: await as(admin), payload: { disabled: true, reason: 'reported stolen' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await inject(t.app, { url: '/api/users/mine', headers: auth(p.tokens) })).statusCode).toBe(401);
    expect(codeOf(await inject(t.app, { method: 'POST', url: '/api/users/refresh/login', payload: { refresh_token: p.tokens.refresh_token } }))).toBeOneOf([ERRORS.login_disabled.code, ERRORS.refresh_invalid.code]);
    expect(codeOf((await login(t.app, p.email, PASSWORD, p.device)).res)).toBe(ERRORS.login_disabled.code);
    const self = await inject(t.app, { method: 'PUT', url: `/api/admin/users/${admin.id}/login`, headers: await as(admin), payload: { disabled: true, reason: 'x' } });
    expect(codeOf(self)).toBe(ERRORS.operator_self_change.code);
    await inject(t.app, { method: 'PUT', url: `/api/admin/users/${p.id}/login`, headers: await as(admin), payload: { disabled: false, reason: 'owner verified' } });
    expect((await login(t.app, p.email, PASSWORD, p.device)).result?.status).toBe('ok');
    const log = body<{ list: Array<{ action: string; target: string }> }>(await inject(t.app, { url: '/api/admin/audit-log', headers: await as(admin) })).data.list;
    expect(log.slice(0, 2).map((e) => e.action)).toEqual(['user_login_enable', 'user_login_disable']);
  });

  it('two admins taking each other’s admin role or login at once leave one admin who can sign in', async () => {
    const second = await person();
    await grant(second, ['admin']);
    const isAdmin = async (p: Person) => (await inject(t.app, { url: '/api/admin/coin-settings', headers: await as(p) })).statusCode === 200;
    for (const change of [{ url: 'roles', payload: { roles: [], reason: 'race' } }, { url: 'login', payload: { disabled: true, reason: 'race' } }]) {
      const [byFirst, bySecond] = [await as(admin), await as(second)];
      const answers = await Promise.all([
        inject(t.app, { method: 'PUT', url: `/api/admin/users/${second.id}/${change.url}`, headers: byFirst, payload: change.payload }),
        inject(t.app, { method: 'PUT', url: `/api/admin/users/${admin.id}/${change.url}`, headers: bySecond, payload: change.payload }),
      ]);
      // One goes through; the other is refused (the last admin), or finds its caller no admin now.
      expect(answers.map((r) => r.statusCode).filter((c) => c === 200), answers.map((r) => r.body).join(' ')).toHaveLength(1);
      for (const r of answers.filter((x) => x.statusCode !== 200)) expect([ERRORS.operator_last_admin.code, ERRORS.forbidden.code, ERRORS.unauthorized.code]).toContain(codeOf(r));
      // Put back as it was, by the one left.
      const [left, lost] = answers[0]!.statusCode === 200 ? [admin, second] : [second, admin];
      if (change.url === 'login') {
        await inject(t.app, { method: 'PUT', url: `/api/admin/users/${lost.id}/login`, headers: await as(left), payload: { disabled: false, reason: 'race over' } });
        if (lost === admin) admin.tokens = ((await login(t.app, admin.email, PASSWORD, admin.device)).result as { tokens: Tokens }).tokens;
      } else {
        expect((await inject(t.app, { method: 'PUT', url: `/api/admin/users/${lost.id}/roles`, headers: await as(left), payload: { roles: ['admin'], reason: 'race over' } })).statusCode).toBe(200);
      }
      expect(await isAdmin(admin)).toBe(true);
    }
  });

  it('resets the authenticator with a reason: the user is emailed and withdrawals wait 24 hours', async () => {
    const p = await person();
    await t.database.db.execute(sql`update users set totp_secret = 'sealed-test-secret' where id = ${p.id}`);
    const noReason = await inject(t.app, { method: 'POST', url: `/api/admin/users/${p.id}/totp-reset`, headers: await as(admin), payload: { reason: ' ' } });
    expect(noReason.statusCode).toBe(400);
    const since = inbox.mails.length;
    const res = await inject(t.app, { method: 'POST', url: `/api/admin/users/${p.id}/totp-reset`, headers: await as(admin), payload: { reason: 'passport checked on a video call' } });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await inbox.next(p.email, since);
    expect(mail.subject).toMatch(/Security change/);
    // Said to be support's change, without the operator's IP address.
    const text = mail.raw.replace(/=\r?\n/g, '');
    expect(text).toContain('support team');
    expect(text).not.toMatch(/IP address|127\.0\.0\.1/);
    const page = body<AdminUserDetail>(await inject(t.app, { url: `/api/admin/users/${p.id}`, headers: await as(admin) })).data;
    expect(page.user.has_totp).toBe(false);
    expect(new Date(page.withdraw_hold_until!).getTime() - t.clock.now().getTime()).toBe(24 * 3600_000);
    expect(codeOf(await inject(t.app, { method: 'POST', url: `/api/admin/users/${p.id}/totp-reset`, headers: await as(admin), payload: { reason: 'again' } }))).toBe(ERRORS.totp_not_bound.code);
    const log = body<{ list: Array<{ action: string; detail: Record<string, string> }> }>(await inject(t.app, { url: '/api/admin/audit-log', headers: await as(admin) })).data.list;
    expect(log[0]).toMatchObject({ action: 'user_totp_reset', detail: { reason: 'passport checked on a video call' } });
  });
});

/** A miner with BTC, a pay password and a withdraw address whose holds are over. */
async function withdrawer(amount: string) {
  const p = await person();
  const emailCode = (operation: string, subject?: string) => emailOperationCode(t, inbox, p, operation, subject);
  const pin = await inject(t.app, { method: 'PUT', url: '/api/users/pay-password', headers: auth(p.tokens), payload: { pay_password: PIN, confirm_pay_password: PIN, verification: { email_code: await emailCode('pay_password') } } });
  expect(pin.statusCode, pin.body).toBe(200);
  const address = await inject(t.app, { method: 'POST', url: '/api/v2/wallets/addresses', headers: auth(p.tokens), payload: { coin: 'btc', alias: 'cold', address: BTC_ADDRESS, verification: { email_code: await emailCode('withdraw_address', walletSubject.withdrawAddress({ coin: 'btc', address: BTC_ADDRESS })) } } });
  const addressId = body<{ id: string }>(address).data.id;
  const past = new Date(t.clock.now().getTime() - 2 * 86_400_000).toISOString();
  await t.database.db.execute(sql`update users set security_changed_at = ${past} where id = ${p.id}`);
  await t.database.db.execute(sql`update withdraw_addresses set created_at = ${past} where id = ${addressId}`);
  expect((await adjust(admin, p.accountName, amount)).statusCode).toBe(200);
  const withdraw = async (value: string) =>
    inject(t.app, {
      method: 'POST',
      url: '/api/v2/wallets/withdrawals',
      headers: { ...(await as(p)), 'idempotency-key': randomUUID() },
      payload: { coin: 'btc', address_id: addressId, amount: value, pay_password: PIN, verification: { email_code: await emailCode('withdraw', walletSubject.withdraw({ coin: 'btc', address_id: addressId, amount: value })) } },
    });
  return { p, withdraw };
}

describe('coin settings', () => {
  it('are edited by an admin (audited), checked for sense, and apply to the next withdrawal', async () => {
    const { p, withdraw } = await withdrawer('5');
    expect(codeOf(await coinSettings({ withdraw_fee: '1', min_withdraw: '0.5' }))).toBe(ERRORS.coin_settings_invalid.code);
    expect(codeOf(await coinSettings({ min_withdraw: '0.000000001' }))).toBe(ERRORS.validation_failed.code);

    expect((await coinSettings({ withdraw_enabled: false })).statusCode).toBe(200);
    const balances = body<{ list: Array<{ coin: string; withdraw_enabled: boolean }> }>(await inject(t.app, { url: '/api/v2/wallets/balances', headers: await as(p) })).data.list;
    expect(balances.find((b) => b.coin === 'btc')?.withdraw_enabled).toBe(false);
    expect(codeOf(await withdraw('0.5'))).toBe(ERRORS.withdraw_disabled.code);

    expect((await coinSettings({ withdraw_enabled: true, min_withdraw: '1' })).statusCode).toBe(200);
    expect(codeOf(await withdraw('0.5'))).toBe(ERRORS.withdraw_below_minimum.code);
    // One minimum: the pools list shows the wallet's minimum withdrawal as the minimum payout.
    const pools = body<Array<{ coin: string; min_payout: string }>>(await inject(t.app, { url: '/api/pools' })).data;
    expect(pools.find((c) => c.coin === 'btc')?.min_payout).toBe('1');
    expect((await withdraw('1')).statusCode).toBe(200);
    expect((await coinSettings({ min_withdraw: '0.001' })).statusCode).toBe(200);

    const log = body<{ list: Array<{ action: string; target: string; detail: Record<string, string> }> }>(await inject(t.app, { url: '/api/admin/audit-log', headers: await as(admin) })).data.list;
    expect(log[0]).toMatchObject({ action: 'coin_settings_update', target: 'coin:btc', detail: { min_withdraw: '1 -> 0.001', reason: 'test' } });
  });
});

describe('four-eyes', () => {
  it('every coin has a four-eyes threshold by default; no adjustment passes the coin\'s supply or the cap operators set', async () => {
    const list = body<{ list: Array<{ coin: string; four_eyes_threshold: string | null; audit_threshold: string; max_supply: string }> }>(await inject(t.app, { url: '/api/admin/coin-settings', headers: await as(admin) })).data.list;
    for (const c of list.filter((x) => x.coin !== 'btc')) expect(c.four_eyes_threshold, c.coin).toBe(c.audit_threshold);
    expect(list.find((c) => c.coin === 'ltc')?.max_supply).toBe('84000000');
    // The cap is an amount of the coin too: no finer than its base unit.
    expect(codeOf(await coinSettings({ adjustment_cap: '1.000000001' }))).toBe(ERRORS.validation_failed.code);
    const p = await person();
    const balance = async () => body<{ balances: Array<{ coin: string; available: string }> }>(await inject(t.app, { url: `/api/admin/ledger?account=${p.accountName}`, headers: await as(admin) })).data.balances.find((b) => b.coin === 'btc')?.available ?? '0';
    // The attack's 2^63 BTC, and one satoshi over the 21 million: refused, nothing posted, nothing pending.
    for (const amount of ['9223372036854775808', '21000000.00000001', '-21000000.00000001']) {
      const res = await adjust(admin, p.accountName, amount);
      expect(codeOf(res), amount).toBe(ERRORS.adjustment_over_supply.code);
      expect(body(res).msg).toContain('21000000 BTC');
    }
    // A cap the operators set: above it refused, at it accepted (no second operator needed here).
    expect((await coinSettings({ four_eyes_threshold: null, adjustment_cap: '5' })).statusCode).toBe(200);
    expect(codeOf(await adjust(admin, p.accountName, '5.00000001'))).toBe(ERRORS.adjustment_over_cap.code);
    expect(body<{ status: string }>(await adjust(admin, p.accountName, '5')).data.status).toBe('done');
    expect(await balance()).toBe('5');
    expect(body<{ list: Array<{ id: string }> }>(await inject(t.app, { url: '/api/admin/approvals', headers: await as(admin) })).data.list).toEqual([]);
    await coinSettings({ adjustment_cap: null });
  });

  it('an adjustment above the threshold waits for a second, different operator', async () => {
    expect((await coinSettings({ four_eyes_threshold: '2' })).statusCode).toBe(200);
    const p = await person();
    const key = randomUUID();
    const first = body<{ status: string; approval_id: string; posting_id: null }>(await adjust(operators.finance, p.accountName, '3', key)).data;
    expect(first).toMatchObject({ status: 'pending', posting_id: null });
    // A retry of the same request finds the same pending approval.
    expect(body<{ approval_id: string }>(await adjust(operators.finance, p.accountName, '3', key)).data.approval_id).toBe(first.approval_id);
    const balance = async () => body<{ balances: Array<{ coin: string; available: string }> }>(await inject(t.app, { url: `/api/admin/ledger?account=${p.accountName}`, headers: await as(admin) })).data.balances.find((b) => b.coin === 'btc')?.available ?? '0';
    expect(await balance()).toBe('0');
    const pending = body<{ list: Array<{ id: string; kind: string }> }>(await inject(t.app, { url: '/api/admin/approvals', headers: await as(admin) })).data.list;
    expect(pending.map((a) => a.id)).toContain(first.approval_id);
    const same = await inject(t.app, { method: 'POST', url: `/api/admin/approvals/${first.approval_id}/confirm`, headers: await as(operators.finance) });
    expect(codeOf(same)).toBe(ERRORS.four_eyes_same_operator.code);
    expect((await inject(t.app, { method: 'POST', url: `/api/admin/approvals/${first.approval_id}/confirm`, headers: await as(operators.support) })).statusCode).toBe(403);
    const confirmed = await inject(t.app, { method: 'POST', url: `/api/admin/approvals/${first.approval_id}/confirm`, headers: await as(admin) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await balance()).toBe('3');
    expect(codeOf(await inject(t.app, { method: 'POST', url: `/api/admin/approvals/${first.approval_id}/confirm`, headers: await as(admin) }))).toBe(ERRORS.approval_not_found.code);
    // A retry after the confirmation is answered with its posting, and posts nothing more.
    const retry = body<{ status: string; approval_id: string; posting_id: number }>(await adjust(operators.finance, p.accountName, '3', key)).data;
    expect(retry).toMatchObject({ status: 'done', approval_id: first.approval_id, posting_id: body<{ posting_id: number }>(confirmed).data.posting_id });
    expect(await balance()).toBe('3');
    // Below the threshold: at once.
    expect(body<{ status: string }>(await adjust(operators.finance, p.accountName, '1')).data.status).toBe('done');
  });

  it('one operator’s adjustments of a coin add up over a day against the threshold: parts just below it need a second operator too', async () => {
    expect((await coinSettings({ four_eyes_threshold: '2' })).statusCode).toBe(200);
    const p = await person();
    // An operator with no adjustment yet today.
    const finance = await person();
    await grant(finance, ['finance']);
    const key = randomUUID();
    expect(body<{ status: string }>(await adjust(finance, p.accountName, '1.5', key)).data.status).toBe('done');
    // A retry of the first part is still its answer.
    expect(body<{ status: string }>(await adjust(finance, p.accountName, '1.5', key)).data.status).toBe('done');
    // 1.5 + 1 is above 2: the second part waits; another operator's part does not.
    expect(body<{ status: string }>(await adjust(finance, p.accountName, '1')).data.status).toBe('pending');
    expect(body<{ status: string }>(await adjust(operators.finance, p.accountName, '0.1')).data.status).toBe('done');
    // A day later the first part no longer counts.
    t.clock.advance(24 * 3600_000 + 1000);
    expect(body<{ status: string }>(await adjust(finance, p.accountName, '1')).data.status).toBe('done');
  });

  it('an operator never adjusts, approves or confirms their own accounts’ money; another operator may', async () => {
    await coinSettings({ four_eyes_threshold: null, audit_threshold: '1' });
    const { p, withdraw } = await withdrawer('5');
    await grant(p, ['finance']);
    const balance = async () => body<{ balances: Array<{ coin: string; available: string }> }>(await inject(t.app, { url: `/api/admin/ledger?account=${p.accountName}`, headers: await as(admin) })).data.balances.find((b) => b.coin === 'btc')?.available ?? '0';
    const own = await adjust(p, p.accountName, '1');
    expect(own.statusCode, own.body).toBe(403);
    expect(codeOf(own)).toBe(ERRORS.operator_own_money.code);
    expect(await balance()).toBe('5');
    // Their own withdrawal under review: refused to them, sent by another finance operator.
    const w = body<{ parts: Array<{ id: string }> }>(await withdraw('3')).data.parts[0]!;
    const approve = async (by: Person) => inject(t.app, { method: 'POST', url: `/api/admin/withdrawals/${w.id}/approve`, headers: await as(by) });
    expect(codeOf(await approve(p))).toBe(ERRORS.operator_own_money.code);
    expect(body<{ status: string }>(await approve(operators.finance)).data.status).toBe('approved');
    // A four-eyes adjustment of their account, asked by another: they cannot be its second operator.
    await coinSettings({ four_eyes_threshold: '2', audit_threshold: '10' });
    const asked = body<{ status: string; approval_id: string }>(await adjust(admin, p.accountName, '3')).data;
    expect(asked.status).toBe('pending');
    const confirm = async (by: Person) => inject(t.app, { method: 'POST', url: `/api/admin/approvals/${asked.approval_id}/confirm`, headers: await as(by) });
    expect(codeOf(await confirm(p))).toBe(ERRORS.operator_own_money.code);
    expect((await confirm(operators.finance)).statusCode).toBe(200);
    expect(await balance()).toBe('5');
    await coinSettings({ four_eyes_threshold: null });
    // Nor does an admin reset their own authenticator here (the user's way asks their second factor).
    const self = await inject(t.app, { method: 'POST', url: `/api/admin/users/${admin.id}/totp-reset`, headers: await as(admin), payload: { reason: 'lost my phone' } });
    expect(codeOf(self)).toBe(ERRORS.operator_self_change.code);
  });

  it('a declined request is not carried out: the adjustment is not made, the withdrawal stays under review', async () => {
    expect((await coinSettings({ four_eyes_threshold: '2' })).statusCode).toBe(200);
    const p = await person();
    const key = randomUUID();
    const asked = body<{ approval_id: string }>(await adjust(operators.finance, p.accountName, '3', key)).data;
    const decline = async (id: string, by: Person, reason: unknown = 'typed the wrong account') => inject(t.app, { method: 'POST', url: `/api/admin/approvals/${id}/decline`, headers: await as(by), payload: { reason } });
    expect((await decline(asked.approval_id, operators.support)).statusCode).toBe(403);
    // A reason is required; nothing changes without one.
    const blank = await decline(asked.approval_id, admin, '   ');
    expect(blank.statusCode).toBe(400);
    // The one who asked may decline their own request (made by mistake).
    const declined = await decline(asked.approval_id, operators.finance);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(body(declined).data).toEqual({ status: 'declined' });
    const listed = async (id: string) => body<{ list: Array<{ id: string }> }>(await inject(t.app, { url: '/api/admin/approvals', headers: await as(admin) })).data.list.some((a) => a.id === id);
    expect(await listed(asked.approval_id)).toBe(false);
    expect(codeOf(await decline(asked.approval_id, admin))).toBe(ERRORS.approval_not_found.code);
    expect(codeOf(await inject(t.app, { method: 'POST', url: `/api/admin/approvals/${asked.approval_id}/confirm`, headers: await as(admin) }))).toBe(ERRORS.approval_not_found.code);
    // The same request again is refused, not carried out; nothing was credited.
    const retried = await adjust(operators.finance, p.accountName, '3', key);
    expect(codeOf(retried)).toBe(ERRORS.approval_declined.code);
    expect(body(retried).msg).toMatch(/declined/);
    // Also once the threshold no longer asks for a second operator; and a request still pending
    // stays one, however the threshold changed since.
    const waitingKey = randomUUID();
    const waits = body<{ approval_id: string; status: string }>(await adjust(operators.finance, p.accountName, '2.5', waitingKey)).data;
    expect(waits.status).toBe('pending');
    await coinSettings({ four_eyes_threshold: null });
    expect(codeOf(await adjust(operators.finance, p.accountName, '3', key))).toBe(ERRORS.approval_declined.code);
    expect(body<{ status: string; approval_id: string }>(await adjust(operators.finance, p.accountName, '2.5', waitingKey)).data).toMatchObject({ status: 'pending', approval_id: waits.approval_id });
    expect((await decline(waits.approval_id, admin)).statusCode).toBe(200);
    const btc = body<{ balances: Array<{ coin: string; available: string }> }>(await inject(t.app, { url: `/api/admin/ledger?account=${p.accountName}`, headers: await as(admin) })).data.balances.find((b) => b.coin === 'btc');
    expect(btc?.available ?? '0').toBe('0');
    const audit = body<{ list: Array<{ action: string; detail: Record<string, string> }> }>(await inject(t.app, { url: '/api/admin/audit-log', headers: await as(admin) })).data.list;
    expect(audit.find((e) => e.action === 'approval_declined' && e.detail.approval === asked.approval_id)).toMatchObject({ detail: { reason: 'typed the wrong account', amount: '3', coin: 'btc' } });

    // A withdrawal approval declined by another operator: the withdrawal waits in the queue again.
    await coinSettings({ four_eyes_threshold: null });
    const { withdraw } = await withdrawer('5');
    await coinSettings({ four_eyes_threshold: '2', audit_threshold: '1' });
    const w = body<{ parts: Array<{ id: string }> }>(await withdraw('3')).data.parts[0]!;
    const approve = async (by: Person) => body<{ status: string; approval_id: string }>(await inject(t.app, { method: 'POST', url: `/api/admin/withdrawals/${w.id}/approve`, headers: await as(by) })).data;
    const first = await approve(operators.finance);
    expect(first.status).toBe('pending');
    expect((await decline(first.approval_id, admin)).statusCode).toBe(200);
    const reviewing = async () => body<{ list: Array<{ id: string }> }>(await inject(t.app, { url: '/api/admin/withdrawals?status=reviewing&page_size=100', headers: await as(admin) })).data.list.some((x) => x.id === w.id);
    expect(await reviewing()).toBe(true);
    // Approved again, it is a new request, which the second operator can confirm.
    const again = await approve(operators.finance);
    expect(again.status).toBe('pending');
    expect(again.approval_id).not.toBe(first.approval_id);
    expect((await inject(t.app, { method: 'POST', url: `/api/admin/approvals/${again.approval_id}/confirm`, headers: await as(admin) })).statusCode).toBe(200);
    expect(await reviewing()).toBe(false);
    await coinSettings({ four_eyes_threshold: null, audit_threshold: '10' });
  });

  it('the same adjustment request sent twice at once is one request', async () => {
    expect((await coinSettings({ four_eyes_threshold: '2' })).statusCode).toBe(200);
    const p = await person();
    const key = randomUUID();
    // One bearer for both (refreshing the same token twice at once would end the session).
    const headers = { ...(await as(operators.finance)), 'idempotency-key': key };
    const send = () => inject(t.app, { method: 'POST', url: '/api/admin/adjustments', headers, payload: { account: p.accountName, coin: 'btc', amount: '4', reason: 'test funding' } });
    const both = await Promise.all([send(), send()]);
    for (const res of both) expect(res.statusCode, res.body).toBe(200);
    const ids = both.map((res) => body<{ approval_id: string }>(res).data.approval_id);
    expect(ids[1]).toBe(ids[0]);
    const pending = body<{ list: Array<{ target: string }> }>(await inject(t.app, { url: '/api/admin/approvals', headers: await as(admin) })).data.list;
    expect(pending.filter((a) => a.target.endsWith(key))).toHaveLength(1);
  });

  it('a withdrawal approval above the threshold needs a second operator', async () => {
    await coinSettings({ four_eyes_threshold: null });
    const { withdraw } = await withdrawer('5');
    await coinSettings({ four_eyes_threshold: '2', audit_threshold: '1' });
    const made = await withdraw('3');
    expect(made.statusCode, made.body).toBe(200);
    const w = body<{ parts: Array<{ id: string; status: string }> }>(made).data.parts[0]!;
    expect(w.status).toBe('reviewing');
    const approve = async (by: Person) => inject(t.app, { method: 'POST', url: `/api/admin/withdrawals/${w.id}/approve`, headers: await as(by) });
    expect(body<{ status: string }>(await approve(operators.finance)).data.status).toBe('pending');
    expect(codeOf(await approve(operators.finance))).toBe(ERRORS.four_eyes_same_operator.code);
    const status = async () => body<{ list: Array<{ id: string; status: string }> }>(await inject(t.app, { url: '/api/admin/withdrawals?status=reviewing&page_size=100', headers: await as(admin) })).data.list.some((x) => x.id === w.id);
    expect(await status()).toBe(true);
    expect(body<{ status: string }>(await approve(admin)).data.status).toBe('approved');
    expect(await status()).toBe(false);
    await coinSettings({ four_eyes_threshold: null, audit_threshold: '10' });
  });

  it('a withdrawal rejected while its approval waits leaves the approvals list; a confirmation meets the cap as it is now', async () => {
    await coinSettings({ four_eyes_threshold: null });
    const { withdraw } = await withdrawer('5');
    await coinSettings({ four_eyes_threshold: '2', audit_threshold: '1' });
    const w = body<{ parts: Array<{ id: string }> }>(await withdraw('3')).data.parts[0]!;
    expect(body<{ status: string }>(await inject(t.app, { method: 'POST', url: `/api/admin/withdrawals/${w.id}/approve`, headers: await as(operators.finance) })).data.status).toBe('pending');
    const listed = async (target: string) => body<{ list: Array<{ target: string }> }>(await inject(t.app, { url: '/api/admin/approvals', headers: await as(admin) })).data.list.some((a) => a.target === target);
    expect(await listed(`withdrawal:${w.id}`)).toBe(true);
    const rejected = await inject(t.app, { method: 'POST', url: `/api/admin/withdrawals/${w.id}/reject`, headers: await as(admin), payload: { reason: 'address under check' } });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await listed(`withdrawal:${w.id}`)).toBe(false);

    // An operator who asked and has left the finance role since: the request cannot be confirmed.
    const leaver = await person();
    await grant(leaver, ['finance']);
    const left = body<{ approval_id: string }>(await adjust(leaver, (await person()).accountName, '4')).data;
    await grant(leaver, []);
    const gone = await inject(t.app, { method: 'POST', url: `/api/admin/approvals/${left.approval_id}/confirm`, headers: await as(admin) });
    expect(codeOf(gone)).toBe(ERRORS.approval_requester_gone.code);

    // An adjustment asked under one cap, confirmed after the cap was lowered: refused, still pending.
    const p = await person();
    const asked = body<{ approval_id: string }>(await adjust(operators.finance, p.accountName, '4')).data;
    expect((await coinSettings({ adjustment_cap: '3' })).statusCode).toBe(200);
    const confirm = await inject(t.app, { method: 'POST', url: `/api/admin/approvals/${asked.approval_id}/confirm`, headers: await as(admin) });
    expect(codeOf(confirm)).toBe(ERRORS.adjustment_over_cap.code);
    await coinSettings({ four_eyes_threshold: null, audit_threshold: '10', adjustment_cap: null });
  });

  it('two operators approving a withdrawal above the threshold at once: one asks, the other confirms', async () => {
    await coinSettings({ four_eyes_threshold: null });
    const { withdraw } = await withdrawer('5');
    await coinSettings({ four_eyes_threshold: '2', audit_threshold: '1' });
    const w = body<{ parts: Array<{ id: string }> }>(await withdraw('3')).data.parts[0]!;
    const [finance, second] = [await as(operators.finance), await as(admin)];
    const approve = (headers: Record<string, string>) => inject(t.app, { method: 'POST', url: `/api/admin/withdrawals/${w.id}/approve`, headers });
    const both = await Promise.all([approve(finance), approve(second)]);
    for (const res of both) expect(res.statusCode, res.body).toBe(200);
    expect(both.map((res) => body<{ status: string }>(res).data.status).sort()).toEqual(['approved', 'pending']);
    await coinSettings({ four_eyes_threshold: null, audit_threshold: '10' });
  });

  it('a withdrawal split into parts each below the threshold needs a second operator when the request is above it', async () => {
    await coinSettings({ four_eyes_threshold: null });
    const { withdraw } = await withdrawer('5');
    const before = body<{ list: Array<Record<string, unknown>> }>(await inject(t.app, { url: '/api/admin/coin-settings', headers: await as(admin) })).data.list.find((c) => c.coin === 'btc')!;
    await coinSettings({ four_eyes_threshold: '2', audit_threshold: '1', max_single_withdraw: '1' });
    const made = await withdraw('3');
    expect(made.statusCode, made.body).toBe(200);
    const parts = body<{ parts: Array<{ id: string; status: string }> }>(made).data.parts;
    expect(parts.map((x) => x.status)).toEqual(['reviewing', 'reviewing', 'reviewing']);
    // Each part is 1 (below 2), the request 3: one operator approves none of it alone.
    for (const part of parts) {
      const first = await inject(t.app, { method: 'POST', url: `/api/admin/withdrawals/${part.id}/approve`, headers: await as(operators.finance) });
      expect(body<{ status: string }>(first).data.status).toBe('pending');
      expect(body<{ status: string }>(await inject(t.app, { method: 'POST', url: `/api/admin/withdrawals/${part.id}/approve`, headers: await as(admin) })).data.status).toBe('approved');
    }
    await coinSettings({ four_eyes_threshold: null, audit_threshold: '10', max_single_withdraw: before.max_single_withdraw });
  });
});

describe('reconciliation alert', () => {
  it('tells admins and finance (message centre and mail) of a mismatch and sets the gauge; clean again, the gauge is 0', async () => {
    const p = await person();
    expect(body<{ status: string }>(await adjust(admin, p.accountName, '0.5')).data.status).toBe('done');
    const gauge = async () => Number(((await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body.split('\n').find((l) => l.startsWith('hashpool_reconciliation_mismatches ')) ?? 'x -1').split(' ').pop());
    // A cached balance that no longer matches its entries (what a bug or a hand edit would leave).
    await t.database.db.execute(sql`update ledger_balances set available = available + 1 where holder = ${(await t.app.modules.accounts.directory.idByName(p.accountName))!} and coin = 'btc'`);
    const since = inbox.mails.length;
    expect((await t.app.modules.wallet.admin.dailyReconciliation()).ok).toBe(false);
    expect(await gauge()).toBeGreaterThan(0);
    const messages = body<{ list: Array<{ type: string; params: Record<string, string> }> }>(await inject(t.app, { url: '/api/messages?page=1&page_size=10', headers: await as(admin) })).data.list;
    expect(messages[0]).toMatchObject({ type: 'operations_alert', params: { alert: 'reconciliation_mismatch', balance_mismatches: '1' } });
    const financeMessages = body<{ list: Array<{ type: string }> }>(await inject(t.app, { url: '/api/messages?page=1&page_size=10', headers: await as(operators.finance) })).data.list;
    expect(financeMessages[0]?.type).toBe('operations_alert');
    const supportMessages = body<{ list: Array<{ type: string }> }>(await inject(t.app, { url: '/api/messages?page=1&page_size=10', headers: await as(operators.support) })).data.list;
    expect(supportMessages.some((m) => m.type === 'operations_alert')).toBe(false);
    const mail = await inbox.next(ADMIN, since);
    expect(mail.subject).toContain('reconciliation');
    // Repaired: clean, and the gauge says so.
    await t.database.db.execute(sql`update ledger_balances set available = available - 1 where holder = ${(await t.app.modules.accounts.directory.idByName(p.accountName))!} and coin = 'btc'`);
    expect((await t.app.modules.wallet.admin.dailyReconciliation()).ok).toBe(true);
    expect(await gauge()).toBe(0);
  });
});

describe('reconciliation page', () => {
  it('checks now without changing what the metrics say of the daily reconciliation', async () => {
    const p = await person();
    expect(body<{ status: string }>(await adjust(admin, p.accountName, '0.25')).data.status).toBe('done');
    const scrape = async () => (await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;
    const value = (text: string, line: string) => Number(text.split('\n').find((l) => l.startsWith(line))?.split(' ').pop() ?? -1);
    expect((await t.app.modules.wallet.admin.dailyReconciliation()).ok).toBe(true);
    const daily = await scrape();
    const holder = (await t.app.modules.accounts.directory.idByName(p.accountName))!;
    await t.database.db.execute(sql`update ledger_balances set available = available + 1 where holder = ${holder} and coin = 'btc'`);
    try {
      t.clock.advance(60_000);
      const page = await inject(t.app, { url: '/api/admin/reconciliation', headers: await as(admin) });
      expect(body<{ ok: boolean }>(page).data.ok).toBe(false);
      const after = await scrape();
      // Neither a page view's passing finding nor its failing one is the daily job's: a dead job
      // would look alive, a moment's difference would raise the alarm.
      expect(value(after, 'hashpool_reconciliation_ok')).toBe(1);
      expect(value(after, 'hashpool_reconciliation_timestamp_seconds')).toBe(value(daily, 'hashpool_reconciliation_timestamp_seconds'));
    } finally {
      await t.database.db.execute(sql`update ledger_balances set available = available - 1 where holder = ${holder} and coin = 'btc'`);
    }
  });
});

describe('readiness and metrics', () => {
  it('is ready while the database answers', async () => {
    const res = await inject(t.app, { url: '/api/ready' });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ ready: boolean; checks: Record<string, { ok: boolean }> }>(res).data).toMatchObject({ ready: true, checks: { database: { ok: true } } });
  });

  it('serves Prometheus metrics to the token only, and they move after ingest', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong-token-of-same-size!' } })).statusCode).toBe(401);
    const scrape = async () => (await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;
    const value = (text: string, line: string) => Number(text.split('\n').find((l) => l.startsWith(line))?.split(' ').pop() ?? 0);
    const before = await scrape();
    await t.app.modules.mining.ingest.submit(`ops-${randomUUID()}`, [
      { coin: 'btc', account: miner.accountName, worker: 'rig1', difficulty: 1000, result: 'accepted', time: t.clock.now().getTime() },
      { coin: 'btc', account: miner.accountName, worker: 'rig1', difficulty: 1000, result: 'stale', time: t.clock.now().getTime() },
      { coin: 'nope', account: miner.accountName, worker: 'rig1', difficulty: 1000, result: 'accepted', time: t.clock.now().getTime() },
    ]);
    await t.app.modules.wallet.admin.dailyReconciliation();
    const after = await scrape();
    for (const name of ['hashpool_http_request_duration_seconds_bucket', 'hashpool_ingest_flush_duration_seconds_count', 'hashpool_ledger_postings_total', 'hashpool_withdrawals{', 'hashpool_reconciliation_ok', 'hashpool_build_info', 'hashpool_process_cpu_user_seconds_total', 'hashpool_job_duration_seconds', 'hashpool_lease_held']) {
      expect(after, name).toContain(name);
    }
    expect(value(after, 'hashpool_ingest_batches_total{applied="true"}')).toBe(value(before, 'hashpool_ingest_batches_total{applied="true"}') + 1);
    expect(value(after, 'hashpool_shares_total{result="accepted",reason=""}')).toBeGreaterThan(value(before, 'hashpool_shares_total{result="accepted",reason=""}'));
    expect(after).toMatch(/hashpool_shares_total\{result="refused",reason="[a-z_]+"\} \d/);
    expect(value(after, 'hashpool_reconciliation_ok')).toBe(1);
  });

  it('is not ready when the database is down', async () => {
    // The database stops answering (a connection refused); the next probe finds it back.
    vi.spyOn(t.database.db, 'execute').mockRejectedValueOnce(new Error('connect ECONNREFUSED'));
    const res = await inject(t.app, { url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(body<{ ready: boolean; checks: Record<string, { ok: boolean }> }>(res).data).toMatchObject({ ready: false, checks: { database: { ok: false } } });
    expect((await inject(t.app, { url: '/api/ready' })).statusCode).toBe(200);
  });
});
