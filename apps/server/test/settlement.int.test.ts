// Daily settlement against a real database: hand-computed FPPS and PPS+ vectors from shares that
// went through ingestion, the cut to the coin's precision with its remainder, the fee reduction
// hook, idempotency (a second run posts nothing), a run stopped half-way and finished, and the
// job's timing, and the profits calls that show it (and their CSV and XLSX export). The ledger reconciliation runs at teardown (test-app).
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, formatHashrate, LANGUAGE_HEADER } from '@hashpool/shared';
import { queryRows } from '../src/db/client';
import { FakeClock } from '../src/platform/clock';
import { SETTLE_AFTER_MS, type FeeReduction } from '../src/modules/earnings';
import { windowSettlesAt } from '../src/modules/earnings/block-window';
import { earningsTick } from '../src/modules/earnings/earnings.jobs';
import { payMethods, settlementRuns } from '../src/modules/earnings/earnings.tables';
import { blocks as blocksTable } from '../src/modules/mining/mining.tables';
import { balanceOf, SYSTEM } from '../src/modules/ledger/ledger';
import { auth, inject, registerByEmail } from './account-helpers';
import { SmtpInbox } from './smtp-inbox';
import { body, startTestApp, type TestApp } from './test-app';

let t: TestApp;
const INGEST_KEY = 'ingest-key-for-tests-0123456789';
const inbox = new SmtpInbox();
const clock = new FakeClock('2026-06-10T12:00:00Z');
/** The fee reductions both settlements are given (the coupons' port): none but where a test sets some. */
let feeReduction: FeeReduction = async () => new Map();
beforeAll(async () => {
  t = await startTestApp({
    demo: false,
    clock,
    env: { SMTP_URL: await inbox.start(), ALTCHA_COST: '1', ACCESS_TOKEN_TTL_SECONDS: '3600', INGEST_KEYS: INGEST_KEY },
    adapters: { feeReduction: (coin, day, ids) => feeReduction(coin, day, ids) },
  });
});
afterAll(async () => {
  await t?.close();
  await inbox.stop();
});
const db = () => t.database.db;

// The market of the day: D = 1000 (network difficulty in share-difficulty units), k = 2^32 for
// BTC, so one block takes 1000 x 2^32 hashes; B = 3.125 BTC subsidy, F = 0.25 BTC fees per block.
async function market(day: string) {
  await db().execute(sql`insert into market_data (coin, day, network_difficulty, block_subsidy, avg_fees_per_block, source)
    values ('btc', ${day}::date, 1000, 3.125, 0.25, 'operator')
    on conflict (coin, day) do update set network_difficulty = 1000, block_subsidy = 3.125, avg_fees_per_block = 0.25`);
}

async function account(name = `s${randomUUID().slice(0, 8)}`): Promise<{ id: string; name: string }> {
  const [user] = await queryRows<{ id: string }>(db(), sql`insert into users (email, password_hash, invite_code) values (${`${name}@example.com`}, 'x', ${name.slice(0, 8).toUpperCase()}) returning id`);
  const [acc] = await queryRows<{ id: string }>(db(), sql`insert into mining_accounts (user_id, name, is_default) values (${user!.id}, ${name}, true) returning id`);
  return { id: acc!.id, name };
}

/** Accepted shares adding up to `difficulty` (in share-difficulty units), sent through ingestion. */
async function mine(name: string, difficulty: string, time = clock.now().getTime()) {
  const result = await t.app.modules.mining.ingest.submit(`batch-${randomUUID()}`, [
    { coin: 'btc', account: name, worker: 'rig1', difficulty, result: 'accepted', time },
  ]);
  expect(result.accepted).toBe(1);
}

const available = async (holder: string) => new Decimal((await balanceOf(db(), holder, 'btc')).available).toFixed();
/** The fraction of a satoshi carried for a holder's next BTC credit. */
const carried = async (holder: string) =>
  new Decimal((await queryRows<{ r: string }>(db(), sql`select remainder::text as r from credit_remainders where holder = ${holder} and coin = 'btc'`))[0]?.r ?? 0).toFixed();

describe('daily settlement', () => {
  it("pays FPPS and PPS+ by the formulas in whole satoshis, and carries each account's fraction into its next credit", async () => {
    const day = '2026-06-10';
    clock.set(`${day}T12:00:00Z`);
    await market(day);
    const [a, b, c, d] = [await account(), await account(), await account(), await account()];
    await db().insert(payMethods).values({ accountId: b.id, coin: 'btc', method: 'pps_plus' });
    await mine(a.name, '1000'); // one block's work: W / (D x k) = 1
    await mine(b.name, '1000');
    await mine(c.name, '1'); // a thousandth of a block
    await mine(d.name, '1000');
    feeReduction = async (_coin, _day, ids) => new Map(ids.includes(d.id) ? [[d.id, '20']] : []);
    const revenueBefore = await available(SYSTEM.poolRevenue);

    clock.set('2026-06-11T00:06:00Z');
    const [btc] = (await t.app.modules.earnings.settlement.settleDay(day)).filter((r) => r.coin === 'btc');
    expect(btc).toMatchObject({ outcome: 'settled', accounts: 4 });

    // A, FPPS at 2.5 %: 1 x (3.125 + 0.25) x (1 - 0.025) = 3.375 x 0.975 = 3.290625
    expect(await available(a.id)).toBe('3.290625');
    // B, PPS+ at 2 % (its daily PPS part): 1 x 3.125 x 0.98 = 3.0625
    expect(await available(b.id)).toBe('3.0625');
    // C, FPPS: 0.001 x 3.375 x 0.975 = 0.003290625, cut to the satoshi: 0.00329062 (not to the
    // 6 decimals BTC shows); the half satoshi left is C's, carried.
    expect(await available(c.id)).toBe('0.00329062');
    // D, FPPS with a 20 % fee reduction: fee 2.5 x 0.8 = 2 %: 3.375 x 0.98 = 3.3075
    expect(await available(d.id)).toBe('3.3075');

    const paid = new Decimal('3.290625').plus('3.0625').plus('0.00329062').plus('3.3075');
    expect(btc!.paid).toBe(paid.toFixed());
    const [run] = await db().select().from(settlementRuns).where(and(eq(settlementRuns.coin, 'btc'), eq(settlementRuns.day, day)));
    // What the cut left, carried for C (not kept by the pool): 0.003290625 - 0.00329062
    expect(new Decimal(run!.remainder!).toFixed()).toBe('0.000000005');
    expect(await carried(c.id)).toBe('0.000000005');
    expect(run!.status).toBe('done');
    expect(new Decimal(revenueBefore).minus(await available(SYSTEM.poolRevenue)).toFixed()).toBe(paid.toFixed());

    // A second run posts nothing.
    const again = (await t.app.modules.earnings.settlement.settleDay(day)).find((r) => r.coin === 'btc');
    expect(again).toMatchObject({ outcome: 'already_settled', paid: paid.toFixed() });
    expect(await available(a.id)).toBe('3.290625');
    feeReduction = async () => new Map();

    // C's next day: 0.003290625 + the carried 0.000000005 = 0.00329063, a whole satoshi more.
    const next = '2026-06-11';
    clock.set(`${next}T12:00:00Z`);
    await market(next);
    await mine(c.name, '1');
    clock.set('2026-06-12T00:06:00Z');
    await t.app.modules.earnings.settlement.settleCoinDay('btc', next);
    expect(await available(c.id)).toBe('0.00658125');
    expect(await carried(c.id)).toBe('0');
  });

  it('pays a day by the method in force that day, also when a switch just after midnight replaced the stored choice before the day was settled', async () => {
    const day = '2026-08-06';
    const a = await account();
    const [{ user_id: userId }] = (await queryRows<{ user_id: string }>(db(), sql`select user_id::text from mining_accounts where id = ${a.id}`)) as [{ user_id: string }];
    const switchTo = async (at: string, method: 'pplns' | 'fpps') => {
      clock.set(at);
      await t.app.modules.earnings.earnings.switchPayMethod(userId, a.id, 'btc', method);
    };
    await switchTo('2026-08-04T00:00:00Z', 'pplns'); // PPLNS from the 5th
    await switchTo('2026-08-06T00:00:10Z', 'fpps'); // FPPS from the 7th: the 6th is still PPLNS
    clock.set(`${day}T12:00:00Z`);
    await market(day);
    await mine(a.name, '1000');
    // 24 hours and 10 s after the last, before the 6th is settled: PPLNS again from the 8th. The
    // stored choice now says PPLNS, replacing FPPS (the 7th's), and knows nothing of the 6th.
    await switchTo('2026-08-07T00:00:20Z', 'pplns');
    clock.set('2026-08-07T01:06:00Z');
    await t.app.modules.earnings.settlement.settleCoinDay('btc', day);
    // The 6th was mined under PPLNS, which its blocks pay: the daily FPPS pays it nothing.
    expect(await available(a.id)).toBe('0');
    expect(await t.app.modules.earnings.earnings.methodOnDay(a.id, 'btc', day)).toBe('pplns');
  });

  it('finishes a run stopped half-way, crediting each account exactly once', async () => {
    const day = '2026-06-12';
    clock.set(`${day}T08:00:00Z`);
    await market(day);
    const accounts = [];
    for (let i = 0; i < 7; i++) accounts.push(await account());
    for (const [i, acc] of accounts.entries()) await mine(acc.name, String((i + 1) * 100)); // 0.1 .. 0.7 blocks
    clock.set('2026-06-13T00:10:00Z');
    await expect(t.app.modules.earnings.settlement.settleCoinDay('btc', day, { chunkSize: 3, stopAfterChunks: 1 })).rejects.toThrow(/stopped/);
    const credited = await Promise.all(accounts.map((acc) => available(acc.id)));
    expect(credited.filter((x) => x !== '0')).toHaveLength(3);

    await t.app.modules.earnings.settlement.settleCoinDay('btc', day, { chunkSize: 3 });
    for (const [i, acc] of accounts.entries()) {
      // (i + 1) / 10 blocks x 3.375 x 0.975
      expect(await available(acc.id)).toBe(new Decimal(i + 1).div(10).times('3.375').times('0.975').toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed());
    }
    const [posted] = await queryRows<{ n: number; keys: number }>(
      db(),
      sql`select count(*)::int as n, count(distinct idempotency_key)::int as keys from ledger_postings where reference = ${`settlement:btc:${day}`}`,
    );
    expect(posted).toEqual({ n: 7, keys: 7 });
  });

  it('runs from the job once the day is an hour and five minutes past (the oldest share the pool takes, and a flush), not before', async () => {
    const day = '2026-06-14';
    clock.set(`${day}T20:00:00Z`);
    await market(day);
    const acc = await account();
    await mine(acc.name, '500');
    const deps = { db: db(), clock, earnings: t.app.modules.earnings.earnings, settlement: t.app.modules.earnings.settlement, blockSettlement: t.app.modules.earnings.blockSettlement, referral: t.app.modules.earnings.referral, log: t.app.log };
    clock.set('2026-06-15T00:06:00Z');
    await earningsTick(deps);
    // A share of the day before, as old as the pool takes (an outbox that waited out an outage),
    // still counts: the day is not settled yet.
    await mine(acc.name, '500', Date.parse('2026-06-14T23:10:00Z'));
    clock.set('2026-06-15T01:04:00Z');
    await earningsTick(deps);
    expect(await available(acc.id)).toBe('0');
    clock.set('2026-06-15T01:06:00Z');
    await earningsTick(deps);
    // (0.5 + 0.5) x 3.375 x 0.975 = 3.290625 (whole satoshis: nothing to cut)
    expect(await available(acc.id)).toBe('3.290625');
    await earningsTick(deps);
    expect(await available(acc.id)).toBe('3.290625');
  });
});

describe('profits calls', () => {
  it('show the settled days, yesterday, the estimate of today and the balance, to the owner only', async () => {
    const day = '2026-06-20';
    clock.set(`${day}T10:00:00Z`);
    await market(day);
    await market('2026-06-21');
    const owner = await registerByEmail(t.app, inbox);
    const other = await registerByEmail(t.app, inbox);
    const name = body<{ current_account: { name: string } }>(await inject(t.app, { url: '/api/users/mine', headers: auth(owner.tokens) })).data.current_account.name;
    await mine(name, '2000'); // two blocks' work
    clock.set('2026-06-21T06:00:00Z');
    await t.app.modules.earnings.settlement.settleCoinDay('btc', day);
    await mine(name, '100'); // today so far: 0.1 block
    // Fresh tokens, as the browser refreshes them: the fake clock outran the access tokens.
    for (const u of [owner, other]) {
      u.tokens = body<typeof u.tokens>(await inject(t.app, { method: 'POST', url: '/api/users/refresh/login', payload: { refresh_token: u.tokens.refresh_token } })).data;
    }

    const url = `/api/pools/btc/accounts/${name}/profits`;
    const stats = await inject(t.app, { url: `${url}/stats`, headers: auth(owner.tokens) });
    expect(stats.statusCode, stats.body).toBe(200);
    // 2 x 3.375 x 0.975 = 6.58125; today 0.1 x 3.375 x 0.975 = 0.3290625 (to the satoshi; the page shows 6 decimals)
    expect(body(stats).data).toEqual({
      coin: 'btc', yesterday: '6.58125', yesterday_settled: true, today_estimate: '0.3290625', today_method: 'fpps',
      total_earned: '6.58125', total_paid: '0', balance: '6.58125',
    });
    const rows = await inject(t.app, { url: `${url}?start=2026-06-01&end=2026-06-30`, headers: auth(owner.tokens) });
    // 2000 x 2^32 hashes over 86,400 s
    expect(body(rows).data).toEqual({ list: [{ day, hashrate: (2000 * 2 ** 32) / 86_400, method: 'fpps', fee_rate: '2.5', amount: '6.58125', status: 'settled', coupon_saving: null }], total: 1 });
    const outside = await inject(t.app, { url: `${url}?start=2026-06-21`, headers: auth(owner.tokens) });
    expect(body(outside).data).toEqual({ list: [], total: 0 });

    const series = await inject(t.app, { url: `${url}/hashrates?days=30`, headers: auth(owner.tokens) });
    expect(body(series).data).toEqual({ list: [{ day, hashrate: (2000 * 2 ** 32) / 86_400, amount: '6.58125' }] });
    // One unit a day: the network is 1000 x 2^32 / 600 s = 7.16 GH/s, a millionth of it 7.16 KH/s,
    // so the unit is KH/s. 1e3 x 86,400 hashes = 86,400e3 / (1000 x 2^32) blocks = 0.0000201166 blocks;
    // FPPS: x 3.375 x 0.975 = 0.0000661968... (six significant digits, rounded down)
    const unit = body<{ unit: string; unit_hashrate: number; list: Array<{ day: string; methods: Array<{ method: string; amount: string }> }> }>(
      await inject(t.app, { url: `${url}/unit/hashrates?days=2`, headers: auth(owner.tokens) }),
    ).data;
    expect(unit).toMatchObject({ unit: 'KH/s', unit_hashrate: 1000 });
    const fpps = unit.list.find((d) => d.day === day)!.methods.find((m) => m.method === 'fpps')!;
    expect(fpps.amount).toBe(new Decimal(86_400e3).div(1000 * 2 ** 32).times('3.375').times('0.975').toSignificantDigits(6, Decimal.ROUND_DOWN).toFixed());
    expect(body(await inject(t.app, { url: `/api/pools/btc/accounts/${name}/rates`, headers: auth(owner.tokens) })).data).toMatchObject({
      coin: 'btc', today_method: 'fpps', fee_rates: expect.arrayContaining([{ method: 'solo', fee_rate: '0.5', next_fee_rate: null, next_fee_from: null }]),
    });
    expect(body(await inject(t.app, { url: `${url}/solo`, headers: auth(owner.tokens) })).data).toEqual({ list: [], total: 0 });
    expect((await inject(t.app, { url: `${url}/hashrates?days=400`, headers: auth(owner.tokens) })).statusCode).toBe(400);

    // The export of the range, parsed back, says what the API says; in Chinese, times in UTC+08:00.
    await db().execute(sql`update users set timezone = 'UTC+08:00' where id = (select user_id from mining_accounts where name = ${name})`);
    const exported = async (format: string, lang = 'zh-CN') => {
      const res = await inject(t.app, { url: `${url}/export?start=2026-06-01&end=2026-06-30&format=${format}`, headers: { ...auth(owner.tokens), [LANGUAGE_HEADER]: lang } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="hashpool-btc-earnings-2026-06-01-2026-06-30.${format}"`);
      const book = new ExcelJS.Workbook();
      if (format === 'xlsx') await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      // The file's text as written (the reader would turn dates into Date objects by default).
      else {
        expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from('\uFEFF'));
        await book.csv.read(Readable.from(res.rawPayload.subarray(3)), { map: (value: string) => value });
      }
      return book.worksheets[0]!.getSheetValues().slice(1).map((row) => (row as unknown[]).slice(1));
    };
    const [run] = await db().select().from(settlementRuns).where(and(eq(settlementRuns.coin, 'btc'), eq(settlementRuns.day, day)));
    const creditedAt = new Date(run!.finishedAt!.getTime() + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
    const expected = [
      ['日期（UTC）', '结算算力', '结算方式', '费率（%）', '金额（BTC）', '状态', '到账时间（UTC+08:00）'],
      [day, formatHashrate((2000 * 2 ** 32) / 86_400), 'FPPS', '2.5', '6.58125', '已结算', creditedAt],
    ];
    expect(await exported('xlsx')).toEqual(expected);
    expect(await exported('csv')).toEqual(expected);
    const tooLong = await inject(t.app, { url: `${url}/export?start=2025-01-01&end=2026-06-30`, headers: auth(owner.tokens) });
    expect(tooLong.statusCode).toBe(400);
    expect((await inject(t.app, { url: `${url}/export?start=2026-06-01`, headers: auth(owner.tokens) })).statusCode).toBe(400);

    expect((await inject(t.app, { url: `${url}/stats`, headers: auth(other.tokens) })).statusCode).toBe(404);
    expect((await inject(t.app, { url })).statusCode).toBe(401);
    expect((await inject(t.app, { url: `/api/pools/kas/accounts/${name}/profits`, headers: auth(owner.tokens) })).statusCode).toBe(404);
    const backwards = await inject(t.app, { url: `${url}?start=2026-06-30&end=2026-06-01`, headers: auth(owner.tokens) });
    expect(backwards.statusCode).toBe(400);
    expect((await inject(t.app, { url: `${url}?start=2026-02-30`, headers: auth(owner.tokens) })).statusCode).toBe(400);
  });
});

describe('invitation rewards', () => {
  it('pay the inviter 0.2 % of the invitees\' settled earnings from 09:50 UTC+8, once', async () => {
    const day = '2026-06-25';
    clock.set(`${day}T09:00:00Z`);
    await market(day);
    const inviter = await registerByEmail(t.app, inbox);
    const invitees = [await registerByEmail(t.app, inbox), await registerByEmail(t.app, inbox)];
    const mineOf = async (u: { tokens: { token: string } }) =>
      body<{ id: string; current_account: { id: string; name: string } }>(await inject(t.app, { url: '/api/users/mine', headers: auth(u.tokens as never) })).data;
    const inviterMine = await mineOf(inviter);
    const inviteeAccounts: string[] = [];
    for (const [i, u] of invitees.entries()) {
      const me = await mineOf(u);
      inviteeAccounts.push(me.current_account.id);
      await db().execute(sql`update users set invited_by = ${inviterMine.id} where id = ${me.id}`);
      await mine(me.current_account.name, String(1000 * (i + 1))); // 1 and 2 blocks' work
    }
    clock.set('2026-06-26T00:30:00Z');
    await t.app.modules.earnings.settlement.settleCoinDay('btc', day);

    clock.set('2026-06-26T01:49:00Z'); // 09:49 UTC+8
    expect(await t.app.modules.earnings.referral.release(day)).toBe(0);
    expect(await available(inviterMine.current_account.id)).toBe('0');
    clock.set('2026-06-26T01:50:00Z'); // 09:50 UTC+8
    expect(await t.app.modules.earnings.referral.release(day)).toBe(1);
    // Invitees earned 3.290625 + 6.58125 = 9.871875; 0.2 % of it = 0.01974375 (whole satoshis)
    expect(await available(inviterMine.current_account.id)).toBe('0.01974375');
    expect(await t.app.modules.earnings.referral.release(day)).toBe(0);
    expect(await available(inviterMine.current_account.id)).toBe('0.01974375');
    // Paid by the pool: the invitees keep all they earned.
    expect(await available(inviteeAccounts[0]!)).toBe('3.290625');

    inviter.tokens = body<typeof inviter.tokens>(await inject(t.app, { method: 'POST', url: '/api/users/refresh/login', payload: { refresh_token: inviter.tokens.refresh_token } })).data;
    const summary = body<{ invitees: number; rate_percent: string; totals: unknown[]; invite_code: string }>(await inject(t.app, { url: '/api/invite', headers: auth(inviter.tokens) })).data;
    expect(summary).toMatchObject({ invitees: 2, rate_percent: '0.2', totals: [{ coin: 'btc', amount: '0.01974375' }] });
    expect(summary.invite_code).toMatch(/^[A-Z2-9]{8}$/);
    const listed = body<{ list: Array<{ contact: string }>; total: number }>(await inject(t.app, { url: '/api/invite/invitees', headers: auth(inviter.tokens) })).data;
    expect(listed.total).toBe(2);
    for (const row of listed.list) expect(row.contact).toMatch(/^.{1,2}\*\*\*@example\.com$/);
    const rewards = body(await inject(t.app, { url: '/api/invite/rewards', headers: auth(inviter.tokens) })).data;
    expect(rewards).toMatchObject({ list: [{ day, coin: 'btc', invitees: 2, base: '9.871875', amount: '0.01974375' }], total: 1 });
    expect((await inject(t.app, { url: '/api/invite/rewards' })).statusCode).toBe(401);

    // A day whose reward is below one satoshi pays nothing yet and lists nothing; its fraction is
    // the inviter's, carried into the next reward.
    const [invitee] = await queryRows<{ name: string }>(db(), sql`select name from mining_accounts where id = ${inviteeAccounts[0]!}`);
    const rewardDay = async (d: string, difficulty: string) => {
      clock.set(`${d}T09:00:00Z`);
      await market(d);
      await mine(invitee!.name, difficulty);
      clock.set(`${addDays(d, 1)}T00:30:00Z`);
      await t.app.modules.earnings.settlement.settleCoinDay('btc', d);
      clock.set(`${addDays(d, 1)}T01:50:00Z`);
      return t.app.modules.earnings.referral.release(d);
    };
    // 0.000001 blocks: 0.000003290625 earned, 0.00000329 credited; its 0.2 %, 0.00000000658, is
    // below a satoshi: nothing paid or listed, carried.
    expect(await rewardDay('2026-06-27', '0.001')).toBe(0);
    expect(await available(inviterMine.current_account.id)).toBe('0.01974375');
    expect(await carried(inviterMine.current_account.id)).toBe('0.00000000658');
    expect((await t.app.modules.earnings.referral.rewards(inviterMine.id, { page: 1, page_size: 10 })).total).toBe(1);
    // 0.003 blocks: 0.009871875 + the invitee's carried 0.000000000625 -> 0.00987187 credited;
    // 0.2 % of it, 0.00001974374, with the inviter's 0.00000000658: 0.00001975 paid, 0.00000000032 carried.
    expect(await rewardDay('2026-06-28', '3')).toBe(1);
    expect(await available(inviterMine.current_account.id)).toBe('0.0197635');
    const exactRewards = ['9.871875', '0.00000329', '0.00987187'].reduce((sum, base) => sum.plus(new Decimal(base).times('0.002')), new Decimal(0));
    const paidRewards = new Decimal(await available(inviterMine.current_account.id));
    expect(exactRewards.minus(paidRewards).toFixed()).toBe(await carried(inviterMine.current_account.id));
    expect(exactRewards.minus(paidRewards).lt('0.00000001')).toBe(true);
  });
});

describe('fee rate changes', () => {
  it('apply from the next UTC day: a day settled after the change is charged the rate it was mined under', async () => {
    const day = '2026-06-22';
    clock.set(`${day}T12:00:00Z`);
    await market(day);
    await market('2026-06-23');
    const a = await account();
    const [operator] = await queryRows<{ id: string }>(db(), sql`select user_id::text as id from mining_accounts where id = ${a.id}`);
    await mine(a.name, '1000'); // one block's work: gross 3.375 under FPPS
    // 00:30 the next day, before the 01:05 settlement: the fee rises from 2.5 to 4, from the 24th.
    clock.set('2026-06-23T00:30:00Z');
    const setFpps = (rate: string) => t.app.modules.earnings.admin.setFeeRate(operator!.id, { coin: 'btc', method: 'fpps', fee_rate: rate, reason: 'test' });
    await setFpps('4');
    await mine(a.name, '1000'); // the 23rd's work: still 2.5, the day the change was made
    clock.set('2026-06-23T01:05:00Z');
    await t.app.modules.earnings.settlement.settleCoinDay('btc', day);
    const rows = await t.app.modules.earnings.settlement.settledRows('btc', day, [a.id]);
    expect(rows?.map((r) => [r.method, r.feeRate, r.amount])).toEqual([['fpps', '2.5', '3.290625']]);
    clock.set('2026-06-24T12:00:00Z');
    await market('2026-06-24');
    await mine(a.name, '1000'); // the 24th's: 4
    clock.set('2026-06-25T01:05:00Z');
    await t.app.modules.earnings.settlement.settleCoinDay('btc', '2026-06-24');
    const later = await t.app.modules.earnings.settlement.settledRows('btc', '2026-06-24', [a.id]);
    expect(later?.map((r) => [r.method, r.feeRate, r.amount])).toEqual([['fpps', '4', '3.24']]);
    // Back to 2.5 from the 24th (a second change the same day replaces the first), as the other tests of this file expect.
    clock.set('2026-06-23T00:31:00Z');
    await setFpps('2.5');
  });
});

describe('invitation rewards and blocks', () => {
  it('wait for a block of the day still being paid (its node did not answer): its payouts are counted, not left out for good', async () => {
    const day = '2026-06-17';
    clock.set(`${day}T09:00:00Z`);
    await market(day);
    const [inviter, invitee] = [await account(), await account()];
    await db().execute(sql`update users set invited_by = (select user_id from mining_accounts where id = ${inviter.id}) where id = (select user_id from mining_accounts where id = ${invitee.id})`);
    await mine(invitee.name, '1000');
    const hash = `b${randomUUID().replace(/-/g, '')}`;
    await t.app.modules.mining.blocks.record([{ type: 'found', coin: 'btc', height: 899_017, hash, reward: '3.125', account: invitee.name, worker: 'rig1', difficulty: 1000, time: Date.parse(`${day}T10:00:00Z`) }]);
    await t.app.modules.mining.blocks.record([{ type: 'confirmations', coin: 'btc', hash, confirmations: 101 }]);
    clock.set('2026-06-18T00:30:00Z');
    await t.app.modules.earnings.settlement.settleCoinDay('btc', day);
    // The block's payouts are computed, of the day; its coinbase's maturity is not confirmed yet.
    const [block] = await queryRows<{ id: string }>(db(), sql`select id::text as id from blocks where hash = ${hash}`);
    await db().execute(sql`insert into block_settlements (block_id, coin, status, outcome, reward, computed_at) values (${block!.id}, 'btc', 'computed', 'paid', 3.125, now())`);
    await db().execute(sql`insert into block_payouts (block_id, account_id, coin, day, method, work, fee_rate, gross, amount) values (${block!.id}, ${invitee.id}, 'btc', ${day}::date, 'pplns', 1, 1, 1.5, 1.5)`);
    const rewards = () => queryRows<{ base: string }>(db(), sql`select base::text as base from invite_rewards where day = ${day}::date and account_id = ${inviter.id}`);
    clock.set('2026-06-18T01:50:00Z');
    expect(await t.app.modules.earnings.referral.release(day)).toBe(0);
    expect(await rewards()).toEqual([]);
    // Done five days later (the node was down that long), past the release's three days of
    // look-back: the day is released then, the block's payout in its base.
    await db().execute(sql`update block_settlements set status = 'done', finished_at = ${'2026-06-22T01:00:00Z'}::timestamptz where block_id = ${block!.id}`);
    clock.set('2026-06-22T02:00:00Z');
    expect(await t.app.modules.earnings.referral.releaseDue()).toBe(1);
    const [profit] = await queryRows<{ amount: string }>(db(), sql`select sum(amount)::text as amount from profits where account_id = ${invitee.id} and day = ${day}::date`);
    expect((await rewards()).map((r) => new Decimal(r.base).toFixed())).toEqual([new Decimal(profit!.amount).plus('1.5').toFixed()]);
  });
});

// Block-based payments. The market of every day below: D = 1000, k = 2^32, B = 3.125, F = 0.25.
// Blocks are found at difficulty 1000, so the PPLNS window is N = 2 x D x k = 2000 share-difficulty
// units of work. Fees: PPLNS 1 %, PPS+ 2 %, SOLO 0.5 % (the seeded rates).
describe('block-based payments', () => {
  let height = 900_000;
  async function setMethod(accountId: string, method: 'pplns' | 'pps_plus' | 'solo') {
    await db().insert(payMethods).values({ accountId, coin: 'btc', method });
  }
  /** Shares of `difficulty` units at `at` (each 10-minute point of history holds what came in it). */
  async function mineAt(at: string, name: string, difficulty: string) {
    clock.set(at);
    await mine(name, difficulty);
  }
  async function found(finder: string, at: string, reward: string) {
    const hash = `b${randomUUID().replace(/-/g, '')}`;
    const h = ++height;
    // Reported when found: the pool refuses a found time ahead of its clock.
    clock.set(new Date(Math.max(clock.now().getTime(), Date.parse(at))));
    await t.app.modules.mining.blocks.record([{ type: 'found', coin: 'btc', height: h, hash, reward, account: finder, worker: 'rig1', difficulty: 1000, time: Date.parse(at) }]);
    return { hash, height: h, at };
  }
  /** Matured, and the clock past the time its window's late shares may still come (windowSettlesAt). */
  async function mature(block: { hash: string; at: string }) {
    await t.app.modules.mining.blocks.record([{ type: 'confirmations', coin: 'btc', hash: block.hash, confirmations: 101 }]);
    clock.set(new Date(Math.max(clock.now().getTime(), windowSettlesAt(new Date(block.at)))));
  }
  const credited = async (reference: string) =>
    queryRows<{ holder: string; amount: string }>(
      db(),
      sql`select e.holder, e.amount::text from ledger_entries e join ledger_postings p on p.id = e.posting_id
           where p.reference = ${reference} and e.holder not like 'sys:%' order by e.holder`,
    );

  it('pays PPLNS and the fee part of PPS+ over the window once the block matures, and keeps SOLO work out of it', async () => {
    const day = '2026-07-01';
    await market(day);
    clock.set(`${day}T09:00:00Z`);
    const owner = await registerByEmail(t.app, inbox);
    const aName = body<{ current_account: { name: string } }>(await inject(t.app, { url: '/api/users/mine', headers: auth(owner.tokens) })).data.current_account.name;
    const [aRow] = await queryRows<{ id: string }>(db(), sql`select id from mining_accounts where name = ${aName}`);
    const a = { id: aRow!.id, name: aName };
    const [b, c, e, s] = [await account(), await account(), await account(), await account()];
    await setMethod(a.id, 'pplns');
    await setMethod(b.id, 'pplns');
    await setMethod(c.id, 'pps_plus');
    await setMethod(s.id, 'solo'); // E stays on FPPS, the default
    await mineAt(`${day}T10:05:00Z`, e.name, '1000');
    await mineAt(`${day}T11:05:00Z`, a.name, '600');
    await mineAt(`${day}T11:05:00Z`, c.name, '400');
    await mineAt(`${day}T11:05:00Z`, s.name, '1000'); // SOLO: not in the pool's window
    await mineAt(`${day}T11:15:00Z`, b.name, '500');
    // R = 3.512345: subsidy 3.125 and fees 0.387345.
    const block = await found(e.name, `${day}T11:20:00Z`, '3.512345');
    const chainBefore = await available(SYSTEM.chain);
    const revenueBefore = await available(SYSTEM.poolRevenue);

    clock.set(`${day}T12:00:00Z`);
    expect(await t.app.modules.earnings.blockSettlement.settleReady()).toBe(0); // not mature yet
    await mature(block);
    clock.set(`${day}T20:00:00Z`);
    expect(await t.app.modules.earnings.blockSettlement.settleReady()).toBe(1);

    // The window, newest first: 11:10 point B 500 (500); 11:00 point A 600 + C 400 (1500); 10:00
    // point E 1000 crosses 2000, so it counts (2000 - 1500) / 1000 = half: E 500. N = 2000.
    // To the satoshi, the fraction carried for each:
    // A, PPLNS: 3.512345 x 600 / 2000 x 0.99 = 1.0537035 x 0.99 = 1.043166465 -> 1.04316646 (+0.000000005 carried)
    // B, PPLNS: 3.512345 x 500 / 2000 x 0.99 = 0.87808625 x 0.99 = 0.8693053875 -> 0.86930538 (+0.0000000075)
    // C, PPS+:  (3.512345 - 3.125) x 400 / 2000 x 0.98 = 0.077469 x 0.98 = 0.07591962
    // E is paid by FPPS daily and S by its own blocks: nothing from this one.
    const paid = await credited(`block:btc:${block.height}`);
    expect(paid).toEqual(
      [
        { holder: a.id, amount: '1.043166460000000000' },
        { holder: b.id, amount: '0.869305380000000000' },
        { holder: c.id, amount: '0.075919620000000000' },
      ].sort((x, y) => x.holder.localeCompare(y.holder)),
    );
    expect([await carried(a.id), await carried(b.id), await carried(c.id)]).toEqual(['0.000000005', '0.0000000075', '0']);
    const [run] = await queryRows<{ outcome: string; window_work: number; paid: string; remainder: string }>(
      db(),
      sql`select outcome, window_work, paid::text, remainder::text from block_settlements s join blocks b on b.id = s.block_id where b.hash = ${block.hash}`,
    );
    expect(run!.outcome).toBe('paid');
    expect(run!.window_work).toBeCloseTo(2000 * 2 ** 32, -3);
    const sum = new Decimal('1.04316646').plus('0.86930538').plus('0.07591962');
    expect(new Decimal(run!.paid).toFixed()).toBe(sum.toFixed());
    // What the cuts left, carried for A and B: 0.000000005 + 0.0000000075
    expect(new Decimal(run!.remainder).toFixed()).toBe('0.0000000125');
    // The reward came in from the chain and what was paid went out of the pool's revenue.
    expect(new Decimal(chainBefore).minus(await available(SYSTEM.chain)).toFixed()).toBe('3.512345');
    expect(new Decimal(await available(SYSTEM.poolRevenue)).minus(revenueBefore).toFixed()).toBe(new Decimal('3.512345').minus(sum).toFixed());

    // Settled once: a second pass posts nothing.
    expect(await t.app.modules.earnings.blockSettlement.settleReady()).toBe(0);
    expect(await credited(`block:btc:${block.height}`)).toHaveLength(3);

    // The profits list shows A's PPLNS payment in the row of the day it was computed; the day's
    // settlement adds A's settled work to that row without paying it again.
    clock.set('2026-07-02T00:06:00Z');
    await t.app.modules.earnings.settlement.settleDay(day);
    owner.tokens = body<typeof owner.tokens>(await inject(t.app, { method: 'POST', url: '/api/users/refresh/login', payload: { refresh_token: owner.tokens.refresh_token } })).data;
    const list = body<{ list: unknown[] }>(await inject(t.app, { url: `/api/pools/btc/accounts/${a.name}/profits?page=1&page_size=10`, headers: auth(owner.tokens) })).data;
    expect(list.list).toEqual([{ day, method: 'pplns', fee_rate: '1', amount: '1.04316646', hashrate: (600 * 2 ** 32) / 86_400, status: 'settled', coupon_saving: null }]);
    // A page past the end still counts the rows (from one row of the range, not all of them read again).
    expect(body(await inject(t.app, { url: `/api/pools/btc/accounts/${a.name}/profits?page=50&page_size=10`, headers: auth(owner.tokens) })).data).toEqual({ list: [], total: 1 });
    // Today's estimate under PPLNS is what the work is worth on average: 0.1 block's work today,
    // 0.1 x (3.125 + 0.25) x 0.99 = 0.334125.
    clock.set('2026-07-02T00:10:00Z');
    await mine(a.name, '100');
    const stats = body<{ today_estimate: string; today_method: string }>(await inject(t.app, { url: `/api/pools/btc/accounts/${a.name}/profits/stats`, headers: auth(owner.tokens) })).data;
    expect(stats).toMatchObject({ today_estimate: '0.334125', today_method: 'pplns' });
  });

  it('a matured block waits for its window’s late shares: work from before it that a stratum sends after it matured is paid', async () => {
    // Weeks after the other block tests' work: the window is these two miners' alone.
    const day = '2026-05-10';
    await market(day);
    const [a, b] = [await account(), await account()];
    for (const m of [a, b]) await setMethod(m.id, 'pplns');
    await mineAt(`${day}T08:05:00Z`, a.name, '500');
    // In the 08:20 point, whose work the window counts for its minute before the block.
    const block = await found(a.name, `${day}T08:21:00Z`, '2');
    // Matured at once (KDA, ALEO, a regtest chain): B's share of 08:29:50 is still in a stratum's outbox.
    await t.app.modules.mining.blocks.record([{ type: 'confirmations', coin: 'btc', hash: block.hash, confirmations: 101 }]);
    clock.set(`${day}T08:40:00Z`);
    expect(await t.app.modules.earnings.blockSettlement.settleReady()).toBe(0);
    clock.set(`${day}T09:27:00Z`); // 66 minutes after the block, but B's share may still come
    expect(await t.app.modules.earnings.blockSettlement.settleReady()).toBe(0);
    clock.set(`${day}T09:29:00Z`);
    await mine(b.name, '500', Date.parse(`${day}T08:29:50Z`)); // 59 minutes late, within the hour the pool takes
    expect(windowSettlesAt(new Date(`${day}T08:21:00Z`))).toBe(Date.parse(`${day}T08:30:00Z`) + SETTLE_AFTER_MS);
    clock.set(new Date(Date.parse(`${day}T08:30:00Z`) + SETTLE_AFTER_MS - 1));
    expect(await t.app.modules.earnings.blockSettlement.settleReady()).toBe(0);
    clock.advance(1);
    expect(await t.app.modules.earnings.blockSettlement.settleReady()).toBe(1);
    // The 08:20 point counts for 1 of its 10 minutes: B 50 of its 500; A 500. 2 x 500 / 550 x 0.99
    // = 1.8 to A, 2 x 50 / 550 x 0.99 = 0.18 to B.
    const paid = new Map((await credited(`block:btc:${block.height}`)).map((p) => [p.holder, new Decimal(p.amount).toFixed()]));
    expect([paid.get(a.id), paid.get(b.id)]).toEqual(['1.8', '0.18']);
  });

  it('splits PPLNS exactly: the payments and the carried fractions add up to the distributable reward', async () => {
    // Weeks after every other test's work, so the window (looking back 30 days) holds only these three.
    const day = '2026-09-15';
    await market(day);
    const miners = [await account(), await account(), await account()];
    for (const m of miners) await setMethod(m.id, 'pplns');
    for (const m of miners) await mineAt(`${day}T08:05:00Z`, m.name, '500');
    // 1500 units in all, less than N = 2000: the window is all of it, a third each.
    const block = await found(miners[0]!.name, `${day}T08:30:00Z`, '1.00000001');
    await mature(block);
    await t.app.modules.earnings.blockSettlement.settleReady();
    // Each: 1.00000001 / 3 x 0.99 = 0.3300000033 -> 0.33, 0.0000000033 carried for each;
    // distributable 1.00000001 x 0.99 = 0.9900000099.
    const paid = await credited(`block:btc:${block.height}`);
    expect(paid.map((p) => new Decimal(p.amount).toFixed())).toEqual(['0.33', '0.33', '0.33']);
    for (const m of miners) expect(await carried(m.id)).toBe('0.0000000033');
    const [run] = await queryRows<{ paid: string; remainder: string }>(db(), sql`select s.paid::text, s.remainder::text from block_settlements s join blocks b on b.id = s.block_id where b.hash = ${block.hash}`);
    expect(new Decimal(run!.paid).plus(run!.remainder).toFixed()).toBe(new Decimal('1.00000001').times('0.99').toFixed());
  });

  it('counts the point the block fell in for its part before it and the oldest point in part, to the satoshi', async () => {
    // Weeks after the other block tests' work, before November's.
    const day = '2026-10-10';
    await market(day);
    const [a, b, c, d, e] = [await account(), await account(), await account(), await account(), await account()];
    for (const m of [a, b, c, d, e]) await setMethod(m.id, 'pplns');
    await mineAt(`${day}T08:05:00Z`, a.name, '100'); // the 08:00 point: A 100, E 200
    await mineAt(`${day}T08:05:00Z`, e.name, '200');
    await mineAt(`${day}T08:15:00Z`, b.name, '600'); // the 08:10 point: B 600, C 900
    await mineAt(`${day}T08:15:00Z`, c.name, '900');
    await mineAt(`${day}T08:21:00Z`, d.name, '1000'); // the 08:20 point, which the block falls in
    const block = await found(d.name, `${day}T08:24:00Z`, '1');
    await mature(block);
    await t.app.modules.earnings.blockSettlement.settleReady();
    // N = 2 x 1000 units. D counts 4 of the point's 10 minutes: 400; B and C 1500 (1900 in all);
    // the 08:00 point fills the last 100 of its 300: A 100/3, E 200/3. At PPLNS 1 %:
    // D 400/2000 x 0.99 = 0.198, B 0.297, C 0.4455, A (100/3)/2000 x 0.99 = 0.0165, E 0.033,
    // exactly. (The window summed in doubles paid A 0.01649999 and E 0.03299999: a satoshi each
    // short, left in their carried fraction.)
    const paid = new Map((await credited(`block:btc:${block.height}`)).map((p) => [p.holder, new Decimal(p.amount).toFixed()]));
    expect([a, b, c, d, e].map((m) => paid.get(m.id))).toEqual(['0.0165', '0.297', '0.4455', '0.198', '0.033']);
    for (const m of [a, b, c, d, e]) expect(await carried(m.id)).toBe('0');
    const [run] = await queryRows<{ target: number; work: number }>(db(), sql`select s.window_target as target, s.window_work as work from block_settlements s join blocks b on b.id = s.block_id where b.hash = ${block.hash}`);
    expect(run).toEqual({ target: 2000 * 2 ** 32, work: 2000 * 2 ** 32 });
  });

  it('pays the work of each day of the window by the method its owner had that day, not the block’s day', async () => {
    // March: more than 30 days before every other test's work, so the window is these five's alone.
    const [x, w, z, v, y] = [await account(), await account(), await account(), await account(), await account()];
    await setMethod(w.id, 'pps_plus');
    await setMethod(z.id, 'solo');
    await setMethod(v.id, 'pplns');
    await setMethod(y.id, 'pplns');
    // Switched on the 20th: the new method pays from the 21st, the block's day.
    clock.set('2026-03-20T00:10:00Z');
    for (const [m, to] of [[x, 'pplns'], [w, 'pplns'], [z, 'pplns'], [v, 'fpps']] as const) {
      const [{ user_id: userId }] = (await queryRows<{ user_id: string }>(db(), sql`select user_id::text from mining_accounts where id = ${m.id}`)) as [{ user_id: string }];
      await t.app.modules.earnings.earnings.switchPayMethod(userId, m.id, 'btc', to);
    }
    await market('2026-03-21');
    await mineAt('2026-03-20T22:05:00Z', z.name, '1000'); // SOLO that day: not in the window
    await mineAt('2026-03-20T22:05:00Z', y.name, '200');
    await mineAt('2026-03-20T23:05:00Z', x.name, '400'); // FPPS that day: paid by the day's settlement
    await mineAt('2026-03-20T23:05:00Z', w.name, '200'); // PPS+ that day: the fee part
    await mineAt('2026-03-20T23:05:00Z', v.name, '200'); // PPLNS that day
    for (const [m, units] of [[y, '500'], [z, '100'], [w, '300'], [v, '200']] as const) await mineAt('2026-03-21T00:05:00Z', m.name, units);
    const block = await found(y.name, '2026-03-21T00:30:00Z', '3.512345');
    await mature(block);
    // Credited a row at a time: W's two rows are two pages.
    const [row] = await t.app.modules.mining.blocks.byIds((await queryRows<{ id: number }>(db(), sql`select id from blocks where hash = ${block.hash}`)).map((r) => Number(r.id)));
    expect(await t.app.modules.earnings.blockSettlement.settleBlock(row!, { chunkSize: 1 })).toBe('settled');
    // N = 2000: the 21st's 00:00 point 1100 (Y 500, Z 100, W 300, V 200, FPPS now), the 20th's
    // 23:00 point 800 (X 400 FPPS, W 200 PPS+, V 200 PPLNS), then 100 of the 22:00 point's 200 (Y;
    // Z's SOLO work is not counted). At PPLNS 1 % and PPS+ 2 % (fees 3.512345 - 3.125 = 0.387345):
    // Y 600: 3.512345 x 0.3 x 0.99 = 1.043166465 -> 1.04316646; Z 100: 0.1738610775 -> 0.17386107;
    // W 300: 0.5215832325 -> 0.52158323, and PPS+ 200: 0.387345 x 0.1 x 0.98 = 0.03795981;
    // V 200 of the 20th: 0.347722155 -> 0.34772215. X and V's work under FPPS is paid daily.
    const rows = await queryRows<{ account_id: string; method: string; amount: string }>(
      db(),
      sql`select p.account_id::text, p.method, p.amount::text from block_payouts p join blocks b on b.id = p.block_id where b.hash = ${block.hash}`,
    );
    const names = new Map([[x.id, 'X'], [w.id, 'W'], [z.id, 'Z'], [v.id, 'V'], [y.id, 'Y']]);
    const paid = Object.fromEntries(rows.map((r) => [`${names.get(r.account_id)}:${r.method}`, new Decimal(r.amount).toFixed()]));
    expect(paid).toEqual({ 'Y:pplns': '1.04316646', 'Z:pplns': '0.17386107', 'W:pplns': '0.52158323', 'W:pps_plus': '0.03795981', 'V:pplns': '0.34772215' });
    // Both of W's payments are credited, in one block posting.
    expect(await available(w.id)).toBe(new Decimal('0.52158323').plus('0.03795981').toFixed());
    expect(await available(x.id)).toBe('0');
  });

  it('looks for blocks to settle from the first one not settled, not through the whole history, each pass', async () => {
    const day = '2026-03-05';
    await market(day);
    const [a] = [await account()];
    await setMethod(a.id, 'pplns');
    await mineAt(`${day}T08:05:00Z`, a.name, '500');
    const block = await found(a.name, `${day}T08:30:00Z`, '1');
    await mature(block);
    const [row] = await queryRows<{ id: number }>(db(), sql`select id from blocks where hash = ${block.hash}`);
    const reads = vi.spyOn(t.app.modules.mining.blocks, 'idsFrom');
    expect(await t.app.modules.earnings.blockSettlement.settleReady()).toBeGreaterThanOrEqual(1); // this block, found open by this look
    await t.app.modules.earnings.blockSettlement.settleReady(); // sees it settled
    await t.app.modules.earnings.blockSettlement.settleReady();
    // The last pass starts at the first block not settled (pending, or matured and waiting), or past the last one.
    const [open] = await queryRows<{ id: string | null; next: string }>(
      db(),
      sql`select min(b.id) filter (where s.status is distinct from 'done') as id, max(b.id) + 1 as next from blocks b left join block_settlements s on s.block_id = b.id`,
    );
    expect(reads.mock.calls.at(-1)![1]).toBe(Number(open!.id ?? open!.next));
    expect(Number(open!.id ?? open!.next)).toBeGreaterThan(Number(row!.id));
    reads.mockRestore();
  });

  it('pays a SOLO block to its finder alone, an orphan to nobody, and finishes a run stopped half-way', async () => {
    const day = '2026-07-04';
    await market(day);
    const [solo, other] = [await account(), await account()];
    await setMethod(solo.id, 'solo');
    await setMethod(other.id, 'pplns');
    await mineAt(`${day}T09:05:00Z`, solo.name, '100');
    await mineAt(`${day}T09:05:00Z`, other.name, '100');
    const soloBlock = await found(solo.name, `${day}T09:10:00Z`, '3.2');
    const orphan = await found(other.name, `${day}T09:20:00Z`, '3.3');
    await mature(soloBlock);
    await t.app.modules.mining.blocks.record([{ type: 'orphaned', coin: 'btc', hash: orphan.hash }]);
    const chainBefore = await available(SYSTEM.chain);
    expect(await t.app.modules.earnings.blockSettlement.settleReady()).toBe(2);
    // SOLO at 0.5 %: 3.2 x 0.995 = 3.184
    expect(await credited(`block:btc:${soloBlock.height}`)).toEqual([{ holder: solo.id, amount: '3.184000000000000000' }]);
    expect(await credited(`block:btc:${orphan.height}`)).toEqual([]);
    // Only the matured block's reward entered the ledger.
    expect(new Decimal(chainBefore).minus(await available(SYSTEM.chain)).toFixed()).toBe('3.2');

    // Five PPLNS miners, one payment per credit call; stopped after two, then finished.
    const five = [];
    for (let i = 0; i < 5; i++) five.push(await account());
    for (const m of five) await setMethod(m.id, 'pplns');
    for (const m of five) await mineAt(`${day}T15:05:00Z`, m.name, '400'); // 2000 in all: the window is theirs alone
    const block = await found(five[0]!.name, `${day}T15:10:00Z`, '1');
    await mature(block);
    const [row] = await queryRows<{ id: number }>(db(), sql`select id from blocks where hash = ${block.hash}`);
    const [blockRow] = await db().select().from(blocksTable).where(eq(blocksTable.id, row!.id));
    await expect(t.app.modules.earnings.blockSettlement.settleBlock(blockRow!, { chunkSize: 1, stopAfterChunks: 2 })).rejects.toThrow(/stopped/);
    expect(await credited(`block:btc:${block.height}`)).toHaveLength(2);
    await t.app.modules.earnings.blockSettlement.settleReady();
    // 1 / 5 x 0.99 = 0.198 each, each once.
    expect((await credited(`block:btc:${block.height}`)).map((p) => new Decimal(p.amount).toFixed())).toEqual(['0.198', '0.198', '0.198', '0.198', '0.198']);
  });

  it('records a block whose finder the pool does not know and pays it as a pool block, over the window', async () => {
    // Weeks after July's block tests and before September's: the window is these two miners' alone.
    const day = '2026-08-20';
    await market(day);
    const [a, b] = [await account(), await account()];
    await setMethod(a.id, 'pplns');
    await setMethod(b.id, 'solo'); // a SOLO miner is not the finder of a block nobody is known to have found
    await mineAt(`${day}T08:05:00Z`, a.name, '2000');
    await mineAt(`${day}T08:05:00Z`, b.name, '2000');
    // A name a stratum let through while the pool could not be asked at login: the block is real.
    const hash = `b${randomUUID().replace(/-/g, '')}`;
    const h = ++height;
    clock.set(`${day}T08:30:00Z`); // reported when found
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/internal/blocks',
      headers: { 'x-ingest-key': INGEST_KEY },
      payload: { events: [{ type: 'found', coin: 'btc', height: h, hash, reward: '2', account: 'nosuchsubaccount', worker: 'rig1', difficulty: 1000, time: Date.parse(`${day}T08:30:00Z`) }] },
    });
    expect(body(res).data).toEqual({ recorded: 1, refused: 0 });
    const listed = body<{ list: Array<{ height: number; finder: string; status: string }> }>(await t.app.inject({ url: '/api/pools/btc/blocks?page=1&page_size=100' })).data.list;
    expect(listed.find((x) => x.height === h)).toMatchObject({ finder: '', status: 'pending' });
    await mature({ hash, at: `${day}T08:30:00Z` });
    clock.set(`${day}T12:00:00Z`);
    expect(await t.app.modules.earnings.blockSettlement.settleReady()).toBe(1);
    // The window N = 2000 is A's alone (B is on SOLO): 2 x 0.99 = 1.98, to A; nothing to B.
    expect(await credited(`block:btc:${h}`)).toEqual([{ holder: a.id, amount: '1.980000000000000000' }]);
    const [run] = await queryRows<{ outcome: string }>(db(), sql`select s.outcome from block_settlements s join blocks b on b.id = s.block_id where b.hash = ${hash}`);
    expect(run!.outcome).toBe('paid');
  });
});

describe('rounding keeps none of a miner\'s money', () => {
  // Exact sums of many small credits: more than decimal.js's default 20 digits.
  const Exact = Decimal.clone({ precision: 80 });
  /** The seeded BTC market: D = 1.2e14 (k = 2^32), B = 3.125, F = 0.025; FPPS 2.5 %. */
  async function homeMarket(day: string) {
    await db().execute(sql`insert into market_data (coin, day, network_difficulty, block_subsidy, avg_fees_per_block, source)
      values ('btc', ${day}::date, 120000000000000, 3.125, 0.025, 'operator') on conflict (coin, day) do nothing`);
  }
  /** FPPS of a day's work W (hashes): W / (D x k) x (B + F) x (1 - 2.5 %), exactly. */
  const fpps = (work: number) => new Exact(work).div(new Exact('120000000000000').times(2 ** 32)).times('3.15').times('0.975');

  it("credits a 1 TH/s home miner's 30 days of FPPS to within one satoshi of the formula, through the real settlement", async () => {
    // November, after every other test's work.
    const first = '2026-11-01';
    const acc = await account();
    // 1 TH/s for a day: 8.64e16 hashes, as one share of 8.64e16 / 2^32 (exactly 20116567.4615478515625).
    const work = 1e12 * 86_400;
    let exact = new Exact(0);
    const daily: string[] = [];
    for (let i = 0; i < 30; i++) {
      const day = addDays(first, i);
      await homeMarket(day);
      clock.set(`${day}T12:00:00Z`);
      await mine(acc.name, new Exact(work).div(2 ** 32).toFixed());
      clock.set(`${addDays(day, 1)}T00:06:00Z`);
      const result = await t.app.modules.earnings.settlement.settleCoinDay('btc', day);
      expect(result.outcome).toBe('settled');
      exact = exact.plus(fpps(work));
      daily.push(new Exact((await balanceOf(db(), acc.id, 'btc')).available).toFixed());
    }
    const credited = new Exact((await balanceOf(db(), acc.id, 'btc')).available);
    // About 1544.6 satoshis in 30 days (51.5 a day), each day's credit in whole satoshis.
    expect(exact.toFixed(10)).toBe('0.0000154458');
    expect(credited.times(1e8).isInteger()).toBe(true);
    // Nothing kept: what was credited is the formula less at most the last fraction of a satoshi
    // (carried into the next credit), and never more than earned.
    expect(exact.minus(credited).gte(0)).toBe(true);
    expect(exact.minus(credited).lt('0.00000001')).toBe(true);
    // Every day credited something (before, BTC's 6-decimal display cut made each day 0).
    expect(new Set(daily).size).toBe(30);
  });
});

describe('the settlement job', () => {
  it('settles a day it missed (the server stopped over its settlement time) when it runs again, even when the block step fails', async () => {
    // January, after every other test's days.
    const day = '2027-01-20';
    clock.set(`${day}T12:00:00Z`);
    await market(day);
    const acc = await account();
    await mine(acc.name, '1000');
    // The block step fails at every round (a row it cannot read): the days are settled all the same.
    const blockSettlement = { settleReady: () => Promise.reject(new Error('a block row that cannot be read')) } as unknown as typeof t.app.modules.earnings.blockSettlement;
    const deps = { db: db(), clock, earnings: t.app.modules.earnings.earnings, settlement: t.app.modules.earnings.settlement, blockSettlement, referral: t.app.modules.earnings.referral, log: t.app.log };
    // Stopped from before the 21st's 01:05 until the 22nd: yesterday is now the 21st.
    clock.set('2027-01-22T03:00:00Z');
    await expect(earningsTick(deps)).rejects.toThrow('a block row that cannot be read');
    // 1 x 3.375 x 0.975 = 3.290625
    expect(await available(acc.id)).toBe('3.290625');
    const [run] = await db().select().from(settlementRuns).where(and(eq(settlementRuns.coin, 'btc'), eq(settlementRuns.day, day)));
    expect(run?.status).toBe('done');
  });

  it('releases the invitation rewards of a day settled late, from the stored runs (a restart in between loses nothing)', async () => {
    const day = '2027-02-10';
    clock.set(`${day}T12:00:00Z`);
    await market(day);
    const [inviter, invitee] = [await account(), await account()];
    await db().execute(sql`update users set invited_by = (select user_id from mining_accounts where id = ${inviter.id}) where id = (select user_id from mining_accounts where id = ${invitee.id})`);
    await mine(invitee.name, '1000');
    // Settled ten days late (the catch-up), and the process restarted before the rewards step.
    clock.set('2027-02-20T03:00:00Z');
    await t.app.modules.earnings.settlement.settleCoinDay('btc', day);
    expect(await t.app.modules.earnings.referral.releaseDue()).toBe(1);
    // 0.2 % of 3.290625
    expect(await available(inviter.id)).toBe('0.00658125');
    expect(await t.app.modules.earnings.referral.releaseDue()).toBe(0);
  });
});
