// Prices from a feed through HTTP on a test database, against a local server that speaks
// CoinGecko's simple price call (test/fakes/coingecko.ts): each poll stores the coins' USD prices
// and the currency rates (from Tether's price in each currency) with their time and source, and
// GET /pools and the rates show them; the API key travels in its header; a feed that fails
// changes nothing and is shown; a price older than the limit is no price (GET /pools shows none,
// a new market day gets none) and the operators are alerted once; the day gets the fresh price
// when the feed is back; an operator's override is audited and refused when it breaks a rule.
// A wrong or stalled feed: a quote's time is CoinGecko's last update, so a price it stopped
// updating goes stale; a jump beyond MAX_PRICE_JUMP is refused (old price kept, shown, operators
// told once per code) while an operator's price is not bound; a value the column cannot hold is
// skipped and the rest stored; another failure is kept as the last error and the stale check still
// runs; the stale alert leaves unlisted coins out and alerts again when a code it did not name
// goes stale.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERRORS, type Tokens } from '@hashpool/shared';
import { pricesTick } from '../src/modules/prices/prices.jobs';
import { auth, inject, registerByEmail, uniqueEmail } from './account-helpers';
import { FakeCoingecko } from './fakes/coingecko';
import { SmtpInbox } from './smtp-inbox';
import { body, startTestApp, type TestApp } from './test-app';

const KEY = 'cg-demo-key-for-the-test';
const fake = new FakeCoingecko(KEY);
const inbox = new SmtpInbox();
const ADMIN = uniqueEmail('prices-admin');
let t: TestApp;
let admin: Awaited<ReturnType<typeof registerByEmail>>;
let miner: Awaited<ReturnType<typeof registerByEmail>>;

interface Quote { kind: string; code: string; value: string | null; source: string | null; updated_at: string | null; stale: boolean; reason: string | null; updated_by: string | null }
interface Status { source: string; stale_after_minutes: number; last_poll_at: string | null; last_error: string | null; list: Quote[] }

beforeAll(async () => {
  fake.prices = {
    bitcoin: { usd: 67187.33, cny: 483748.776, rub: 6382796 },
    litecoin: { usd: 1.2e2 },
    tether: { usd: 1, cny: 7.2, eur: 0.92, gbp: 0.79, rub: 95, jpy: 150, krw: 1380, hkd: 7.8 },
  };
  // CoinGecko updated every price at the test's time unless a test says otherwise.
  fake.now = () => t.clock.now();
  t = await startTestApp({
    env: {
      SMTP_URL: await inbox.start(), ALTCHA_COST: '1', ADMIN_EMAILS: ADMIN, ACCESS_TOKEN_TTL_SECONDS: '3600',
      PRICES_SOURCE: 'coingecko', PRICES_COINGECKO_BASE: await fake.start(), PRICES_COINGECKO_KEY: KEY, PRICES_STALE_MINUTES: '30',
    },
  });
  admin = await registerByEmail(t.app, inbox, ADMIN);
  miner = await registerByEmail(t.app, inbox, uniqueEmail('prices-miner'));
});
afterAll(async () => {
  await t?.close();
  await fake.stop();
  await inbox.stop();
});

/** A fresh bearer header (the tests move the clock past an access token's life). */
async function fresh(p: { tokens: Tokens }): Promise<Record<string, string>> {
  const res = await inject(t.app, { method: 'POST', url: '/api/users/refresh/login', payload: { refresh_token: p.tokens.refresh_token } });
  expect(res.statusCode, res.body).toBe(200);
  p.tokens = body<Tokens>(res).data;
  return auth(p.tokens);
}
const tick = () => pricesTick({ db: t.database.db, prices: t.app.modules.prices.prices, log: t.app.log });
const status = async () => body<Status>(await inject(t.app, { url: '/api/admin/prices', headers: await fresh(admin) })).data;
const quote = (s: Status, kind: string, code: string) => s.list.find((q) => q.kind === kind && q.code === code)!;
const poolPrice = async (coin: string) => body<Array<{ coin: string; price_usd: string | null }>>(await inject(t.app, { url: '/api/pools' })).data.find((p) => p.coin === coin)!.price_usd;
const alerts = async (kind = 'prices_stale') =>
  body<{ list: Array<{ type: string; params: Record<string, string> }> }>(await inject(t.app, { url: '/api/messages?page=1&page_size=50', headers: await fresh(admin) })).data.list.filter((m) => m.params.alert === kind);
const unix = (iso: string) => Date.parse(iso) / 1000;

describe('prices from CoinGecko', () => {
  it('before the first answer every price is stale: GET /pools shows none', async () => {
    const s = await status();
    expect(s).toMatchObject({ source: 'coingecko', stale_after_minutes: 30, last_poll_at: null });
    expect(quote(s, 'coin', 'btc')).toMatchObject({ value: null, stale: true });
    expect(await poolPrice('btc')).toBeNull();
  });

  it('a poll stores prices and rates with source and time; the key travels in its header', async () => {
    await tick();
    const request = fake.requests.at(-1)!;
    expect(request).toMatchObject({ path: '/api/v3/simple/price', key: KEY, lastUpdated: true });
    expect(request.ids).toEqual(expect.arrayContaining(['bitcoin', 'litecoin', 'tether']));
    expect(request.currencies).toEqual(expect.arrayContaining(['usd', 'cny', 'rub', 'jpy', 'krw']));
    const s = await status();
    expect(s.last_poll_at).toBe(t.clock.now().toISOString());
    expect(quote(s, 'coin', 'btc')).toMatchObject({ value: '67187.33', source: 'coingecko', stale: false, updated_at: t.clock.now().toISOString() });
    expect(quote(s, 'coin', 'ltc')).toMatchObject({ value: '120', stale: false });
    // X per CNY from Tether: 1/7.2 dollars, 95/7.2 roubles; CNY is the unit.
    expect(quote(s, 'currency', 'USD')).toMatchObject({ value: '0.1388888889', source: 'coingecko', stale: false });
    expect(quote(s, 'currency', 'RUB')).toMatchObject({ value: '13.19444444' });
    expect(quote(s, 'currency', 'CNY')).toMatchObject({ value: '1', stale: false });
    expect(await poolPrice('btc')).toBe('67187.33');
    const rates = body<{ rates: Array<{ currency: string; rate: string }> }>(await inject(t.app, { url: '/api/v2/wallets/currency/rates' })).data.rates;
    expect(rates.find((r) => r.currency === 'KRW')?.rate).toBe('191.6666667');
  });

  it('coins the feed does not know stay stale, and the operators are told once', async () => {
    expect(quote(await status(), 'coin', 'doge').stale).toBe(true);
    expect(await poolPrice('doge')).toBeNull();
    const first = await alerts();
    expect(first).toHaveLength(1);
    expect(first[0]!.params.codes).toContain('doge');
    await tick();
    expect(await alerts()).toHaveLength(1);
  });

  it('a failing feed changes nothing and is shown; past the limit the price is no price and a new day gets none', async () => {
    fake.down = true;
    t.clock.set('2026-06-02T00:10:00Z');
    await tick();
    const s = await status();
    expect(s.last_error).toContain('HTTP 503');
    expect(quote(s, 'coin', 'btc')).toMatchObject({ value: '67187.33', stale: true });
    expect(await poolPrice('btc')).toBeNull();
    await t.app.modules.earnings.earnings.extendMarketData();
    const day = await t.app.modules.earnings.earnings.marketDay('btc', '2026-06-02');
    expect(day.priceUsd).toBeNull();
    // Contract purchases and profits priced from the day wait for it.
    expect(await t.app.modules.earnings.earnings.unitEarnings('btc', '2026-06-02')).toMatchObject({ priceUsd: null });

    fake.down = false;
    fake.prices.bitcoin!.usd = 68000.5;
    await tick();
    expect(await t.app.modules.earnings.earnings.fillMissingPrices()).toBeGreaterThanOrEqual(1);
    expect((await t.app.modules.earnings.earnings.unitEarnings('btc', '2026-06-02'))?.priceUsd).toBe('68000.5');
    expect((await status()).last_error).toBeNull();
  });

  it('an operator sets a price with a reason (audited, at once); rules refuse with a clear message', async () => {
    const put = async (kind: string, code: string, payload: Record<string, unknown>, who = admin) =>
      inject(t.app, { method: 'PUT', url: `/api/admin/prices/${kind}/${code}`, headers: { ...(await fresh(who)), lang: 'en' }, payload });
    const res = await put('coin', 'doge', { value: '0.2', reason: 'feed lacks it' });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<Quote>(res).data).toMatchObject({ code: 'doge', value: '0.2', source: 'operator', stale: false, reason: 'feed lacks it', updated_by: ADMIN });
    expect(await poolPrice('doge')).toBe('0.2');
    const log = body<{ list: Array<{ action: string; target: string; detail: Record<string, string> }> }>(await inject(t.app, { url: '/api/admin/audit-log', headers: await fresh(admin) })).data.list;
    expect(log.find((e) => e.action === 'price_override')).toMatchObject({ target: 'price:coin:doge', detail: { from: '', to: '0.2', reason: 'feed lacks it' } });

    const unit = await put('currency', 'CNY', { value: '2', reason: 'x' });
    expect(unit.statusCode).toBe(409);
    expect(body(unit)).toMatchObject({ code: ERRORS.price_rate_fixed.code, msg: expect.stringContaining('CNY') });
    expect((await put('coin', 'nocoin', { value: '1', reason: 'x' })).statusCode).toBe(404);
    expect((await put('coin', 'btc', { value: '-1', reason: 'x' })).statusCode).toBe(400);
    expect((await put('coin', 'btc', { value: '0', reason: 'x' })).statusCode).toBe(400);
    expect((await put('coin', 'btc', { value: '1', reason: '' })).statusCode).toBe(400);
    expect((await put('metal', 'btc', { value: '1', reason: 'x' })).statusCode).toBe(400);
    expect((await put('coin', 'btc', { value: '1', reason: 'x' }, miner)).statusCode).toBe(403);
  });
});

describe('a wrong or stalled feed', () => {
  const put = async (kind: string, code: string, payload: Record<string, unknown>) =>
    inject(t.app, { method: 'PUT', url: `/api/admin/prices/${kind}/${code}`, headers: { ...(await fresh(admin)), lang: 'en' }, payload });

  beforeAll(async () => {
    // Only BTC, LTC and DOGE stay listed; the other coins (most without a price) are switched off.
    await t.database.db.execute(sql`update coins set enabled = false where code not in ('btc', 'ltc', 'doge')`);
  });

  it('coins not listed are left out of the stale alert; a code going stale that it did not name alerts again', async () => {
    t.clock.set('2026-06-02T00:20:00Z');
    await tick();
    // Every listed coin and every rate is fresh (DOGE by the operator's price of 00:10).
    expect(await t.app.modules.prices.prices.alertIfStale()).toEqual([]);
    const before = (await alerts()).length;
    t.clock.set('2026-06-02T00:45:00Z');
    await tick();
    const after = await alerts();
    expect(after).toHaveLength(before + 1);
    expect(after[0]!.params.codes).toBe('doge');
    t.clock.set('2026-06-02T00:50:00Z');
    await tick();
    expect(await alerts()).toHaveLength(before + 1);
  });

  it("a quote's time is when CoinGecko last updated the price: a price it stopped updating goes stale", async () => {
    t.clock.set('2026-06-02T01:00:00Z');
    fake.prices.litecoin!.usd = 121;
    fake.updatedAt.litecoin = unix('2026-06-02T00:55:00Z');
    await tick();
    expect(quote(await status(), 'coin', 'ltc')).toMatchObject({ value: '121', stale: false, updated_at: '2026-06-02T00:55:00.000Z' });
    const before = (await alerts()).length;
    t.clock.set('2026-06-02T01:30:00Z');
    await tick();
    const s = await status();
    expect(quote(s, 'coin', 'ltc')).toMatchObject({ value: '121', stale: true, updated_at: '2026-06-02T00:55:00.000Z' });
    expect(quote(s, 'coin', 'btc')).toMatchObject({ stale: false, updated_at: '2026-06-02T01:30:00.000Z' });
    expect(await poolPrice('ltc')).toBeNull();
    // LTC is a code the last alert did not name: told again.
    const after = await alerts();
    expect(after).toHaveLength(before + 1);
    expect(after[0]!.params.codes).toBe('ltc, doge');
    delete fake.updatedAt.litecoin;
  });

  it('a jump beyond the bound is refused: the old price stays, the error shows it, the operators are told once; an operator is not bound', async () => {
    t.clock.set('2026-06-02T01:40:00Z');
    fake.prices.bitcoin!.usd = 272002.5; // 4x
    await tick();
    let s = await status();
    expect(quote(s, 'coin', 'btc')).toMatchObject({ value: '68000.5', source: 'coingecko', updated_at: '2026-06-02T01:30:00.000Z' });
    expect(s.last_error).toContain('btc 272002.5 refused');
    expect(await poolPrice('btc')).toBe('68000.5');
    let jumps = await alerts('price_jump');
    expect(jumps).toHaveLength(1);
    expect(jumps[0]!.params).toMatchObject({ prices: 'btc 68000.5 → 272002.5', bound: '3' });
    t.clock.set('2026-06-02T01:45:00Z');
    await tick();
    expect(await alerts('price_jump')).toHaveLength(1);

    // A real move: the operator enters it (no bound), and the feed is compared with it from then.
    const res = await put('coin', 'btc', { value: '272000', reason: 'the rally is real' });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<Quote>(res).data).toMatchObject({ value: '272000', source: 'operator' });
    t.clock.set('2026-06-02T01:50:00Z');
    await tick();
    s = await status();
    expect(quote(s, 'coin', 'btc')).toMatchObject({ value: '272002.5', source: 'coingecko', stale: false });
    expect(s.last_error).toBeNull();

    // Below a third: refused, and told again (the code was cleared when a price of it was taken).
    t.clock.set('2026-06-02T01:55:00Z');
    fake.prices.bitcoin!.usd = 90000;
    await tick();
    expect(quote(await status(), 'coin', 'btc')).toMatchObject({ value: '272002.5' });
    jumps = await alerts('price_jump');
    expect(jumps).toHaveLength(2);
    expect(jumps[0]!.params.prices).toBe('btc 272002.5 → 90000');
  });

  it('a value the column cannot hold is skipped and named; the other values are stored', async () => {
    t.clock.set('2026-06-02T02:00:00Z');
    fake.prices.bitcoin!.usd = 270000;
    fake.prices.dogecoin = { usd: 1e21 };
    fake.prices.litecoin!.usd = 1e-20;
    try {
      await tick();
      const s = await status();
      expect(quote(s, 'coin', 'btc')).toMatchObject({ value: '270000', updated_at: '2026-06-02T02:00:00.000Z' });
      expect(quote(s, 'coin', 'doge')).toMatchObject({ value: '0.2', source: 'operator' });
      expect(quote(s, 'coin', 'ltc')).toMatchObject({ value: '121' });
      expect(quote(s, 'currency', 'USD')).toMatchObject({ updated_at: '2026-06-02T02:00:00.000Z' });
      expect(s.last_error).toContain('doge 1000000000000000000000 skipped');
      expect(s.last_error).toContain('ltc 0.00000000000000000001 skipped');
    } finally {
      delete fake.prices.dogecoin;
      fake.prices.litecoin!.usd = 121;
    }
  });

  it('another failure is kept as the last error, and the stale check still runs', async () => {
    t.clock.set('2026-06-02T02:40:00Z');
    const before = (await alerts()).length;
    const write = vi.spyOn(t.app.modules.content.content, 'writePrices').mockRejectedValueOnce(new Error('disk full'));
    try {
      await expect(tick()).rejects.toThrow('disk full');
    } finally {
      write.mockRestore();
    }
    expect((await status()).last_error).toContain('disk full');
    // BTC's quote of 02:00 and the rates went stale meanwhile: told.
    const after = await alerts();
    expect(after).toHaveLength(before + 1);
    expect(after[0]!.params.codes).toContain('btc');
    expect(after[0]!.params.codes).toContain('USD');
  });
});
