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
    // The second job starts once the first holds the lease (not after a fixed wait: under load
    // the first one's insert can be slower than any wait, and then the second took the lease).
    let runs = 0;
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const job = () => ifLeaseFree(db(), 'test:job', 60_000, async () => {
      runs++;
      holding();
      await gate;
      return runs;
    });
    const first = job();
    await held;
    const second = await job();
    finish();
    expect([(await first).ran, second.ran]).toEqual([true, false]);
    expect(runs).toBe(1);
    expect((await job()).ran).toBe(true); // released after the first pass
  });

  it('is renewed while its work runs longer than its time to live', async () => {
    // A renewal every 200 ms of a 600 ms lease: it expires only if a renewal is held up over
    // 400 ms. A 150 ms lease expired when one was held up 100 ms, which a loaded machine can do.
    let takenMeanwhile: boolean | undefined;
    const ran = await ifLeaseFree(db(), 'test:long', 600, async () => {
      await sleep(1_500);
      takenMeanwhile = await acquireLease(db(), 'test:long', 'intruder', 60_000);
    });
    expect(ran.ran).toBe(true);
    expect(takenMeanwhile).toBe(false);
  });

  it('makes requests of one key wait for each other, and gives up after the wait', async () => {
    const order: string[] = [];
    let started!: () => void;
    const aStarted = new Promise<void>((resolve) => (started = resolve));
    const request = (label: string) => underLease(db(), 'test:key', { ttlMs: 60_000, waitMs: 5_000, pollMs: 10 }, async () => {
      order.push(`${label} start`);
      started();
      await sleep(80);
      order.push(`${label} end`);
    });
    // b asks once a holds the lease, so the order tested is the lease's, not the pool's.
    await Promise.all([request('a'), aStarted.then(() => request('b'))]);
    expect(order).toEqual(['a start', 'a end', 'b start', 'b end']);

    expect(await acquireLease(db(), 'test:busy', 'elsewhere', 60_000)).toBe(true);
    const refused = await underLease(db(), 'test:busy', { ttlMs: 1_000, waitMs: 100, pollMs: 10 }, async () => 'ran').catch((e: unknown) => (e instanceof AppError ? e.key : e));
    expect(refused).toBe('request_in_progress');
  });
});
