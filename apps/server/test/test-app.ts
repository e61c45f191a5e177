// Builds the real app for integration tests: PGlite in memory by default; with
// TEST_DATABASE_URL (a PostgreSQL server), a fresh database per test file, dropped at the end.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { inject } from 'vitest';
import { buildApp, loadDemoData } from '../src/app';
import type { AppAdapters } from '../src/platform/modules';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, openPglite, type Database } from '../src/db/client';
import { adminQuery, databaseUrl, TEST_DB_PREFIX } from './test-db';
import { prepareDatabase } from '../src/db/prepare';
import { FakeClock } from '../src/platform/clock';
import { reconcile } from '../src/modules/ledger/reconciliation';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: FakeClock;
  config: Config;
  /**
   * Another instance of the server on the same database (several instances behind a balancer, or
   * one restarted), with the first one's Redis or a connection of its own.
   */
  sibling(redis?: Redis): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/**
 * The test file's own database, a copy of the run's migrated one (global-setup.ts): in memory on
 * PGlite, or a new database on the PostgreSQL server (TEST_DATABASE_URL), dropped at the end.
 */
async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openPglite({ loadDataDir: await pgliteTemplate() });
    return { database, drop: async () => undefined };
  }
  const name = `${TEST_DB_PREFIX}_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database "${name}" template "${inject('postgresTemplate')}"`);
  // A commit need not wait for its WAL to reach the disk: nothing here survives a server crash
  // anyway, and on CI's disk each commit waited about a millisecond (2,000 commits: 2.6 s on, 0.4 s
  // off). Visibility and locking, which the tests are about, are the same either way.
  await adminQuery(serverUrl, `alter database "${name}" set synchronous_commit = off`);
  const database = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name), pgliteDataDir: 'memory' });
  return { database, drop: () => adminQuery(serverUrl, `drop database if exists "${name}" with (force)`) };
}

/** The migrated database's dump, read once per test file (a file may start several apps). */
let templateDump: Blob | undefined;
async function pgliteTemplate(): Promise<Blob> {
  templateDump ??= new Blob([await readFile(inject('pgliteTemplateFile'))]);
  return templateDump;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  clock?: FakeClock;
  logStream?: Writable;
  /** Adds routes (tests of platform pieces) before the app is made ready. */
  extend?: (app: FastifyInstance) => void | Promise<void>;
  demo?: boolean;
  /** Redis for the app (as REDIS_URL gives main.ts); tests give it a key prefix of their own. */
  redis?: Redis;
  /** Replacements of outside services and ports (buildApp's adapters), for the app and its siblings. */
  adapters?: AppAdapters;
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const clock = options.clock ?? new FakeClock('2026-06-01T00:00:00Z');
  const config = loadConfig({
    NODE_ENV: 'test',
    // TEST_LOG_LEVEL=error shows the server's own account of a failure while debugging a test.
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? (options.logStream ? 'info' : 'silent'),
    WEB_DIST_DIR: '/nonexistent-web-dist',
    RATE_LIMIT_PER_MINUTE: '100000',
    ...options.env,
  });
  const { database, drop } = await openTestDatabase();
  let app: FastifyInstance | undefined;
  try {
    await prepareDatabase(database, { clock });
    app = await buildApp({ config, database, clock, ...(options.logStream ? { logStream: options.logStream } : {}), ...(options.redis ? { redis: options.redis } : {}), ...(options.adapters ? { adapters: options.adapters } : {}) });
    if (options.demo ?? true) await loadDemoData(app);
    await options.extend?.(app);
    await app.ready();
  } catch (error) {
    await app?.close().catch(() => undefined);
    await database.close();
    await drop();
    throw error;
  }
  const siblings: FastifyInstance[] = [];
  return {
    app,
    database,
    clock,
    config,
    sibling: async (redis = options.redis) => {
      const other = await buildApp({ config, database, clock, ...(redis ? { redis } : {}), ...(options.adapters ? { adapters: options.adapters } : {}) });
      await other.ready();
      siblings.push(other);
      return other;
    },
    close: async () => {
      // Every test file ends with a clean ledger (ledger/reconciliation.ts): postings balance,
      // cached balances equal their entries, custody matches the chain adapter.
      const report = await reconcile(database.db, app.modules.wallet.custody);
      for (const other of siblings) await other.close();
      await app.close();
      await database.close();
      await drop();
      if (!report.ok) throw new Error(`ledger reconciliation failed: ${JSON.stringify(report)}`);
    },
  };
}

/** Parses an injected response's JSON envelope. */
export function body<T = unknown>(res: { body: string }): { code: number; msg: string; data: T } {
  return JSON.parse(res.body) as { code: number; msg: string; data: T };
}
