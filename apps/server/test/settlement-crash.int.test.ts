// The settlement across crashes: a real process runs a coin's day settlement
// and is killed with SIGKILL while it credits, three times, then finishes on a fourth run. The
// ledger must hold exactly what one clean run posts: one posting per profit row with an amount,
// each account's balance its row's amount, the pool's revenue debited by their sum, and the
// reconciliation clean (checked at teardown too).
//
// PostgreSQL only (TEST_DATABASE_URL): PGlite in memory lives and dies with its process.
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { FakeClock } from '../src/platform/clock';
import { balanceOf, SYSTEM } from '../src/modules/ledger/ledger';
import { killThreeTimesThenFinish, runChild } from './crash-helpers';
import { startTestApp, type TestApp } from './test-app';

const serverUrl = process.env.TEST_DATABASE_URL;
const ACCOUNTS = 3_000;
const DAY = '2026-05-01';

describe.skipIf(!serverUrl)('the daily settlement across crashes of its process', () => {
  let t: TestApp;
  let dbUrl: string;
  beforeAll(async () => {
    t = await startTestApp({ demo: false, clock: new FakeClock(`${DAY}T12:00:00Z`) });
    const [{ name } = { name: '' }] = await queryRows<{ name: string }>(t.database.db, sql`select current_database() as name`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    dbUrl = url.toString();
    const db = t.database.db;
    await db.execute(sql`insert into market_data (coin, day, network_difficulty, block_subsidy, avg_fees_per_block, source) values ('btc', ${DAY}::date, 1000, 3.125, 0.25, 'operator')
      on conflict (coin, day) do update set network_difficulty = 1000, block_subsidy = 3.125, avg_fees_per_block = 0.25`);
    await db.execute(sql`insert into users (email, password_hash, invite_code) select 'crash-' || i || '@example.com', 'x', 'CR' || lpad(i::text, 6, '0') from generate_series(1, ${ACCOUNTS}) as i`);
    await db.execute(sql`insert into mining_accounts (user_id, name, is_default) select id, 'crash' || substr(invite_code, 3), true from users where email like 'crash-%'`);
    // Work of 1/1000 to 97/1000 of a block each (odd ones leave half a satoshi, carried); every
    // fifth sub-account is on PPLNS (a day row with nothing to credit here).
    await db.execute(sql`insert into owner_history (coin, owner, bucket, resolution, accepted_work)
      select 'btc', m.id::text, ${`${DAY}T10:00:00Z`}::timestamptz, 600, ((substr(m.name, 6)::int % 97) + 1) * 4294967296.0
        from mining_accounts m where m.name like 'crash%'`);
    await db.execute(sql`insert into pay_methods (account_id, coin, method) select id, 'btc', 'pplns' from mining_accounts where name like 'crash%' and substr(name, 6)::int % 5 = 0`);
  });
  afterAll(async () => {
    await t?.close();
  });

  const posted = async () =>
    Number((await queryRows<{ n: string }>(t.database.db, sql`select count(*)::text as n from ledger_postings where reference = ${`settlement:btc:${DAY}`}`))[0]!.n);

  const run = () => runChild('apps/server/test/fixtures/settle-child.ts', { DATABASE_URL: dbUrl, SETTLE_COIN: 'btc', SETTLE_DAY: DAY, SETTLE_NOW: '2026-05-02T00:06:00Z', SETTLE_CHUNK: '20' });

  it('credits every sub-account exactly once after three kills mid-way', async () => {
    const revenueBefore = new Decimal((await balanceOf(t.database.db, SYSTEM.poolRevenue, 'btc')).available);
    // Each run killed once it has credited something beyond what the last run left.
    const { seen, exitCode } = await killThreeTimesThenFinish(run, posted);
    expect(exitCode).toBe(0);

    // Killed mid-way each time: some but not all postings were there after each kill.
    const rows = await queryRows<{ account_id: string; amount: string }>(t.database.db, sql`select account_id::text, amount::text from profits where coin = 'btc' and day = ${DAY}::date and amount > 0`);
    expect(seen.filter((n) => n > 0 && n < rows.length).length).toBeGreaterThanOrEqual(2);
    // Exactly one posting per profit row with an amount, under its key.
    const postings = await queryRows<{ n: string; keys: string }>(t.database.db, sql`select count(*)::text as n, count(distinct idempotency_key)::text as keys from ledger_postings where reference = ${`settlement:btc:${DAY}`}`);
    expect(postings[0]).toEqual({ n: String(rows.length), keys: String(rows.length) });
    // Each balance is its row's amount; the pool paid their sum.
    const balances = new Map(
      (await queryRows<{ holder: string; available: string }>(t.database.db, sql`select holder, available::text from ledger_balances where coin = 'btc' and holder not like 'sys:%'`)).map((b) => [b.holder, b.available]),
    );
    let sum = new Decimal(0);
    for (const r of rows) {
      expect(new Decimal(balances.get(r.account_id) ?? 0).eq(r.amount)).toBe(true);
      sum = sum.plus(r.amount);
    }
    expect(balances.size).toBe(rows.length);
    expect(revenueBefore.minus((await balanceOf(t.database.db, SYSTEM.poolRevenue, 'btc')).available).toFixed()).toBe(sum.toFixed());
    const [settled] = await queryRows<{ status: string; paid: string; accounts: number }>(t.database.db, sql`select status, paid::text, accounts from settlement_runs where coin = 'btc' and day = ${DAY}::date`);
    expect(settled).toMatchObject({ status: 'done', accounts: ACCOUNTS });
    expect(new Decimal(settled!.paid).toFixed()).toBe(sum.toFixed());
    // Nothing of anyone's money kept by the cut to the satoshi, however often the run was killed:
    // each credit and the fraction carried for the account's next one make its exact amount.
    const exact = await queryRows<{ gross: string; fee_rate: string; amount: string; carried: string | null }>(
      t.database.db,
      sql`select p.gross::text, p.fee_rate::text, p.amount::text, r.remainder::text as carried from profits p
            left join credit_remainders r on r.holder = p.account_id::text and r.coin = p.coin
           where p.coin = 'btc' and p.day = ${DAY}::date and p.amount > 0`,
    );
    expect(exact.filter((r) => r.carried !== null && new Decimal(r.carried).gt(0)).length).toBeGreaterThan(0);
    for (const r of exact) {
      const owed = new Decimal(r.gross).times(new Decimal(1).minus(new Decimal(r.fee_rate).div(100)));
      expect(new Decimal(r.amount).plus(r.carried ?? 0).toFixed()).toBe(owed.toFixed());
    }
  }, 180_000);
});
