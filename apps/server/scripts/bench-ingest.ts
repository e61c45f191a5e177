// bench:ingest — shares per second through POST /api/internal/shares over real HTTP and through
// NATS JetStream (when a server answers at NATS_URL or the local default), each in both encodings
// of a batch (JSON and the compact form, SHARES_COMPACT_TYPE) in the same run, alternating, so
// their ratio holds on a machine whose load changes; with the figures visible in the API afterwards. Uses a fresh PostgreSQL database when TEST_PG_URL (or the
// local default) answers, else PGlite in memory. Prints the median of several runs.
//   npm run bench:ingest -- [--workers 10000] [--batch 10000] [--batches 60] [--concurrency 16] [--runs 3]
// A batch is answered after the flush that commits it (at least once delivery), so a stratum
// node keeps several batches in flight, as a NATS consumer does with its unacknowledged
// messages; 16 senders stand for that. Throughput follows the shares each flush carries.
// The senders (HTTP requests, NATS publishing) run in a worker thread, as stratum nodes are other
// machines: the server's thread does only the server's work. The bodies are made before timing.
import { randomBytes } from 'node:crypto';
import { encodeShareBatch, INGEST_SIGNATURE_HEADER, SHARES_COMPACT_TYPE } from '@hashpool/shared';
import { Worker } from 'node:worker_threads';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { connect } from 'nats';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, queryRows } from '../src/db/client';
import { prepareDatabase } from '../src/db/prepare';
import { startNatsIngest } from '../src/modules/mining/nats-ingest';
import { systemClock } from '../src/platform/clock';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const WORKERS = arg('workers', 10_000);
const BATCH = arg('batch', 10_000);
const BATCHES = arg('batches', 120);
const CONCURRENCY = arg('concurrency', 16);
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
await prepareDatabase(database, { clock: systemClock });
// One user with one sub-account holding every worker (a large farm).
const [user] = await queryRows<{ id: string }>(database.db, sql`insert into users (email, password_hash, invite_code) values ('bench@example.com', 'x', 'BENCH001') returning id`);
await database.db.execute(sql`insert into mining_accounts (user_id, name, is_default) values (${user!.id}, 'benchfarm', true)`);

const app = await buildApp({ config, database, clock: systemClock });
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

type Encoding = 'json' | 'compact';
const CONTENT_TYPES: Record<Encoding, string> = { json: 'application/json', compact: SHARES_COMPACT_TYPE };

function batchBody(n: number, encoding: Encoding, size = BATCH): Uint8Array {
  const now = Date.now();
  const shares = Array.from({ length: size }, (_, i) => ({
    coin: 'btc', account: 'benchfarm', worker: `w${(n * size + i) % WORKERS}`, difficulty: 65536,
    result: i % 50 === 0 ? ('rejected' as const) : ('accepted' as const), ip: '10.0.0.1', time: now - (i % 60_000),
  }));
  const batch = { batch_id: `bench-${n}-${randomBytes(4).toString('hex')}`, shares };
  return encoding === 'json' ? new Uint8Array(Buffer.from(JSON.stringify(batch))) : encodeShareBatch(batch);
}

/**
 * The senders' thread: plain JavaScript (no TypeScript loader in a worker), told what to send and
 * answering the seconds it took. HTTP: `concurrency` requests in flight; NATS: every batch
 * published at once (JetStream stores them; the consumer's acknowledgements are timed here).
 */
const SENDER = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', async (job) => {
  try {
    if (job.kind === 'http') {
      let next = 0;
      const started = performance.now();
      await Promise.all(Array.from({ length: job.concurrency }, async () => {
        while (next < job.bodies.length) {
          const body = job.bodies[next++];
          const res = await fetch(job.url, { method: 'POST', headers: { 'content-type': job.contentType, 'x-ingest-key': job.key }, body });
          if (res.status !== 200) throw new Error('ingest answered ' + res.status + ': ' + (await res.text()));
          await res.arrayBuffer();
        }
      }));
      parentPort.postMessage({ seconds: (performance.now() - started) / 1000 });
    } else {
      const { connect, headers } = require('nats');
      const nc = await connect({ servers: job.url, timeout: 2000 });
      const js = nc.jetstream();
      const jsm = await nc.jetstreamManager();
      const { createHmac } = require('node:crypto');
      const started = performance.now();
      // Signed as a stratum node signs (ingest-keys.ts): part of a node's cost, so timed.
      await Promise.all(job.bodies.map((b) => {
        const h = headers();
        h.set('Content-Type', job.contentType);
        h.set(job.signatureHeader, createHmac('sha256', job.key).update(b).digest('hex'));
        return js.publish(job.subject, b, { headers: h });
      }));
      for (;;) {
        const info = await jsm.consumers.info(job.stream, 'bench');
        if (info.ack_floor.stream_seq >= job.bodies.length) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      parentPort.postMessage({ seconds: (performance.now() - started) / 1000 });
      await nc.close();
    }
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.stack || error) });
  }
});`;
const sender = new Worker(SENDER, { eval: true });
sender.unref();
function send(job: Record<string, unknown> & { bodies: Uint8Array[] }): Promise<number> {
  return new Promise((resolve, reject) => {
    sender.once('message', (m: { seconds?: number; error?: string }) => (m.error ? reject(new Error(m.error)) : resolve(m.seconds!)));
    sender.postMessage(job, job.bodies.map((b) => b.buffer as ArrayBuffer));
  });
}

async function run(encoding: Encoding): Promise<number> {
  const bodies = Array.from({ length: BATCHES }, (_, n) => batchBody(n, encoding)); // made before timing
  const seconds = await send({ kind: 'http', url: `${base}/api/internal/shares`, key: KEY, concurrency: CONCURRENCY, contentType: CONTENT_TYPES[encoding], bodies });
  return (BATCHES * BATCH) / seconds;
}

/**
 * The same through NATS JetStream: batches published to a fresh stream, timed until the durable
 * consumer has acknowledged every one (after its commit). NATS refuses messages over 1 MB by
 * default: a JSON batch holds NATS_JSON_BATCH shares (about 0.6 MB); a compact one the HTTP
 * batch's (10,000 shares are about 0.4 MB), as a stratum server fills its messages up to the limit.
 */
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const NATS_JSON_BATCH = 5_000;
const NATS_COMPACT_BATCH = arg('nats-compact-batch', BATCH);
const natsBatch = (encoding: Encoding) => (encoding === 'json' ? NATS_JSON_BATCH : NATS_COMPACT_BATCH);
async function runNats(encoding: Encoding): Promise<number | null> {
  let nc;
  try {
    nc = await connect({ servers: NATS_URL, timeout: 2000 });
  } catch {
    return null;
  }
  const maxPayload = nc.info?.max_payload ?? 1024 * 1024;
  await nc.close();
  const stream = `BENCH_${randomBytes(4).toString('hex').toUpperCase()}`;
  const size = natsBatch(encoding);
  const count = Math.ceil((BATCHES * BATCH) / size);
  const bodies = Array.from({ length: count }, (_, n) => batchBody(n, encoding, size));
  const largest = Math.max(...bodies.map((b) => b.length));
  if (largest > maxPayload) throw new Error(`a ${encoding} batch of ${size} shares is ${largest} bytes, over the NATS server's max_payload (${maxPayload})`);
  const consumer = await startNatsIngest({ url: NATS_URL, stream, durable: 'bench', ingest: app.modules.mining.ingest, ingestKeys: KEY, log: app.log, concurrency: CONCURRENCY * 2 });
  try {
    const seconds = await send({ kind: 'nats', url: NATS_URL, stream, subject: `${stream.toLowerCase()}.bench`, key: KEY, signatureHeader: INGEST_SIGNATURE_HEADER, contentType: CONTENT_TYPES[encoding], bodies });
    return (count * size) / seconds;
  } finally {
    await consumer.close();
    const admin = await connect({ servers: NATS_URL });
    await (await admin.jetstreamManager()).streams.delete(stream).catch(() => undefined);
    await admin.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ENCODINGS: Encoding[] = ['json', 'compact'];
const rates: Record<Encoding, number[]> = { json: [], compact: [] };
for (let r = 0; r < RUNS; r++) for (const e of ENCODINGS) rates[e].push(await run(e));
const natsRates: Record<Encoding, number[]> = { json: [], compact: [] };
nats: for (let r = 0; r < RUNS; r++) {
  for (const e of ENCODINGS) {
    const rate = await runNats(e);
    if (rate === null) break nats;
    natsRates[e].push(rate);
  }
}
const refreshStarted = performance.now();
await app.modules.mining.ingest.refreshWindows();
const refreshMs = performance.now() - refreshStarted;
const [check] = await queryRows<{ n: string; shares: string }>(database.db, sql`select count(*)::text as n, sum(accepted_shares + rejected_shares)::text as shares from workers`);
console.log(`database: ${database.kind}; ${WORKERS} workers, batches of ${BATCH} (NATS: ${NATS_JSON_BATCH} in JSON, ${NATS_COMPACT_BATCH} compact), ${CONCURRENCY} concurrent senders, ${RUNS} runs`);
const line = (transport: string, byEncoding: Record<Encoding, number[]>) => {
  for (const e of ENCODINGS) console.log(`ingest-${transport}-${e}-shares-per-second (median): ${Math.round(median(byEncoding[e]))}  (runs: ${byEncoding[e].map((r) => Math.round(r)).join(', ')})`);
  console.log(`ingest-${transport}-compact/json: ${(median(byEncoding.compact) / median(byEncoding.json)).toFixed(2)}`);
};
line('http', rates);
if (natsRates.json.length) line('nats', natsRates);
else console.log(`ingest-nats: no NATS server at ${NATS_URL}; skipped`);
console.log(`visible in the API: ${check!.n} workers, ${check!.shares} shares counted; window refresh took ${refreshMs.toFixed(0)} ms`);
await app.close();
await database.close();
await server?.drop();
