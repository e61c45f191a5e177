// Leases in the database (platform/leases.ts): one holder at a time, free again when released or
// when its time runs out, on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/platform/errors';
import { acquireLease, ifLeaseFree, releaseLease, underLease } from '../src/platform/leases';
import { startTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ demo: false });
});
afterAll(async () => {
  await t?.close();
});
const db = () => t.database.db;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('leases', () => {
  it('has one holder until released or expired', async () => {
    expect(await acquireLease(db(), 'test:a', 'one', 60_000)).toBe(true);
    expect(await acquireLease(db(), 'test:a', 'two', 60_000)).toBe(false);
    await releaseLease(db(), 'test:a', 'two'); // not the holder: nothing happens
    expect(await acquireLease(db(), 'test:a', 'two', 60_000)).toBe(false);
    await releaseLease(db(), 'test:a', 'one');
    expect(await acquireLease(db(), 'test:a', 'two', 100)).toBe(true);
    await sleep(150);
    expect(await acquireLease(db(), 'test:a', 'three', 60_000)).toBe(true);
  });

  it('runs a job on one holder and skips it on the others', async () => {
    let runs = 0;
    const job = () => ifLeaseFree(db(), 'test:job', 60_000, async () => {
      runs++;
      await sleep(100);
      return runs;
    });
    const [a, b] = await Promise.all([job(), sleep(20).then(job)]);
    expect([a.ran, b.ran]).toEqual([true, false]);
    expect(runs).toBe(1);
    expect((await job()).ran).toBe(true); // released after the first pass
  });

  it('is renewed while its work runs longer than its time to live', async () => {
    let takenMeanwhile: boolean | undefined;
    const ran = await ifLeaseFree(db(), 'test:long', 150, async () => {
      await sleep(400);
      takenMeanwhile = await acquireLease(db(), 'test:long', 'intruder', 60_000);
    });
    expect(ran.ran).toBe(true);
    expect(takenMeanwhile).toBe(false);
  });

  it('makes requests of one key wait for each other, and gives up after the wait', async () => {
    const order: string[] = [];
    const request = (label: string) => underLease(db(), 'test:key', { ttlMs: 60_000, waitMs: 5_000, pollMs: 10 }, async () => {
      order.push(`${label} start`);
      await sleep(80);
      order.push(`${label} end`);
    });
    await Promise.all([request('a'), sleep(10).then(() => request('b'))]);
    expect(order).toEqual(['a start', 'a end', 'b start', 'b end']);

    expect(await acquireLease(db(), 'test:busy', 'elsewhere', 60_000)).toBe(true);
    const refused = await underLease(db(), 'test:busy', { ttlMs: 1_000, waitMs: 100, pollMs: 10 }, async () => 'ran').catch((e: unknown) => (e instanceof AppError ? e.key : e));
    expect(refused).toBe('request_in_progress');
  });
});
