// The wallet through HTTP against a real database, with codes read from a real SMTP server and the
// simulated chain: addresses, withdrawals (holds, limits, pay password, second factor bound to the
// withdrawal, idempotency keys, split, review, failure), deposits, transfers, transactions,
// operators, and who may call what. The test app's teardown reconciles the ledger.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, MAX_WITHDRAW_PARTS, walletSubject, type Tokens } from '@hashpool/shared';
import { LedgerDecimal } from '../src/modules/ledger';
import { runDailyPart, walletTick } from '../src/modules/wallet/wallet.jobs';
import { auth, emailOperationCode, inject, registerByEmail, uniqueEmail } from './account-helpers';
import { SmtpInbox } from './smtp-inbox';
import { body, startTestApp, type TestApp } from './test-app';

let t: TestApp;
const inbox = new SmtpInbox();
const ADMIN = uniqueEmail('operator');
const PIN = '246810';
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const BTC_ADDRESS_2 = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';

beforeAll(async () => {
  t = await startTestApp({ env: { SMTP_URL: await inbox.start(), ALTCHA_COST: '1', ADMIN_EMAILS: ADMIN, ACCESS_TOKEN_TTL_SECONDS: '3600' } });
  // One operator funds the users of this file in one step: no four-eyes here (seeded for every
  // coin; operations.int.test.ts tests it).
  await t.database.db.execute(sql`update wallet_coin_limits set four_eyes_threshold = null`);
});
afterAll(async () => {
  await t?.close();
  await inbox.stop();
});

interface User {
  email: string;
  tokens: Tokens;
  accountId: string;
  accountName: string;
}
const errorOf = (res: { body: string }) => body(res).code;
const codeOf = (key: keyof typeof ERRORS) => ERRORS[key].code;
const chain = () => t.app.modules.wallet.chain.simulated;

const emailCode = (user: { email: string; tokens: Tokens }, operation: string, subject?: string) => emailOperationCode(t, inbox, user, operation, subject);

/** A registered user with a pay password, its holds over (set two days ago). */
async function walletUser(email = uniqueEmail('wallet')): Promise<User> {
  const r = await registerByEmail(t.app, inbox, email);
  const mine = body<{ current_account: { id: string; name: string } }>(await inject(t.app, { url: '/api/users/mine', headers: auth(r.tokens) })).data;
  const user = { email, tokens: r.tokens, accountId: mine.current_account.id, accountName: mine.current_account.name };
  const email_code = await emailCode(user, 'pay_password');
  const res = await inject(t.app, { method: 'PUT', url: '/api/users/pay-password', headers: auth(user.tokens), payload: { pay_password: PIN, confirm_pay_password: PIN, verification: { email_code } } });
  expect(res.statusCode, res.body).toBe(200);
  return user;
}

/** A new user's withdrawal of `amount` BTC out of 1, sent by the wallet job: the user and the withdrawal as listed. */
async function sentWithdrawal(amount: string): Promise<{ user: User; sent: { status: string; txid: string; fee: string } }> {
  const user = await walletUser();
  const a = body<{ id: string }>(await addAddress(user, 'btc', BTC_ADDRESS)).data;
  await endHolds(user);
  await credit(user, 'btc', '1');
  expect((await withdraw(user, a.id, amount)).statusCode).toBe(200);
  await walletTick(t.app.modules.wallet);
  const [sent] = body<{ list: Array<{ status: string; txid: string; fee: string }> }>(await inject(t.app, { url: '/api/v2/wallets/withdrawals', headers: auth(user.tokens) })).data.list;
  return { user, sent: sent! };
}

async function endHolds(user: User): Promise<void> {
  const past = new Date(t.clock.now().getTime() - 2 * 86_400_000).toISOString();
  await t.database.db.execute(sql`update users set security_changed_at = ${past} where email = ${user.email}`);
  await t.database.db.execute(sql`update withdraw_addresses set created_at = ${past} where account_id = ${user.accountId}`);
}

let admin: User;
/** The operator's bearer header, refreshed first: the tests move the clock past an access token's life. */
async function asAdmin(): Promise<Record<string, string>> {
  const res = await inject(t.app, { method: 'POST', url: '/api/users/refresh/login', payload: { refresh_token: admin.tokens.refresh_token } });
  expect(res.statusCode, res.body).toBe(200);
  admin.tokens = body<Tokens>(res).data;
  return auth(admin.tokens);
}

async function credit(user: User, coin: string, amount: string) {
  const res = await inject(t.app, { method: 'POST', url: '/api/admin/adjustments', headers: { ...(await asAdmin()), 'idempotency-key': randomUUID() }, payload: { account: user.accountName, coin, amount, reason: 'test funding' } });
  expect(res.statusCode, res.body).toBe(200);
}

async function addAddress(user: User, coin: string, address: string, extra: Record<string, unknown> = {}) {
  const email_code = await emailCode(user, 'withdraw_address', walletSubject.withdrawAddress({ coin, address }));
  return inject(t.app, { method: 'POST', url: '/api/v2/wallets/addresses', headers: auth(user.tokens), payload: { coin, alias: 'cold', address, ...extra, verification: { email_code } } });
}

async function balance(user: User, coin: string) {
  const list = body<{ list: Array<{ coin: string; available: string; frozen: string }> }>(await inject(t.app, { url: '/api/v2/wallets/balances', headers: auth(user.tokens) })).data.list;
  return list.find((b) => b.coin === coin)!;
}

/** An operator's change of one BTC coin setting (the others as they are); answers the value it replaced. */
async function setBtcSetting(field: 'min_withdraw', value: string): Promise<string> {
  const list = body<{ list: Array<Record<string, unknown>> }>(await inject(t.app, { url: '/api/admin/coin-settings', headers: await asAdmin() })).data.list;
  const { coin: _coin, max_supply: _supply, chain: _chain, network: _network, ...current } = list.find((c) => c.coin === 'btc')!;
  const res = await inject(t.app, { method: 'PUT', url: '/api/admin/coin-settings/btc', headers: await asAdmin(), payload: { ...current, [field]: value, reason: 'test' } });
  expect(res.statusCode, res.body).toBe(200);
  return current[field] as string;
}

/** Every row of a paged list, read `pageSize` at a time. */
async function allPages<T>(url: string, user: User, pageSize: number): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const { list, total } = body<{ list: T[]; total: number }>(await inject(t.app, { url: `${url}?page=${page}&page_size=${pageSize}`, headers: auth(user.tokens) })).data;
    rows.push(...list);
    if (page * pageSize >= total) return rows;
  }
}

async function withdraw(user: User, addressId: string, amount: string, options: { key?: string; pin?: string; code?: string } = {}) {
  const code = options.code ?? (await emailCode(user, 'withdraw', walletSubject.withdraw({ coin: 'btc', address_id: addressId, amount })));
  return inject(t.app, {
    method: 'POST',
    url: '/api/v2/wallets/withdrawals',
    headers: { ...auth(user.tokens), 'idempotency-key': options.key ?? randomUUID() },
    payload: { coin: 'btc', address_id: addressId, amount, pay_password: options.pin ?? PIN, verification: { email_code: code } },
  });
}

beforeAll(async () => {
  admin = await walletUser(ADMIN);
});

describe('withdraw addresses', () => {
  it('checks the address per coin and binds the code to the address', async () => {
    const user = await walletUser();
    expect(errorOf(await addAddress(user, 'btc', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdx'))).toBe(codeOf('address_invalid'));
    const kda = await addAddress(user, 'kda', 'kda-miner-01', { public_key: 'not-a-key' });
    expect(errorOf(kda)).toBe(codeOf('public_key_invalid'));
    expect(body(kda).msg).toBe('The publicKey is wrong.');
    // A code sent for one address cannot confirm another.
    const code = await emailCode(user, 'withdraw_address', walletSubject.withdrawAddress({ coin: 'btc', address: BTC_ADDRESS }));
    const other = await inject(t.app, { method: 'POST', url: '/api/v2/wallets/addresses', headers: auth(user.tokens), payload: { coin: 'btc', alias: 'x', address: BTC_ADDRESS_2, verification: { email_code: code } } });
    expect(errorOf(other)).toBe(codeOf('code_invalid'));
    const ok = await addAddress(user, 'btc', BTC_ADDRESS);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(errorOf(await addAddress(user, 'btc', BTC_ADDRESS))).toBe(codeOf('address_duplicate'));
    const list = body<Array<{ address: string }>>(await inject(t.app, { url: '/api/v2/wallets/addresses?coin=btc', headers: auth(user.tokens) })).data;
    expect(list.map((a) => a.address)).toEqual([BTC_ADDRESS]);
  });
});

describe('withdrawals', () => {
  it('refuses without pay password, during the hold, below the minimum, beyond the balance, with a wrong PIN', async () => {
    const r = await registerByEmail(t.app, inbox);
    const mine = body<{ current_account: { id: string; name: string } }>(await inject(t.app, { url: '/api/users/mine', headers: auth(r.tokens) })).data;
    const noPin: User = { email: r.email, tokens: r.tokens, accountId: mine.current_account.id, accountName: mine.current_account.name };
    const address = body<{ id: string }>(await addAddress(noPin, 'btc', BTC_ADDRESS)).data;
    expect(errorOf(await withdraw(noPin, address.id, '0.01'))).toBe(codeOf('pay_password_not_set'));

    const user = await walletUser();
    const a = body<{ id: string }>(await addAddress(user, 'btc', BTC_ADDRESS)).data;
    const held = await withdraw(user, a.id, '0.01');
    expect(errorOf(held)).toBe(codeOf('withdraw_hold'));
    expect(body(held).msg).toMatch(/suspended for 24 hours/);
    await endHolds(user);
    const below = await withdraw(user, a.id, '0.0009');
    expect(errorOf(below)).toBe(codeOf('withdraw_below_minimum'));
    expect(body(below).msg).toBe('The withdrawal amount must be at least 0.001 BTC.');
    expect(errorOf(await withdraw(user, a.id, '0.01'))).toBe(codeOf('insufficient_balance'));
    await credit(user, 'btc', '1');
    expect(errorOf(await withdraw(user, a.id, '0.01', { pin: '111111' }))).toBe(codeOf('pay_password_incorrect'));
    // Finer than the satoshi (BTC's base unit).
    const tooPrecise = await withdraw(user, a.id, '0.010000001');
    expect(tooPrecise.statusCode).toBe(400);
    expect(body<{ fields: Array<{ field: string }> }>(tooPrecise).data.fields[0]!.field).toBe('body.amount');
    expect(await balance(user, 'btc')).toMatchObject({ available: '1', frozen: '0' });
  });

  it('withdraws once per key, sends, confirms and settles; the code is bound to the amount', async () => {
    const user = await walletUser();
    const a = body<{ id: string }>(await addAddress(user, 'btc', BTC_ADDRESS)).data;
    await endHolds(user);
    await credit(user, 'btc', '1');
    const codeForOther = await emailCode(user, 'withdraw', walletSubject.withdraw({ coin: 'btc', address_id: a.id, amount: '0.5' }));
    expect(errorOf(await withdraw(user, a.id, '0.25', { code: codeForOther }))).toBe(codeOf('code_invalid'));

    const key = randomUUID();
    const first = await withdraw(user, a.id, '0.25', { key });
    expect(first.statusCode, first.body).toBe(200);
    // The answer was lost: the retry with the same key gets it again, says so, and moves nothing more.
    const again = await withdraw(user, a.id, '0.25', { key, code: '000000' });
    expect(body<{ replayed: boolean }>(first).data.replayed).toBe(false);
    expect(body(again).data).toEqual({ ...body<Record<string, unknown>>(first).data, replayed: true });
    expect(errorOf(await withdraw(user, a.id, '0.3', { key, code: '000000' }))).toBe(codeOf('idempotency_conflict'));
    expect(await balance(user, 'btc')).toMatchObject({ available: '0.75', frozen: '0.25' });

    await walletTick(t.app.modules.wallet);
    const [sent] = body<{ list: Array<{ status: string; txid: string }> }>(await inject(t.app, { url: '/api/v2/wallets/withdrawals', headers: auth(user.tokens) })).data.list;
    expect(sent).toMatchObject({ status: 'broadcast', txid: expect.stringMatching(/^[0-9a-f]{64}$/) });
    t.clock.advance(2 * 60_000);
    await walletTick(t.app.modules.wallet);
    expect(await balance(user, 'btc')).toMatchObject({ available: '0.75', frozen: '0' });
    const tx = body<{ list: Array<{ business_type: string; amount: string; status: string; txid: string | null }> }>(await inject(t.app, { url: '/api/v2/wallets/transactions?coin=btc', headers: auth(user.tokens) })).data.list;
    expect(tx[0]).toMatchObject({ business_type: 'withdraw', amount: '-0.25', status: 'completed', txid: sent!.txid });
    expect(tx[1]).toMatchObject({ business_type: 'system_adjustment', amount: '1' });
  });

  it('answers a retry with the first answer after the address was removed', async () => {
    const user = await walletUser();
    const a = body<{ id: string }>(await addAddress(user, 'btc', BTC_ADDRESS)).data;
    await endHolds(user);
    await credit(user, 'btc', '1');
    const key = randomUUID();
    const first = await withdraw(user, a.id, '0.1', { key });
    expect(first.statusCode, first.body).toBe(200);
    const removed = await inject(t.app, { method: 'DELETE', url: `/api/v2/wallets/addresses/${a.id}`, headers: auth(user.tokens) });
    expect(removed.statusCode, removed.body).toBe(200);
    // The answer was lost: the retry names the address the request was sent to, removed since.
    const again = await withdraw(user, a.id, '0.1', { key, code: '000000' });
    expect(again.statusCode, again.body).toBe(200);
    expect(body(again).data).toEqual({ ...body<Record<string, unknown>>(first).data, replayed: true });
    expect(errorOf(await withdraw(user, a.id, '0.2', { key, code: '000000' }))).toBe(codeOf('idempotency_conflict'));
    // A new request to the removed address is refused.
    expect(errorOf(await withdraw(user, a.id, '0.1'))).toBe(codeOf('address_not_found'));
    expect(await balance(user, 'btc')).toMatchObject({ available: '0.9', frozen: '0.1' });
  });

  it('lists requests made at the same instant in one order, pages without repeats or gaps', async () => {
    const user = await walletUser();
    const { id: userId } = body<{ id: string }>(await inject(t.app, { url: '/api/users/mine', headers: auth(user.tokens) })).data;
    await credit(user, 'btc', '1');
    const { wallet } = t.app.modules;
    // Five requests at one instant (the test clock stands still), as the daily payout makes them.
    for (let i = 0; i < 5; i++) {
      await wallet.withdrawals.create({ accountId: user.accountId, userId, coin: 'btc', address: BTC_ADDRESS, publicKey: null, chain: null, amount: new LedgerDecimal('0.01'), limits: await wallet.limits.of('btc'), key: randomUUID(), origin: 'user' });
    }
    const all = await allPages<{ id: string; request_id: string; created_at: string }>('/api/v2/wallets/withdrawals', user, 100);
    expect(new Set(all.map((w) => w.created_at)).size).toBe(1);
    expect(all.map((w) => w.request_id)).toEqual(all.map((w) => w.request_id).sort().reverse());
    expect((await allPages<{ id: string }>('/api/v2/wallets/withdrawals', user, 2)).map((w) => w.id)).toEqual(all.map((w) => w.id));
  });

  it('splits above the single maximum, waits for review above the threshold; operators approve or reject', async () => {
    const user = await walletUser();
    const a = body<{ id: string }>(await addAddress(user, 'btc', BTC_ADDRESS)).data;
    await endHolds(user);
    await credit(user, 'btc', '30');
    const quote = body<{ parts: unknown[]; needs_review: boolean; fee: string; receive: string }>(
      await inject(t.app, { method: 'POST', url: '/api/v2/wallets/withdrawals/quote', headers: auth(user.tokens), payload: { coin: 'btc', amount: '12' } }),
    ).data;
    expect(quote).toMatchObject({ needs_review: true, fee: '0.0006', receive: '11.9994' });
    expect(quote.parts).toHaveLength(3);
    const big = body<{ parts: Array<{ id: string; status: string; amount: string }> }>(await withdraw(user, a.id, '12')).data;
    expect(big.parts.map((p) => [p.status, p.amount])).toEqual([['reviewing', '4'], ['reviewing', '4'], ['reviewing', '4']]);
    const small = body<{ parts: Array<{ id: string; status: string }> }>(await withdraw(user, a.id, '11')).data;

    expect((await inject(t.app, { method: 'POST', url: `/api/admin/withdrawals/${big.parts[0]!.id}/approve`, headers: auth(user.tokens) })).statusCode).toBe(403);
    const queue = body<{ list: Array<{ id: string }> }>(await inject(t.app, { url: '/api/admin/withdrawals?status=reviewing&page_size=100', headers: (await asAdmin()) })).data.list;
    expect(queue.map((w) => w.id)).toEqual(expect.arrayContaining(big.parts.map((p) => p.id)));
    for (const p of big.parts) expect((await inject(t.app, { method: 'POST', url: `/api/admin/withdrawals/${p.id}/approve`, headers: (await asAdmin()) })).statusCode).toBe(200);
    expect(errorOf(await inject(t.app, { method: 'POST', url: `/api/admin/withdrawals/${big.parts[0]!.id}/approve`, headers: (await asAdmin()) }))).toBe(codeOf('withdrawal_state_invalid'));
    const noReason = await inject(t.app, { method: 'POST', url: `/api/admin/withdrawals/${small.parts[0]!.id}/reject`, headers: (await asAdmin()), payload: { reason: ' ' } });
    expect(noReason.statusCode).toBe(400);
    for (const p of small.parts) expect((await inject(t.app, { method: 'POST', url: `/api/admin/withdrawals/${p.id}/reject`, headers: (await asAdmin()), payload: { reason: 'address under investigation' } })).statusCode).toBe(200);
    expect(await balance(user, 'btc')).toMatchObject({ available: '18', frozen: '12' });
    const log = body<{ list: Array<{ action: string; detail: Record<string, string> | null }> }>(await inject(t.app, { url: '/api/admin/audit-log', headers: (await asAdmin()) })).data.list;
    expect(log[0]).toMatchObject({ action: 'withdrawal_reject', detail: { reason: 'address under investigation' } });
  });

  it('takes amounts to the base unit, so a whole balance can be withdrawn or moved', async () => {
    const user = await walletUser();
    const other = await walletUser();
    const a = body<{ id: string }>(await addAddress(user, 'btc', BTC_ADDRESS)).data;
    await endHolds(user);
    // Credited to the satoshi, as settlement now credits: more decimals than the 6 BTC shows.
    await credit(user, 'btc', '0.12345679');
    expect((await balance(user, 'btc')).available).toBe('0.12345679');
    const quote = body<{ amount: string; receive: string }>(await inject(t.app, { method: 'POST', url: '/api/v2/wallets/withdrawals/quote', headers: auth(user.tokens), payload: { coin: 'btc', amount: '0.12345678' } }));
    expect(quote.data).toMatchObject({ amount: '0.12345678', receive: '0.12325678' });
    const transfer = await inject(t.app, {
      method: 'POST',
      url: '/api/v2/wallets/transfers',
      headers: { ...auth(user.tokens), 'idempotency-key': randomUUID() },
      payload: { coin: 'btc', to_account: other.accountName, amount: '0.00000001', pay_password: PIN, verification: { email_code: await emailCode(user, 'transfer', walletSubject.transfer({ coin: 'btc', to_account: other.accountName, amount: '0.00000001' })) } },
    });
    expect(transfer.statusCode, transfer.body).toBe(200);
    const all = await withdraw(user, a.id, '0.12345678');
    expect(all.statusCode, all.body).toBe(200);
    expect(await balance(user, 'btc')).toMatchObject({ available: '0', frozen: '0.12345678' });
    expect((await balance(other, 'btc')).available).toBe('0.00000001');
  });

  it('returns the funds exactly once when the chain drops the payment', async () => {
    const user = await walletUser();
    const a = body<{ id: string }>(await addAddress(user, 'btc', BTC_ADDRESS_2)).data;
    await endHolds(user);
    await credit(user, 'btc', '1');
    chain().failNextSendTo(BTC_ADDRESS_2);
    expect((await withdraw(user, a.id, '0.4')).statusCode).toBe(200);
    await walletTick(t.app.modules.wallet);
    t.clock.advance(2 * 60_000);
    await walletTick(t.app.modules.wallet);
    await walletTick(t.app.modules.wallet);
    expect(await balance(user, 'btc')).toMatchObject({ available: '1', frozen: '0' });
    const [w] = body<{ list: Array<{ status: string; reason: string }> }>(await inject(t.app, { url: '/api/v2/wallets/withdrawals', headers: auth(user.tokens) })).data.list;
    expect(w).toMatchObject({ status: 'failed', reason: 'rejected by the network' });
  });

  it('a payment the chain does not know (the coin’s chain was changed while it was under way) waits: neither settled nor returned', async () => {
    const { user, sent } = await sentWithdrawal('0.4');
    const unknown = 'ef'.repeat(32);
    await t.database.db.execute(sql`update withdrawals set txid = ${unknown} where txid = ${sent.txid}`);
    t.clock.advance(2 * 60_000);
    await walletTick(t.app.modules.wallet);
    const [waiting] = body<{ list: Array<{ status: string }> }>(await inject(t.app, { url: '/api/v2/wallets/withdrawals', headers: auth(user.tokens) })).data.list;
    expect(waiting).toMatchObject({ status: 'broadcast' });
    expect(await balance(user, 'btc')).toMatchObject({ available: '0.6', frozen: '0.4' });
    // Its own transaction again (the chain as it was): it settles.
    await t.database.db.execute(sql`update withdrawals set txid = ${sent.txid} where txid = ${unknown}`);
    await walletTick(t.app.modules.wallet);
    expect(await balance(user, 'btc')).toMatchObject({ available: '0.6', frozen: '0' });
  });

  it('tells the finance operators, once, about a payment still unconfirmed 6 hours after it was sent; the withdrawal stays sent', async () => {
    const alerts = async () => body<{ list: Array<{ params: Record<string, string> }> }>(await inject(t.app, { url: '/api/messages?page=1&page_size=50', headers: await asAdmin() })).data.list.filter((m) => m.params.alert === 'payment_stuck').map((m) => m.params);
    const { user, sent } = await sentWithdrawal('0.3');
    expect(sent).toMatchObject({ status: 'broadcast' });
    // Sent just under 6 hours ago and not mined since (the simulated chain mines it only when its clock moves on).
    const sentAt = (hoursAgo: number) => new Date(t.clock.now().getTime() - hoursAgo * 3_600_000).toISOString();
    await t.database.db.execute(sql`update withdrawals set send_started_at = ${sentAt(5.9)} where txid = ${sent.txid}`);
    await walletTick(t.app.modules.wallet);
    expect(await alerts()).toEqual([]);
    // One sent before send times were recorded: its last change stands for it.
    await t.database.db.execute(sql`update withdrawals set send_started_at = null, updated_at = ${sentAt(7.5)} where txid = ${sent.txid}`);
    await walletTick(t.app.modules.wallet);
    await walletTick(t.app.modules.wallet);
    const net = new Decimal('0.3').minus(sent.fee).toFixed();
    expect(await alerts()).toEqual([{ alert: 'payment_stuck', coin: 'BTC', amount: net, address: BTC_ADDRESS, account: user.accountName, txid: sent.txid, hours: '7' }]);
    expect(await balance(user, 'btc')).toMatchObject({ available: '0.7', frozen: '0.3' });
    // Mined at last: it settles as any other.
    t.clock.advance(2 * 60_000);
    await walletTick(t.app.modules.wallet);
    expect(await balance(user, 'btc')).toMatchObject({ available: '0.7', frozen: '0' });
  });
});

describe('withdrawal amounts are bounded before any work', () => {
  const quote = (user: User, amount: string) =>
    inject(t.app, { method: 'POST', url: '/api/v2/wallets/withdrawals/quote', headers: auth(user.tokens), payload: { coin: 'btc', amount } });

  it('refuses a quote beyond the balance at once instead of splitting it', async () => {
    const user = await walletUser();
    await credit(user, 'btc', '1');
    // 5000000 BTC was a 30 MB answer of a million parts, 20 nines a 500, 2147483648 BTC (429
    // million parts of 5 BTC) ran the server out of memory.
    for (const amount of ['5000000', '99999999999999999999', '2147483648']) {
      const started = Date.now();
      const res = await quote(user, amount);
      expect(res.statusCode, `${amount}: ${res.body.slice(0, 200)}`).toBe(400);
      expect(errorOf(res)).toBe(codeOf('insufficient_balance'));
      expect(res.body.length).toBeLessThan(1000);
      expect(Date.now() - started).toBeLessThan(2000);
    }
    // More digits than the ledger's numeric(38,18) holds: the schema refuses it.
    const huge = await quote(user, '999999999999999999999');
    expect(huge.statusCode).toBe(400);
    expect(errorOf(huge)).toBe(codeOf('validation_failed'));
    expect((await quote(user, '0.5')).statusCode).toBe(200);
  });

  it('refuses an amount that needs more parts than the maximum, in the quote, the withdrawal and the daily payout', async () => {
    const user = await walletUser();
    const a = body<{ id: string }>(await addAddress(user, 'btc', BTC_ADDRESS)).data;
    await endHolds(user);
    await credit(user, 'btc', '1000');
    // BTC's single maximum is 5: at most MAX_WITHDRAW_PARTS (20) parts, 100 BTC, per request.
    const most = body<{ parts: unknown[] }>(await quote(user, '100')).data;
    expect(most.parts).toHaveLength(MAX_WITHDRAW_PARTS);
    const tooMany = await quote(user, '100.5');
    expect(tooMany.statusCode).toBe(400);
    expect(errorOf(tooMany)).toBe(codeOf('withdraw_too_many_parts'));
    expect(body(tooMany).msg).toBe('One withdrawal can be at most 100 BTC (20 parts of at most 5 BTC). Withdraw the rest in another request.');
    expect(body(await inject(t.app, { method: 'POST', url: '/api/v2/wallets/withdrawals/quote', headers: { ...auth(user.tokens), lang: 'zh-CN' }, payload: { coin: 'btc', amount: '100.5' } })).msg).toMatch(/100 BTC/);
    expect(errorOf(await withdraw(user, a.id, '100.5'))).toBe(codeOf('withdraw_too_many_parts'));
    expect(await balance(user, 'btc')).toMatchObject({ available: '1000', frozen: '0' });

    // The automatic payout of a balance that large pays the most one request may, the rest later
    // (the threshold leaves the rest below it, so the payout test below sees only its own user).
    const set = await inject(t.app, { method: 'PUT', url: '/api/v2/wallets/payout-settings', headers: auth(user.tokens), payload: { coin: 'btc', address_id: a.id, threshold: '950', enabled: true } });
    expect(set.statusCode, set.body).toBe(200);
    expect(await t.app.modules.wallet.payouts.run('2026-06-03')).toBe(1);
    expect(await balance(user, 'btc')).toMatchObject({ available: '900', frozen: '100' });
  });
});

describe('deposits and transfers', () => {
  it('credits a deposit once after one confirmation', async () => {
    const user = await walletUser();
    const { address } = body<{ address: string }>(await inject(t.app, { url: '/api/v2/wallets/deposit-address?coin=ltc', headers: auth(user.tokens) })).data;
    expect(body<{ address: string }>(await inject(t.app, { url: '/api/v2/wallets/deposit-address?coin=ltc', headers: auth(user.tokens) })).data.address).toBe(address);
    await chain().receive('ltc', address, '2.5');
    await walletTick(t.app.modules.wallet);
    const pending = body<{ list: Array<{ status: string }> }>(await inject(t.app, { url: '/api/v2/wallets/deposits', headers: auth(user.tokens) })).data.list;
    expect(pending).toMatchObject([{ status: 'confirming' }]);
    expect((await balance(user, 'ltc')).available).toBe('0');
    t.clock.advance(60_000);
    await walletTick(t.app.modules.wallet);
    await walletTick(t.app.modules.wallet);
    expect((await balance(user, 'ltc')).available).toBe('2.5');
  });

  it('lists the deposits one scan found in one order, pages without repeats or gaps', async () => {
    const user = await walletUser();
    const { address } = body<{ address: string }>(await inject(t.app, { url: '/api/v2/wallets/deposit-address?coin=ltc', headers: auth(user.tokens) })).data;
    for (let i = 1; i <= 12; i++) await chain().receive('ltc', address, `0.${i}`);
    await walletTick(t.app.modules.wallet); // one scan records all twelve at one instant
    const all = await allPages<{ id: string; created_at: string }>('/api/v2/wallets/deposits', user, 100);
    expect(all).toHaveLength(12);
    expect(new Set(all.map((d) => d.created_at)).size).toBe(1);
    expect(all.map((d) => d.id)).toEqual(all.map((d) => d.id).sort().reverse());
    expect((await allPages<{ id: string }>('/api/v2/wallets/deposits', user, 5)).map((d) => d.id)).toEqual(all.map((d) => d.id));
  });

  it('waits for the coin\'s deposit confirmations (Coin settings) before crediting', async () => {
    const setConfirmations = async (n: number) => {
      const list = body<{ list: Array<Record<string, unknown>> }>(await inject(t.app, { url: '/api/admin/coin-settings', headers: await asAdmin() })).data.list;
      const { coin: _coin, max_supply: _supply, chain: _chain, network: _network, ...current } = list.find((c) => c.coin === 'ltc')!;
      const res = await inject(t.app, { method: 'PUT', url: '/api/admin/coin-settings/ltc', headers: await asAdmin(), payload: { ...current, deposit_confirmations: n, reason: 'test' } });
      expect(res.statusCode, res.body).toBe(200);
    };
    const user = await walletUser();
    await setConfirmations(3);
    try {
      const { address, confirmations } = body<{ address: string; confirmations: number }>(await inject(t.app, { url: '/api/v2/wallets/deposit-address?coin=ltc', headers: auth(user.tokens) })).data;
      expect(confirmations).toBe(3);
      await chain().receive('ltc', address, '1.5');
      // The simulated chain mines a block a minute: one and two confirmations are not enough.
      for (const minutes of [1, 2]) {
        t.clock.advance(60_000);
        await walletTick(t.app.modules.wallet);
        expect((await balance(user, 'ltc')).available, `${minutes} confirmations`).toBe('0');
      }
      t.clock.advance(60_000);
      await walletTick(t.app.modules.wallet);
      expect((await balance(user, 'ltc')).available).toBe('1.5');
      // Zero or a fraction is refused by the schema.
      const list = body<{ list: Array<Record<string, unknown>> }>(await inject(t.app, { url: '/api/admin/coin-settings', headers: await asAdmin() })).data.list;
      const { coin: _c, max_supply: _s, chain: _ch, network: _n, ...current } = list.find((c) => c.coin === 'ltc')!;
      for (const bad of [0, 1.5, 1001]) {
        const res = await inject(t.app, { method: 'PUT', url: '/api/admin/coin-settings/ltc', headers: await asAdmin(), payload: { ...current, deposit_confirmations: bad, reason: 'test' } });
        expect(res.statusCode, String(bad)).toBe(400);
      }
    } finally {
      await setConfirmations(1);
    }
  });

  it('a deposit that a double spend replaced on the chain: never credited if still confirming; taken back as far as the sub-account holds it if credited, the rest told to the operators', async () => {
    const deposits = async (user: User) => body<{ list: Array<{ txid: string; status: string; reversed_at: string | null }> }>(await inject(t.app, { url: '/api/v2/wallets/deposits?coin=ltc', headers: auth(user.tokens) })).data.list;
    const alerts = async (alert = 'deposit_reversed') => body<{ list: Array<{ params: Record<string, string> }> }>(await inject(t.app, { url: '/api/messages?page=1&page_size=50', headers: await asAdmin() })).data.list.filter((m) => m.params.alert === alert).map((m) => m.params);
    const user = await walletUser();
    const other = await walletUser();
    await endHolds(user);
    const { address } = body<{ address: string }>(await inject(t.app, { url: '/api/v2/wallets/deposit-address?coin=ltc', headers: auth(user.tokens) })).data;

    // Replaced before its confirmation: failed, nothing credited.
    const early = await chain().receive('ltc', address, '1');
    await walletTick(t.app.modules.wallet);
    await chain().doubleSpend(early);
    t.clock.advance(60_000);
    await walletTick(t.app.modules.wallet);
    expect((await deposits(user)).find((d) => d.txid === early)).toMatchObject({ status: 'failed', reversed_at: null });
    expect((await balance(user, 'ltc')).available).toBe('0');

    // Credited, then 2 of its 2.5 moved on to another sub-account: 0.5 is taken back, 2 is lost.
    const late = await chain().receive('ltc', address, '2.5');
    t.clock.advance(60_000);
    await walletTick(t.app.modules.wallet);
    expect((await balance(user, 'ltc')).available).toBe('2.5');
    const amount = '2';
    const sent = await inject(t.app, {
      method: 'POST',
      url: '/api/v2/wallets/transfers',
      headers: { ...auth(user.tokens), 'idempotency-key': randomUUID() },
      payload: { coin: 'ltc', to_account: other.accountName, amount, pay_password: PIN, verification: { email_code: await emailCode(user, 'transfer', walletSubject.transfer({ coin: 'ltc', to_account: other.accountName, amount })) } },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const alertsBefore = (await alerts()).length;
    await chain().doubleSpend(late);
    await walletTick(t.app.modules.wallet);
    await walletTick(t.app.modules.wallet); // once
    expect((await deposits(user)).find((d) => d.txid === late)).toMatchObject({ status: 'reversed', reversed_at: t.clock.now().toISOString() });
    expect((await balance(user, 'ltc')).available).toBe('0');
    expect((await balance(other, 'ltc')).available).toBe('2');
    const tx = body<{ list: Array<{ business_type: string; amount: string; txid: string | null }> }>(await inject(t.app, { url: '/api/v2/wallets/transactions?coin=ltc', headers: auth(user.tokens) })).data.list;
    expect(tx.filter((m) => m.business_type === 'deposit_reversal')).toMatchObject([{ amount: '-0.5', txid: late }]);
    const told = (await alerts()).slice(0, (await alerts()).length - alertsBefore);
    expect(told).toEqual([expect.objectContaining({ coin: 'LTC', amount: '2.5', account: user.accountName, txid: late, depth: '6', taken: '0.5', unrecovered: '2', frozen: '0', locked: '0' })]);
    // The loss is what the custody check finds short, until the operator puts the coins back.
    const custody = async () => (await t.app.modules.wallet.admin.reconciliation()).custody.find((c) => c.coin === 'ltc')!;
    const short = await custody();
    expect(short.ok).toBe(false);
    expect(Number(short.expected) - Number(short.actual)).toBeCloseTo(2, 12);
    await chain().receive('ltc', 'operator-wallet', '2');
    expect((await custody()).ok).toBe(true);

    // A later reorganisation undoes the double spend of the failed one: listed again, it is credited after all.
    await t.database.db.execute(sql`update sim_chain_txs set dropped = false where txid = ${early}`);
    await walletTick(t.app.modules.wallet);
    expect((await deposits(user)).find((d) => d.txid === early)).toMatchObject({ status: 'credited' });
    expect((await balance(user, 'ltc')).available).toBe('1');
    expect((await custody()).ok).toBe(true);

    // The reversed one confirmed again as well: the operators are told, once; nothing moves on its own.
    await t.database.db.execute(sql`update sim_chain_txs set dropped = false where txid = ${late}`);
    await walletTick(t.app.modules.wallet);
    await walletTick(t.app.modules.wallet);
    expect(await alerts('deposit_relisted')).toEqual([expect.objectContaining({ coin: 'LTC', amount: '2.5', account: user.accountName, txid: late, taken: '0.5' })]);
    expect((await deposits(user)).find((d) => d.txid === late)).toMatchObject({ status: 'reversed' });
    expect((await balance(user, 'ltc')).available).toBe('1');
    await t.database.db.execute(sql`update sim_chain_txs set dropped = true where txid = ${late}`); // as the test found it
    expect((await custody()).ok).toBe(true);
  });

  it('transfers to another sub-account by name, once per key', async () => {
    const from = await walletUser();
    const to = await walletUser();
    await endHolds(from);
    await credit(from, 'btc', '1');
    const send = async (to_account: string, amount: string, key = randomUUID(), code?: string) =>
      inject(t.app, {
        method: 'POST',
        url: '/api/v2/wallets/transfers',
        headers: { ...auth(from.tokens), 'idempotency-key': key },
        payload: { coin: 'btc', to_account, amount, pay_password: PIN, verification: { email_code: code ?? (await emailCode(from, 'transfer', walletSubject.transfer({ coin: 'btc', to_account, amount }))) } },
      });
    expect(errorOf(await send('nosuchaccount1', '0.1'))).toBe(codeOf('transfer_account_invalid'));
    expect(errorOf(await send(from.accountName, '0.1'))).toBe(codeOf('transfer_to_self'));
    const empty = await inject(t.app, { method: 'POST', url: '/api/v2/wallets/transfers', headers: { ...auth(from.tokens), 'idempotency-key': randomUUID() }, payload: { coin: 'btc', to_account: '', amount: '1', pay_password: PIN, verification: {} } });
    expect(body<{ fields: Array<{ message: string }> }>(empty).data.fields[0]!.message).toBe('The intra-site transfer account cannot be empty.');
    const key = randomUUID();
    const first = await send(to.accountName.toUpperCase(), '0.3', key);
    expect(first.statusCode, first.body).toBe(200);
    expect(body(await send(to.accountName.toUpperCase(), '0.3', key, '000000')).data).toEqual({ ...body<Record<string, unknown>>(first).data, replayed: true });
    expect((await balance(from, 'btc')).available).toBe('0.7');
    expect((await balance(to, 'btc')).available).toBe('0.3');
    const received = body<{ list: Array<{ id: number; business_type: string; amount: string }> }>(await inject(t.app, { url: '/api/v2/wallets/transactions?business_type=transfer_in', headers: auth(to.tokens) })).data.list;
    expect(received).toMatchObject([{ business_type: 'transfer_in', amount: '0.3' }]);
    const fund = body<{ counterparty: string }>(await inject(t.app, { url: `/api/v2/wallets/fund/${received[0]!.id}`, headers: auth(to.tokens) })).data;
    expect(fund.counterparty).toBe(from.accountName);
    // Another user cannot read it by id.
    expect((await inject(t.app, { url: `/api/v2/wallets/fund/${received[0]!.id}`, headers: auth(from.tokens) })).statusCode).toBe(200);
    const stranger = await walletUser();
    expect((await inject(t.app, { url: `/api/v2/wallets/fund/${received[0]!.id}`, headers: auth(stranger.tokens) })).statusCode).toBe(404);
  });
});

// docs/security.md item 39. The rule (wallet.service.ts, secondFactorThenPin): the second
// factor first; a wrong or missing one answers the same whatever the PIN and counts no PIN try. A
// right one is spent before the PIN is read, so a wrong PIN needs a new code.
describe('pay password after the second factor', () => {
  const strip = (res: { statusCode: number; body: string }) => ({ status: res.statusCode, code: body(res).code, msg: body(res).msg });

  it('answers a wrong or missing second factor alike for a right and a wrong PIN, and counts no PIN try', async () => {
    const user = await walletUser();
    const to = await walletUser();
    const a = body<{ id: string }>(await addAddress(user, 'btc', BTC_ADDRESS)).data;
    await endHolds(user);
    await credit(user, 'btc', '1');
    const subject = walletSubject.withdraw({ coin: 'btc', address_id: a.id, amount: '0.01' });
    const move = (kind: 'withdraw' | 'transfer', pin: string, verification: Record<string, string>) =>
      inject(t.app, {
        method: 'POST',
        url: kind === 'withdraw' ? '/api/v2/wallets/withdrawals' : '/api/v2/wallets/transfers',
        headers: { ...auth(user.tokens), 'idempotency-key': randomUUID() },
        payload: kind === 'withdraw' ? { coin: 'btc', address_id: a.id, amount: '0.01', pay_password: pin, verification } : { coin: 'btc', to_account: to.accountName, amount: '0.01', pay_password: pin, verification },
      });
    // More wrong PINs than the lock allows (5), each behind a wrong or missing second factor.
    for (const kind of ['withdraw', 'transfer'] as const) {
      for (let round = 0; round < 3; round++) {
        const code = await emailCode(user, kind, kind === 'withdraw' ? subject : walletSubject.transfer({ coin: 'btc', to_account: to.accountName, amount: '0.01' }));
        const wrong = { email_code: code === '000000' ? '111111' : '000000' };
        const right = await move(kind, PIN, wrong);
        expect(strip(right), kind).toEqual({ status: 400, code: codeOf('code_invalid'), msg: body(right).msg });
        expect(strip(await move(kind, '135790', wrong)), kind).toEqual(strip(right));
        expect(strip(await move(kind, '135790', {})), kind).toEqual(strip(await move(kind, PIN, {})));
        expect(errorOf(await move(kind, '135790', {})), kind).toBe(codeOf('second_factor_required'));
      }
    }
    // No PIN try was counted: a right factor with a wrong PIN is still only "incorrect"; its code
    // is spent, so the right PIN needs a new one.
    const code = await emailCode(user, 'withdraw', subject);
    expect(errorOf(await move('withdraw', '135790', { email_code: code }))).toBe(codeOf('pay_password_incorrect'));
    expect(errorOf(await move('withdraw', PIN, { email_code: code }))).toBe(codeOf('code_used'));
    const ok = await move('withdraw', PIN, { email_code: await emailCode(user, 'withdraw', subject) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await balance(user, 'btc')).toMatchObject({ available: '0.99', frozen: '0.01' });
  });
});

describe('automatic payout', () => {
  it('pays a balance above the threshold once a day, and the method waits 24 hours between switches', async () => {
    const user = await walletUser();
    const a = body<{ id: string }>(await addAddress(user, 'btc', BTC_ADDRESS)).data;
    const b = body<{ id: string }>(await addAddress(user, 'btc', BTC_ADDRESS_2)).data;
    const set = (address_id: string, threshold: string, enabled = true) =>
      inject(t.app, { method: 'PUT', url: '/api/v2/wallets/payout-settings', headers: auth(user.tokens), payload: { coin: 'btc', address_id, threshold, enabled } });
    expect(errorOf(await set(a.id, '0.0001'))).toBe(codeOf('withdraw_below_minimum'));
    expect((await set(a.id, '0.5')).statusCode).toBe(200);
    expect((await set(a.id, '0.2')).statusCode).toBe(200); // the threshold alone may change
    const switched = await set(b.id, '0.2');
    expect(errorOf(switched)).toBe(codeOf('payout_change_wait'));
    expect(body(switched).msg).toMatch(/less than 24 hours ago/);

    await endHolds(user);
    await credit(user, 'btc', '0.1');
    expect(await t.app.modules.wallet.payouts.run('2026-06-02')).toBe(0); // below the threshold
    await credit(user, 'btc', '0.35');
    expect(await t.app.modules.wallet.payouts.run('2026-06-02')).toBe(1);
    expect(await t.app.modules.wallet.payouts.run('2026-06-02')).toBe(0);
    const [w] = body<{ list: Array<{ origin: string; amount: string; address: string }> }>(await inject(t.app, { url: '/api/v2/wallets/withdrawals', headers: auth(user.tokens) })).data.list;
    expect(w).toMatchObject({ origin: 'payout', amount: '0.45', address: BTC_ADDRESS });
    expect(await balance(user, 'btc')).toMatchObject({ available: '0', frozen: '0.45' });
  });

  it('skips a payout below the coin\'s current minimum (raised after the threshold was saved) and pays the others', async () => {
    const payoutUser = async (amount: string) => {
      const user = await walletUser();
      const a = body<{ id: string }>(await addAddress(user, 'btc', BTC_ADDRESS)).data;
      const set = await inject(t.app, { method: 'PUT', url: '/api/v2/wallets/payout-settings', headers: auth(user.tokens), payload: { coin: 'btc', address_id: a.id, threshold: '0.01', enabled: true } });
      expect(set.statusCode, set.body).toBe(200);
      await endHolds(user);
      await credit(user, 'btc', amount);
      return user;
    };
    const small = await payoutUser('0.2');
    const large = await payoutUser('0.6');
    const before = await setBtcSetting('min_withdraw', '0.5');
    try {
      expect(await t.app.modules.wallet.payouts.run('2026-07-11')).toBe(1);
      expect(await balance(small, 'btc')).toMatchObject({ available: '0.2', frozen: '0' });
      expect(await balance(large, 'btc')).toMatchObject({ available: '0', frozen: '0.6' });
    } finally {
      await setBtcSetting('min_withdraw', before);
    }
    // Skipped that day only: once the amount meets the minimum, a later run pays it.
    expect(await t.app.modules.wallet.payouts.run('2026-07-12')).toBe(1);
    expect(await balance(small, 'btc')).toMatchObject({ available: '0', frozen: '0.2' });
  });

  it('refuses a client\'s Idempotency-Key in the payout\'s own form, so it cannot stop a coming payout', async () => {
    const user = await walletUser();
    const a = body<{ id: string }>(await addAddress(user, 'btc', BTC_ADDRESS)).data;
    const set = await inject(t.app, { method: 'PUT', url: '/api/v2/wallets/payout-settings', headers: auth(user.tokens), payload: { coin: 'btc', address_id: a.id, threshold: '0.1', enabled: true } });
    expect(set.statusCode, set.body).toBe(200);
    await endHolds(user);
    await credit(user, 'btc', '1');
    for (const key of ['payout:2026-07-13:btc', 'PAYOUT:2026-07-13:btc']) {
      const taken = await withdraw(user, a.id, '0.01', { key });
      expect(taken.statusCode, taken.body).toBe(400);
      expect(errorOf(taken)).toBe(codeOf('validation_failed'));
    }
    expect(await balance(user, 'btc')).toMatchObject({ available: '1', frozen: '0' });
    expect(await t.app.modules.wallet.payouts.run('2026-07-13')).toBe(1);
    expect(await balance(user, 'btc')).toMatchObject({ available: '0', frozen: '1' });
  });
});

describe('system adjustments', () => {
  const adjust = async (key: string | undefined, payload: Record<string, unknown>) =>
    inject(t.app, { method: 'POST', url: '/api/admin/adjustments', headers: { ...(await asAdmin()), ...(key ? { 'idempotency-key': key } : {}) }, payload });

  it('take an Idempotency-Key: a retry of a call whose answer was lost credits once and answers the first result', async () => {
    const user = await walletUser();
    const payload = { account: user.accountName, coin: 'btc', amount: '0.7', reason: 'refund of ticket 42' };
    const keyless = await adjust(undefined, payload);
    expect(keyless.statusCode).toBe(400);
    expect(errorOf(keyless)).toBe(codeOf('validation_failed'));
    expect(errorOf(await adjust('short', payload))).toBe(codeOf('validation_failed'));
    expect((await balance(user, 'btc')).available).toBe('0');

    const key = randomUUID();
    const first = await adjust(key, payload);
    expect(first.statusCode, first.body).toBe(200);
    expect(body<{ posting_id: number }>(first).data.posting_id).toBeGreaterThan(0);
    const again = await adjust(key, payload);
    expect(again.statusCode, again.body).toBe(200);
    expect(body(again).data).toEqual(body(first).data);
    expect((await balance(user, 'btc')).available).toBe('0.7');
    // The same key with other content is refused, and moves nothing.
    for (const other of [{ amount: '0.8' }, { reason: 'another reason' }, { coin: 'ltc' }]) {
      expect(errorOf(await adjust(key, { ...payload, ...other }))).toBe(codeOf('idempotency_conflict'));
    }
    expect((await balance(user, 'btc')).available).toBe('0.7');
    expect((await balance(user, 'ltc')).available).toBe('0');
    // One correction, audited once.
    const log = body<{ list: Array<{ action: string; target: string; detail: Record<string, string> | null }> }>(await inject(t.app, { url: '/api/admin/audit-log?page_size=100', headers: (await asAdmin()) })).data.list;
    expect(log.filter((e) => e.action === 'adjustment' && e.target === `account:${user.accountName}`)).toHaveLength(1);
  });
});

describe('the daily part (payouts and reconciliation)', () => {
  /** The job's deps with counting payouts; the reconciliation is the real one. */
  const counted = (fail = false) => {
    const calls = { runs: 0 };
    const payouts = {
      run: async () => {
        calls.runs++;
        if (fail) throw new Error('node down');
        return 0;
      },
      runAddressPayouts: async () => 0,
    } as unknown as typeof t.app.modules.wallet.payouts;
    return { calls, deps: { ...t.app.modules.wallet, db: t.database.db, payouts, log: t.app.log } };
  };

  it('runs once a day, and again after a run that failed or whose process was killed', async () => {
    const first = counted();
    expect(await runDailyPart(first.deps, '2001-01-01')).toBe('ran');
    expect(await runDailyPart(first.deps, '2001-01-01')).toBe('done');
    expect(first.calls.runs).toBe(1);

    // A failed run leaves no mark: the next pass runs the day.
    const failing = counted(true);
    await expect(runDailyPart(failing.deps, '2001-01-02')).rejects.toThrow('node down');
    const next = counted();
    expect(await runDailyPart(next.deps, '2001-01-02')).toBe('ran');

    // Another instance runs the day: this one waits for it.
    await t.database.db.execute(sql`insert into leases (name, holder, expires_at) values ('job:wallet-daily-run:2001-01-03', 'elsewhere', clock_timestamp() + interval '1 minute')`);
    const meanwhile = counted();
    expect(await runDailyPart(meanwhile.deps, '2001-01-03')).toBe('busy');
    expect(meanwhile.calls.runs).toBe(0);
    // That process is killed mid-run: its lease is no longer renewed and lapses, and the day is run here.
    await t.database.db.execute(sql`update leases set expires_at = clock_timestamp() - interval '1 second' where name = 'job:wallet-daily-run:2001-01-03'`);
    expect(await runDailyPart(meanwhile.deps, '2001-01-03')).toBe('ran');
    expect(meanwhile.calls.runs).toBe(1);
  });
});

describe('access', () => {
  it('answers 401 to anonymous callers and 403 to users on operator routes', async () => {
    const user = await walletUser();
    const wallet = t.app.routeRecords.filter((r) => (r.url.startsWith('/api/v2/wallets') && !r.url.endsWith('/currency/rates')) || r.url.startsWith('/api/admin'));
    expect(wallet.length).toBeGreaterThan(15);
    for (const route of wallet) {
      const url = route.url.replace(':id', route.url.includes('fund') ? '1' : randomUUID());
      const anonymous = await inject(t.app, { method: route.method as 'GET', url });
      expect(anonymous.statusCode, `${route.method} ${url}`).toBe(401);
      if (route.url.startsWith('/api/admin')) expect((await inject(t.app, { method: route.method as 'GET', url, headers: auth(user.tokens) })).statusCode).toBe(403);
    }
  });

  it('the reconciliation report is clean, custody included', async () => {
    const report = body<{ ok: boolean; custody: Array<{ coin: string; ok: boolean }> }>(await inject(t.app, { url: '/api/admin/reconciliation', headers: (await asAdmin()) })).data;
    expect(report.ok).toBe(true);
    expect(report.custody.length).toBeGreaterThan(0);
  });
});
