// Promotions through the HTTP API: coupon campaigns and codes (redeem, its refusals,
// start using, one in use per coin, expiry and finishing by the leased job), the fee vector
// through the real settlement (FPPS 2.5 %, coupon 40 % -> 1.5 %; the saving equals the difference
// of two settlements to the satoshi), red packets (public page, receiving and its refusals: bound
// email, main account, none left, expired; the daily credit at no fee from the reserve, its
// idempotency and the budget cap; the leftover returned), the 100-users-for-10-shares race,
// disabling a campaign (unredeemed codes refused, redeemed coupons kept), cancelling a packet by
// its funder or an operator (the unreceived shares' budget returned once; a cancel racing 40
// receivers never lets a share be both received and returned), the funder's none_left message,
// and who may call what. The ledger reconciliation runs at teardown (test-app).
import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, walletSubject, type Tokens } from '@hashpool/shared';
import { queryRows, type Db, type Tx } from '../src/db/client';
import { inTransaction } from '../src/db/transaction';
import { FakeClock } from '../src/platform/clock';
import { payMethods } from '../src/modules/earnings/earnings.tables';
import { CouponsService, type CouponsDeps } from '../src/modules/promotions/coupons.service';
import { promotionsTick } from '../src/modules/promotions/promotions.jobs';
import { markEnded } from '../src/modules/promotions/promotions.repository';
import { RedPacketCreditsService, type RedPacketCreditsDeps } from '../src/modules/promotions/red-packet-credits.service';
import { balanceOf, post as postLedger, SYSTEM } from '../src/modules/ledger/ledger';
import { auth, emailOperationCode, inject, login, PASSWORD, registerByEmail, setPayPassword, TEST_PIN, uniqueEmail } from './account-helpers';
import { SmtpInbox } from './smtp-inbox';
import { body, startTestApp, type TestApp } from './test-app';

let t: TestApp;
const inbox = new SmtpInbox();
const clock = new FakeClock('2026-07-01T12:00:00Z');
const ADMIN = uniqueEmail('promo-admin');
beforeAll(async () => {
  t = await startTestApp({ demo: false, clock, env: { SMTP_URL: await inbox.start(), ALTCHA_COST: '1', ADMIN_EMAILS: ADMIN, ACCESS_TOKEN_TTL_SECONDS: '3600' } });
  admin = await user(ADMIN);
});
afterAll(async () => {
  await t?.close();
  await inbox.stop();
});
const db = () => t.database.db;
const Exact = Decimal.clone({ precision: 60 });
const codeOf = (res: { body: string }) => body(res).code;
const err = (key: keyof typeof ERRORS) => ERRORS[key].code;

interface User {
  email: string;
  device: string;
  tokens: Tokens;
  accountId: string;
  accountName: string;
}
let admin: User;

async function user(email = uniqueEmail('promo')): Promise<User> {
  const r = await registerByEmail(t.app, inbox, email);
  const mine = body<{ current_account: { id: string; name: string } }>(await inject(t.app, { url: '/api/users/mine', headers: auth(r.tokens) })).data;
  return { email, device: r.device, tokens: r.tokens, accountId: mine.current_account.id, accountName: mine.current_account.name };
}

/** The user's bearer header: the tests move the clock by days, so the session is refreshed (or, past its life, logged in again from the user's device). */
async function as(u: User): Promise<Record<string, string>> {
  const res = await inject(t.app, { method: 'POST', url: '/api/users/refresh/login', payload: { refresh_token: u.tokens.refresh_token } });
  if (res.statusCode === 200) u.tokens = body<Tokens>(res).data;
  else {
    const { result } = await login(t.app, u.email, PASSWORD, u.device);
    if (result?.status !== 'ok') throw new Error(`login again: ${JSON.stringify(result)}`);
    u.tokens = result.tokens;
  }
  return auth(u.tokens);
}

const iso = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();
const DAY = 86_400_000;

async function campaign(payload: Record<string, unknown> = {}) {
  const res = await inject(t.app, {
    method: 'POST',
    url: '/api/admin/promotions/campaigns',
    headers: (await as(admin)),
    payload: { name: 'Summer 40', reduction_percent: '40', coins: ['btc'], valid_days: 3, use_before: iso(10 * DAY), code_count: 3, ...payload },
  });
  expect(res.statusCode, res.body).toBe(200);
  const created = body<{ id: string; code_count: number }>(res).data;
  const csv = await inject(t.app, { url: `/api/admin/promotions/campaigns/${created.id}/codes.csv`, headers: (await as(admin)) });
  expect(csv.statusCode).toBe(200);
  const codes = csv.body.trim().split('\r\n').slice(1).map((line) => line.split(',')[0]!);
  return { ...created, codes };
}

const redeem = async (u: User, code: string) => inject(t.app, { method: 'POST', url: '/api/coupons/redeem', headers: (await as(u)), payload: { code } });
const use = async (u: User, id: string, coin = 'btc') => inject(t.app, { method: 'POST', url: `/api/coupons/${id}/use`, headers: (await as(u)), payload: { coin } });

async function market(day: string, difficulty = '1000') {
  await db().execute(sql`insert into market_data (coin, day, network_difficulty, block_subsidy, avg_fees_per_block, source)
    values ('btc', ${day}::date, ${difficulty}, 3.125, 0.25, 'operator')
    on conflict (coin, day) do update set network_difficulty = ${difficulty}, block_subsidy = 3.125, avg_fees_per_block = 0.25`);
}

async function mine(name: string, difficulty: string) {
  const result = await t.app.modules.mining.ingest.submit(`batch-${randomUUID()}`, [{ coin: 'btc', account: name, worker: 'rig1', difficulty, result: 'accepted', time: clock.now().getTime() }]);
  expect(result.accepted).toBe(1);
}

const available = async (holder: string, bucket: 'available' | 'frozen' = 'available') => new Decimal((await balanceOf(db(), holder, 'btc'))[bucket]).toFixed();
const tick = () => promotionsTick({ db: db(), ...t.app.modules.promotions });

describe('coupons', () => {
  it('redeems a code once, with its own message for an empty, unknown, used or expired code', async () => {
    const c = await campaign();
    expect(c.codes).toHaveLength(3);
    const [a, b] = [await user(), await user()];
    const res = await redeem(a, c.codes[0]!.toLowerCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ status: string; reduction_percent: string; coins: string[] }>(res).data).toMatchObject({ status: 'unused', reduction_percent: '40', coins: ['btc'] });
    expect(codeOf(await redeem(b, c.codes[0]!))).toBe(err('coupon_code_used'));
    expect(codeOf(await redeem(a, c.codes[0]!))).toBe(err('coupon_code_used'));
    expect(codeOf(await redeem(b, '   '))).toBe(err('coupon_code_required'));
    const unknown = await redeem(b, 'NOPE-NOPE-NOPE');
    expect(codeOf(unknown)).toBe(err('coupon_code_unknown'));
    expect(body(unknown).msg).toBe('This coupon code does not exist. Check it and try again.');
    const zh = await inject(t.app, { method: 'POST', url: '/api/coupons/redeem', headers: { ...(await as(b)), lang: 'zh-CN' }, payload: { code: 'NOPE' } });
    expect(body(zh).msg).toBe('兑换码不存在，请检查后重试。');

    const short = await campaign({ use_before: iso(DAY), code_count: 1, code: `ONCE-${randomUUID().slice(0, 8)}` });
    clock.advance(2 * DAY);
    expect(codeOf(await redeem(b, short.codes[0]!))).toBe(err('coupon_code_expired'));
    // The list: by status, only the caller's own.
    const list = body<{ list: Array<{ code: string }>; total: number }>(await inject(t.app, { url: '/api/coupons?status=unused', headers: (await as(a)) })).data;
    expect(list.list.map((x) => x.code)).toEqual([c.codes[0]!.toUpperCase()]);
    expect(body<{ total: number }>(await inject(t.app, { url: '/api/coupons', headers: (await as(b)) })).data.total).toBe(0);
  });

  it('gives one coupon when two users redeem one code at once, and one coupon in use when two are started for a coin at once', async () => {
    clock.set('2026-07-05T12:00:00Z');
    const c = await campaign({ use_before: iso(5 * DAY), code_count: 3 });
    const [a, b] = [await user(), await user()];
    const [ha, hb] = [await as(a), await as(b)];
    const raced = await Promise.all([
      inject(t.app, { method: 'POST', url: '/api/coupons/redeem', headers: ha, payload: { code: c.codes[0] } }),
      inject(t.app, { method: 'POST', url: '/api/coupons/redeem', headers: hb, payload: { code: c.codes[0] } }),
    ]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(raced.map((r) => codeOf(r)).sort()).toEqual([0, err('coupon_code_used')].sort());
    // A's two coupons started for BTC at the same moment: one in use, the other refused.
    const ids = [];
    for (const code of c.codes.slice(1)) ids.push(body<{ id: string }>(await redeem(a, code)).data.id);
    const started = await Promise.all(ids.map((id) => inject(t.app, { method: 'POST', url: `/api/coupons/${id}/use`, headers: ha, payload: { coin: 'btc' } })));
    expect(started.map((r) => codeOf(r)).sort()).toEqual([0, err('coupon_coin_in_use')].sort());
  });

  it('names the last day of the coupon in use, not its own, when the unique index refuses a coupon started at the same moment', async () => {
    clock.set('2026-07-06T12:00:00Z');
    const [long, short] = [await campaign({ use_before: iso(5 * DAY), code_count: 1, valid_days: 5 }), await campaign({ use_before: iso(5 * DAY), code_count: 1, valid_days: 2 })];
    const a = await user();
    const winner = body<{ id: string }>(await redeem(a, long.codes[0]!)).data.id;
    const loser = body<{ id: string }>(await redeem(a, short.codes[0]!)).data.id;
    const [row] = await queryRows<{ id: string }>(db(), sql`select id::text as id from users where email = ${a.email}`);
    // PGlite runs transactions one after the other, so the race is played through the database
    // handle: the loser's check finds no coupon in use, its update meets the unique index (as on
    // PostgreSQL when the winner commits in between), and the winner's start commits before the
    // loser's answer is made.
    let raced = false;
    const bound = <T extends object>(target: T, prop: string | symbol) => {
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    };
    const refusedUpdate = (tx: Tx) => new Proxy(tx, {
      get: (target, prop) => prop === 'update' ? () => { raced = true; throw Object.assign(new Error('duplicate key value violates unique constraint "coupons_one_in_use"'), { code: '23505' }); } : bound(target, prop),
    });
    const real = db();
    const racing = new Proxy(real, {
      get: (target, prop) => prop !== 'transaction' ? bound(target, prop) : async (work: (tx: Tx) => Promise<unknown>) => {
        try {
          return await target.transaction((tx) => work(raced ? tx : refusedUpdate(tx)));
        } catch (error) {
          if (raced && (await use(a, winner)).statusCode !== 200) throw new Error('the winner did not start', { cause: error });
          throw error;
        }
      },
    }) as Db;
    const service = new CouponsService(racing, clock, (t.app.modules.promotions.coupons as unknown as { deps: CouponsDeps }).deps);
    // The winner runs 2026-07-07 to 07-11; the refused one would have ended 07-08.
    await expect(service.start(row!.id, a.accountId, loser, 'btc')).rejects.toMatchObject({ key: 'coupon_coin_in_use', params: { coin: 'BTC', until: '2026-07-11' } });
    expect(raced).toBe(true);
    const states = await queryRows<{ id: string; status: string }>(db(), sql`select id::text as id, status from coupons where id in (${winner}, ${loser})`);
    expect(Object.fromEntries(states.map((s) => [s.id, s.status]))).toEqual({ [winner]: 'in_use', [loser]: 'unused' });
  });

  it('answers request_in_progress, not the database error, when the unique index refuses a start twice and no coupon is in use', async () => {
    clock.set('2026-07-08T12:00:00Z');
    const c = await campaign({ use_before: iso(5 * DAY), code_count: 1, valid_days: 3 });
    const a = await user();
    const id = body<{ id: string }>(await redeem(a, c.codes[0]!)).data.id;
    const [row] = await queryRows<{ id: string }>(db(), sql`select id::text as id from users where email = ${a.email}`);
    let refusals = 0;
    const bound = <T extends object>(target: T, prop: string | symbol) => {
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    };
    // Every start meets the index (a start of the coin that never shows as in use when read).
    const refusing = new Proxy(db(), {
      get: (target, prop) => prop !== 'transaction' ? bound(target, prop) : (work: (tx: Tx) => Promise<unknown>) => target.transaction((tx) => work(new Proxy(tx, {
        get: (inner, p) => p === 'update' ? () => { refusals++; throw Object.assign(new Error('duplicate key value violates unique constraint "coupons_one_in_use"'), { code: '23505' }); } : bound(inner, p),
      }))),
    }) as Db;
    const service = new CouponsService(refusing, clock, (t.app.modules.promotions.coupons as unknown as { deps: CouponsDeps }).deps);
    await expect(service.start(row!.id, a.accountId, id, 'btc')).rejects.toMatchObject({ key: 'request_in_progress' });
    expect(refusals).toBe(2);
    const [state] = await queryRows<{ status: string }>(db(), sql`select status from coupons where id = ${id}`);
    expect(state!.status).toBe('unused');
  });

  it('names a campaign per language where the operator gives one: the user\'s coupon carries them, blank ones are left out', async () => {
    const c = await campaign({ name: 'Spring 10', names: { 'zh-CN': ' 春季九折 ', ja: '  ' }, code_count: 1 });
    const u = await user();
    const coupon = body<{ name: string; names: Record<string, string> }>(await redeem(u, c.codes[0]!)).data;
    expect(coupon).toMatchObject({ name: 'Spring 10', names: { 'zh-CN': '春季九折' } });
    expect(coupon.names).not.toHaveProperty('ja');
    const listed = body<{ list: Array<{ id: string; names: Record<string, string> }> }>(await inject(t.app, { url: '/api/admin/promotions/campaigns?page_size=100', headers: await as(admin) })).data.list;
    expect(listed.find((x) => x.id === c.id)?.names).toEqual({ 'zh-CN': '春季九折' });
    const post = async (names: Record<string, string>) =>
      inject(t.app, { method: 'POST', url: '/api/admin/promotions/campaigns', headers: await as(admin), payload: { name: 'X', names, reduction_percent: '10', coins: [], valid_days: 1, use_before: iso(DAY), code_count: 1 } });
    expect(codeOf(await post({ 'zh-CN': 'x'.repeat(65) }))).toBe(err('validation_failed'));
    expect(codeOf(await post({ xx: 'y' }))).toBe(err('validation_failed'));
  });

  it('refuses bad campaigns: a past use-before date, an own code with several codes, a taken code, bad fields', async () => {
    const post = async (payload: Record<string, unknown>) =>
      inject(t.app, { method: 'POST', url: '/api/admin/promotions/campaigns', headers: (await as(admin)), payload: { name: 'X', reduction_percent: '10', coins: [], valid_days: 1, use_before: iso(DAY), code_count: 1, ...payload } });
    expect(codeOf(await post({ use_before: iso(-DAY) }))).toBe(err('campaign_use_before_past'));
    expect(codeOf(await post({ code: 'MINE-1', code_count: 2 }))).toBe(err('campaign_single_code_count'));
    const code = `TAKEN-${randomUUID().slice(0, 6)}`;
    expect((await post({ code })).statusCode).toBe(200);
    expect(codeOf(await post({ code }))).toBe(err('campaign_code_taken'));
    for (const bad of [{ reduction_percent: '0' }, { reduction_percent: '101' }, { valid_days: 0 }, { code_count: 10_001 }, { coins: ['nope'] }, { name: '' }]) {
      expect(codeOf(await post(bad)), JSON.stringify(bad)).toBe(err('validation_failed'));
    }
  });

  it('cuts the FPPS fee 2.5 % by 40 % to 1.5 % from the next day: the saving is the difference of two settlements to the satoshi', async () => {
    const day0 = '2026-07-10';
    clock.set(`${day0}T12:00:00Z`);
    await db().execute(sql`update earning_fee_rates set fee_rate = 2.5 where coin = 'btc' and method = 'fpps'`);
    const c = await campaign({ use_before: iso(5 * DAY) });
    const [a, b] = [await user(), await user()];
    const coupon = body<{ id: string; campaign_id: string }>(await redeem(a, c.codes[0]!)).data;
    expect(coupon.campaign_id).toBe(c.id);
    const started = await use(a, coupon.id);
    expect(started.statusCode, started.body).toBe(200);
    expect(body(started).data).toMatchObject({ status: 'in_use', coin: 'btc', account_name: a.accountName, start_day: '2026-07-11', end_day: '2026-07-13' });
    // Started again, or a second coupon for the same coin: refused, saying until when.
    expect(codeOf(await use(a, coupon.id))).toBe(err('coupon_not_unused'));
    const second = body<{ id: string }>(await redeem(a, c.codes[1]!)).data;
    const refused = await use(a, second.id);
    expect(codeOf(refused)).toBe(err('coupon_coin_in_use'));
    expect(body(refused).msg).toContain('2026-07-13');
    expect(codeOf(await use(a, second.id, 'ltc'))).toBe(err('coupon_coin_out_of_scope'));
    // Another user cannot see or start it.
    expect(codeOf(await inject(t.app, { url: `/api/coupons/${coupon.id}`, headers: (await as(b)) }))).toBe(err('coupon_not_found'));
    expect(codeOf(await use(b, coupon.id))).toBe(err('coupon_not_found'));

    // Day 0 is not cut (the coupon starts tomorrow); day 1 is.
    const day1 = '2026-07-11';
    clock.set(`${day1}T12:00:00Z`);
    await market(day1);
    await mine(a.accountName, '1000'); // one block's work: gross = 3.125 + 0.25 = 3.375 BTC
    await mine(b.accountName, '1000');
    clock.set('2026-07-12T00:10:00Z');
    const [aBefore, bBefore] = [await available(a.accountId), await available(b.accountId)];
    await t.app.modules.earnings.settlement.settleCoinDay('btc', day1);
    const aGot = new Decimal(await available(a.accountId)).minus(aBefore);
    const bGot = new Decimal(await available(b.accountId)).minus(bBefore);
    // Hand-computed: B pays 2.5 %: 3.375 x 0.975 = 3.290625; A pays 2.5 x (1 - 0.4) = 1.5 %: 3.375 x 0.985 = 3.324375.
    expect(bGot.toFixed()).toBe('3.290625');
    expect(aGot.toFixed()).toBe('3.324375');
    const [row] = await queryRows<{ fee_rate: string }>(db(), sql`select fee_rate::text from profits where account_id = ${a.accountId} and coin = 'btc' and day = ${day1}::date`);
    expect(new Decimal(row!.fee_rate).toFixed()).toBe('1.5');

    await tick();
    const detail = body<{ total_saving: string; savings: Array<{ day: string; saving: string; fee_rate: string; reduced_fee_rate: string }> }>(await inject(t.app, { url: `/api/coupons/${coupon.id}`, headers: (await as(a)) })).data;
    expect(detail.savings).toEqual([{ day: day1, coin: 'btc', saving: '0.03375', fee_rate: '2.5', reduced_fee_rate: '1.5' }]);
    // The saving equals the difference of the two settlements, to the satoshi.
    expect(new Decimal(detail.total_saving).toFixed(8)).toBe(aGot.minus(bGot).toFixed(8));
    // The profits row of the day shows the reduced fee and the saving; B's shows none.
    const rowOf = async (u: User) => body<{ list: Array<{ day: string; fee_rate: string; coupon_saving: string | null }> }>(await inject(t.app, { url: `/api/pools/btc/accounts/${u.accountName}/profits`, headers: await as(u) })).data.list.find((r) => r.day === day1);
    expect(await rowOf(a)).toMatchObject({ fee_rate: '1.5', coupon_saving: '0.03375' });
    expect(await rowOf(b)).toMatchObject({ fee_rate: '2.5', coupon_saving: null });
    // A second pass records nothing twice.
    await tick();
    expect(body<{ savings: unknown[] }>(await inject(t.app, { url: `/api/coupons/${coupon.id}`, headers: (await as(a)) })).data.savings).toHaveLength(1);

    // After its last day (07-13) the coupon is used, and the second one can start.
    clock.set('2026-07-14T00:20:00Z');
    await tick();
    expect(body<{ status: string }>(await inject(t.app, { url: `/api/coupons/${coupon.id}`, headers: (await as(a)) })).data.status).toBe('used');
    expect((await use(a, second.id)).statusCode).toBe(200);
    // An unused coupon past its use-before date (07-15 12:00) expires.
    const third = body<{ id: string }>(await redeem(a, c.codes[2]!)).data;
    clock.set('2026-07-16T00:00:00Z');
    const pass = await tick();
    expect(pass?.coupons.expired).toBeGreaterThanOrEqual(1);
    expect(body<{ status: string }>(await inject(t.app, { url: `/api/coupons/${third.id}`, headers: (await as(a)) })).data.status).toBe('expired');
    expect(codeOf(await use(a, third.id))).toBe(err('coupon_not_unused'));
  });

  it('records a 100 % coupon’s saving at the fee rate its day was settled at, not the rate when the saving is recorded', async () => {
    const day = '2026-09-21';
    clock.set('2026-09-20T12:00:00Z');
    await db().execute(sql`update earning_fee_rates set fee_rate = 2.5 where coin = 'btc' and method = 'fpps'`);
    const c = await campaign({ name: 'Free day', reduction_percent: '100', use_before: iso(5 * DAY) });
    const a = await user();
    const coupon = body<{ id: string }>(await redeem(a, c.codes[0]!)).data;
    expect((await use(a, coupon.id)).statusCode).toBe(200); // from the 21st
    clock.set(`${day}T12:00:00Z`);
    await market(day);
    await mine(a.accountName, '1000'); // gross 3.375 BTC, no fee
    clock.set('2026-09-22T00:10:00Z');
    await t.app.modules.earnings.settlement.settleCoinDay('btc', day);
    // The operators lower the fee before the coupon job records the saving.
    await db().execute(sql`update earning_fee_rates set fee_rate = 1 where coin = 'btc' and method = 'fpps'`);
    await tick();
    const detail = body<{ savings: Array<{ day: string; saving: string; fee_rate: string; reduced_fee_rate: string }> }>(await inject(t.app, { url: `/api/coupons/${coupon.id}`, headers: await as(a) })).data;
    // 3.375 x 2.5 % = 0.084375: the fee the day was spared, not 3.375 x 1 %.
    expect(detail.savings).toEqual([{ day, coin: 'btc', saving: '0.084375', fee_rate: '2.5', reduced_fee_rate: '0' }]);
    await db().execute(sql`update earning_fee_rates set fee_rate = 2.5 where coin = 'btc' and method = 'fpps'`);
  });

  it('records the saving of block payouts (PPLNS, SOLO) with the credit, once: the profits row and the coupon show it', async () => {
    const day = '2026-07-20';
    clock.set('2026-07-19T12:00:00Z');
    await db().execute(sql`update earning_fee_rates set fee_rate = case method when 'pplns' then 1 when 'solo' then 0.5 else fee_rate end where coin = 'btc'`);
    const c = await campaign({ use_before: iso(5 * DAY) });
    const [a, s] = [await user(), await user()];
    const couponA = body<{ id: string }>(await redeem(a, c.codes[0]!)).data;
    const couponS = body<{ id: string }>(await redeem(s, c.codes[1]!)).data;
    expect((await use(a, couponA.id)).statusCode).toBe(200);
    expect((await use(s, couponS.id)).statusCode).toBe(200);
    await db().insert(payMethods).values([
      { accountId: a.accountId, coin: 'btc', method: 'pplns' },
      { accountId: s.accountId, coin: 'btc', method: 'solo' },
    ]);
    await market(day);
    clock.set(`${day}T10:05:00Z`);
    await mine(a.accountName, '2000'); // the whole window: N = 2 x D x k = 2000 units
    await mine(s.accountName, '10'); // SOLO: not in the window
    const height = 800_000 + Math.floor(Math.random() * 100_000);
    const found = async (finder: string, at: string, h: number) => {
      const hash = `b${randomUUID().replace(/-/g, '')}`;
      clock.set(at); // reported when found: the pool refuses a found time ahead of its clock
      await t.app.modules.mining.blocks.record([{ type: 'found', coin: 'btc', height: h, hash, reward: '3.375', account: finder, worker: 'rig1', difficulty: 1000, time: Date.parse(at) }]);
      await t.app.modules.mining.blocks.record([{ type: 'confirmations', coin: 'btc', hash, confirmations: 101 }]);
    };
    await found(a.accountName, `${day}T10:20:00Z`, height);
    await found(s.accountName, `${day}T10:30:00Z`, height + 1);
    const [aBefore, sBefore] = [await available(a.accountId), await available(s.accountId)];
    clock.set(`${day}T20:00:00Z`);
    expect(await t.app.modules.earnings.blockSettlement.settleReady()).toBe(2);
    // Hand-computed, R = 3.375:
    // A, PPLNS at 1 % cut by 40 % -> 0.6 %: 3.375 x 0.994 = 3.35475 (3.34125 at the full 1 %); saving 3.375 x 0.4 / 100 = 0.0135
    // S, SOLO at 0.5 % cut by 40 % -> 0.3 %: 3.375 x 0.997 = 3.364875 (3.358125 at 0.5 %); saving 3.375 x 0.2 / 100 = 0.00675
    const aGot = new Decimal(await available(a.accountId)).minus(aBefore);
    const sGot = new Decimal(await available(s.accountId)).minus(sBefore);
    expect(aGot.toFixed()).toBe('3.35475');
    expect(sGot.toFixed()).toBe('3.364875');
    const detailOf = async (u: User, id: string) =>
      body<{ total_saving: string; savings: Array<{ day: string; saving: string; fee_rate: string; reduced_fee_rate: string }> }>(await inject(t.app, { url: `/api/coupons/${id}`, headers: await as(u) })).data;
    // Recorded with the credit, before any job ran; the saving is the difference to the full-rate payout.
    expect((await detailOf(a, couponA.id)).savings).toEqual([{ day, coin: 'btc', saving: '0.0135', fee_rate: '1', reduced_fee_rate: '0.6' }]);
    expect(aGot.minus('3.34125').toFixed()).toBe('0.0135');
    expect((await detailOf(s, couponS.id)).savings).toEqual([{ day, coin: 'btc', saving: '0.00675', fee_rate: '0.5', reduced_fee_rate: '0.3' }]);
    const rowOf = async (u: User) => body<{ list: Array<{ day: string; coupon_saving: string | null }> }>(await inject(t.app, { url: `/api/pools/btc/accounts/${u.accountName}/profits`, headers: await as(u) })).data.list.find((r) => r.day === day);
    expect(await rowOf(a)).toMatchObject({ coupon_saving: '0.0135' });
    expect(await rowOf(s)).toMatchObject({ coupon_saving: '0.00675' });

    // Once: settling again, recording the same block again, the daily settlement of the day and the job add nothing.
    expect(await t.app.modules.earnings.blockSettlement.settleReady()).toBe(0);
    const [blockRow] = await queryRows<{ id: number }>(db(), sql`select id from blocks where coin = 'btc' and height = ${height}`);
    await inTransaction(db(), (tx) =>
      t.app.modules.promotions.coupons.recordBlockSavings(tx, { source: `block:btc:${blockRow!.id}`, coin: 'btc', reductionDay: day, day, savings: [{ accountId: a.accountId, method: 'pplns', feeRate: '1', reducedFeeRate: '0.6', saving: '0.0135' }], at: clock.now() }),
    );
    clock.set('2026-07-21T00:10:00Z');
    await t.app.modules.earnings.settlement.settleCoinDay('btc', day);
    await tick();
    expect(await detailOf(a, couponA.id)).toMatchObject({ total_saving: '0.0135', savings: [{ day, saving: '0.0135', fee_rate: '1', reduced_fee_rate: '0.6' }] });
    expect(await rowOf(a)).toMatchObject({ coupon_saving: '0.0135' });
  });
});

async function packet(payload: Record<string, unknown> = {}) {
  const res = await inject(t.app, {
    method: 'POST',
    url: '/api/admin/promotions/red-packets',
    headers: { ...(await as(admin)), 'idempotency-key': randomUUID() },
    payload: { name: 'Gift', coin: 'btc', hashrate: 1e12, duration_days: 2, shares: 3, budget: '10', activation_deadline: iso(3 * DAY), ...payload },
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ id: string; budget: string }>(res).data;
}
const packetWith = async (payload: Record<string, unknown>) =>
  inject(t.app, { method: 'POST', url: '/api/admin/promotions/red-packets', headers: { ...(await as(admin)), 'idempotency-key': randomUUID() }, payload: { name: 'X', coin: 'btc', hashrate: 1, duration_days: 1, shares: 1, budget: '1', activation_deadline: iso(DAY), ...payload } });
const receive = async (u: User, id: string) => inject(t.app, { method: 'POST', url: `/api/red-packets/${id}/receive`, headers: (await as(u)) });

describe('red packets', () => {
  it('shows the packet without login, refuses receiving by rule, credits FPPS at no fee from the reserve once per day within the budget, and returns the leftover', async () => {
    clock.set('2026-08-01T10:00:00Z');
    const frozenBefore = await available(SYSTEM.promotions, 'frozen');
    const p = await packet();
    expect(p.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Decimal(await available(SYSTEM.promotions, 'frozen')).minus(frozenBefore).toFixed()).toBe('10');

    const page = await inject(t.app, { url: `/api/red-packets/${p.id}` });
    expect(page.statusCode).toBe(200);
    expect(body(page).data).toMatchObject({ name: 'Gift', shares: 3, shares_left: 3, status: 'open', budget: '10' });
    expect((await inject(t.app, { url: '/api/red-packets/AAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(404);
    expect((await inject(t.app, { url: `/api/red-packets/${p.id}/detail` })).statusCode).toBe(200);
    // Receiving needs a login.
    expect((await inject(t.app, { method: 'POST', url: `/api/red-packets/${p.id}/receive` })).statusCode).toBe(401);

    const [a, b] = [await user(), await user()];
    // A sub-account is not the main account: prompt to switch.
    const sub = await inject(t.app, { method: 'POST', url: '/api/accounts', headers: (await as(a)), payload: { name: `sub${randomUUID().slice(0, 8)}` } });
    const subId = body<{ id: string }>(sub).data.id;
    await inject(t.app, { method: 'PUT', url: '/api/users/accounts', headers: (await as(a)), payload: { account_id: subId } });
    const onSub = await receive(a, p.id);
    expect(codeOf(onSub)).toBe(err('red_packet_main_account'));
    expect(body<{ reason: string }>(await inject(t.app, { url: `/api/red-packets/${p.id}/mine`, headers: (await as(a)) })).data).toMatchObject({ can_receive: false, reason: 'red_packet_main_account' });
    await inject(t.app, { method: 'PUT', url: '/api/users/accounts', headers: (await as(a)), payload: { account_id: a.accountId } });

    const got = await receive(a, p.id);
    expect(got.statusCode, got.body).toBe(200);
    expect(body(got).data).toMatchObject({ status: 'active', start_day: '2026-08-02', end_day: '2026-08-03', account_name: a.accountName, paid: '0' });
    expect(codeOf(await receive(a, p.id))).toBe(err('red_packet_received'));
    // B receives a second later: the first receiver is credited first when the budget runs short
    // (receipts of the same instant are taken in user id order, which the test cannot choose).
    clock.set('2026-08-01T10:00:01Z');
    expect((await receive(b, p.id)).statusCode).toBe(200);
    expect(body<{ shares_left: number }>(await inject(t.app, { url: `/api/red-packets/${p.id}` })).data.shares_left).toBe(1);

    // One day of 1 TH/s is 8.64e16 hashes; with D x k = 8.64e16 it is one block: 3.375 BTC a day at no fee.
    const D = new Exact(8.64e16).div(2 ** 32).toFixed();
    await market('2026-08-02', D);
    await market('2026-08-03', D);
    clock.set('2026-08-03T00:10:00Z');
    const [aBefore, bBefore] = [await available(a.accountId), await available(b.accountId)];
    await tick();
    expect(new Decimal(await available(a.accountId)).minus(aBefore).toFixed()).toBe('3.375');
    expect(new Decimal(await available(b.accountId)).minus(bBefore).toFixed()).toBe('3.375');
    // Idempotent: a second pass and a direct second credit of the day pay nothing more.
    await tick();
    await t.app.modules.promotions.redPacketCredits.creditDay(p.id, (await queryRows<{ id: string }>(db(), sql`select id::text from users where email = ${a.email}`))[0]!.id, '2026-08-02');
    expect(new Decimal(await available(a.accountId)).minus(aBefore).toFixed()).toBe('3.375');
    const [posted] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from ledger_postings where idempotency_key like ${`redpacket:${p.id}:%`}`);
    expect(posted!.n).toBe(2);

    // Day 2: 6.75 paid, 3.25 left of the budget: the first receiver gets 3.25, the second nothing.
    clock.set('2026-08-04T00:10:00Z');
    await tick();
    expect(new Decimal(await available(a.accountId)).minus(aBefore).toFixed()).toBe('6.625');
    expect(new Decimal(await available(b.accountId)).minus(bBefore).toFixed()).toBe('3.375');
    const mine = body<{ status: string; paid: string; credits: Array<{ day: string; amount: string }> }>(await inject(t.app, { url: `/api/user/red-packets/${p.id}`, headers: (await as(a)) })).data;
    expect(mine).toMatchObject({ status: 'ended', paid: '6.625' });
    expect(mine.credits).toEqual([{ day: '2026-08-03', amount: '3.25' }, { day: '2026-08-02', amount: '3.375' }]);
    expect(body<{ total: number }>(await inject(t.app, { url: '/api/user/red-packets', headers: (await as(b)) })).data.total).toBe(1);
    // Another user does not see A's receipt.
    expect((await inject(t.app, { url: `/api/user/red-packets/${p.id}`, headers: (await as(admin)) })).statusCode).toBe(404);

    // Past the deadline nobody can receive; the packet ends with nothing left to return.
    clock.set('2026-08-05T00:10:00Z');
    const c = await user();
    expect(codeOf(await receive(c, p.id))).toBe(err('red_packet_expired'));
    await tick();
    expect(body<{ status: string; paid: string }>(await inject(t.app, { url: `/api/red-packets/${p.id}` })).data).toMatchObject({ status: 'ended', paid: '10' });
    expect(codeOf(await receive(c, p.id))).toBe(err('red_packet_ended'));
    expect(await available(SYSTEM.promotions, 'frozen')).toBe(frozenBefore);
  });

  it('returns what is left when a packet ends, and only the named email may receive it', async () => {
    clock.set('2026-09-01T10:00:00Z');
    const named = await user();
    const other = await user();
    const p = await packet({ receiving_email: named.email.toUpperCase(), shares: 1, duration_days: 1, budget: '100' });
    expect(body<{ receiving_email: string }>(await inject(t.app, { url: `/api/red-packets/${p.id}` })).data.receiving_email).toMatch(/^.{2}\*\*\*@example\.com$/);
    const refused = await receive(other, p.id);
    expect(codeOf(refused)).toBe(err('red_packet_email_mismatch'));
    expect(body(refused).msg).toBe('The receiving email must match your bound email.');
    expect((await receive(named, p.id)).statusCode).toBe(200);
    expect(codeOf(await receive(other, p.id))).toBe(err('red_packet_none_left'));
    expect(body<{ status: string }>(await inject(t.app, { url: `/api/red-packets/${p.id}` })).data.status).toBe('none_left');

    await market('2026-09-02', new Exact(8.64e16).div(2 ** 32).toFixed());
    const availableBefore = await available(SYSTEM.promotions);
    clock.set('2026-09-03T00:10:00Z');
    await tick();
    // 3.375 paid, 96.625 back to sys:promotions' available.
    expect(new Decimal(await available(SYSTEM.promotions)).minus(availableBefore).toFixed()).toBe('96.625');
    expect(body<{ status: string }>(await inject(t.app, { url: `/api/red-packets/${p.id}` })).data.status).toBe('ended');
  });

  it('does not end a packet whose share was taken after the job listed it: the receipt is paid first', async () => {
    clock.set('2026-09-10T10:00:00Z');
    const p = await packet({ shares: 2, duration_days: 1, budget: '100', activation_deadline: iso(60_000) });
    expect((await receive(await user(), p.id)).statusCode).toBe(200);
    // Past the deadline, as the job's list saw it before the receive committed: the end must wait.
    clock.set('2026-09-10T10:02:00Z');
    expect(await inTransaction(db(), (tx) => markEnded(tx, p.id, clock.now()))).toBe(false);
    expect(body<{ status: string }>(await inject(t.app, { url: `/api/red-packets/${p.id}` })).data.status).not.toBe('ended');
  });

  it('credits every due receipt: those waiting for a late coin day do not keep the others from being paid', async () => {
    clock.set('2026-11-10T10:00:00Z');
    // Three receipts of an LTC packet first, whose market day never comes.
    const late = await packet({ coin: 'ltc', shares: 3, duration_days: 1, budget: '100' });
    for (let i = 0; i < 3; i++) expect((await receive(await user(), late.id)).statusCode).toBe(200);
    clock.set('2026-11-10T10:05:00Z');
    const p = await packet({ shares: 1, duration_days: 1, budget: '100' });
    const u = await user();
    expect((await receive(u, p.id)).statusCode).toBe(200);
    await market('2026-11-11', new Exact(8.64e16).div(2 ** 32).toFixed());
    clock.set('2026-11-12T00:10:00Z');
    // Pages of two: the first is LTC's only.
    const deps = (t.app.modules.promotions.redPacketCredits as unknown as { deps: RedPacketCreditsDeps }).deps;
    await new RedPacketCreditsService(db(), clock, deps, 2).tick();
    const [receipt] = await queryRows<{ credited_through: string | null }>(db(), sql`select credited_through::text from red_packet_receipts where packet_id = ${p.id}`);
    expect(receipt?.credited_through).toBe('2026-11-11');
    const [stuck] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from red_packet_receipts where packet_id = ${late.id} and credited_through is null`);
    expect(stuck?.n).toBe(3);
  });

  it('tells the receiver in the message centre: received, active, ended, each once however often the job runs', async () => {
    clock.set('2026-10-01T10:00:00Z');
    const u = await user();
    const other = await user();
    const p = await packet({ name: 'October gift', names: { 'zh-CN': '十月礼包' }, shares: 1, duration_days: 1, budget: '100' });
    const messages = async (who: User) =>
      body<{ list: Array<{ type: string; params: Record<string, unknown> }> }>(await inject(t.app, { url: '/api/messages?type=red_packet&page_size=50', headers: (await as(who)) })).data.list
        .filter((m) => m.params.packet === p.id && m.params['name_zh-CN'] === '十月礼包')
        .map((m) => ({ type: m.type, event: m.params.event, name: m.params.name }))
        .sort((x, y) => String(x.event).localeCompare(String(y.event)));
    expect((await receive(u, p.id)).statusCode).toBe(200);
    expect(await messages(u)).toEqual([{ type: 'red_packet', event: 'received', name: 'October gift' }]);
    // A refused receive (none left) posts nothing, to the refused user or again to the receiver.
    expect(codeOf(await receive(other, p.id))).toBe(err('red_packet_none_left'));
    expect(codeOf(await receive(u, p.id))).toBe(err('red_packet_received'));
    expect(await messages(other)).toEqual([]);
    expect(await messages(u)).toHaveLength(1);

    await market('2026-10-02', new Exact(8.64e16).div(2 ** 32).toFixed());
    clock.set('2026-10-03T00:10:00Z');
    await tick();
    await tick();
    await t.app.modules.promotions.redPacketCredits.creditDay(p.id, (await queryRows<{ id: string }>(db(), sql`select id::text from users where email = ${u.email}`))[0]!.id, '2026-10-02');
    clock.set('2026-10-04T00:10:00Z');
    await tick();
    expect(body<{ status: string }>(await inject(t.app, { url: `/api/red-packets/${p.id}` })).data.status).toBe('ended');
    expect(await messages(u)).toEqual([
      { type: 'red_packet', event: 'active', name: 'October gift' },
      { type: 'red_packet', event: 'ended', name: 'October gift' },
      { type: 'red_packet', event: 'received', name: 'October gift' },
    ]);
  });

  it('names an operator\'s packet per language: the public page and the receiver\'s receipt carry them', async () => {
    const p = await packet({ name: 'Lucky gift', names: { ko: ' 행운의 선물 ', 'ru-RU': '' } });
    expect(body(await inject(t.app, { url: `/api/red-packets/${p.id}` })).data).toMatchObject({ name: 'Lucky gift', names: { ko: '행운의 선물' } });
    const got = await receive(await user(), p.id);
    expect(got.statusCode, got.body).toBe(200);
    expect(body<{ names: Record<string, string> }>(got).data.names).toEqual({ ko: '행운의 선물' });
    expect(codeOf(await packetWith({ names: { ja: 'x'.repeat(65) } }))).toBe(err('validation_failed'));
  });

  it('refuses bad packets: a past deadline, an amount finer than the satoshi, bad fields', async () => {
    const post = async (payload: Record<string, unknown>) =>
      inject(t.app, { method: 'POST', url: '/api/admin/promotions/red-packets', headers: { ...(await as(admin)), 'idempotency-key': randomUUID() }, payload: { name: 'X', coin: 'btc', hashrate: 1, duration_days: 1, shares: 1, budget: '1', activation_deadline: iso(DAY), ...payload } });
    expect(codeOf(await post({ activation_deadline: iso(-1000) }))).toBe(err('red_packet_deadline_past'));
    expect(codeOf(await post({ budget: '0.000000001' }))).toBe(err('validation_failed'));
    for (const bad of [{ shares: 0 }, { shares: 10_001 }, { hashrate: -1 }, { coin: 'aleo' }, { budget: '-1' }, { receiving_email: 'nope' }]) {
      expect(codeOf(await post(bad)), JSON.stringify(bad)).toBe(err('validation_failed'));
    }
  });

  it('reserves an operator\'s packet once per Idempotency-Key: requests sent at once and a later retry answer one packet; no key is refused as a user\'s funding is', async () => {
    clock.set('2026-10-05T10:00:00Z');
    const url = '/api/admin/promotions/red-packets';
    const listed = async () => body<{ total: number }>(await inject(t.app, { url, headers: await as(admin) })).data.total;
    const [reserveBefore, poolBefore, packetsBefore] = [await available(SYSTEM.promotions, 'frozen'), await available(SYSTEM.promotions), await listed()];
    const payload = { name: 'Once', coin: 'btc', hashrate: 1e12, duration_days: 2, shares: 3, budget: '7', activation_deadline: iso(3 * DAY) };
    // One session for all, as one browser sends a double click and its retries.
    const headers = { ...(await as(admin)), 'idempotency-key': randomUUID() };
    const send = () => inject(t.app, { method: 'POST', url, headers, payload });
    const answers = await Promise.all(Array.from({ length: 6 }, send));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const ids = new Set(answers.map((a) => body<{ id: string }>(a).data.id));
    expect(ids.size).toBe(1);
    const [id] = [...ids] as [string];
    // A retry after the answer was lost: the same packet, nothing reserved again.
    const retry = await send();
    expect(retry.statusCode, retry.body).toBe(200);
    expect(body(retry).data).toMatchObject({ id, budget: '7', status: 'open', received: 0 });
    expect(new Decimal(await available(SYSTEM.promotions, 'frozen')).minus(reserveBefore).toFixed()).toBe('7');
    expect(new Decimal(poolBefore).minus(await available(SYSTEM.promotions)).toFixed()).toBe('7');
    expect(await listed()).toBe(packetsBefore + 1);
    const [posted] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from ledger_postings where reference = ${`red_packet:${id}`}`);
    expect(posted!.n).toBe(1);
    const [audited] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from admin_audit_log where action = 'red_packet_create' and target = ${`red_packet:${id}`}`);
    expect(audited!.n).toBe(1);
    // A new key is another packet.
    const other = await inject(t.app, { method: 'POST', url, headers: { ...headers, 'idempotency-key': randomUUID() }, payload });
    expect(other.statusCode, other.body).toBe(200);
    expect(body<{ id: string }>(other).data.id).not.toBe(id);
    expect(await listed()).toBe(packetsBefore + 2);
    // Another operator's same key is that operator's own: a new packet, not the first one's.
    const second = await user();
    await db().execute(sql`insert into user_roles (user_id, role) select id, 'admin' from users where email = ${second.email}`);
    const theirs = await inject(t.app, { method: 'POST', url, headers: { ...(await as(second)), 'idempotency-key': headers['idempotency-key'] }, payload });
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(body<{ id: string }>(theirs).data.id).not.toBe(id);
    expect(await listed()).toBe(packetsBefore + 3);
    // No key: refused before anything is written, as the user's funding route refuses it.
    const { 'idempotency-key': _key, ...bare } = headers;
    const [adminBare, userBare] = [
      await inject(t.app, { method: 'POST', url, headers: bare, payload }),
      await inject(t.app, { method: 'POST', url: '/api/user/red-packets', headers: await as(await user()), payload: { ...payload, budget: '0.1', pay_password: TEST_PIN, verification: { email_code: '000000' } } }),
    ];
    expect(adminBare.statusCode, adminBare.body).toBe(400);
    expect([adminBare.statusCode, codeOf(adminBare)]).toEqual([userBare.statusCode, codeOf(userBare)]);
    expect(codeOf(adminBare)).toBe(err('validation_failed'));
    expect(await listed()).toBe(packetsBefore + 3);
    expect(new Decimal(await available(SYSTEM.promotions, 'frozen')).minus(reserveBefore).toFixed()).toBe('21');
  });

  it('refuses an operator\'s key sent again with another packet (idempotency_conflict) and reserves nothing; the same packet written otherwise, or after its deadline, is answered', async () => {
    clock.set('2026-10-06T10:00:00Z');
    const url = '/api/admin/promotions/red-packets';
    const headers: Record<string, string> = { ...(await as(admin)), 'idempotency-key': randomUUID() };
    const payload = { name: 'Keyed', names: { ja: 'キー' }, coin: 'btc', hashrate: 1e12, duration_days: 2, shares: 3, budget: '2', activation_deadline: iso(DAY), receiving_email: 'Gift@Example.com' };
    const send = (changes: Record<string, unknown> = {}) => inject(t.app, { method: 'POST', url, headers, payload: { ...payload, ...changes } });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    const id = body<{ id: string }>(first).data.id;
    const reserve = await available(SYSTEM.promotions, 'frozen');
    const others = [{ budget: '3' }, { shares: 4 }, { coin: 'ltc' }, { activation_deadline: iso(2 * DAY) }, { name: 'Other' }, { names: {} }, { hashrate: 2e12 }, { duration_days: 3 }, { receiving_email: 'other@example.com' }];
    for (const other of others) {
      const res = await send(other);
      expect([res.statusCode, codeOf(res)], JSON.stringify(other)).toEqual([409, err('idempotency_conflict')]);
    }
    // The same packet: the budget with a trailing zero, the email in other case, blank names.
    const same = await send({ budget: '2.0', receiving_email: 'gift@example.com', names: { ja: ' キー ', ko: ' ' } });
    expect(same.statusCode, same.body).toBe(200);
    expect(body<{ id: string }>(same).data.id).toBe(id);
    // A retry after its deadline passed is still the packet it made.
    clock.advance(2 * DAY);
    Object.assign(headers, await as(admin));
    const late = await send();
    expect(late.statusCode, late.body).toBe(200);
    expect(body<{ id: string }>(late).data.id).toBe(id);
    expect(await available(SYSTEM.promotions, 'frozen')).toBe(reserve);
    const [posted] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from ledger_postings where reference = ${`red_packet:${id}`}`);
    expect(posted!.n).toBe(1);
  });

  it('gives the last 10 shares to exactly 10 of 100 users receiving at once', async () => {
    clock.set('2026-10-01T10:00:00Z');
    const p = await packet({ shares: 10, budget: '1' });
    const users: Array<{ userId: string; accountId: string }> = [];
    for (let i = 0; i < 100; i++) {
      const name = `race${randomUUID().slice(0, 12).replace(/-/g, '')}`;
      const [u] = await queryRows<{ id: string }>(db(), sql`insert into users (email, password_hash, invite_code) values (${`${name}@example.com`}, 'x', ${name.slice(4, 12).toUpperCase()}) returning id::text as id`);
      const [acc] = await queryRows<{ id: string }>(db(), sql`insert into mining_accounts (user_id, name, is_default) values (${u!.id}, ${name}, true) returning id::text as id`);
      users.push({ userId: u!.id, accountId: acc!.id });
    }
    const results = await Promise.allSettled(users.map((u) => t.app.modules.promotions.redPackets.receive(u.userId, u.accountId, p.id)));
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(10);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as { key?: string }).key).toBe('red_packet_none_left');
    const [row] = await queryRows<{ left: number; receipts: number }>(db(), sql`select shares_left as left, (select count(*)::int from red_packet_receipts where packet_id = ${p.id}) as receipts from red_packets where id = ${p.id}`);
    expect(row).toEqual({ left: 0, receipts: 10 });
  });
});

describe('red packets funded by users', () => {
  /** The emailed code of a transfer, bound to the packet's coin and budget. */
  const packetCode = async (u: User, coin = 'btc', budget = '0.2') => emailOperationCode(t, inbox, { email: u.email, tokens: u.tokens }, 'transfer', walletSubject.redPacket({ coin, budget }));
  /**
   * Funds a packet with the pay password and a fresh code, unless `pay` says otherwise. Its deadline
   * is the UTC midnight after next: a retry sends the same packet although each code moves the clock.
   */
  const fund = async (u: User, key: string, payload: Record<string, unknown> = {}, pay?: { pay_password?: string; verification?: Record<string, string>; bearer?: Record<string, string> }) => {
    const deadline = new Date((Math.floor(clock.now().getTime() / DAY) + 2) * DAY).toISOString();
    const packet = { name: 'My gift', coin: 'btc', hashrate: 1e6, duration_days: 1, shares: 1, budget: '0.2', activation_deadline: deadline, ...payload };
    const headers = { ...(pay?.bearer ?? (await as(u))), 'idempotency-key': key };
    const verification = pay?.verification ?? { email_code: await packetCode(u, String(packet.coin), String(packet.budget)) };
    return inject(t.app, { method: 'POST', url: '/api/user/red-packets', headers, payload: { ...packet, pay_password: pay?.pay_password ?? TEST_PIN, verification } });
  };
  /** A user who can move money: a pay password set, its hold over. */
  const payer = async () => {
    const u = await user();
    await setPayPassword(t, inbox, u);
    return u;
  };
  const setFunding = async (payload: { all_coins: boolean; coins: string[] }) => {
    const res = await inject(t.app, { method: 'PUT', url: '/api/admin/promotions/user-funding', headers: await as(admin), payload });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** Half a BTC on the user's sub-account (an operator's adjustment). */
  const give = (u: User, amount: string) =>
    postLedger(db(), { idempotencyKey: `test-give:${u.accountId}:${randomUUID()}`, businessType: 'system_adjustment', entries: [{ holder: SYSTEM.adjustments, coin: 'btc', amount: `-${amount}` }, { holder: u.accountId, coin: 'btc', amount }] }, clock.now());

  it('is off until an operator enables it; debits the budget once per key, refuses too little balance with nothing changed, and returns the leftover to the funder', async () => {
    clock.set('2026-11-01T10:00:00Z');
    await setFunding({ all_coins: false, coins: [] });
    const [u, receiver] = [await payer(), await user()];
    await give(u, '0.5');
    // Off by default (or as set): refused, nothing debited.
    expect(body<{ coins: string[] }>(await inject(t.app, { url: '/api/user/red-packets/funding', headers: await as(u) })).data.coins).toEqual([]);
    expect(codeOf(await fund(u, randomUUID()))).toBe(err('red_packet_user_funding_off'));
    await setFunding({ all_coins: false, coins: ['btc'] });
    expect(body<{ coins: string[] }>(await inject(t.app, { url: '/api/user/red-packets/funding', headers: await as(u) })).data.coins).toEqual(['btc']);
    expect(codeOf(await fund(u, randomUUID(), { coin: 'ltc' }))).toBe(err('red_packet_user_funding_off'));
    // Limited: at most 100 shares and 30 days; a key is required.
    expect(codeOf(await fund(u, randomUUID(), { shares: 101 }))).toBe(err('validation_failed'));
    expect(codeOf(await fund(u, randomUUID(), { duration_days: 31 }))).toBe(err('validation_failed'));
    expect((await inject(t.app, { method: 'POST', url: '/api/user/red-packets', headers: await as(u), payload: { name: 'x', coin: 'btc', hashrate: 1, duration_days: 1, shares: 1, budget: '0.1', activation_deadline: iso(DAY) } })).statusCode).toBe(400);
    // More than the balance: refused, nothing changes.
    const reserveBefore = await available(SYSTEM.promotions, 'frozen');
    expect(codeOf(await fund(u, randomUUID(), { budget: '0.50000001' }))).toBe(err('insufficient_balance'));
    expect(await available(u.accountId)).toBe('0.5');
    expect(await available(SYSTEM.promotions, 'frozen')).toBe(reserveBefore);
    expect(body<{ total: number }>(await inject(t.app, { url: '/api/user/red-packets/created', headers: await as(u) })).data.total).toBe(0);

    const key = randomUUID();
    const first = await fund(u, key);
    expect(first.statusCode, first.body).toBe(200);
    const p = body<{ id: string; budget: string; status: string }>(first).data;
    expect(p).toMatchObject({ budget: '0.2', status: 'open' });
    // The same key again: the same packet, debited once.
    expect(body<{ id: string }>(await fund(u, key)).data.id).toBe(p.id);
    expect(await available(u.accountId)).toBe('0.3');
    expect(new Decimal(await available(SYSTEM.promotions, 'frozen')).minus(reserveBefore).toFixed()).toBe('0.2');
    const created = body<{ list: Array<{ id: string; received: number }>; total: number }>(await inject(t.app, { url: '/api/user/red-packets/created', headers: await as(u) })).data;
    expect(created).toMatchObject({ total: 1, list: [{ id: p.id, received: 0 }] });
    // Someone else sees none of it as theirs.
    expect(body<{ total: number }>(await inject(t.app, { url: '/api/user/red-packets/created', headers: await as(receiver) })).data.total).toBe(0);

    // Received, credited for its one day, ended: what is left goes back to the funder, once.
    expect((await receive(receiver, p.id)).statusCode).toBe(200);
    await market('2026-11-02');
    clock.set('2026-11-03T00:10:00Z');
    await tick();
    await tick();
    const [row] = await queryRows<{ paid: string; ended: boolean }>(db(), sql`select paid::text as paid, ended_at is not null as ended from red_packets where id = ${p.id}`);
    expect(row!.ended).toBe(true);
    // 1 MH/s for a day: 1e6 x 86400 / (1000 x 2^32) x 3.375 BTC, cut to the satoshi.
    const gross = new Exact(1e6).times(86_400).div(new Exact(1000).times(2 ** 32)).times('3.375').toDecimalPlaces(8, Decimal.ROUND_DOWN);
    expect(new Decimal(row!.paid).toFixed()).toBe(gross.toFixed());
    expect(await available(receiver.accountId)).toBe(gross.toFixed());
    // The receiver's fraction of the day (below the satoshi) went to the receiver's carried
    // fraction, the funder's own to theirs: the funder gets the whole satoshis of the rest.
    expect(await available(u.accountId)).toBe(new Decimal('0.3').plus(new Decimal('0.2').minus(gross)).minus('0.00000001').toFixed());
    expect(body<{ list: Array<{ status: string; received: number }> }>(await inject(t.app, { url: '/api/user/red-packets/created', headers: await as(u) })).data.list[0]).toMatchObject({ status: 'ended', received: 1 });
  });

  it('debits once when the same packet is submitted several times at once', async () => {
    clock.set('2026-11-05T10:00:00Z');
    await setFunding({ all_coins: true, coins: [] });
    const u = await payer();
    await give(u, '1');
    const key = randomUUID();
    // One code for the six tries of one packet (a double click, a retry): the first spends it, the
    // others answer what it did.
    const verification = { email_code: await packetCode(u, 'btc', '0.3') };
    // One session for all six, as one browser sends them: six refreshes of one refresh token at
    // once, with no device id, would count as token reuse and end the login.
    const bearer = await as(u);
    const answers = await Promise.all(Array.from({ length: 6 }, () => fund(u, key, { budget: '0.3' }, { verification, bearer })));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(new Set(answers.map((a) => body<{ id: string }>(a).data.id)).size).toBe(1);
    expect(await available(u.accountId)).toBe('0.7');
    expect(body<{ total: number }>(await inject(t.app, { url: '/api/user/red-packets/created', headers: await as(u) })).data.total).toBe(1);
    await setFunding({ all_coins: false, coins: [] });
  });

  it('takes the checks of a transfer: a pay password set, no security hold, the second factor bound to the packet, then the pay password', async () => {
    clock.set('2026-11-06T10:00:00Z');
    await setFunding({ all_coins: false, coins: ['btc'] });
    const u = await user();
    await give(u, '1');
    const nothingMoved = async () => {
      expect(await available(u.accountId)).toBe('1');
      expect(body<{ total: number }>(await inject(t.app, { url: '/api/user/red-packets/created', headers: await as(u) })).data.total).toBe(0);
    };
    // No pay password (as the shared demo account, which cannot set one): refused.
    expect(codeOf(await fund(u, randomUUID()))).toBe(err('pay_password_not_set'));
    // A pay password just set starts the security hold: refused until it ends.
    await setPayPassword(t, inbox, u, { keepHold: true });
    expect(codeOf(await fund(u, randomUUID()))).toBe(err('withdraw_hold'));
    await t.database.db.execute(sql`update users set security_changed_at = ${new Date(clock.now().getTime() - 2 * DAY).toISOString()} where email = ${u.email}`);
    // The access token alone: no second factor, a code of another operation or another amount, a wrong PIN.
    expect(codeOf(await fund(u, randomUUID(), {}, { verification: {} }))).toBe(err('second_factor_required'));
    const otherBudget = await packetCode(u, 'btc', '0.5');
    expect(codeOf(await fund(u, randomUUID(), {}, { verification: { email_code: otherBudget } }))).not.toBe(0);
    expect(codeOf(await fund(u, randomUUID(), {}, { pay_password: '000000' }))).toBe(err('pay_password_incorrect'));
    // A user's title is their own words: no names per language.
    expect(codeOf(await fund(u, randomUUID(), { names: { ja: 'ギフト' } }))).toBe(err('validation_failed'));
    // Without the fields at all: a validation error.
    const bare = await inject(t.app, { method: 'POST', url: '/api/user/red-packets', headers: { ...(await as(u)), 'idempotency-key': randomUUID() }, payload: { name: 'x', coin: 'btc', hashrate: 1, duration_days: 1, shares: 1, budget: '0.2', activation_deadline: iso(DAY) } });
    expect(codeOf(bare)).toBe(err('validation_failed'));
    await nothingMoved();
    // With every check passed it is funded.
    const done = await fund(u, randomUUID());
    expect(done.statusCode, done.body).toBe(200);
    expect(await available(u.accountId)).toBe('0.8');
    await setFunding({ all_coins: false, coins: [] });
  });

  it('refuses a packet with a past deadline or a budget finer than the satoshi before the checks: the code is not spent, no pay password is tried', async () => {
    clock.set('2026-11-07T10:00:00Z');
    await setFunding({ all_coins: false, coins: ['btc'] });
    const u = await payer();
    await give(u, '1');
    const verification = { email_code: await packetCode(u, 'btc', '0.2') };
    expect(codeOf(await fund(u, randomUUID(), { activation_deadline: iso(-1000) }, { verification }))).toBe(err('red_packet_deadline_past'));
    // With a wrong code and pay password: the budget is the answer, not the checks.
    const fine = await fund(u, randomUUID(), { budget: '0.000000001' }, { verification: { email_code: '000000' }, pay_password: '000000' });
    expect(codeOf(fine)).toBe(err('validation_failed'));
    expect(body<{ fields?: Array<{ field: string }> }>(fine).data.fields?.map((f) => f.field)).toContain('body.budget');
    expect(await available(u.accountId)).toBe('1');
    // The code still funds the packet meant.
    const done = await fund(u, randomUUID(), {}, { verification });
    expect(done.statusCode, done.body).toBe(200);
    expect(await available(u.accountId)).toBe('0.8');
    await setFunding({ all_coins: false, coins: [] });
  });

  it('answers a retry of its key with the packet after operators turned funding off, and the key with another packet with idempotency_conflict', async () => {
    clock.set('2026-11-08T10:00:00Z');
    await setFunding({ all_coins: false, coins: ['btc'] });
    const u = await payer();
    await give(u, '1');
    const key = randomUUID();
    const first = await fund(u, key);
    expect(first.statusCode, first.body).toBe(200);
    const id = body<{ id: string }>(first).data.id;
    await setFunding({ all_coins: false, coins: [] });
    // The retry of the request that made it (its answer lost): the packet, debited once.
    const noCode = { verification: { email_code: '000000' } };
    const retry = await fund(u, key, {}, noCode);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(body<{ id: string }>(retry).data.id).toBe(id);
    // Another packet under the key: refused before any check, nothing debited.
    for (const other of [{ budget: '0.3' }, { shares: 2 }, { activation_deadline: iso(3 * DAY) }, { name: 'Other gift' }, { duration_days: 2 }, { hashrate: 2e6 }, { receiving_email: 'x@example.com' }]) {
      const res = await fund(u, key, other, noCode);
      expect([res.statusCode, codeOf(res)], JSON.stringify(other)).toEqual([409, err('idempotency_conflict')]);
    }
    expect(await available(u.accountId)).toBe('0.8');
    // A new key is a new packet: refused while funding is off.
    expect(codeOf(await fund(u, randomUUID(), {}, noCode))).toBe(err('red_packet_user_funding_off'));
    expect(body<{ total: number }>(await inject(t.app, { url: '/api/user/red-packets/created', headers: await as(u) })).data.total).toBe(1);
  });

  /** The caller's red_packet messages of one packet, as event names sorted. */
  const packetEvents = async (who: User, packetId: string) =>
    body<{ list: Array<{ params: Record<string, unknown> }> }>(await inject(t.app, { url: '/api/messages?type=red_packet&page_size=50', headers: await as(who) })).data.list
      .filter((m) => m.params.packet === packetId)
      .map((m) => String(m.params.event))
      .sort();
  const cancelMine = async (u: User, id: string) => inject(t.app, { method: 'POST', url: `/api/user/red-packets/${id}/cancel`, headers: await as(u) });

  it('tells the funder once when the last share is taken (none_left)', async () => {
    clock.set('2026-11-10T10:00:00Z');
    await setFunding({ all_coins: true, coins: [] });
    const [u, a, b] = [await payer(), await user(), await user()];
    await give(u, '0.2');
    const p = body<{ id: string }>(await fund(u, randomUUID(), { shares: 2 })).data;
    expect((await receive(a, p.id)).statusCode).toBe(200);
    expect(await packetEvents(u, p.id)).toEqual([]);
    expect((await receive(b, p.id)).statusCode).toBe(200);
    expect(await packetEvents(u, p.id)).toEqual(['none_left']);
    // A refused receive after it tells nobody again.
    expect(codeOf(await receive(await user(), p.id))).toBe(err('red_packet_none_left'));
    expect(await packetEvents(u, p.id)).toEqual(['none_left']);
    // The pool's packets have no funding user to tell: the receiver hears only of their receipt.
    const pool = body<{ id: string }>(await inject(t.app, { method: 'POST', url: '/api/admin/promotions/red-packets', headers: { ...(await as(admin)), 'idempotency-key': randomUUID() }, payload: { name: 'Pool one', coin: 'btc', hashrate: 1, duration_days: 1, shares: 1, budget: '1', activation_deadline: iso(DAY) } })).data;
    expect((await receive(a, pool.id)).statusCode).toBe(200);
    expect(await packetEvents(admin, pool.id)).toEqual([]);
  });

  it('lets the funder cancel their packet: the unreceived shares\' budget returns at once and once, received shares keep working, nobody receives after', async () => {
    clock.set('2026-11-12T10:00:00Z');
    await setFunding({ all_coins: true, coins: [] });
    const [u, receiver, late, stranger] = [await payer(), await user(), await user(), await user()];
    await give(u, '0.4');
    const p = body<{ id: string }>(await fund(u, randomUUID(), { shares: 4, budget: '0.4' }, { verification: { email_code: await packetCode(u, 'btc', '0.4') } })).data;
    expect(await available(u.accountId)).toBe('0');
    expect((await receive(receiver, p.id)).statusCode).toBe(200);
    // Someone else's packet is not theirs to cancel (nor to know of).
    expect([(await cancelMine(stranger, p.id)).statusCode, codeOf(await cancelMine(stranger, p.id))]).toEqual([404, err('red_packet_not_found')]);
    const reserveBefore = await available(SYSTEM.promotions, 'frozen');
    const cancelled = await cancelMine(u, p.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // 3 of 4 shares left: 0.4 x 3 / 4 = 0.3 returns now; 0.1 stays for the receiver's day.
    expect(body(cancelled).data).toMatchObject({ status: 'cancelled', shares_left: 0, returned: '0.3', received: 1 });
    expect(await available(u.accountId)).toBe('0.3');
    expect(new Decimal(reserveBefore).minus(await available(SYSTEM.promotions, 'frozen')).toFixed()).toBe('0.3');
    // Again: answered as it is, nothing returned twice.
    const again = await cancelMine(u, p.id);
    expect(again.statusCode).toBe(200);
    expect(body(again).data).toMatchObject({ status: 'cancelled', returned: '0.3' });
    expect(await available(u.accountId)).toBe('0.3');
    // Nobody receives any more, with its own message.
    const refused = await receive(late, p.id);
    expect(codeOf(refused)).toBe(err('red_packet_cancelled'));
    expect(body(refused).msg).toBe('This red packet has been cancelled: it can no longer be received.');
    expect(body<{ reason: string }>(await inject(t.app, { url: `/api/red-packets/${p.id}/mine`, headers: await as(late) })).data.reason).toBe('red_packet_cancelled');
    expect(body<{ status: string }>(await inject(t.app, { url: `/api/red-packets/${p.id}` })).data.status).toBe('cancelled');

    // The receiver's day is still credited; the end returns the rest of the 0.1, not the 0.3 again.
    await market('2026-11-13');
    clock.set('2026-11-14T00:10:00Z');
    await tick();
    await tick();
    const gross = new Exact(1e6).times(86_400).div(new Exact(1000).times(2 ** 32)).times('3.375').toDecimalPlaces(8, Decimal.ROUND_DOWN);
    expect(await available(receiver.accountId)).toBe(gross.toFixed());
    expect(await available(u.accountId)).toBe(new Decimal('0.4').minus(gross).minus('0.00000001').toFixed());
    const [row] = await queryRows<{ ended: boolean }>(db(), sql`select ended_at is not null as ended from red_packets where id = ${p.id}`);
    expect(row!.ended).toBe(true);
    expect(body<{ status: string }>(await inject(t.app, { url: `/api/red-packets/${p.id}` })).data.status).toBe('cancelled');
    // Cancelling it again after its end still answers it as it is, returning nothing.
    expect((await cancelMine(u, p.id)).statusCode).toBe(200);
    expect(await available(u.accountId)).toBe(new Decimal('0.4').minus(gross).minus('0.00000001').toFixed());
  });

  it('lets an operator cancel a user\'s packet (audited), and tells the funder', async () => {
    clock.set('2026-11-15T10:00:00Z');
    await setFunding({ all_coins: true, coins: [] });
    const u = await payer();
    await give(u, '0.2');
    const p = body<{ id: string }>(await fund(u, randomUUID(), { shares: 3 })).data;
    const res = await inject(t.app, { method: 'POST', url: `/api/admin/promotions/red-packets/${p.id}/cancel`, headers: await as(admin) });
    expect(res.statusCode, res.body).toBe(200);
    // No share was received: the whole budget returns.
    expect(body(res).data).toMatchObject({ status: 'cancelled', returned: '0.2', received: 0 });
    expect(await available(u.accountId)).toBe('0.2');
    expect(await packetEvents(u, p.id)).toEqual(['cancelled']);
    expect((await inject(t.app, { method: 'POST', url: `/api/admin/promotions/red-packets/${p.id}/cancel`, headers: await as(admin) })).statusCode).toBe(200);
    expect(await packetEvents(u, p.id)).toEqual(['cancelled']);
    const audit = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from admin_audit_log where action = 'red_packet_cancel' and target = ${`red_packet:${p.id}`}`);
    expect(audit[0]!.n).toBe(1);
  });
});

describe('disabling campaigns and cancelling packets', () => {
  const disable = async (id: string, who: User = admin) => inject(t.app, { method: 'POST', url: `/api/admin/promotions/campaigns/${id}/disable`, headers: await as(who) });
  const cancel = async (id: string) => inject(t.app, { method: 'POST', url: `/api/admin/promotions/red-packets/${id}/cancel`, headers: await as(admin) });

  it('disables a campaign: its unredeemed codes redeem no more (their own message), redeemed coupons stay valid; once audited, again answered as it is', async () => {
    clock.set('2026-12-01T10:00:00Z');
    const c = await campaign({ use_before: iso(10 * DAY), code_count: 3 });
    const [a, b] = [await user(), await user()];
    const coupon = body<{ id: string }>(await redeem(a, c.codes[0]!)).data;
    expect((await disable(c.id, b)).statusCode).toBe(403);
    const res = await disable(c.id);
    expect(res.statusCode, res.body).toBe(200);
    const disabledAt = body<{ disabled_at: string | null }>(res).data.disabled_at;
    expect(disabledAt).toBe(clock.now().toISOString());
    expect(body(res).data).toMatchObject({ id: c.id, redeemed: 1, code_count: 3 });

    const refused = await redeem(b, c.codes[1]!);
    expect([refused.statusCode, codeOf(refused)]).toEqual([400, err('coupon_code_disabled')]);
    expect(body(refused).msg).toBe('This coupon code can no longer be redeemed: its campaign has been disabled.');
    const zh = await inject(t.app, { method: 'POST', url: '/api/coupons/redeem', headers: { ...(await as(b)), lang: 'zh-CN' }, payload: { code: c.codes[2] } });
    expect(body(zh).msg).toBe('该兑换码已无法兑换：所属活动已停用。');
    // A redeemed code is still "used" to anyone else; the coupon redeemed before still starts.
    expect(codeOf(await redeem(b, c.codes[0]!))).toBe(err('coupon_code_used'));
    expect((await use(a, coupon.id)).statusCode).toBe(200);

    clock.advance(60_000);
    const again = await disable(c.id);
    expect(again.statusCode).toBe(200);
    expect(body<{ disabled_at: string }>(again).data.disabled_at).toBe(disabledAt);
    const listed = body<{ list: Array<{ id: string; disabled_at: string | null }> }>(await inject(t.app, { url: '/api/admin/promotions/campaigns?page=1&page_size=50', headers: await as(admin) })).data.list;
    expect(listed.find((x) => x.id === c.id)!.disabled_at).toBe(disabledAt);
    const audit = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from admin_audit_log where action = 'coupon_campaign_disable' and target = ${`coupon_campaign:${c.id}`}`);
    expect(audit[0]!.n).toBe(1);
    expect(codeOf(await disable(randomUUID()))).toBe(err('campaign_not_found'));
    expect(codeOf(await disable('not-a-uuid'))).toBe(err('validation_failed'));
  });

  it('cancels a pool packet back to sys:promotions; refuses an ended one or one with no share left', async () => {
    clock.set('2026-12-02T10:00:00Z');
    const before = await available(SYSTEM.promotions);
    const p = await packet({ shares: 3, budget: '10', duration_days: 1 });
    const res = await cancel(p.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data).toMatchObject({ status: 'cancelled', returned: '10' });
    expect(await available(SYSTEM.promotions)).toBe(before);
    const full = await packet({ shares: 1, duration_days: 1 });
    expect((await receive(await user(), full.id)).statusCode).toBe(200);
    expect(codeOf(await cancel(full.id))).toBe(err('red_packet_none_left'));
    expect(codeOf(await cancel('AAAAAAAAAAAAAAAAAAAAAA'))).toBe(err('red_packet_not_found'));
    await tick();
    const ended = await packet({ shares: 2, activation_deadline: iso(60_000) });
    clock.advance(120_000);
    await tick();
    expect(body<{ status: string }>(await inject(t.app, { url: `/api/red-packets/${ended.id}` })).data.status).toBe('ended');
    expect(codeOf(await cancel(ended.id))).toBe(err('red_packet_ended'));
  });

  it('never lets a receive and a cancel both have one share: 40 receivers racing a cancel over 10 shares', async () => {
    clock.set('2026-12-03T10:00:00Z');
    for (let round = 0; round < 3; round++) {
      const p = await packet({ shares: 10, budget: '1', duration_days: 1 });
      const users: Array<{ userId: string; accountId: string }> = [];
      for (let i = 0; i < 40; i++) {
        const name = `cancel${randomUUID().slice(0, 12).replace(/-/g, '')}`;
        const [u] = await queryRows<{ id: string }>(db(), sql`insert into users (email, password_hash, invite_code) values (${`${name}@example.com`}, 'x', ${name.slice(6, 14).toUpperCase()}) returning id::text as id`);
        const [acc] = await queryRows<{ id: string }>(db(), sql`insert into mining_accounts (user_id, name, is_default) values (${u!.id}, ${name}, true) returning id::text as id`);
        users.push({ userId: u!.id, accountId: acc!.id });
      }
      const frozenBefore = await available(SYSTEM.promotions, 'frozen');
      const receives = users.map((u) => t.app.modules.promotions.redPackets.receive(u.userId, u.accountId, p.id));
      // The cancel goes in among them (through HTTP), after a third of the receivers in the first round, first and last in the others.
      const at = [13, 0, 40][round]!;
      const racing = [...receives.slice(0, at), cancel(p.id), ...receives.slice(at)];
      const results = await Promise.allSettled(racing);
      const cancelRes = results[at]!;
      expect(cancelRes.status).toBe('fulfilled');
      const answer = (cancelRes as PromiseFulfilledResult<{ statusCode: number; body: string }>).value;
      const received = results.filter((r, i) => i !== at && r.status === 'fulfilled').length;
      // Every share taken before the cancel: it has nothing left to cancel.
      if (answer.statusCode !== 200) {
        expect([received, codeOf(answer)]).toEqual([10, err('red_packet_none_left')]);
        continue;
      }
      const cancelled = body<{ returned: string; received: number }>(answer).data;
      for (const [i, r] of results.entries()) if (i !== at && r.status === 'rejected') expect(['red_packet_cancelled', 'red_packet_none_left']).toContain((r.reason as { key?: string }).key);
      const [row] = await queryRows<{ left: number; receipts: number; returned: string }>(db(), sql`select shares_left as left, returned::text as returned, (select count(*)::int from red_packet_receipts where packet_id = ${p.id}) as receipts from red_packets where id = ${p.id}`);
      // Every share is either received or returned, never both: receipts + returned shares = 10.
      expect(row!.receipts).toBe(received);
      expect(row!.left).toBe(0);
      expect(cancelled.received).toBe(received);
      const returnedShares = 10 - received;
      const expected = new Decimal(1).times(returnedShares).div(10);
      expect(new Decimal(row!.returned).toFixed()).toBe(expected.toFixed());
      expect(new Decimal(frozenBefore).minus(await available(SYSTEM.promotions, 'frozen')).toFixed()).toBe(expected.toFixed());
      const postings = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from ledger_postings where idempotency_key = ${`redpacket-cancel:${p.id}`}`);
      expect(postings[0]!.n).toBe(returnedShares > 0 ? 1 : 0);
    }
  });
});

describe('access', () => {
  it('keeps operator routes to operators and user routes to logged-in users', async () => {
    const u = await user();
    for (const url of ['/api/admin/promotions/campaigns', '/api/admin/promotions/red-packets']) {
      expect((await inject(t.app, { url })).statusCode).toBe(401);
      expect((await inject(t.app, { url, headers: (await as(u)) })).statusCode).toBe(403);
      expect((await inject(t.app, { url, headers: (await as(admin)) })).statusCode).toBe(200);
    }
    expect((await inject(t.app, { method: 'POST', url: '/api/admin/promotions/campaigns', headers: (await as(u)), payload: {} })).statusCode).toBe(403);
    for (const url of [`/api/admin/promotions/campaigns/${randomUUID()}/disable`, '/api/admin/promotions/red-packets/AAAAAAAAAAAAAAAAAAAAAA/cancel']) {
      expect((await inject(t.app, { method: 'POST', url })).statusCode).toBe(401);
      expect((await inject(t.app, { method: 'POST', url, headers: await as(u) })).statusCode).toBe(403);
    }
    expect((await inject(t.app, { method: 'POST', url: '/api/user/red-packets/AAAAAAAAAAAAAAAAAAAAAA/cancel' })).statusCode).toBe(401);
    for (const url of ['/api/coupons', '/api/user/red-packets']) expect((await inject(t.app, { url })).statusCode).toBe(401);
    expect((await inject(t.app, { method: 'POST', url: '/api/coupons/redeem', payload: { code: 'X' } })).statusCode).toBe(401);
    const audit = await queryRows<{ action: string }>(db(), sql`select action from admin_audit_log where action in ('coupon_campaign_create', 'red_packet_create', 'coupon_codes_export')`);
    expect(new Set(audit.map((a) => a.action))).toEqual(new Set(['coupon_campaign_create', 'red_packet_create', 'coupon_codes_export']));
  });
});
