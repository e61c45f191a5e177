// bench:address — the public address-mining dashboard under load: 10,000 ALEO addresses with 3
// workers and 24 h of 10-minute history each, a week of PPLNS payouts and a payment each; then
// CONCURRENCY clients (in a worker thread) over real HTTP ask the calls the dashboard makes for random addresses
// (info, chart, workers, earnings, payments, IP statistics, stake calculator) and the coin's pool
// and worker figures of the stats page. Prints requests per second and p50/p99 per call
// (goal p99 < 50 ms; the profits call's < 30 ms). Fresh PostgreSQL database (TEST_PG_URL or the local default).
//   npm run bench:address -- [--addresses 10000] [--requests 9000] [--concurrency 8]
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { FakeClock } from '../src/platform/clock';
import { arg, openBenchDatabase } from './bench-database';

const ADDRESSES = arg('addresses', 10_000);
const REQUESTS = arg('requests', 9_000);
const CONCURRENCY = arg('concurrency', 8);
const clock = new FakeClock('2026-09-01T12:00:00Z');
const { database, drop } = await openBenchDatabase(clock);
const db = database.db;
const now = clock.now().toISOString();
/** The i-th bench address: its hex number with 1 and b (not bech32 characters) spelt x and y. The SQL below makes the same. */
const address = (i: number) => `aleo1${i.toString(16).replace(/1/g, 'x').replace(/b/g, 'y').padStart(8, 'q')}${'q'.repeat(50)}`;

let t0 = performance.now();
// Addresses as a table of their own, so the inserts below can join on them.
await db.execute(sql`create temporary table bench_addresses as select g as i, 'aleo1' || lpad(translate(to_hex(g), '1b', 'xy'), 8, 'q') || repeat('q', 50) as a from generate_series(0, ${ADDRESSES - 1}) g`);
await db.execute(sql`insert into workers (coin, address, name, first_share_at, last_share_at, last_ip, accepted_shares, hashrate_15m, hashrate_1h, hashrate_24h, reject_rate)
  select 'aleo', a, 'rig' || r, ${now}::timestamptz - interval '2 days', ${now}::timestamptz - (i % 30) * interval '1 minute', '198.51.100.' || r, 1000, 5e4, 5e4, 5e4, 0.01
    from bench_addresses cross join generate_series(1, 3) r`);
// Kept as ingestion creates workers (worker_counts: the worker list's totals).
await db.execute(sql`insert into worker_counts (coin, owner, group_id, workers) select 'aleo', a, 0, 3 from bench_addresses`);
await db.execute(sql`insert into owner_history (coin, owner, bucket, resolution, accepted_work, rejected_work, accepted, rejected, stale)
  select 'aleo', a, date_trunc('hour', ${now}::timestamptz) - s * interval '10 minutes', 600, 9e7, 9e5, 600, 6, 0 from bench_addresses cross join generate_series(1, 144) s`);
await db.execute(sql`insert into address_wallets (coin, address) select 'aleo', a from bench_addresses`);
await db.execute(sql`insert into blocks (coin, height, hash, reward, finder_owner, finder_worker, found_at, network_difficulty, confirmations, status)
  select 'aleo', 8000000 + d, 'benchblock' || d, 9, (select a from bench_addresses limit 1), 'rig1', ${now}::timestamptz - d * interval '1 day', 5e10, 10, 'confirmed' from generate_series(1, 7) d`);
await db.execute(sql`insert into block_settlements (block_id, coin, status, outcome, reward, paid, remainder, computed_at, finished_at)
  select id, 'aleo', 'done', 'paid', 9, 9, 0, found_at, found_at from blocks where coin = 'aleo'`);
await db.execute(sql`insert into block_payouts (block_id, account_id, coin, day, method, work, fee_rate, gross, amount)
  select b.id, w.id, 'aleo', (b.found_at at time zone 'UTC')::date, 'pplns', 1e9, 1, 0.0009, 0.000891 from blocks b cross join address_wallets w where b.coin = 'aleo'`);
await db.execute(sql`insert into withdrawals (request_id, part_no, parts, address_wallet_id, coin, address, amount, fee, status, origin, idempotency_key, txid, created_at, updated_at)
  select gen_random_uuid(), 1, 1, id, 'aleo', address, 1.5, 0.1, 'completed', 'address_payout', 'address-payout:2026-08-31', md5(address), ${now}::timestamptz - interval '1 day', ${now}::timestamptz from address_wallets`);
// Vacuumed as autovacuum keeps a running pool's tables: hint bits set and the visibility map that
// index-only scans need (migration 0044). Otherwise every first read of a page sets its hint bits
// and writes it out again, which a settled database does not do.
await db.execute(sql`vacuum analyze`);
// The bulk load's dirty pages written now, not by a checkpoint in the middle of the measured calls.
await db.execute(sql`checkpoint`).catch(() => console.log('checkpoint refused (not a superuser): the first calls may meet the load\'s writes'));
console.log(`data: ${ADDRESSES} addresses, ${ADDRESSES * 3} workers, ${ADDRESSES * 144} history points, ${ADDRESSES * 7} payouts, made in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const config = loadConfig({ LOG_LEVEL: 'warn', WEB_DIST_DIR: '/nonexistent', RATE_LIMIT_PER_MINUTE: '100000000' });
const app = await buildApp({ config, database, clock });
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/address-mining/aleo`;
const calls: Record<string, (a: string) => string> = {
  info: (a) => `/miner/${a}/info`,
  hashrates: (a) => `/miner/${a}/hashrates`,
  workers: (a) => `/miner/${a}/workers?sort=now&order=desc`,
  profits: (a) => `/miner/${a}/profits`,
  payments: (a) => `/payments/${a}`,
  ips: (a) => `/miner/${a}/ips`,
  stake: (a) => `/stake-calculator?address=${a}&stake=100000`,
  // The coin's own figures (the stats page), the same for every address.
  pool: () => '/pool/stats',
  workerStats: () => '/workers/stats',
};
const names = Object.keys(calls);
// The clients run in a worker thread, as browsers are elsewhere: in the server's thread their own
// HTTP work (undici's requests and answers) queued beside the server's and counted in every figure.
const requests = Array.from({ length: REQUESTS }, (_, n) => {
  const name = names[n % names.length]!;
  return [name, `${base}${calls[name]!(address(Math.floor(Math.random() * ADDRESSES)))}`];
});
// node:http with kept-alive connections, not fetch: on the same two cores as the server, fetch's
// own work (undici's WHATWG streams) took about a third of a core at this rate and the server's
// figures waited for it.
const CLIENTS = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { requests, concurrency } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const get = (url) => new Promise((resolve, reject) => {
  http.get(url, { agent }, (res) => {
    const chunks = [];
    res.on('data', (c) => chunks.push(c));
    res.on('end', () => resolve({ status: res.statusCode, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
    res.on('error', reject);
  }).on('error', reject);
});
const times = {};
let next = 0;
Promise.all(Array.from({ length: concurrency }, async () => {
  while (next < requests.length) {
    const [name, url] = requests[next++];
    const started = performance.now();
    const { status, body } = await get(url);
    if (status !== 200 || body.code !== 0) throw new Error(name + ' answered ' + status + ': ' + JSON.stringify(body));
    (times[name] ??= []).push(performance.now() - started);
  }
})).then(() => parentPort.postMessage({ times }), (err) => parentPort.postMessage({ error: String(err) }));
`;
t0 = performance.now();
const answer = await new Promise<{ times?: Record<string, number[]>; error?: string }>((resolve, reject) => {
  const clients = new Worker(CLIENTS, { eval: true, workerData: { requests, concurrency: CONCURRENCY } });
  clients.once('message', resolve);
  clients.once('error', reject);
});
if (answer.error) throw new Error(answer.error);
const times = new Map<string, number[]>(names.map((n) => [n, answer.times![n] ?? []]));
const seconds = (performance.now() - t0) / 1000;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;
console.log(`address dashboard calls: ${REQUESTS} requests from ${CONCURRENCY} clients in ${seconds.toFixed(1)} s: ${Math.round(REQUESTS / seconds)} requests/s`);
for (const name of names) console.log(`  ${name.padEnd(12)} p50 ${pct(times.get(name)!, 50).toFixed(1)} ms, p99 ${pct(times.get(name)!, 99).toFixed(1)} ms`);
const all = [...times.values()].flat();
console.log(`address-dashboard-p99-ms: ${pct(all, 99).toFixed(1)} (goal < 50)`);
console.log(`address-profits-p99-ms: ${pct(times.get('profits')!, 99).toFixed(1)} (goal < 30)`);
await app.close();
await drop();
