// Cloud-mining contracts through HTTP against a real database (PGlite, and PostgreSQL with
// TEST_DATABASE_URL): products (operators, audited), orders and their refusals, inventory that is
// never oversold (50 concurrent orders for 10 units), the certificate (type by content, owner and
// operators only), cancel, the 2-hour auto-cancel on a fake clock, USDT confirmed by the chain
// adapter, the operators' review, paying from the balance (one posting per order), the daily profit
// (idempotent per day, the shortfall day), a finished order's last fraction handed to the
// sub-account's carried fraction, and who may call what. The teardown reconciles the ledger.
import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, walletSubject, type Tokens } from '@hashpool/shared';
import { queryRows } from '../src/db/client';
import { contractsTick } from '../src/modules/contracts/contracts.jobs';
import { reconcile } from '../src/modules/ledger/reconciliation';
import { auth, emailOperationCode, inject, registerByEmail, setPayPassword, signatureHeaders, TEST_PIN, uniqueEmail } from './account-helpers';
import { SmtpInbox } from './smtp-inbox';
import { body, startTestApp, type TestApp } from './test-app';

let t: TestApp;
const inbox = new SmtpInbox();
const ADMIN = uniqueEmail('operator');

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6a3a60000000049454e44ae426082', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000b8000000000000004000000000000000', 'hex'), Buffer.alloc(512)]);

interface User {
  email: string;
  tokens: Tokens;
  accountName: string;
  accountId: string;
}

beforeAll(async () => {
  t = await startTestApp({ env: { SMTP_URL: await inbox.start(), ALTCHA_COST: '1', ADMIN_EMAILS: ADMIN, ACCESS_TOKEN_TTL_SECONDS: '3600' }, demo: false });
  admin = await newUser(ADMIN);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await inbox.stop();
});

const codeOf = (key: keyof typeof ERRORS) => ERRORS[key].code;
const errorOf = (res: { body: string }) => body(res).code;
const chain = () => t.app.modules.wallet.chain.simulated;
const contracts = () => t.app.modules.contracts;
let admin: User;

async function newUser(email = uniqueEmail('contracts')): Promise<User> {
  const r = await registerByEmail(t.app, inbox, email);
  const mine = body<{ current_account: { id: string; name: string } }>(await inject(t.app, { url: '/api/users/mine', headers: auth(r.tokens) })).data;
  return { email, tokens: r.tokens, accountName: mine.current_account.name, accountId: mine.current_account.id };
}

/** The user's bearer header, refreshed first: tests move the clock past an access token's life. */
async function as(user: User): Promise<Record<string, string>> {
  const res = await inject(t.app, { method: 'POST', url: '/api/users/refresh/login', payload: { refresh_token: user.tokens.refresh_token } });
  expect(res.statusCode, res.body).toBe(200);
  user.tokens = body<Tokens>(res).data;
  return auth(user.tokens);
}

const DAY = 86_400_000;
function productBody(over: Record<string, unknown> = {}) {
  const now = t.clock.now().getTime();
  return {
    name: 'BTC 10 TH/s · 30 days',
    coin: 'btc',
    hashrate: '10',
    hashrate_unit: 'TH/s',
    duration_days: 30,
    price_usdt: '40.5',
    price_fiat: '300',
    fiat_currency: 'CNY',
    power_watts: '200',
    electricity_rate: '0.05',
    management_fee: '2',
    inventory: 100,
    sale_start: new Date(now - DAY).toISOString(),
    sale_end: new Date(now + 60 * DAY).toISOString(),
    status: 'on_sale',
    terms: { en: 'Terms in English', 'zh-CN': '中文条款' },
    ...over,
  };
}

async function newProduct(over: Record<string, unknown> = {}) {
  const res = await inject(t.app, { method: 'POST', url: '/api/admin/contracts/products', headers: await as(admin), payload: productBody(over) });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ id: string; inventory: number; status: string }>(res).data;
}

interface Order {
  id: string;
  status: string;
  pay_amount: string;
  pay_currency: string;
  pay_address: string | null;
  pay_reference: string;
  has_certificate: boolean;
  effect_date: string | null;
  end_date: string | null;
  history: Array<{ from: string | null; to: string; actor: string; reason: string | null }>;
  bank: { account_number: string } | null;
  balance_pay: { coin: string; amount: string; available: string } | null;
}

function order(user: User, productId: string, units: number, pay_method = 'usdt_trc20', key = randomUUID(), headers?: Record<string, string>) {
  return inject(t.app, { method: 'POST', url: '/api/contracts/orders', headers: { ...(headers ?? auth(user.tokens)), 'idempotency-key': key }, payload: { product_id: productId, units, pay_method, agree_terms: true } });
}

async function placed(user: User, productId: string, units = 1, pay_method = 'usdt_trc20'): Promise<Order> {
  const res = await order(user, productId, units, pay_method, randomUUID(), await as(user));
  expect(res.statusCode, res.body).toBe(200);
  return body<Order>(res).data;
}

async function detail(user: User, id: string) {
  return inject(t.app, { url: `/api/contracts/orders/${id}`, headers: await as(user) });
}

async function product(id: string) {
  return body<{ inventory: number; sold: number; status: string }>(await inject(t.app, { url: `/api/contracts/products/${id}`, headers: await as(admin) })).data;
}

/** A multipart upload as a browser's FormData sends it, signed like the web client's. */
async function upload(user: User | null, id: string, name: string, bytes: Buffer, remoteAddress?: string) {
  const boundary = '----hashpool-contract-boundary';
  const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return t.app.inject({ method: 'POST', url: `/api/contracts/orders/${id}/certificate`, payload, ...(remoteAddress ? { remoteAddress } : {}), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...signatureHeaders(t.app, {}), ...(user ? await as(user) : {}) } });
}

async function credit(user: User, coin: string, amount: string) {
  const res = await inject(t.app, { method: 'POST', url: '/api/admin/adjustments', headers: { ...(await as(admin)), 'idempotency-key': randomUUID() }, payload: { account: user.accountName, coin, amount, reason: 'test funding' } });
  expect(res.statusCode, res.body).toBe(200);
}

async function balance(user: User, coin: string): Promise<string> {
  const list = body<{ list: Array<{ coin: string; available: string }> }>(await inject(t.app, { url: '/api/v2/wallets/balances', headers: await as(user) })).data.list;
  return list.find((b) => b.coin === coin)?.available ?? '0';
}

describe('products', () => {
  it('operators create and edit products (audited); users see those on sale, never drafts', async () => {
    const p = await newProduct();
    expect(p).toMatchObject({ inventory: 100, status: 'on_sale' });
    const draft = await newProduct({ status: 'draft', name: 'Draft one' });
    const user = await newUser();
    const list = body<{ list: Array<{ id: string; estimated_daily_net: string | null; terms: Record<string, string> }> }>(await inject(t.app, { url: '/api/contracts/products', headers: await as(user) })).data.list;
    expect(list.map((x) => x.id)).toContain(p.id);
    expect(list.map((x) => x.id)).not.toContain(draft.id);
    expect(list.find((x) => x.id === p.id)!.terms.en).toBe('Terms in English');
    expect(errorOf(await inject(t.app, { url: `/api/contracts/products/${draft.id}`, headers: await as(user) }))).toBe(codeOf('contract_product_not_found'));
    const put = await inject(t.app, { method: 'PUT', url: `/api/admin/contracts/products/${p.id}`, headers: await as(admin), payload: productBody({ inventory: 80 }) });
    expect(put.statusCode, put.body).toBe(200);
    expect(body<{ inventory: number }>(put).data.inventory).toBe(80);
    const audit = body<{ list: Array<{ action: string; target: string }> }>(await inject(t.app, { url: '/api/admin/audit-log?page_size=50', headers: await as(admin) })).data.list;
    expect(audit.filter((a) => a.target === `contract_product:${p.id}`).map((a) => a.action).sort()).toEqual(['contract_product_create', 'contract_product_update']);
    // Values that do not fit: a window that ends before it starts, a fee of 100 %.
    const now = t.clock.now().getTime();
    expect(errorOf(await inject(t.app, { method: 'POST', url: '/api/admin/contracts/products', headers: await as(admin), payload: productBody({ sale_end: new Date(now - 2 * DAY).toISOString() }) }))).toBe(codeOf('contract_product_invalid'));
    expect((await inject(t.app, { method: 'POST', url: '/api/admin/contracts/products', headers: await as(admin), payload: productBody({ management_fee: '100' }) })).statusCode).toBe(400);
    // Users are not operators.
    expect((await inject(t.app, { method: 'POST', url: '/api/admin/contracts/products', headers: await as(user), payload: productBody() })).statusCode).toBe(403);
  });

  it('an edit changes the inventory by what the operator changed: units sold while the form was open stay sold', async () => {
    const p = await newProduct({ inventory: 10 });
    const user = await newUser();
    await placed(user, p.id, 4); // sold after the operator's form showed 10
    const put = async (over: Record<string, unknown>) => {
      const res = await inject(t.app, { method: 'PUT', url: `/api/admin/contracts/products/${p.id}`, headers: await as(admin), payload: productBody(over) });
      expect(res.statusCode, res.body).toBe(200);
      return body<{ inventory: number }>(res).data.inventory;
    };
    expect(await put({ inventory: 12, inventory_was: 10 })).toBe(8); // 2 more than the 6 left
    expect(await put({ inventory: 0, inventory_was: 10 })).toBe(0); // never below nothing
    expect(await put({ inventory: 5 })).toBe(5); // without what the form showed: as given
    expect((await product(p.id)).sold).toBe(4);
  });

  it('a product has a name per language where the operator gives one; blank ones are left out', async () => {
    const p = await newProduct({ name: 'Antminer S21 30 days', names: { 'zh-CN': ' 蚂蚁 S21 30 天 ', ja: '  ' } });
    const user = await newUser();
    const shown = body<{ name: string; names: Record<string, string> }>(await inject(t.app, { url: `/api/contracts/products/${p.id}`, headers: await as(user) })).data;
    expect(shown).toMatchObject({ name: 'Antminer S21 30 days', names: { 'zh-CN': '蚂蚁 S21 30 天' } });
    expect((await inject(t.app, { method: 'POST', url: '/api/admin/contracts/products', headers: await as(admin), payload: productBody({ names: { 'zh-CN': 'x'.repeat(101) } }) })).statusCode).toBe(400);
    expect((await inject(t.app, { method: 'POST', url: '/api/admin/contracts/products', headers: await as(admin), payload: productBody({ names: { xx: 'y' } }) })).statusCode).toBe(400);
  });
});

describe('orders', () => {
  it('reserves inventory, gives a USDT address of its own and the pay amount; the same key gives the same order', async () => {
    const p = await newProduct({ inventory: 10 });
    const user = await newUser();
    const key = randomUUID();
    const first = await order(user, p.id, 3, 'usdt_trc20', key, await as(user));
    expect(first.statusCode, first.body).toBe(200);
    const o = body<Order>(first).data;
    expect(o).toMatchObject({ status: 'unpaid', pay_amount: '121.5', pay_currency: 'USDT' });
    expect(o.pay_address).toMatch(/^simusdt_trc201/);
    expect(o.history.map((h) => h.to)).toEqual(['unpaid']);
    const again = body<Order>(await order(user, p.id, 3, 'usdt_trc20', key, await as(user))).data;
    expect(again.id).toBe(o.id);
    expect(errorOf(await order(user, p.id, 4, 'usdt_trc20', key, await as(user)))).toBe(codeOf('idempotency_conflict'));
    const other = await placed(user, p.id, 1, 'usdt_erc20');
    expect(other.pay_address).not.toBe(o.pay_address);
    expect(await product(p.id)).toMatchObject({ inventory: 6, sold: 4 });
  });

  it('refuses units above inventory or below 1, without agreeing to the terms, outside the sale window; nothing changes', async () => {
    const p = await newProduct({ inventory: 5 });
    const user = await newUser();
    const h = await as(user);
    const short = await order(user, p.id, 6, 'usdt_trc20', randomUUID(), h);
    expect(errorOf(short)).toBe(codeOf('contract_inventory_short'));
    expect(body(short).msg).toBe('Only 5 units are left for sale.');
    const zh = await inject(t.app, { method: 'POST', url: '/api/contracts/orders', headers: { ...h, lang: 'zh-CN', 'idempotency-key': randomUUID() }, payload: { product_id: p.id, units: 6, pay_method: 'usdt_trc20', agree_terms: true } });
    expect(body(zh).msg).toBe('仅剩 5 份可售。');
    expect((await order(user, p.id, 0, 'usdt_trc20', randomUUID(), h)).statusCode).toBe(400);
    const noTerms = await inject(t.app, { method: 'POST', url: '/api/contracts/orders', headers: { ...h, 'idempotency-key': randomUUID() }, payload: { product_id: p.id, units: 1, pay_method: 'usdt_trc20', agree_terms: false } });
    expect(errorOf(noTerms)).toBe(codeOf('contract_terms_required'));
    const now = t.clock.now().getTime();
    const over = await newProduct({ sale_start: new Date(now - 10 * DAY).toISOString(), sale_end: new Date(now - DAY).toISOString() });
    expect(errorOf(await order(user, over.id, 1, 'usdt_trc20', randomUUID(), h))).toBe(codeOf('contract_not_on_sale'));
    expect(errorOf(await order(user, randomUUID(), 1, 'usdt_trc20', randomUUID(), h))).toBe(codeOf('contract_product_not_found'));
    expect(await product(p.id)).toMatchObject({ inventory: 5, sold: 0 });
    const mine = body<{ total: number }>(await inject(t.app, { url: '/api/contracts/orders', headers: h })).data;
    expect(mine.total).toBe(0);
  });

  it('never oversells: 50 concurrent orders for the last 10 units', async () => {
    const p = await newProduct({ inventory: 10 });
    const users = await Promise.all(Array.from({ length: 5 }, () => newUser()));
    const headers = await Promise.all(users.map((u) => as(u)));
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => order(users[i % 5]!, p.id, 1, 'usdt_trc20', randomUUID(), headers[i % 5])));
    const okCount = answers.filter((r) => r.statusCode === 200).length;
    expect(answers.filter((r) => r.statusCode !== 200).every((r) => errorOf(r) === codeOf('contract_inventory_short'))).toBe(true);
    expect(okCount).toBe(10);
    expect(await product(p.id)).toMatchObject({ inventory: 0, sold: 10, status: 'sold_out' });
  });
});

const BANK = { bank_name: 'Test Bank', account_name: 'Hashpool Ltd', account_number: '6222 0000 1111', swift: 'TESTCNBJ', note: 'Write the reference' };

describe('certificate, cancel and review', () => {
  it('bank transfer is offered once the pool has bank details', async () => {
    const p = await newProduct({ inventory: 10 });
    const user = await newUser();
    expect(errorOf(await order(user, p.id, 1, 'bank', randomUUID(), await as(user)))).toBe(codeOf('contract_bank_unset'));
    expect((await inject(t.app, { method: 'PUT', url: '/api/admin/contracts/bank-details', headers: await as(user), payload: BANK })).statusCode).toBe(403);
    expect((await inject(t.app, { method: 'PUT', url: '/api/admin/contracts/bank-details', headers: await as(admin), payload: BANK })).statusCode).toBe(200);
    expect((await placed(user, p.id, 1, 'bank')).bank!.account_number).toBe(BANK.account_number);
  });

  it('takes a certificate for a bank-transfer order only, in Chinese too', async () => {
    const p = await newProduct();
    const user = await newUser();
    const usdt = await placed(user, p.id, 1);
    const balance = await placed(user, p.id, 1, 'balance');
    expect(usdt.balance_pay).toBeNull();
    expect(balance).toMatchObject({ pay_address: null, bank: null, pay_currency: 'USDT' });
    for (const o of [usdt, balance]) {
      // From an address of its own: the upload's rate limit counts per address.
      const refused = await upload(user, o.id, 'receipt.png', PNG, '203.0.113.9');
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused)).toBe(codeOf('contract_certificate_bank_only'));
      expect(body<Order>(await detail(user, o.id)).data).toMatchObject({ status: 'unpaid', has_certificate: false });
    }
    const zh = await t.app.inject({ method: 'POST', url: `/api/contracts/orders/${usdt.id}/certificate`, remoteAddress: '203.0.113.9', payload: Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="r.png"\r\n\r\nx\r\n--b--\r\n'), headers: { 'content-type': 'multipart/form-data; boundary=b', lang: 'zh-CN', ...signatureHeaders(t.app, {}), ...(await as(user)) } });
    expect(errorOf(zh)).toBe(codeOf('contract_certificate_bank_only'));
    expect(JSON.parse(zh.body).msg).toBe('付款凭证仅适用于银行转账订单；此订单使用其他方式付款。');
  });

  it('takes an image or PDF by content, shows it only to the owner and operators, and moves the order to checking', async () => {
    const p = await newProduct();
    const user = await newUser();
    const stranger = await newUser();
    const o = await placed(user, p.id, 2, 'bank');
    const exe = await upload(user, o.id, 'receipt.png', EXE);
    expect(errorOf(exe)).toBe(codeOf('upload_type_refused'));
    expect(body<Order>(await detail(user, o.id)).data.status).toBe('unpaid');
    expect(errorOf(await upload(user, o.id, 'big.png', Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)])))).toBe(codeOf('upload_too_large'));
    const png = await upload(user, o.id, 'receipt.png', PNG);
    expect(png.statusCode, png.body).toBe(200);
    expect(body<Order>(png).data).toMatchObject({ status: 'checking', has_certificate: true });
    // Changed while checking.
    expect((await upload(user, o.id, 'receipt.pdf', PDF)).statusCode).toBe(200);
    const back = await inject(t.app, { url: `/api/contracts/orders/${o.id}/certificate`, headers: await as(user) });
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(PDF)).toBe(true);
    expect(back.headers['content-disposition']).toMatch(/^attachment/);
    expect((await inject(t.app, { url: `/api/contracts/orders/${o.id}/certificate`, headers: await as(admin) })).statusCode).toBe(200);
    // Another user: as if there were no such order; anonymous: not logged in.
    expect(errorOf(await inject(t.app, { url: `/api/contracts/orders/${o.id}/certificate`, headers: await as(stranger) }))).toBe(codeOf('contract_order_not_found'));
    expect(errorOf(await detail(stranger, o.id))).toBe(codeOf('contract_order_not_found'));
    expect(errorOf(await upload(stranger, o.id, 'x.png', PNG))).toBe(codeOf('contract_order_not_found'));
    expect(errorOf(await inject(t.app, { method: 'POST', url: `/api/contracts/orders/${o.id}/cancel`, headers: await as(stranger) }))).toBe(codeOf('contract_order_not_found'));
    expect((await inject(t.app, { url: `/api/contracts/orders/${o.id}/certificate` })).statusCode).toBe(401);
    expect((await upload(null, o.id, 'x.png', PNG)).statusCode).toBe(401);
    expect((await inject(t.app, { url: `/api/contracts/orders/${o.id}` })).statusCode).toBe(401);
    expect(body<Order>(await detail(user, o.id)).data.history.map((h) => h.to)).toEqual(['unpaid', 'checking', 'checking']);
  });

  it('cancels an unpaid order (inventory returns); no certificate on a cancelled order', async () => {
    const p = await newProduct({ inventory: 10 });
    const user = await newUser();
    const o = await placed(user, p.id, 4, 'bank');
    expect((await product(p.id)).inventory).toBe(6);
    const res = await inject(t.app, { method: 'POST', url: `/api/contracts/orders/${o.id}/cancel`, headers: await as(user) });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<Order>(res).data.status).toBe('cancelled');
    expect((await product(p.id)).inventory).toBe(10);
    const late = await upload(user, o.id, 'receipt.png', PNG);
    expect(errorOf(late)).toBe(codeOf('contract_order_state'));
    expect(errorOf(await inject(t.app, { method: 'POST', url: `/api/contracts/orders/${o.id}/cancel`, headers: await as(user) }))).toBe(codeOf('contract_order_state'));
    const messages = body<{ list: Array<{ type: string; params: Record<string, string> }> }>(await inject(t.app, { url: '/api/messages?page_size=50', headers: await as(user) })).data.list;
    expect(messages.filter((m) => m.type === 'contract_order' && m.params.order === o.id).map((m) => m.params.status).sort()).toEqual(['cancelled', 'unpaid']);
  });

  it('cancels an unpaid order 2 hours after creation: not at 1:59, at 2:01, and returns its inventory', async () => {
    const p = await newProduct({ inventory: 10 });
    const user = await newUser();
    const o = await placed(user, p.id, 3);
    const checking = await placed(user, p.id, 1, 'bank');
    expect((await upload(user, checking.id, 'r.png', PNG)).statusCode).toBe(200);
    t.clock.advance(119 * 60_000);
    await contracts().orders.cancelExpired();
    expect(body<Order>(await detail(user, o.id)).data.status).toBe('unpaid');
    expect((await product(p.id)).inventory).toBe(6);
    t.clock.advance(2 * 60_000);
    await contracts().orders.cancelExpired();
    const after = body<Order>(await detail(user, o.id)).data;
    expect(after.status).toBe('cancelled');
    expect(after.history.at(-1)).toMatchObject({ from: 'unpaid', to: 'cancelled', actor: 'system', reason: 'unpaid_expired' });
    // A certificate waits for the operators.
    expect(body<Order>(await detail(user, checking.id)).data.status).toBe('checking');
    expect((await product(p.id)).inventory).toBe(9);
  });

  it('at 2 hours, a USDT order paid just before is confirmed, one whose address received too little goes to the operators, an unpaid one is cancelled', async () => {
    const p = await newProduct({ inventory: 10 });
    const user = await newUser();
    const [paid, short, unpaid] = [await placed(user, p.id, 1), await placed(user, p.id, 2), await placed(user, p.id, 3)];
    t.clock.advance(119 * 60_000);
    await chain().receive('usdt_trc20', paid.pay_address!, '40.5');
    await chain().receive('usdt_trc20', short.pay_address!, '80');
    t.clock.advance(2 * 60_000); // both confirmed, 2:01 after the orders
    await contractsTick(contracts());
    const status = async (o: Order) => body<Order>(await detail(user, o.id)).data;
    expect((await status(paid)).status).toBe('effect');
    expect((await status(short)).history.at(-1)).toMatchObject({ from: 'unpaid', to: 'checking', actor: 'system', reason: 'payment_to_check' });
    expect((await status(unpaid)).status).toBe('cancelled');
    expect((await product(p.id)).inventory).toBe(7); // only the unpaid order's 3 units came back
    const messages = body<{ list: Array<{ type: string; params: Record<string, string> }> }>(await inject(t.app, { url: '/api/messages?page_size=50', headers: await as(user) })).data.list;
    expect(messages.find((m) => m.params.order === short.id && m.params.status === 'checking')?.params.reason).toBe('payment_to_check');
    // The rest arrives: the order under review is confirmed by the next scan.
    await chain().receive('usdt_trc20', short.pay_address!, '1');
    t.clock.advance(2 * 60_000);
    await contractsTick(contracts());
    expect((await status(short)).status).toBe('effect');
  });

  it('a USDT payment to an order cancelled before it arrived is told to the finance operators, once', async () => {
    const p = await newProduct({ inventory: 10 });
    const user = await newUser();
    const o = await placed(user, p.id, 1);
    expect((await inject(t.app, { method: 'POST', url: `/api/contracts/orders/${o.id}/cancel`, headers: await as(user) })).statusCode).toBe(200);
    await chain().receive('usdt_trc20', o.pay_address!, '40.5');
    t.clock.advance(2 * 60_000);
    const alerts = async () => (await inject(t.app, { url: '/api/messages?page_size=100', headers: await as(admin) }).then((r) => body<{ list: Array<{ type: string; params: Record<string, string> }> }>(r).data.list)).filter((m) => m.type === 'operations_alert' && m.params.reference === o.pay_reference);
    await contractsTick(contracts());
    await contractsTick(contracts());
    const told = await alerts();
    expect(told).toHaveLength(1);
    expect(told[0]!.params).toMatchObject({ alert: 'contract_payment_late', amount: '40.5', network: 'TRC20', address: o.pay_address, account: user.accountName });
    expect(body<Order>(await detail(user, o.id)).data.status).toBe('cancelled');
  });

  it('an order paid from the balance cannot be confirmed by an operator: it would run unpaid', async () => {
    const p = await newProduct({ inventory: 10 });
    const user = await newUser();
    const o = await placed(user, p.id, 1, 'balance');
    const res = await inject(t.app, { method: 'POST', url: `/api/admin/contracts/orders/${o.id}/confirm`, headers: await as(admin) });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toBe(codeOf('contract_confirm_balance'));
    expect(body<Order>(await detail(user, o.id)).data.status).toBe('unpaid');
  });

  it('a USDT payment seen by the chain adapter confirms the order', async () => {
    const p = await newProduct();
    const user = await newUser();
    const o = await placed(user, p.id, 2);
    await chain().receive('usdt_trc20', o.pay_address!, '80');
    t.clock.advance(2 * 60_000);
    await contracts().orders.scanPayments();
    expect(body<Order>(await detail(user, o.id)).data.status).toBe('unpaid'); // 80 < 81
    await chain().receive('usdt_trc20', o.pay_address!, '1');
    t.clock.advance(2 * 60_000);
    await contracts().orders.scanPayments();
    const paid = body<Order>(await detail(user, o.id)).data;
    expect(paid.status).toBe('effect');
    expect(paid.effect_date).not.toBeNull();
  });

  it('bank transfer: the pool bank details and a reference; operators confirm or reject from the review queue', async () => {
    const p = await newProduct({ inventory: 10 });
    const user = await newUser();
    const a = await placed(user, p.id, 2, 'bank');
    expect(a).toMatchObject({ pay_amount: '600', pay_currency: 'CNY', pay_address: null });
    expect(a.bank!.account_number).toBe('6222 0000 1111');
    expect(a.pay_reference).toMatch(/^HP[0-9A-F]{10}$/);
    const b = await placed(user, p.id, 3, 'bank');
    await upload(user, a.id, 'a.png', PNG);
    await upload(user, b.id, 'b.pdf', PDF);
    const queue = body<{ list: Array<{ id: string; account: string }> }>(await inject(t.app, { url: '/api/admin/contracts/orders?status=checking&page_size=100', headers: await as(admin) })).data.list;
    expect(queue.map((q) => q.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(queue.find((q) => q.id === a.id)!.account).toBe(user.accountName);
    expect((await inject(t.app, { url: '/api/admin/contracts/orders', headers: await as(user) })).statusCode).toBe(403);
    expect((await inject(t.app, { method: 'POST', url: `/api/admin/contracts/orders/${a.id}/reject`, headers: await as(admin), payload: { reason: ' ' } })).statusCode).toBe(400);
    expect((await inject(t.app, { method: 'POST', url: `/api/admin/contracts/orders/${a.id}/confirm`, headers: await as(admin) })).statusCode).toBe(200);
    expect((await inject(t.app, { method: 'POST', url: `/api/admin/contracts/orders/${b.id}/reject`, headers: await as(admin), payload: { reason: 'No payment arrived' } })).statusCode).toBe(200);
    expect(errorOf(await inject(t.app, { method: 'POST', url: `/api/admin/contracts/orders/${b.id}/confirm`, headers: await as(admin) }))).toBe(codeOf('contract_order_state'));
    const rejected = body<Order & { reject_reason: string }>(await detail(user, b.id)).data;
    expect(rejected).toMatchObject({ status: 'rejected', reject_reason: 'No payment arrived' });
    expect(rejected.history.at(-1)).toMatchObject({ to: 'rejected', actor: 'operator', reason: 'No payment arrived' });
    expect(body<Order>(await detail(user, a.id)).data.status).toBe('effect');
    expect((await product(p.id)).inventory).toBe(8);
    const audit = body<{ list: Array<{ action: string; target: string }> }>(await inject(t.app, { url: '/api/admin/audit-log?page_size=50', headers: await as(admin) })).data.list;
    expect(audit.map((x) => `${x.action} ${x.target}`)).toEqual(expect.arrayContaining([`contract_order_confirm contract_order:${a.id}`, `contract_order_reject contract_order:${b.id}`]));
  });

  it('a finance operator reviews payments too (audited under their name), but cannot make products', async () => {
    const p = await newProduct({ inventory: 5 });
    const user = await newUser();
    const order = await placed(user, p.id, 1, 'bank');
    const uploaded = await upload(user, order.id, 'a.png', PNG, '198.51.100.77');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const finance = await newUser(uniqueEmail('finance'));
    const { id: financeId } = body<{ id: string }>(await inject(t.app, { url: '/api/users/mine', headers: await as(finance) })).data;
    const granted = await inject(t.app, { method: 'PUT', url: `/api/admin/users/${financeId}/roles`, headers: await as(admin), payload: { roles: ['finance'], reason: 'payment review' } });
    expect(granted.statusCode, granted.body).toBe(200);

    const queue = body<{ list: Array<{ id: string }> }>(await inject(t.app, { url: '/api/admin/contracts/orders?status=checking&page_size=100', headers: await as(finance) })).data.list;
    expect(queue.map((q) => q.id)).toContain(order.id);
    expect((await inject(t.app, { url: `/api/contracts/orders/${order.id}/certificate`, headers: await as(finance) })).statusCode).toBe(200);
    expect((await inject(t.app, { method: 'POST', url: `/api/admin/contracts/orders/${order.id}/confirm`, headers: await as(finance) })).statusCode).toBe(200);
    expect(body<Order>(await detail(user, order.id)).data.status).toBe('effect');
    const audit = body<{ list: Array<{ action: string; target: string; admin: string | null }> }>(
      await inject(t.app, { url: '/api/admin/audit-log?page_size=50', headers: await as(admin) }),
    ).data.list;
    const entry = audit.find((x) => x.action === 'contract_order_confirm' && x.target === `contract_order:${order.id}`);
    expect(entry?.admin).toBe(finance.email);
    // Products and the pool's bank details stay admin's.
    expect((await inject(t.app, { method: 'POST', url: '/api/admin/contracts/products', headers: await as(finance), payload: productBody() })).statusCode).toBe(403);
    // Their own order is confirmed by another operator: confirmed, it pays them profits.
    const own = await placed(finance, p.id, 1, 'bank');
    expect((await upload(finance, own.id, 'own.png', PNG, '198.51.100.78')).statusCode).toBe(200);
    const mine = await inject(t.app, { method: 'POST', url: `/api/admin/contracts/orders/${own.id}/confirm`, headers: await as(finance) });
    expect(mine.statusCode, mine.body).toBe(403);
    expect(errorOf(mine)).toBe(codeOf('operator_own_money'));
    expect(body<Order>(await detail(finance, own.id)).data.status).toBe('checking');
    expect((await inject(t.app, { method: 'POST', url: `/api/admin/contracts/orders/${own.id}/confirm`, headers: await as(admin) })).statusCode).toBe(200);
  });
});

describe('paying from the balance and the daily profit', () => {
  it('pays an order from the wallet balance in one contract purchase posting (idempotent); refuses beyond the balance', async () => {
    const p = await newProduct();
    const user = await newUser();
    const usdt = await placed(user, p.id, 1);
    const o = await placed(user, p.id, 1, 'balance');
    const quote = body<Order>(await detail(user, o.id)).data.balance_pay!;
    expect(quote.coin).toBe('btc');
    // Paying from the balance takes a transfer's checks: without a pay password, refused.
    const code = () => emailOperationCode(t, inbox, user, 'transfer', walletSubject.contractOrder(o));
    const pay = async (key: string, pay?: { pay_password?: string; verification?: Record<string, string>; amount?: string }) =>
      inject(t.app, {
        method: 'POST',
        url: `/api/contracts/orders/${o.id}/pay-balance`,
        headers: { ...(await as(user)), 'idempotency-key': key },
        payload: { pay_password: pay?.pay_password ?? TEST_PIN, verification: pay?.verification ?? { email_code: await code() }, amount: pay?.amount ?? quote.amount },
      });
    // Only an order placed to be paid from the balance is.
    expect(errorOf(await inject(t.app, { method: 'POST', url: `/api/contracts/orders/${usdt.id}/pay-balance`, headers: { ...(await as(user)), 'idempotency-key': randomUUID() }, payload: { pay_password: TEST_PIN, verification: {}, amount: quote.amount } }))).toBe(codeOf('contract_balance_not_chosen'));
    expect(errorOf(await pay(randomUUID()))).toBe(codeOf('pay_password_not_set'));
    await setPayPassword(t, inbox, user, { keepHold: true });
    expect(errorOf(await pay(randomUUID()))).toBe(codeOf('withdraw_hold'));
    await setPayPassword(t, inbox, user);
    expect(errorOf(await inject(t.app, { method: 'POST', url: `/api/contracts/orders/${o.id}/pay-balance`, headers: { ...(await as(user)), 'idempotency-key': randomUUID() } }))).toBe(codeOf('validation_failed'));
    // Short of the quote: refused before the code is spent (the same code is refused the same way
    // again, not as a used code) and before a PIN try counts.
    const short = { email_code: await code() };
    expect(errorOf(await pay(randomUUID(), { verification: short }))).toBe(codeOf('insufficient_balance'));
    expect(errorOf(await pay(randomUUID(), { verification: short, pay_password: '000000' }))).toBe(codeOf('insufficient_balance'));
    expect(body<Order>(await detail(user, o.id)).data.status).toBe('unpaid');
    await credit(user, 'btc', '1');
    expect(errorOf(await pay(randomUUID(), { verification: {} }))).toBe(codeOf('second_factor_required'));
    expect(errorOf(await pay(randomUUID(), { pay_password: '000000' }))).toBe(codeOf('pay_password_incorrect'));
    const key = randomUUID();
    const verification = { email_code: await code() };
    // An amount other than the current quote (the dialog showed yesterday's price) charges nothing
    // and spends no code: the answer names the amount now.
    const moved = await pay(key, { verification, amount: new Decimal(quote.amount).plus('0.00000001').toFixed() });
    expect(errorOf(moved)).toBe(codeOf('contract_quote_changed'));
    expect(body<unknown>(moved).msg).toContain(quote.amount);
    const paid = await pay(key, { verification });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(body<Order>(paid).data).toMatchObject({ status: 'effect', pay_amount: quote.amount, pay_currency: 'BTC' });
    expect((await pay(key, { verification })).statusCode).toBe(200);
    expect(await balance(user, 'btc')).toBe(String(1 - Number(quote.amount)).replace(/0+$/, ''));
    const txs = body<{ list: Array<{ business_type?: string; type?: string }> }>(await inject(t.app, { url: '/api/v2/wallets/transactions?page_size=50', headers: await as(user) })).data.list;
    expect(JSON.stringify(txs).match(/contract_purchase/g)?.length).toBe(1);
  });

  it('credits each effect day once (key contract:<order>:<day>); a shortfall day credits zero', async () => {
    const p = await newProduct({ hashrate: '1000', hashrate_unit: 'TH/s', electricity_rate: '0.01', duration_days: 2 });
    const costly = await newProduct({ power_watts: '100000', electricity_rate: '1' });
    const user = await newUser();
    const a = await placed(user, p.id, 1);
    const b = await placed(user, costly.id, 1);
    for (const o of [a, b]) expect((await inject(t.app, { method: 'POST', url: `/api/admin/contracts/orders/${o.id}/confirm`, headers: await as(admin) })).statusCode).toBe(200);
    const effect = body<Order>(await detail(user, a.id)).data;
    expect(effect.end_date).toBe(new Date(Date.parse(effect.effect_date!) + 2 * DAY).toISOString().slice(0, 10));
    // Three days later: both of a's days are complete, and market data are there.
    t.clock.advance(3 * DAY);
    await t.app.modules.earnings.earnings.extendMarketData();
    const before = await balance(user, 'btc');
    await contracts().profits.settle();
    await contracts().profits.settle();
    const page = body<{ list: Array<{ day: string; output: string; electricity: string; fee: string; net: string; credited: string; shortfall: boolean }>; total: number; total_credited: string }>(
      await inject(t.app, { url: `/api/contracts/orders/${a.id}/profits`, headers: await as(user) }),
    ).data;
    expect(page.total).toBe(2);
    for (const row of page.list) {
      expect(row.shortfall).toBe(false);
      expect(Number(row.credited)).toBeGreaterThan(0);
      expect(Math.abs(Number(row.output) - Number(row.electricity) - Number(row.fee) - Number(row.net))).toBeLessThan(1e-12);
    }
    expect(Number(await balance(user, 'btc')) - Number(before)).toBeCloseTo(Number(page.total_credited), 8);
    expect(body<Order>(await detail(user, a.id)).data.status).toBe('finish');
    const costlyPage = body<{ list: Array<{ credited: string; shortfall: boolean }> }>(await inject(t.app, { url: `/api/contracts/orders/${b.id}/profits`, headers: await as(user) })).data;
    expect(costlyPage.list.length).toBeGreaterThan(0);
    expect(costlyPage.list.every((r) => r.shortfall && r.credited === '0')).toBe(true);
    const txs = await inject(t.app, { url: '/api/v2/wallets/transactions?page_size=50', headers: await as(user) });
    expect(txs.body.match(/contract_profit/g)?.length).toBe(2);
    const dash = body<{ running: number; coins: Array<{ coin: string; total: string }>; days: unknown[] }>(await inject(t.app, { url: '/api/contracts/dashboard', headers: await as(user) })).data;
    expect(dash.running).toBe(1);
    expect(dash.coins.find((c) => c.coin === 'btc')!.total).toBe(page.total_credited);
    expect(dash.days.length).toBeGreaterThan(0);
    const stranger = await newUser();
    expect(errorOf(await inject(t.app, { url: `/api/contracts/orders/${a.id}/profits`, headers: await as(stranger) }))).toBe(codeOf('contract_order_not_found'));
  });

  it('hands a finished order\'s last fraction to the sub-account\'s carried fraction, paid with its next credit; completing a satoshi, it is credited from sys:contracts at once', async () => {
    const p = await newProduct({ hashrate: '1000', hashrate_unit: 'TH/s', electricity_rate: '0.01', duration_days: 2 });
    const [one, two] = [await newUser(), await newUser()];
    const [a, b] = [await placed(one, p.id, 1), await placed(two, p.id, 1)];
    for (const o of [a, b]) expect((await inject(t.app, { method: 'POST', url: `/api/admin/contracts/orders/${o.id}/confirm`, headers: await as(admin) })).statusCode).toBe(200);
    const first = body<Order>(await detail(one, a.id)).data.effect_date!;
    const days = [first, new Date(Date.parse(first) + DAY).toISOString().slice(0, 10)];
    t.clock.advance(3 * DAY);
    await t.app.modules.earnings.earnings.extendMarketData();
    // Both days credited, the orders not finished yet: each keeps the fraction its credits left.
    for (const o of [a, b]) for (const d of days) expect(await contracts().profits.settleDay(o.id, d)).toBe(true);
    const carryOf = async (id: string) => new Decimal((await queryRows<{ carry: string }>(t.database.db, sql`select profit_carry::text as carry from contract_orders where id = ${id}`))[0]!.carry);
    const carried = async (u: User) => new Decimal((await queryRows<{ r: string }>(t.database.db, sql`select remainder::text as r from credit_remainders where holder = ${u.accountId} and coin = 'btc'`))[0]?.r ?? 0);
    const [xa, xb] = [await carryOf(a.id), await carryOf(b.id)];
    const SAT = new Decimal('0.00000001');
    expect(xa.gt(0) && xa.lt(SAT) && xb.gt(0) && xb.lt(SAT)).toBe(true);
    // The second user's sub-account carries a fraction from an earlier credit that b's completes to a satoshi.
    const earlier = SAT.minus(xb.div(2));
    await t.database.db.execute(sql`insert into credit_remainders (holder, coin, remainder, updated_at) values (${two.accountId}, 'btc', ${earlier.toFixed()}, now())`);
    const before = [new Decimal(await balance(one, 'btc')), new Decimal(await balance(two, 'btc'))];
    await contracts().profits.settle();
    await contracts().profits.settle();
    expect(body<Order>(await detail(one, a.id)).data.status).toBe('finish');
    expect(body<Order>(await detail(two, b.id)).data.status).toBe('finish');
    // The orders keep no fraction; a's is the sub-account's carried fraction, for its next credit of BTC.
    expect((await carryOf(a.id)).toFixed()).toBe('0');
    expect((await carryOf(b.id)).toFixed()).toBe('0');
    expect((await carried(one)).toFixed()).toBe(xa.toFixed());
    expect(new Decimal(await balance(one, 'btc')).minus(before[0]!).toFixed()).toBe('0');
    // b's completed a satoshi with the earlier fraction: credited now (contract:<order>:carry), the rest carried.
    expect(new Decimal(await balance(two, 'btc')).minus(before[1]!).toFixed()).toBe(SAT.toFixed());
    expect((await carried(two)).toFixed()).toBe(earlier.plus(xb).minus(SAT).toFixed());
    const keys = await queryRows<{ key: string }>(t.database.db, sql`select idempotency_key as key from ledger_postings where idempotency_key in (${`contract:${a.id}:carry`}, ${`contract:${b.id}:carry`})`);
    expect(keys.map((k) => k.key)).toEqual([`contract:${b.id}:carry`]);
    const report = await reconcile(t.database.db, t.app.modules.wallet.custody);
    expect(report.ok, JSON.stringify(report)).toBe(true);
  });
});
