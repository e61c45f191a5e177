// Operations of the real process, PostgreSQL only (TEST_DATABASE_URL): PGlite in
// memory lives and dies with its process, and pg_dump needs a server.
// - Graceful shutdown: a server under ingest load gets SIGTERM; it exits 0, every batch it
//   acknowledged is in the database, it holds no job lease any more (another instance takes the
//   jobs at once), and its readiness said "not ready" while it drained.
// - Graceful shutdown with NATS ingest (also needs NATS JetStream, TEST_NATS_URL or
//   nats://127.0.0.1:4222): batches published while the server gets SIGTERM are all stored exactly
//   once after a second consumer on the same durable took over what the first handed back.
// - Backups: a database with postings is dumped with pg_dump, restored with pg_restore into a
//   fresh database, the app starts on the copy and its reconciliation is clean.
import { execFile, spawn } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { connect, headers } from 'nats';
import { INGEST_SIGNATURE_HEADER } from '@hashpool/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, queryRows } from '../src/db/client';
import { prepareDatabase } from '../src/db/prepare';
import { FakeClock } from '../src/platform/clock';
import { acquireLease } from '../src/platform/leases';
import { post, SYSTEM } from '../src/modules/ledger/ledger';
import { startNatsIngest, type NatsIngest } from '../src/modules/mining/nats-ingest';
import { startTestApp, type TestApp } from './test-app';
import { childPort } from './child-port';
import { NATS_URL, natsReachable } from './nats-reachable';
import { adminQuery, databaseUrl, TEST_DB_PREFIX } from './test-db';

const serverUrl = process.env.TEST_DATABASE_URL;
const root = fileURLToPath(new URL('../../..', import.meta.url));
const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const INGEST_KEY = 'shutdown-test-ingest-key';

async function urlOf(t: TestApp): Promise<string> {
  const [{ name } = { name: '' }] = await queryRows<{ name: string }>(t.database.db, sql`select current_database() as name`);
  return databaseUrl(serverUrl!, name);
}

const admin = (text: string) => adminQuery(serverUrl!, text);

const natsUp = serverUrl ? await natsReachable('the NATS graceful-shutdown test') : false;

describe.skipIf(!serverUrl)('graceful shutdown under load', () => {
  let t: TestApp;
  let dbUrl: string;
  beforeAll(async () => {
    t = await startTestApp({ demo: false });
    dbUrl = await urlOf(t);
    await t.database.db.execute(sql`insert into users (email, password_hash, invite_code) values ('shutdown@example.com', 'x', 'SHUTDN01')`);
    await t.database.db.execute(sql`insert into mining_accounts (user_id, name, is_default) select id, 'shutdownfarm', true from users where email = 'shutdown@example.com'`);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finishes the acknowledged batches, releases its leases and exits 0', async () => {
    const port = await childPort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: dbUrl, PORT: port, HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO_SEED: 'false', WEB_DIST_DIR: '/nonexistent', INGEST_KEYS: INGEST_KEY, MINING_JOB_INTERVAL_SECONDS: '1', WALLET_JOB_INTERVAL_SECONDS: '1', INGEST_DECODER_THREADS: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}`;
    let ready = false;
    for (let i = 0; i < 300 && !ready; i++) {
      await sleep(200);
      ready = await fetch(`${base}/api/ready`).then((r) => r.ok).catch(() => false);
    }
    expect(ready, output).toBe(true);
    // Let the jobs take their leases at least once.
    await sleep(1500);

    const acknowledged: string[] = [];
    let stopped = false;
    const send = async () => {
      while (!stopped) {
        const batch_id = `shutdown-${randomUUID()}`;
        const now = Date.now();
        const shares = Array.from({ length: 200 }, (_, i) => ({ coin: 'btc', account: 'shutdownfarm', worker: `rig${i % 10}`, difficulty: 1, result: 'accepted', time: now - i * 10 }));
        const res = await fetch(`${base}/api/internal/shares`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-ingest-key': INGEST_KEY }, body: JSON.stringify({ batch_id, shares }) }).catch(() => undefined);
        if (!res) {
          stopped = true;
          return;
        }
        if (res.ok && ((await res.json()) as { data: { applied: boolean } }).data.applied) acknowledged.push(batch_id);
      }
    };
    const senders = Array.from({ length: 8 }, () => send());
    await sleep(1500);
    child.kill('SIGTERM');
    // The signal reaches a busy child a moment later: ask until it says not ready (or stops
    // answering), for at most 5 s, while it drains.
    let readyWhileStopping: boolean | undefined = true;
    for (let i = 0; i < 50 && readyWhileStopping; i++) {
      readyWhileStopping = await fetch(`${base}/api/ready`).then((r) => r.ok).catch(() => undefined);
      if (readyWhileStopping) await sleep(100);
    }
    expect(await exited, output).toBe(0);
    stopped = true;
    await Promise.all(senders);

    expect(acknowledged.length).toBeGreaterThan(5);
    const stored = new Set((await queryRows<{ batch_id: string }>(t.database.db, sql`select batch_id from ingest_batches where batch_id like 'shutdown-%'`)).map((r) => r.batch_id));
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    // Draining, the instance said it was not ready (or no longer answered at all).
    expect(readyWhileStopping).not.toBe(true);
    // No pass lease is left behind: another instance takes the jobs at once. (A daily step's lease
    // stays as the mark that the day is done: that is not a held job.)
    const held = await queryRows<{ name: string }>(t.database.db, sql`select name from leases where name like 'job:%' and name not like '%daily%' and expires_at > clock_timestamp()`);
    expect(held).toEqual([]);
    expect(await acquireLease(t.database.db, 'job:wallet', 'the-other-instance', 5_000)).toBe(true);
  }, 120_000);
});

describe.skipIf(!natsUp)('graceful shutdown with NATS ingest', () => {
  const stream = `TEST_SHUTDOWN_${randomBytes(4).toString('hex').toUpperCase()}`;
  const subject = `${stream.toLowerCase()}.node1`;
  let t: TestApp;
  let dbUrl: string;
  let second: NatsIngest | undefined;
  beforeAll(async () => {
    t = await startTestApp({ demo: false });
    dbUrl = await urlOf(t);
    await t.database.db.execute(sql`insert into users (email, password_hash, invite_code) values ('natsdown@example.com', 'x', 'NATSDN01')`);
    await t.database.db.execute(sql`insert into mining_accounts (user_id, name, is_default) select id, 'natsdownfarm', true from users where email = 'natsdown@example.com'`);
  });
  afterAll(async () => {
    await second?.close();
    const nc = await connect({ servers: NATS_URL }).catch(() => undefined);
    await (await nc?.jetstreamManager())?.streams.delete(stream).catch(() => undefined);
    await nc?.close();
    await t?.close();
  });

  it('commits and acknowledges what it handled, hands back the rest: every published batch stored exactly once', async () => {
    const nc = await connect({ servers: NATS_URL });
    try {
      const jsm = await nc.jetstreamManager();
      await jsm.streams.add({ name: stream, subjects: [`${stream.toLowerCase()}.>`] });
      const js = nc.jetstream();

      const port = await childPort();
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: dbUrl, PORT: port, HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO_SEED: 'false', WEB_DIST_DIR: '/nonexistent', NATS_URL, NATS_STREAM: stream, INGEST_KEYS: INGEST_KEY, MINING_JOB_INTERVAL_SECONDS: '1', WALLET_JOB_INTERVAL_SECONDS: '1', INGEST_DECODER_THREADS: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      const base = `http://127.0.0.1:${port}`;
      let ready = false;
      for (let i = 0; i < 300 && !ready; i++) {
        await sleep(200);
        ready = await fetch(`${base}/api/ready`).then((r) => r.ok).catch(() => false);
      }
      expect(ready, output).toBe(true);

      // Publishers keep going through the SIGTERM and a while after it (a node does not know).
      const SHARES = 200;
      const published: string[] = [];
      let publishing = true;
      const publish = async () => {
        while (publishing) {
          const batch_id = `natsdown-${randomUUID()}`;
          const now = Date.now();
          const shares = Array.from({ length: SHARES }, (_, i) => ({ coin: 'btc', account: 'natsdownfarm', worker: `rig${i % 10}`, difficulty: 1, result: 'accepted', time: now - i * 10 }));
          const body = JSON.stringify({ batch_id, shares });
          const h = headers();
          h.set(INGEST_SIGNATURE_HEADER, createHmac('sha256', INGEST_KEY).update(body).digest('hex'));
          await js.publish(subject, body, { headers: h });
          published.push(batch_id); // stored in the stream (the publish ack)
        }
      };
      const publishers = Array.from({ length: 4 }, () => publish());
      await sleep(1500);
      child.kill('SIGTERM');
      const code = await exited;
      await sleep(300);
      publishing = false;
      await Promise.all(publishers);
      expect(code, output).toBe(0);

      const storedIds = async () => (await queryRows<{ batch_id: string }>(t.database.db, sql`select batch_id from ingest_batches where batch_id like 'natsdown-%'`)).map((r) => r.batch_id);
      const byFirst = (await storedIds()).length;
      expect(byFirst).toBeGreaterThan(0);
      // Whatever the first process acknowledged is in the database; what it did not is still
      // pending for the durable (handed back or never delivered).
      const afterExit = await jsm.consumers.info(stream, 'hashpool-ingest');
      expect(afterExit.num_ack_pending + afterExit.num_pending + byFirst).toBeGreaterThanOrEqual(published.length);

      // A second instance on the same durable takes over the rest (its clock: now, after every
      // share's time, as a real instance's would be).
      const tookOverAt = Date.now();
      t.clock.set(new Date());
      second = await startNatsIngest({ url: NATS_URL, stream, durable: 'hashpool-ingest', ingest: t.app.modules.mining.ingest, ingestKeys: INGEST_KEY, log: t.app.log });
      let info = await jsm.consumers.info(stream, 'hashpool-ingest');
      for (let i = 0; i < 300 && (info.num_pending > 0 || info.num_ack_pending > 0 || info.delivered.stream_seq < published.length); i++) {
        await sleep(200);
        info = await jsm.consumers.info(stream, 'hashpool-ingest');
      }
      const takeoverMs = Date.now() - tookOverAt;
      console.warn(`NATS shutdown: ${published.length} batches published, ${byFirst} stored by the first process, ${afterExit.num_ack_pending + afterExit.num_pending} left to the second, taken over in ${takeoverMs} ms`);
      expect(info.num_pending).toBe(0);
      expect(info.num_ack_pending).toBe(0);
      await second.close();
      second = undefined;

      const stored = await storedIds();
      expect(stored.length).toBe(published.length);
      expect(new Set(stored)).toEqual(new Set(published));
      // Counted once: the share counts are exactly what was published.
      t.clock.set(new Date());
      await t.app.modules.mining.ingest.refreshWindows();
      const [{ n } = { n: '0' }] = await queryRows<{ n: string }>(
        t.database.db,
        sql`select coalesce(sum(w.accepted_shares), 0)::text as n from workers w join mining_accounts a on a.id = w.account_id where a.name = 'natsdownfarm'`,
      );
      expect(Number(n)).toBe(published.length * SHARES);
    } finally {
      await nc.close();
    }
  }, 120_000);
});

describe.skipIf(!serverUrl)('backup and restore', () => {
  let t: TestApp;
  const restored = `${TEST_DB_PREFIX}_restore_${randomBytes(6).toString('hex')}`;
  const dir = mkdtempSync(join(tmpdir(), 'hashpool-backup-'));
  beforeAll(async () => {
    t = await startTestApp({ demo: false });
  });
  afterAll(async () => {
    await t?.close();
    await admin(`drop database if exists "${restored}" with (force)`);
    rmSync(dir, { recursive: true, force: true });
  });

  it('dumps a database with postings, restores it into a fresh one, and the app on it reconciles clean', async () => {
    const db = t.database.db;
    await db.execute(sql`insert into users (email, password_hash, invite_code) select 'backup-' || i || '@example.com', 'x', 'BK' || lpad(i::text, 6, '0') from generate_series(1, 20) as i`);
    await db.execute(sql`insert into mining_accounts (user_id, name, is_default) select id, 'backup' || substr(invite_code, 3), true from users where email like 'backup-%'`);
    const accounts = await queryRows<{ id: string }>(db, sql`select id from mining_accounts where name like 'backup%' order by name`);
    for (const [i, a] of accounts.entries()) {
      await post(db, { idempotencyKey: `backup-test:${a.id}`, businessType: 'system_adjustment', reference: 'backup-test', entries: [{ holder: SYSTEM.adjustments, coin: 'btc', amount: `-0.${i + 1}` }, { holder: a.id, coin: 'btc', amount: `0.${i + 1}` }] }, new Date());
    }

    const file = join(dir, 'hashpool.dump');
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${await urlOf(t)}`]);
    await admin(`create database "${restored}"`);
    const target = databaseUrl(serverUrl!, restored);
    await run('pg_restore', ['--no-owner', `--dbname=${target}`, file]);

    const copy = await openDatabase({ databaseUrl: target, pgliteDataDir: 'memory' });
    try {
      const clock = new FakeClock(new Date().toISOString());
      await prepareDatabase(copy, { clock }); // the start's migrations (none left) and seeds
      const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' }), database: copy, clock });
      try {
        const report = await app.modules.wallet.admin.reconciliation();
        expect(report.ok, JSON.stringify(report)).toBe(true);
        expect(report.postings).toBeGreaterThanOrEqual(accounts.length);
        const [{ n } = { n: '0' }] = await queryRows<{ n: string }>(copy.db, sql`select count(*)::text as n from ledger_postings where reference = 'backup-test'`);
        expect(Number(n)).toBe(accounts.length);
      } finally {
        await app.close();
      }
    } finally {
      await copy.close();
    }
  }, 120_000);
});
