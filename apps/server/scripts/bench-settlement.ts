// bench:settlement — one coin's daily settlement on PostgreSQL: ACCOUNTS sub-accounts whose
// WORKERS workers' day of work is in the history as ingestion leaves it (per sub-account and
// 10-minute point; POINTS points per day, 144 by default), a third of them on PPS+, the rest
// FPPS. Prints the settlement's time against the goal (60 s) and the reconciliation, which must
// be clean; then a second run, which must post nothing. Fresh database per run.
//   npm run bench:settlement -- [--accounts 100000] [--workers 1000000] [--points 144]
import { sql } from 'drizzle-orm';
import { COINS } from '@hashpool/shared';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { FakeClock } from '../src/platform/clock';
import { reconcile } from '../src/modules/ledger/reconciliation';
import { arg, openBenchDatabase } from './bench-database';

const ACCOUNTS = arg('accounts', 100_000);
const WORKERS = arg('workers', 1_000_000);
const POINTS = arg('points', 144);
const DAY = '2026-09-01';
const clock = new FakeClock(`${DAY}T12:00:00Z`);
const { database, drop } = await openBenchDatabase(clock);
const db = database.db;

let closeApp = async (): Promise<void> => {};
try {
  let t0 = performance.now();
  await db.execute(sql`insert into users (email, password_hash, invite_code)
    select 'bench' || i || '@example.com', 'x', 'B' || lpad(i::text, 9, '0') from generate_series(1, ${ACCOUNTS}) i`);
  await db.execute(sql`insert into mining_accounts (user_id, name, is_default) select id, 'm' || substr(invite_code, 2), true from users`);
  // A third choose PPS+ (the rest keep the default, FPPS).
  await db.execute(sql`insert into pay_methods (account_id, coin, method) select id, 'btc', 'pps_plus' from mining_accounts where right(name, 1) in ('0', '3', '6')`);
  // Each sub-account runs WORKERS / ACCOUNTS workers of about 100 TH/s each, with some jitter,
  // summed per 10-minute point as ingestion writes owner_history.
  const perAccount = WORKERS / ACCOUNTS;
  const step = 86_400 / POINTS;
  await db.execute(sql`insert into owner_history (coin, owner, bucket, resolution, accepted_work, rejected_work, accepted, rejected, stale)
    select 'btc', m.id::text, ${`${DAY}T00:00:00Z`}::timestamptz + make_interval(secs => p * ${step}), ${step},
           ${perAccount} * 1e14 * ${step} * (0.8 + random() * 0.4), 0, 1000, 0, 0
      from mining_accounts m, generate_series(0, ${POINTS - 1}) p`);
  await db.execute(sql`analyze`);
  console.log(`data: ${ACCOUNTS} sub-accounts, ${WORKERS} workers' work in ${ACCOUNTS * POINTS} history points (made in ${Math.round((performance.now() - t0) / 1000)} s)`);

  // The earnings module's own settlement, as the app wires it.
  const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent-web-dist' }), database, clock });
  closeApp = () => app.close();
  const settlement = app.modules.earnings.settlement;
  const btc = COINS.find((c) => c.code === 'btc')!;
  await db.execute(sql`insert into market_data (coin, day, network_difficulty, block_subsidy, avg_fees_per_block, source)
    values ('btc', ${DAY}::date, ${(8e20 / btc.hashesPerDifficulty) * btc.blockTimeSeconds}, 3.125, 0.2, 'operator')
    on conflict (coin, day) do nothing`);
  clock.set('2026-09-02T00:05:00Z');

  t0 = performance.now();
  const result = await settlement.settleCoinDay('btc', DAY);
  const seconds = (performance.now() - t0) / 1000;
  t0 = performance.now();
  const again = await settlement.settleCoinDay('btc', DAY);
  const againMs = performance.now() - t0;
  const report = await reconcile(db);
  console.log(`settled ${result.accounts} sub-accounts, ${result.paid} BTC paid`);
  console.log(`second run: ${again.outcome} in ${Math.round(againMs)} ms`);
  console.log(`reconciliation: ${report.ok ? 'clean' : 'MISMATCH'} over ${report.postings} postings`);
  console.log(`\nsettlement-seconds: ${seconds.toFixed(1)} (goal < 60)`);
  if (!report.ok || again.outcome !== 'already_settled') process.exitCode = 1;
} finally {
  await closeApp();
  await drop();
}
