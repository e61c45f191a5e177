// The demo start: the published demo user logs in from any device without an emailed code, cannot
// change its security settings, sees the simulator's workers, and finds a week of demo mining
// settled by the real settlement (in the profits calls and the wallet), settled once however
// often the demo starts; and the demo ALEO address's week of history.
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { loadDemoData } from '../src/app';
import { prepareDatabase } from '../src/db/prepare';
import { DEMO_SETTLED_DAYS } from '../src/modules/earnings/earnings.demo';
import { balanceOf } from '../src/modules/ledger/ledger';
import { ERRORS, type MinerRow, type Tokens } from '@hashpool/shared';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/modules/accounts/accounts.seed';
import { DEMO_ADDRESSES, DEMO_WORKERS, simulateShares } from '../src/modules/mining/simulator';
import { auth, inject, login, newDevice } from './account-helpers';
import { body, startTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ demo: true });
});
afterAll(async () => {
  await t?.close();
});

describe('demo user', () => {
  it('logs in from a new device without a second step; its security settings are locked', async () => {
    const first = await login(t.app, DEMO_EMAIL, DEMO_PASSWORD, newDevice());
    expect(first.result?.status).toBe('ok');
    const again = await login(t.app, DEMO_EMAIL, DEMO_PASSWORD, newDevice());
    expect(again.result?.status).toBe('ok');
    const tokens = (again.result as { tokens: Tokens }).tokens;
    const res = await inject(t.app, { method: 'POST', url: '/api/users/totp/secret', headers: auth(tokens) });
    expect(res.statusCode).toBe(403);
    expect(body(res).code).toBe(ERRORS.demo_account_locked.code);
  });

  it('sees the simulator’s workers after a tick', async () => {
    const now = t.clock.now().getTime();
    const shares = simulateShares(DEMO_WORKERS, now - 60_000, now);
    const result = await t.app.modules.mining.ingest.submit('demo-tick-1', shares);
    expect(result.refused).toBe(0);
    await t.app.modules.mining.ingest.refreshWindows();
    const { result: r } = await login(t.app, DEMO_EMAIL, DEMO_PASSWORD, newDevice());
    const tokens = (r as { tokens: Tokens }).tokens;
    const list = body<{ list: MinerRow[]; total: number }>(await inject(t.app, { url: '/api/pools/btc/accounts/demofarm01/miners', headers: auth(tokens) })).data;
    expect(list.total).toBeGreaterThanOrEqual(7);
    expect(list.list[0]!.accept_15m.value).toBeGreaterThan(1e12);
  });
});

describe('demo earnings', () => {
  const counts = async () =>
    (
      await queryRows<{ runs: string; postings: string; points: string }>(
        t.database.db,
        sql`select (select count(*) from settlement_runs where status = 'done')::text as runs,
                   (select count(*) from ledger_postings where business_type = 'mining_profit')::text as postings,
                   (select count(*) from owner_history)::text as points`,
      )
    )[0]!;

  it('are a week of demo history settled by the settlement, once however often the demo starts', async () => {
    const { result } = await login(t.app, DEMO_EMAIL, DEMO_PASSWORD, newDevice());
    const tokens = (result as { tokens: Tokens }).tokens;
    const list = body<{ list: Array<{ day: string; method: string; amount: string; status: string; hashrate: number }>; total: number }>(
      await inject(t.app, { url: '/api/pools/btc/accounts/demofarm01/profits?page_size=20', headers: auth(tokens) }),
    ).data;
    expect(list.total).toBe(DEMO_SETTLED_DAYS);
    for (const row of list.list) {
      expect(row).toMatchObject({ method: 'fpps', status: 'settled' });
      expect(Number(row.amount)).toBeGreaterThan(0);
      // The farm's mean hashrate, within its hourly luck.
      expect(row.hashrate).toBeGreaterThan(0.9e15);
      expect(row.hashrate).toBeLessThan(1.3e15);
    }
    // The wallet holds exactly what was settled.
    const [account] = await queryRows<{ id: string }>(t.database.db, sql`select id::text from mining_accounts where name = 'demofarm01'`);
    const settled = list.list.reduce((sum, r) => sum.plus(r.amount), new Decimal(0));
    expect(new Decimal((await balanceOf(t.database.db, account!.id, 'btc')).available).toFixed()).toBe(settled.toFixed());

    // Each day's credit is dated the morning after that day (as the daily settlement would have
    // made it), not all at the moment the demo was seeded.
    const dated = await queryRows<{ day: string; created_at: Date | string }>(
      t.database.db,
      sql`select memo->>'day' as day, created_at from ledger_postings where business_type = 'mining_profit' and reference like 'settlement:btc:%' order by created_at`,
    );
    expect(dated.length).toBeGreaterThanOrEqual(DEMO_SETTLED_DAYS);
    for (const row of dated) {
      const morningAfter = new Date(`${row.day}T01:05:00Z`).getTime() + 86_400_000;
      expect(new Date(row.created_at).getTime()).toBe(Math.min(morningAfter, t.clock.now().getTime()));
    }
    expect(new Set(dated.map((r) => r.day)).size).toBe(DEMO_SETTLED_DAYS);

    // The demo ALEO address has the same week of history (its charts and work per day), with
    // nothing paid on those days: an address is paid per matured block, and the demo found none.
    const address = DEMO_ADDRESSES.aleo!;
    const rigs = DEMO_WORKERS.filter((w) => w.address === address).reduce((sum, w) => sum + w.hashrate, 0);
    const days = body<{ list: Array<{ day: string; hashrate: number; amount: string }> }>(await inject(t.app, { url: `/api/address-mining/aleo/miner/${address}/profits?days=8&page_size=20` })).data.list;
    const past = days.filter((d) => d.day < t.clock.now().toISOString().slice(0, 10));
    expect(past).toHaveLength(DEMO_SETTLED_DAYS);
    for (const d of past) {
      expect(d.amount).toBe('0');
      expect(d.hashrate).toBeGreaterThan(0.9 * rigs);
      expect(d.hashrate).toBeLessThan(1.1 * rigs);
    }
    const chart = body<{ points: Array<{ time: string; hashrate: number }> }>(await inject(t.app, { url: `/api/address-mining/aleo/miner/${address}/hashrates?range=30d` })).data.points;
    expect(chart.filter((p) => p.hashrate > 0).length).toBeGreaterThanOrEqual(DEMO_SETTLED_DAYS);

    const before = await counts();
    expect(Number(before.runs)).toBeGreaterThanOrEqual(2 * DEMO_SETTLED_DAYS); // btc and ltc
    await prepareDatabase(t.database, { clock: t.clock }); // a second start: seeds, then demo data
    await loadDemoData(t.app);
    expect(await counts()).toEqual(before);
  });
});

describe('demo message centre', () => {
  it('holds the alerts of the last hours of the simulator’s pattern, the older ones read, and an LTC alarm set and turned off again; once however often the demo starts', async () => {
    const { result } = await login(t.app, DEMO_EMAIL, DEMO_PASSWORD, newDevice());
    const tokens = (result as { tokens: Tokens }).tokens;
    type Page = { list: Array<{ type: string; params: { workers?: string[]; account?: string; coin?: string }; read: boolean; created_at: string }>; total: number; unread: number };
    const page = body<Page>(await inject(t.app, { url: '/api/messages?page_size=100', headers: auth(tokens) })).data;
    const types = new Set(page.list.map((m) => m.type));
    for (const type of ['setting_update', 'miner_offline', 'miner_online', 'hashrate_alarm', 'hashrate_recovered']) expect(types, type).toContain(type);
    const now = t.clock.now().getTime();
    for (const m of page.list) {
      expect(Date.parse(m.created_at)).toBeLessThan(now);
      expect(Date.parse(m.created_at)).toBeGreaterThan(now - 7 * 3600_000);
      // Read when older than two hours, unread after.
      expect(m.read).toBe(Date.parse(m.created_at) < now - 2 * 3600_000);
    }
    // The offline alerts name the simulator's flaky workers, 15 minutes into one of their pauses.
    const offline = page.list.filter((m) => m.type === 'miner_offline').flatMap((m) => m.params.workers ?? []);
    expect(new Set(offline)).toEqual(new Set(DEMO_WORKERS.filter((w) => w.offMinutes > 0).map((w) => w.worker)));
    for (const m of page.list.filter((x) => x.type === 'miner_offline')) {
      const w = DEMO_WORKERS.find((x) => x.worker === m.params.workers![0])!;
      const cycle = (w.onMinutes + w.offMinutes) * 60_000;
      expect(Date.parse(m.created_at) % cycle).toBe((w.onMinutes + 15) * 60_000);
    }
    // The LTC alarm was set before the history and turned off since: no threshold is left, which
    // would alarm at every demo start (the simulator's first 15 minutes fill the window).
    const settings = body<{ hashrate_threshold: number | null; offline_alert: boolean }>(await inject(t.app, { url: '/api/pools/ltc/accounts/demofarm02/alert-settings', headers: auth(tokens) })).data;
    expect(settings).toMatchObject({ hashrate_threshold: null, offline_alert: true });
    const updates = page.list.filter((m) => m.type === 'setting_update').map((m) => Date.parse(m.created_at));
    expect(updates).toHaveLength(2);
    for (const m of page.list.filter((x) => x.type.startsWith('hashrate_'))) expect(Date.parse(m.created_at)).toBeLessThan(Math.max(...updates));

    await prepareDatabase(t.database, { clock: t.clock });
    await loadDemoData(t.app);
    expect(body<Page>(await inject(t.app, { url: '/api/messages?page_size=1', headers: auth(tokens) })).data.total).toBe(page.total);
  });
});
