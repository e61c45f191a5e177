// Once per integration run, before any test file: one migrated database that every test file
// starts from, instead of each file creating and migrating its own (test-app.ts). On PGlite a
// fresh in-memory database runs initdb in WebAssembly (1-2 s) and then the migrations (about
// 0.9 s); loading a dump of a migrated one takes about 0.4 s. On a PostgreSQL server a database
// copied from a migrated template skips the migrations the same way. Reference data (module seeds)
// is not in the copy: it depends on each test's clock, so startTestApp still seeds.
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, openPglite } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { adminQuery, databaseUrl, TEST_DB_PREFIX } from './test-db';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openPglite({});
    await runMigrations(database);
    const dump = await database.client.dumpDataDir('none');
    await database.close();
    const file = path.join(os.tmpdir(), `hashpool-int-${randomBytes(6).toString('hex')}.tar`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplateFile', file);
    project.provide('postgresTemplate', '');
    return async () => rmSync(file, { force: true });
  }
  // Named with the run's prefix, so the runner drops it with the rest if the run crashes.
  const name = `${TEST_DB_PREFIX}_template_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `create database "${name}"`);
  const database = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name), pgliteDataDir: 'memory' });
  try {
    await runMigrations(database);
  } finally {
    // A database is copied only while nobody is connected to it.
    await database.close();
  }
  project.provide('pgliteTemplateFile', '');
  project.provide('postgresTemplate', name);
  return async () => adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
}
