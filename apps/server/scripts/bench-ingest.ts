// bench:ingest — shares per second through POST /api/internal/shares over real HTTP, with the
// figures visible in the API afterwards. Uses a fresh PostgreSQL database when TEST_PG_URL (or the
// local default) answers, else PGlite in memory. Prints the median of several runs.
//   npm run bench:ingest -- [--workers 10000] [--batch 10000] [--batches 60] [--concurrency 4] [--runs 3]
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, queryRows } from '../src/db/client';
import { prepareDatabase } from '../src/db/prepare';
import { systemClock } from '../src/platform/clock';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const WORKERS = arg('workers', 10_000);
const BATCH = arg('batch', 10_000);
const BATCHES = arg('batches', 60);
const CONCURRENCY = arg('concurrency', 4);
const RUNS = arg('runs', 3);
const KEY = randomBytes(16).toString('hex');
const PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `hp_bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

const server = await freshPostgres();
const config = loadConfig({ LOG_LEVEL: 'warn', INGEST_KEYS: KEY, WEB_DIST_DIR: '/nonexistent', PGLITE_DATA_DIR: 'memory', ...(server ? { DATABASE_URL: server.url } : {}) });
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDataDir: config.PGLITE_DATA_DIR });
await prepareDatabase(database, { demo: false, clock: systemClock });
// One user with one sub-account holding every worker (a large farm).
const [user] = await queryRows<{ id: string }>(database.db, sql`insert into users (email, password_hash, invite_code) values ('bench@example.com', 'x', 'BENCH001') returning id`);
await database.db.execute(sql`insert into mining_accounts (user_id, name, is_default) values (${user!.id}, 'benchfarm', true)`);

const app = await buildApp({ config, database, clock: systemClock });
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

function batchBody(n: number): string {
  const now = Date.now();
  const shares = Array.from({ length: BATCH }, (_, i) => ({
    coin: 'btc', account: 'benchfarm', worker: `w${(n * BATCH + i) % WORKERS}`, difficulty: 65536,
    result: i % 50 === 0 ? 'rejected' : 'accepted', ip: '10.0.0.1', time: now - (i % 60_000),
  }));
  return JSON.stringify({ batch_id: `bench-${n}-${randomBytes(4).toString('hex')}`, shares });
}

async function run(): Promise<number> {
  const bodies = Array.from({ length: BATCHES }, (_, n) => batchBody(n)); // made before timing
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < bodies.length) {
        const body = bodies[next++]!;
        const res = await fetch(`${base}/api/internal/shares`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-ingest-key': KEY }, body });
        if (res.status !== 200) throw new Error(`ingest answered ${res.status}: ${await res.text()}`);
      }
    }),
  );
  return (BATCHES * BATCH) / ((performance.now() - started) / 1000);
}

const rates: number[] = [];
for (let r = 0; r < RUNS; r++) rates.push(await run());
const refreshStarted = performance.now();
await app.ingest.refreshWindows();
const refreshMs = performance.now() - refreshStarted;
const [check] = await queryRows<{ n: string; shares: string }>(database.db, sql`select count(*)::text as n, sum(accepted_shares + rejected_shares)::text as shares from workers`);
rates.sort((a, b) => a - b);
console.log(`database: ${database.kind}; ${WORKERS} workers, batches of ${BATCH}, ${CONCURRENCY} concurrent senders, ${RUNS} runs`);
console.log(`ingest-http-shares-per-second (median): ${Math.round(rates[Math.floor(rates.length / 2)]!)}  (runs: ${rates.map((r) => Math.round(r)).join(', ')})`);
console.log(`visible in the API: ${check!.n} workers, ${check!.shares} shares counted; window refresh took ${refreshMs.toFixed(0)} ms`);
await app.close();
await database.close();
await server?.drop();
