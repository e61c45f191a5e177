// The user's mining overview (GET /api/users/mining-overview, the /user/mining page) through HTTP:
// shares in through the ingest endpoint for one of a user's two sub-accounts, the overview out;
// then a user with several sub-accounts and coins, whose overview (two grouped reads) must equal
// what reading each (sub-account, coin) pair on its own gives.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MiningOverviewRow } from '@hashpool/shared';
import { queryRows, sqlArray } from '../src/db/client';
import { miningOverviewView } from '../src/modules/earnings/earnings.presenter';
import { ACCOUNT_COINS } from '../src/modules/earnings/earnings.service';
import { earnedTotals } from '../src/modules/earnings/profits.repository';
import { auth, inject, registerByEmail } from './account-helpers';
import { SmtpInbox } from './smtp-inbox';
import { body, startTestApp, type TestApp } from './test-app';

const KEY = 'ingest-key-for-tests-0123456789';
let t: TestApp;
const inbox = new SmtpInbox();

beforeAll(async () => {
  t = await startTestApp({ env: { SMTP_URL: await inbox.start(), ALTCHA_COST: '1', INGEST_KEYS: KEY }, clock: undefined });
  t.clock.set('2026-06-01T12:00:00Z');
});
afterAll(async () => {
  await t?.close();
  await inbox.stop();
});

async function userWithAccount() {
  const u = await registerByEmail(t.app, inbox);
  const mine = body<{ current_account: { name: string } }>(await inject(t.app, { url: '/api/users/mine', headers: auth(u.tokens) })).data;
  return { ...u, account: mine.current_account.name };
}

const overview = async (tokens: { token: string }) => {
  const res = await inject(t.app, { url: '/api/users/mining-overview', headers: { authorization: `Bearer ${tokens.token}` } });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ list: MiningOverviewRow[] }>(res).data.list;
};

describe('GET /api/users/mining-overview', () => {
  it("lists the caller's mining sub-account and coin with its hashrate and workers, nobody else's; anonymous gets 401", async () => {
    const a = await userWithAccount();
    const b = await userWithAccount();
    const second = `ov${Date.now().toString(36)}`.slice(0, 16);
    const created = await inject(t.app, { method: 'POST', url: '/api/accounts', headers: auth(a.tokens), payload: { name: second } });
    expect(created.statusCode, created.body).toBe(200);

    // Nothing mined yet: an empty overview.
    expect(await overview(a.tokens)).toEqual([]);

    // 900 difficulty-1 shares over the last 15 minutes on a's first sub-account, two workers.
    const now = t.clock.now().getTime();
    const shares = Array.from({ length: 900 }, (_, i) => ({
      coin: 'btc', account: a.account, worker: i % 2 ? 'rig1' : 'rig2', difficulty: 1, result: 'accepted', ip: '198.51.100.7', time: now - 900_000 + i * 1000,
    }));
    const sent = await t.app.inject({ method: 'POST', url: '/api/internal/shares', headers: { 'x-ingest-key': KEY }, payload: { batch_id: `ov-${now}`, shares } });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.app.modules.mining.ingest.refreshWindows();

    const list = await overview(a.tokens);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ account: a.account, coin: 'btc', workers_online: 2, workers_offline: 0, yesterday: '0' });
    expect(list[0]!.hashrate_15m).toBeGreaterThan(0);
    // The second sub-account has neither workers nor earnings: not listed.
    expect(list.some((r) => r.account === second)).toBe(false);

    // The other user sees only their own (nothing).
    expect(await overview(b.tokens)).toEqual([]);

    // Anonymous: 401.
    expect((await inject(t.app, { url: '/api/users/mining-overview' })).statusCode).toBe(401);
  });

  it('gives, for several sub-accounts and coins, the same rows and values as reading each pair on its own', async () => {
    const u = await userWithAccount();
    const names = [u.account];
    for (const n of ['b', 'c']) {
      const name = `ov${n}${Date.now().toString(36)}`.slice(0, 16);
      const created = await inject(t.app, { method: 'POST', url: '/api/accounts', headers: auth(u.tokens), payload: { name } });
      expect(created.statusCode, created.body).toBe(200);
      names.push(name);
    }
    const [first, second, third] = names as [string, string, string];
    const ids = new Map(
      (await queryRows<{ id: string; name: string }>(t.database.db, sql`select id::text as id, name from mining_accounts where name = any(${sqlArray(names)}::text[])`)).map((r) => [r.name, r.id]),
    );
    expect(ids.size).toBe(3);

    // Workers: the first sub-account mines btc (two workers) and ltc (one); the second ltc with two
    // workers online and one whose last share is 40 minutes old (offline). The third mines nothing.
    const now = t.clock.now().getTime();
    const share = (coin: string, account: string, worker: string, difficulty: number, time: number) => ({ coin, account, worker, difficulty, result: 'accepted', ip: '198.51.100.8', time });
    const shares = [
      ...Array.from({ length: 300 }, (_, i) => share('btc', first, i % 2 ? 'rig1' : 'rig2', 1 + (i % 3), now - 600_000 + i * 1000)),
      ...Array.from({ length: 120 }, (_, i) => share('ltc', first, 'l1', 4, now - 600_000 + i * 5000)),
      ...Array.from({ length: 200 }, (_, i) => share('ltc', second, i % 2 ? 'a' : 'b', 2, now - 800_000 + i * 4000)),
      ...Array.from({ length: 10 }, (_, i) => share('ltc', second, 'old', 8, now - 2_400_000 - i * 1000)),
    ];
    const sent = await t.app.inject({ method: 'POST', url: '/api/internal/shares', headers: { 'x-ingest-key': KEY }, payload: { batch_id: `ov-many-${now}`, shares } });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.app.modules.mining.ingest.refreshWindows();

    // Earnings, written straight into the profits tables: daily settlement rows and block payouts,
    // yesterday (2026-05-31) and before, on pairs with and without workers.
    const db = t.database.db;
    const profit = (account: string, coin: string, day: string, method: string, amount: string) =>
      db.execute(sql`insert into profits (account_id, coin, day, method, work, fee_rate, gross, amount) values (${ids.get(account)}::uuid, ${coin}, ${day}::date, ${method}, 1, '2', ${amount}, ${amount})`);
    await profit(first, 'btc', '2026-05-31', 'pps', '0.00012345');
    await profit(first, 'btc', '2026-05-30', 'pps', '0.001');
    await profit(second, 'doge', '2026-05-31', 'pps', '12.5');
    await profit(second, 'doge', '2026-05-31', 'pplns', '0.25');
    await profit(third, 'ltc', '2026-05-29', 'pps', '0.4');
    const [block] = await queryRows<{ id: number }>(
      db,
      sql`insert into blocks (coin, height, hash, reward, finder_owner, finder_worker, found_at, network_difficulty, status)
          values ('btc', 900001, ${`ovhash-${now}`}, '3.125', ${ids.get(first)}, 'rig1', ${new Date(now - 86_400_000).toISOString()}::timestamptz, 1, 'confirmed') returning id::int as id`,
    );
    const payout = (account: string, coin: string, day: string, amount: string) =>
      db.execute(sql`insert into block_payouts (block_id, account_id, coin, day, method, work, fee_rate, gross, amount) values (${block!.id}, ${ids.get(account)}::uuid, ${coin}, ${day}::date, 'pplns', 1, '2', ${amount}, ${amount})`);
    await payout(first, 'btc', '2026-05-31', '0.5');
    await payout(third, 'btc', '2026-05-31', '0.75');

    const list = await overview(u.tokens);

    // What the overview read before, pair by pair: the mining module's accountStats and earnedTotals.
    const expected = [];
    for (const name of [...names].sort((a, b) => a.localeCompare(b))) {
      for (const coin of ACCOUNT_COINS) {
        const stats = await t.app.modules.mining.workers.accountStats(ids.get(name)!, coin.code);
        const earned = await earnedTotals(db, ids.get(name)!, coin.code, '2026-05-31');
        if (stats.workers.total === 0 && earned?.total == null) continue;
        expected.push(miningOverviewView(name, coin.code, stats, earned?.yesterday ?? null));
      }
    }
    expect(list).toEqual(expected);

    // And by hand: the pairs listed, their workers and yesterday's credit.
    const row = (account: string, coin: string) => list.find((r) => r.account === account && r.coin === coin);
    expect(list.map((r) => `${r.account}/${r.coin}`).sort()).toEqual([`${first}/btc`, `${first}/ltc`, `${second}/doge`, `${second}/ltc`, `${third}/btc`, `${third}/ltc`].sort());
    expect(row(first, 'btc')).toMatchObject({ workers_online: 2, workers_offline: 0, yesterday: '0.50012345' });
    expect(row(first, 'ltc')).toMatchObject({ workers_online: 1, workers_offline: 0, yesterday: '0' });
    expect(row(second, 'ltc')).toMatchObject({ workers_online: 2, workers_offline: 1, yesterday: '0' });
    expect(row(second, 'doge')).toMatchObject({ workers_online: 0, workers_offline: 0, hashrate_15m: 0, hashrate_24h: 0, yesterday: '12.75' });
    expect(row(third, 'btc')).toMatchObject({ workers_online: 0, workers_offline: 0, yesterday: '0.75' });
    expect(row(third, 'ltc')).toMatchObject({ workers_online: 0, yesterday: '0' });
    expect(row(first, 'btc')!.hashrate_15m).toBeGreaterThan(0);
    expect(row(second, 'ltc')!.hashrate_24h).toBeGreaterThan(0);
  });
});
