// Daily settlement against a real database: hand-computed FPPS and PPS+ vectors from shares that
// went through ingestion, the cut to the coin's precision with its remainder, the fee reduction
// hook, idempotency (a second run posts nothing), a run stopped half-way and finished, and the
// job's timing, and the profits calls that show it (and their CSV and XLSX export). The ledger reconciliation runs at teardown (test-app).
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatHashrate, LANGUAGE_HEADER } from '@hashpool/shared';
import { queryRows } from '../src/db/client';
import { FakeClock } from '../src/platform/clock';
import { earningsTick } from '../src/modules/earnings/earnings.jobs';
import { payMethods, settlementRuns } from '../src/modules/earnings/earnings.tables';
import { balanceOf, SYSTEM } from '../src/modules/wallet/ledger';
import { auth, inject, registerByEmail } from './account-helpers';
import { SmtpInbox } from './smtp-inbox';
import { body, startTestApp, type TestApp } from './test-app';

let t: TestApp;
const inbox = new SmtpInbox();
const clock = new FakeClock('2026-06-10T12:00:00Z');
beforeAll(async () => {
  t = await startTestApp({ demo: false, clock, env: { SMTP_URL: await inbox.start(), ALTCHA_COST: '1', ACCESS_TOKEN_TTL_SECONDS: '3600' } });
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
async function mine(name: string, difficulty: string) {
  const result = await t.app.ingest.submit(`batch-${randomUUID()}`, [
    { coin: 'btc', account: name, worker: 'rig1', difficulty, result: 'accepted', time: clock.now().getTime() },
  ]);
  expect(result.accepted).toBe(1);
}

const available = async (holder: string) => new Decimal((await balanceOf(db(), holder, 'btc')).available).toFixed();

describe('daily settlement', () => {
  it('pays FPPS and PPS+ by the formulas, cuts to the coin precision and keeps the remainder', async () => {
    const day = '2026-06-10';
    clock.set(`${day}T12:00:00Z`);
    await market(day);
    const [a, b, c, d] = [await account(), await account(), await account(), await account()];
    await db().insert(payMethods).values({ accountId: b.id, coin: 'btc', method: 'pps_plus' });
    await mine(a.name, '1000'); // one block's work: W / (D x k) = 1
    await mine(b.name, '1000');
    await mine(c.name, '1'); // a thousandth of a block
    await mine(d.name, '1000');
    t.app.settlement.feeReduction = async (_coin, _day, ids) => new Map(ids.includes(d.id) ? [[d.id, '20']] : []);
    const revenueBefore = await available(SYSTEM.poolRevenue);

    clock.set('2026-06-11T00:06:00Z');
    const [btc] = (await t.app.settlement.settleDay(day)).filter((r) => r.coin === 'btc');
    expect(btc).toMatchObject({ outcome: 'settled', accounts: 4 });

    // A, FPPS at 2.5 %: 1 x (3.125 + 0.25) x (1 - 0.025) = 3.375 x 0.975 = 3.290625
    expect(await available(a.id)).toBe('3.290625');
    // B, PPS+ at 2 % (its daily PPS part): 1 x 3.125 x 0.98 = 3.0625
    expect(await available(b.id)).toBe('3.0625');
    // C, FPPS: 0.001 x 3.375 x 0.975 = 0.003290625, cut to BTC's 6 decimals: 0.00329
    expect(await available(c.id)).toBe('0.00329');
    // D, FPPS with a 20 % fee reduction: fee 2.5 x 0.8 = 2 %: 3.375 x 0.98 = 3.3075
    expect(await available(d.id)).toBe('3.3075');

    const paid = new Decimal('3.290625').plus('3.0625').plus('0.00329').plus('3.3075');
    expect(btc!.paid).toBe(paid.toFixed());
    const [run] = await db().select().from(settlementRuns).where(and(eq(settlementRuns.coin, 'btc'), eq(settlementRuns.day, day)));
    // What the cut left with the pool: 0.003290625 - 0.00329
    expect(new Decimal(run!.remainder!).toFixed()).toBe('0.000000625');
    expect(run!.status).toBe('done');
    expect(new Decimal(revenueBefore).minus(await available(SYSTEM.poolRevenue)).toFixed()).toBe(paid.toFixed());

    // A second run posts nothing.
    const again = (await t.app.settlement.settleDay(day)).find((r) => r.coin === 'btc');
    expect(again).toMatchObject({ outcome: 'already_settled', paid: paid.toFixed() });
    expect(await available(a.id)).toBe('3.290625');
    t.app.settlement.feeReduction = async () => new Map();
  });

  it('finishes a run stopped half-way, crediting each account exactly once', async () => {
    const day = '2026-06-12';
    clock.set(`${day}T08:00:00Z`);
    await market(day);
    const accounts = [];
    for (let i = 0; i < 7; i++) accounts.push(await account());
    for (const [i, acc] of accounts.entries()) await mine(acc.name, String((i + 1) * 100)); // 0.1 .. 0.7 blocks
    clock.set('2026-06-13T00:10:00Z');
    await expect(t.app.settlement.settleCoinDay('btc', day, { chunkSize: 3, stopAfterChunks: 1 })).rejects.toThrow(/stopped/);
    const credited = await Promise.all(accounts.map((acc) => available(acc.id)));
    expect(credited.filter((x) => x !== '0')).toHaveLength(3);

    await t.app.settlement.settleCoinDay('btc', day, { chunkSize: 3 });
    for (const [i, acc] of accounts.entries()) {
      // (i + 1) / 10 blocks x 3.375 x 0.975
      expect(await available(acc.id)).toBe(new Decimal(i + 1).div(10).times('3.375').times('0.975').toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed());
    }
    const [posted] = await queryRows<{ n: number; keys: number }>(
      db(),
      sql`select count(*)::int as n, count(distinct idempotency_key)::int as keys from ledger_postings where reference = ${`settlement:btc:${day}`}`,
    );
    expect(posted).toEqual({ n: 7, keys: 7 });
  });

  it('runs from the job once the day is five minutes past, not before', async () => {
    const day = '2026-06-14';
    clock.set(`${day}T20:00:00Z`);
    await market(day);
    const acc = await account();
    await mine(acc.name, '500');
    const deps = { db: db(), clock, earnings: t.app.earnings, settlement: t.app.settlement, referral: t.app.referral, log: t.app.log };
    clock.set('2026-06-15T00:04:00Z');
    await earningsTick(deps);
    expect(await available(acc.id)).toBe('0');
    clock.set('2026-06-15T00:06:00Z');
    await earningsTick(deps);
    // 0.5 x 3.375 x 0.975 = 1.6453125, cut: 1.645312
    expect(await available(acc.id)).toBe('1.645312');
    await earningsTick(deps);
    expect(await available(acc.id)).toBe('1.645312');
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
    await t.app.settlement.settleCoinDay('btc', day);
    await mine(name, '100'); // today so far: 0.1 block
    // Fresh tokens, as the browser refreshes them: the fake clock outran the access tokens.
    for (const u of [owner, other]) {
      u.tokens = body<typeof u.tokens>(await inject(t.app, { method: 'POST', url: '/api/users/refresh/login', payload: { refresh_token: u.tokens.refresh_token } })).data;
    }

    const url = `/api/pools/btc/accounts/${name}/profits`;
    const stats = await inject(t.app, { url: `${url}/stats`, headers: auth(owner.tokens) });
    expect(stats.statusCode, stats.body).toBe(200);
    // 2 x 3.375 x 0.975 = 6.58125; today 0.1 x 3.375 x 0.975 = 0.3290625, cut: 0.329062
    expect(body(stats).data).toEqual({
      coin: 'btc', yesterday: '6.58125', yesterday_settled: true, today_estimate: '0.329062', today_method: 'fpps',
      total_earned: '6.58125', total_paid: '0', balance: '6.58125',
    });
    const rows = await inject(t.app, { url: `${url}?start=2026-06-01&end=2026-06-30`, headers: auth(owner.tokens) });
    // 2000 x 2^32 hashes over 86,400 s
    expect(body(rows).data).toEqual({ list: [{ day, hashrate: (2000 * 2 ** 32) / 86_400, method: 'fpps', fee_rate: '2.5', amount: '6.58125', status: 'settled' }], total: 1 });
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
      coin: 'btc', today_method: 'fpps', fee_rates: expect.arrayContaining([{ method: 'solo', fee_rate: '0.5' }]),
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
    await t.app.settlement.settleCoinDay('btc', day);

    clock.set('2026-06-26T01:49:00Z'); // 09:49 UTC+8
    expect(await t.app.referral.release(day)).toBe(0);
    expect(await available(inviterMine.current_account.id)).toBe('0');
    clock.set('2026-06-26T01:50:00Z'); // 09:50 UTC+8
    expect(await t.app.referral.release(day)).toBe(1);
    // Invitees earned 3.290625 + 6.58125 = 9.871875; 0.2 % of it = 0.01974375, cut: 0.019743
    expect(await available(inviterMine.current_account.id)).toBe('0.019743');
    expect(await t.app.referral.release(day)).toBe(0);
    expect(await available(inviterMine.current_account.id)).toBe('0.019743');
    // Paid by the pool: the invitees keep all they earned.
    expect(await available(inviteeAccounts[0]!)).toBe('3.290625');

    inviter.tokens = body<typeof inviter.tokens>(await inject(t.app, { method: 'POST', url: '/api/users/refresh/login', payload: { refresh_token: inviter.tokens.refresh_token } })).data;
    const summary = body<{ invitees: number; rate_percent: string; totals: unknown[]; invite_code: string }>(await inject(t.app, { url: '/api/invite', headers: auth(inviter.tokens) })).data;
    expect(summary).toMatchObject({ invitees: 2, rate_percent: '0.2', totals: [{ coin: 'btc', amount: '0.019743' }] });
    expect(summary.invite_code).toMatch(/^[A-Z2-9]{8}$/);
    const listed = body<{ list: Array<{ contact: string }>; total: number }>(await inject(t.app, { url: '/api/invite/invitees', headers: auth(inviter.tokens) })).data;
    expect(listed.total).toBe(2);
    for (const row of listed.list) expect(row.contact).toMatch(/^.{1,2}\*\*\*@example\.com$/);
    const rewards = body(await inject(t.app, { url: '/api/invite/rewards', headers: auth(inviter.tokens) })).data;
    expect(rewards).toMatchObject({ list: [{ day, coin: 'btc', invitees: 2, base: '9.871875', amount: '0.019743' }], total: 1 });
    expect((await inject(t.app, { url: '/api/invite/rewards' })).statusCode).toBe(401);
  });
});
