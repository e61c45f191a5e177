// The miner catalogue through HTTP: seeded models, the ranking computed from the earnings' market
// data at the caller's electricity price (the shared formula), filters, detail, the calculators'
// market figures, operators' edits (audited), and access.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, estimateProfit, type CoinMarketItem, type MinerModel, type MinerRankingItem, type Tokens } from '@hashpool/shared';
import { auth, inject, registerByEmail, uniqueEmail } from './account-helpers';
import { SmtpInbox } from './smtp-inbox';
import { body, startTestApp, type TestApp } from './test-app';

let t: TestApp;
const inbox = new SmtpInbox();
const ADMIN = uniqueEmail('operator');
let admin: { tokens: Tokens };

beforeAll(async () => {
  t = await startTestApp({ env: { SMTP_URL: await inbox.start(), ALTCHA_COST: '1', ADMIN_EMAILS: ADMIN, ACCESS_TOKEN_TTL_SECONDS: '3600' } });
  admin = await registerByEmail(t.app, inbox, ADMIN);
});
afterAll(async () => {
  await t?.close();
  await inbox.stop();
});

type Ranking = { list: MinerRankingItem[]; vendors: string[]; algorithms: string[] };
const ranking = async (query = '') => body<Ranking>(await t.app.inject({ url: `/api/miners/ranking${query}` })).data;

describe('the ranking', () => {
  it('ranks the seeded models by net profit with the shared formula, and follows the electricity price', async () => {
    const cheap = await ranking('?electricity=0.02');
    expect(cheap.list.length).toBeGreaterThanOrEqual(15);
    expect(cheap.vendors).toEqual(expect.arrayContaining(['Bitmain', 'MicroBT', 'Goldshell', 'IceRiver']));
    const profits = cheap.list.map((m) => m.daily_profit_usd ?? -Infinity);
    expect([...profits].sort((a, b) => b - a)).toEqual(profits);
    const market = body<{ list: CoinMarketItem[] }>(await t.app.inject({ url: '/api/miners/market' })).data.list;
    const btc = market.find((c) => c.coin === 'btc')!;
    // The seeded figures are labelled demo; ETHW's are plausible (an E9 Pro makes about 1.2 ETHW a day, not dozens).
    expect(btc.demo).toBe(true);
    const e9 = cheap.list.find((m) => m.coin === 'eth' && /E9 Pro/.test(m.name));
    if (e9) expect(Number(e9.daily_coins)).toBeLessThan(3);
    const s21 = cheap.list.find((m) => m.name === 'Antminer S21')!;
    expect(s21).toMatchObject({ vendor: 'Bitmain', algorithm: 'SHA256d', hashrate: '200000000000000', power_watts: '3500', coin: 'btc' });
    const e = estimateProfit({ hashrateHs: 200e12, powerWatts: 3500, electricityUsdPerKwh: 0.02 }, { networkDifficulty: btc.network_difficulty, hashesPerDifficulty: btc.hashes_per_difficulty, blockReward: btc.block_reward, feeRatePercent: btc.fee_rate, priceUsd: btc.price_usd });
    expect(s21.daily_coins).toBeCloseTo(e.dailyCoins, 12);
    expect(s21.daily_profit_usd).toBeCloseTo(e.dailyProfitUsd!, 9);
    expect(s21.daily_electricity_usd).toBeCloseTo(1.68, 9);
    const dear = await ranking('?electricity=0.2');
    const s21dear = dear.list.find((m) => m.id === s21.id)!;
    expect(s21dear.daily_profit_usd!).toBeCloseTo(s21.daily_profit_usd! - (3500 * 24 / 1000) * 0.18, 9);
  });

  it('filters by algorithm and vendor, and refuses a bad electricity price', async () => {
    const scrypt = await ranking('?algorithm=Scrypt');
    expect(scrypt.list.map((m) => m.name).sort()).toEqual(['Antminer L7', 'LT6']);
    expect(scrypt.list.every((m) => m.coin === 'ltc' || m.coin === 'doge')).toBe(true);
    const iceriver = await ranking('?vendor=IceRiver');
    expect(iceriver.list.every((m) => m.vendor === 'IceRiver' && m.coin === 'kas')).toBe(true);
    expect((await t.app.inject({ url: '/api/miners/ranking?electricity=-1' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/miners/ranking?electricity=abc' })).statusCode).toBe(400);
  });

  it('answers a model with its coins\' market figures; an unknown one is not found', async () => {
    const { list } = await ranking('?algorithm=kHeavyHash');
    const res = await t.app.inject({ url: `/api/miners/${list[0]!.id}` });
    expect(res.statusCode).toBe(200);
    expect(body<{ market: CoinMarketItem[] }>(res).data.market.map((c) => c.coin)).toEqual(['kas']);
    expect(body(await t.app.inject({ url: '/api/miners/999999' })).code).toBe(ERRORS.miner_model_not_found.code);
  });
});

describe('operators', () => {
  const model = { vendor: 'Test Vendor', name: 'TV-1', algorithm: 'SHA256d', hashrate: 100e12, power_watts: 3000, price_usd: 1500, sellers: [{ region: 'Europe', country: 'DE', seller: 'Example Store', price_usd: 1550, stock: 3 }] };

  it('add, edit and disable a model; duplicates refused; audited', async () => {
    const created = await inject(t.app, { method: 'POST', url: '/api/admin/miners', headers: auth(admin.tokens), payload: model });
    expect(created.statusCode, created.body).toBe(200);
    const m = body<MinerModel>(created).data;
    expect(m).toMatchObject({ hashrate: '100000000000000', price_usd: '1500', sellers: [{ seller: 'Example Store', stock: 3 }] });
    expect(body(await inject(t.app, { method: 'POST', url: '/api/admin/miners', headers: auth(admin.tokens), payload: { ...model, name: 'tv-1' } })).code).toBe(ERRORS.miner_model_exists.code);
    const withPrice = (await ranking('?vendor=Test%20Vendor&electricity=0')).list[0]!;
    expect(withPrice.daily_profit_usd).toBeCloseTo(withPrice.daily_revenue_usd!, 12);
    const edited = await inject(t.app, { method: 'PUT', url: `/api/admin/miners/${m.id}`, headers: auth(admin.tokens), payload: { ...model, enabled: false } });
    expect(body<MinerModel>(edited).data.enabled).toBe(false);
    expect((await ranking('?vendor=Test%20Vendor')).list).toHaveLength(0);
    expect(body(await t.app.inject({ url: `/api/miners/${m.id}` })).code).toBe(ERRORS.miner_model_not_found.code);
    const all = body<{ list: MinerModel[] }>(await inject(t.app, { url: '/api/admin/miners', headers: auth(admin.tokens) })).data.list;
    expect(all.find((x) => x.id === m.id)?.enabled).toBe(false);
    const audit = body<{ list: Array<{ action: string; target: string }> }>(await inject(t.app, { url: '/api/admin/audit-log?page_size=100', headers: auth(admin.tokens) })).data.list;
    expect(audit.filter((e) => e.target === `miner_model:${m.id}`).map((e) => e.action).sort()).toEqual(['miner_model_create', 'miner_model_update']);
  });

  it('two models renamed to one vendor and name at once: one is, the other is refused as a duplicate', async () => {
    const make = async (name: string) => body<MinerModel>(await inject(t.app, { method: 'POST', url: '/api/admin/miners', headers: auth(admin.tokens), payload: { ...model, name } })).data.id;
    const [a, b] = [await make('Race-A'), await make('Race-B')];
    const rename = (id: number) => inject(t.app, { method: 'PUT', url: `/api/admin/miners/${id}`, headers: auth(admin.tokens), payload: { ...model, name: 'Race-Same' } });
    const answers = await Promise.all([rename(a), rename(b)]);
    expect(answers.map((r) => r.statusCode).sort(), answers.map((r) => r.body).join(' ')).toEqual([200, 409]);
    expect(answers.map((r) => body(r).code)).toContain(ERRORS.miner_model_exists.code);
  });

  it('only operators edit', async () => {
    const user = await registerByEmail(t.app, inbox);
    expect((await inject(t.app, { method: 'POST', url: '/api/admin/miners', headers: auth(user.tokens), payload: model })).statusCode).toBe(403);
    expect((await inject(t.app, { url: '/api/admin/miners' })).statusCode).toBe(401);
  });
});
