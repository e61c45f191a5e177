// The daily contract profit across crashes: a real process credits the complete days of
// many running orders and is killed with SIGKILL while it credits, three times, then finishes on a
// fourth run. The ledger must hold exactly what one clean run posts: one "contract profit" posting
// per day row with a credit, under contract:<order>:<day>, each sub-account's balance the sum of
// its rows, and the reconciliation clean (checked at teardown).
//
// PostgreSQL only (TEST_DATABASE_URL): PGlite in memory lives and dies with its process.
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { FakeClock } from '../src/platform/clock';
import { killThreeTimesThenFinish, runChild } from './crash-helpers';
import { startTestApp, type TestApp } from './test-app';

const serverUrl = process.env.TEST_DATABASE_URL;
const ORDERS = 300;
const DAYS = ['2026-05-01', '2026-05-02', '2026-05-03'];

describe.skipIf(!serverUrl)('the daily contract profit across crashes of its process', () => {
  let t: TestApp;
  let dbUrl: string;
  beforeAll(async () => {
    t = await startTestApp({ demo: false, clock: new FakeClock('2026-05-04T01:00:00Z') });
    const [{ name } = { name: '' }] = await queryRows<{ name: string }>(t.database.db, sql`select current_database() as name`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    dbUrl = url.toString();
    const db = t.database.db;
    for (const day of DAYS) {
      await db.execute(sql`insert into market_data (coin, day, network_difficulty, block_subsidy, avg_fees_per_block, price_usd, source) values ('btc', ${day}::date, 130000000000000, 3.125, 0.025, 95000, 'operator')
        on conflict (coin, day) do update set network_difficulty = excluded.network_difficulty, block_subsidy = 3.125, avg_fees_per_block = 0.025, price_usd = 95000`);
    }
    await db.execute(sql`insert into users (email, password_hash, invite_code) select 'cc-' || i || '@example.com', 'x', 'CC' || lpad(i::text, 6, '0') from generate_series(1, ${ORDERS}) as i`);
    await db.execute(sql`insert into mining_accounts (user_id, name, is_default) select id, 'cc' || substr(invite_code, 3), true from users where email like 'cc-%'`);
    await db.execute(sql`insert into contract_products (id, name, coin, hashrate, hashrate_unit, duration_days, price_usdt, fiat_currency, power_watts, electricity_rate, management_fee, inventory, sale_start, sale_end, status, terms, created_at, updated_at)
      values ('00000000-0000-4000-8000-0000000cc001', 'crash test', 'btc', 100, 'TH/s', 3, 100, 'USD', 1000, 0.05, 2, 0, now(), now() + interval '1 day', 'on_sale', '{}'::jsonb, now(), now())`);
    // Units 1..7 per order: different amounts, odd fractions carried from day to day.
    await db.execute(sql`insert into contract_orders (user_id, account_id, product_id, request_key, product_name, coin, units, hashrate, hashrate_unit, duration_days, power_watts, electricity_rate, management_fee, amount_usdt, pay_method, pay_amount, pay_currency, pay_reference, status, created_at, paid_at, effect_date, end_date)
      select m.user_id, m.id, '00000000-0000-4000-8000-0000000cc001', 'k' || m.name, 'crash test', 'btc', (substr(m.name, 3)::int % 7) + 1, 100, 'TH/s', 3, 1000, 0.05, 2, 100, 'usdt_trc20', 100, 'USDT', 'HP' || m.name, 'effect', now(), now(), ${DAYS[0]!}, '2026-05-04'
        from mining_accounts m where m.name like 'cc%'`);
  });
  afterAll(async () => {
    await t?.close();
  });

  const posted = async () => Number((await queryRows<{ n: string }>(t.database.db, sql`select count(*)::text as n from ledger_postings where business_type = 'contract_profit'`))[0]!.n);

  const run = () => runChild('apps/server/test/fixtures/contract-profit-child.ts', { DATABASE_URL: dbUrl, SETTLE_NOW: '2026-05-04T01:00:00Z' });

  it('credits every order and day exactly once after three kills mid-way', async () => {
    const { seen, exitCode } = await killThreeTimesThenFinish(run, posted);
    expect(exitCode).toBe(0);

    const rows = await queryRows<{ order_id: string; day: string; credited: string; account_id: string }>(
      t.database.db,
      sql`select p.order_id::text, p.day, p.credited::text, o.account_id::text from contract_profits p join contract_orders o on o.id = p.order_id`,
    );
    expect(rows.length).toBe(ORDERS * DAYS.length);
    expect(seen.filter((n) => n > 0 && n < rows.length).length).toBeGreaterThanOrEqual(1);
    const credited = rows.filter((r) => new Decimal(r.credited).gt(0));
    const postings = await queryRows<{ n: string; keys: string }>(t.database.db, sql`select count(*)::text as n, count(distinct idempotency_key)::text as keys from ledger_postings where business_type = 'contract_profit'`);
    expect(postings[0]).toEqual({ n: String(credited.length), keys: String(credited.length) });
    const keys = await queryRows<{ idempotency_key: string }>(t.database.db, sql`select idempotency_key from ledger_postings where business_type = 'contract_profit'`);
    expect(new Set(keys.map((k) => k.idempotency_key))).toEqual(new Set(credited.map((r) => `contract:${r.order_id}:${r.day}`)));
    const owed = new Map<string, Decimal>();
    for (const r of rows) owed.set(r.account_id, (owed.get(r.account_id) ?? new Decimal(0)).plus(r.credited));
    const balances = await queryRows<{ holder: string; available: string }>(t.database.db, sql`select holder, available::text from ledger_balances where coin = 'btc' and holder not like 'sys:%'`);
    expect(balances.length).toBe(ORDERS);
    for (const b of balances) expect(new Decimal(b.available).eq(owed.get(b.holder)!)).toBe(true);
    // Every order's last day has passed: finished, once each.
    const finished = await queryRows<{ n: string }>(t.database.db, sql`select count(*)::text as n from contract_order_events where to_status = 'finish'`);
    expect(finished[0]!.n).toBe(String(ORDERS));
  }, 180_000);
});
