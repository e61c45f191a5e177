// The minute job's windows, moved forward pass by pass (worker-windows.repository.ts), against a
// model that sums every share sent from scratch: random shares through the ingest endpoint, many
// of them late (for minutes the windows have passed, or points already closed), random steps of
// the clock (some past an hour, where the pass recomputes), passes running beside flushes.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { prune } from '../src/modules/mining/worker-windows.repository';
import { startTestApp, type TestApp } from './test-app';

const KEY = 'ingest-key-for-window-tests-0123';
const MINUTE = 60_000;
const POINT = 600_000;
const HOUR = 3600_000;
const DAY = 24 * HOUR;
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { INGEST_KEYS: KEY }, demo: false });
});
afterAll(async () => {
  await t?.close();
});

/** A small seeded generator, so a failure repeats. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

interface Sent {
  worker: string;
  time: number;
  work: number;
  result: 'accepted' | 'rejected' | 'stale';
  ip: string;
}

/** Posts shares of one account as one batch, as a stratum node does, and checks every one was taken. */
async function sendShares(batchId: string, account: string, shares: Sent[]): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/internal/shares',
    headers: { 'x-ingest-key': KEY },
    payload: { batch_id: batchId, shares: shares.map((s) => ({ coin: 'btc', account, worker: s.worker, difficulty: s.work / 2 ** 32, result: s.result, ip: s.ip, time: s.time })) },
  });
  expect(res.json().data.accepted, res.body).toBe(shares.length);
}

/** What the windows must say at `now`, summed from every share sent (the definition in workers.hashrate15m). */
function model(shares: Sent[], worker: string, now: number) {
  const minute = Math.floor(now / MINUTE) * MINUTE;
  const dayStart = Math.floor(now / POINT) * POINT - DAY;
  const mine = shares.filter((s) => s.worker === worker);
  const within = (from: number) => mine.filter((s) => s.time >= from && Math.floor(s.time / MINUTE) * MINUTE <= now);
  const accepted = (xs: Sent[]) => xs.filter((s) => s.result === 'accepted');
  const work = (xs: Sent[]) => xs.reduce((a, s) => a + s.work, 0);
  const part = (now - minute) / 1000;
  const day = within(dayStart);
  const aw = work(accepted(day));
  const rw = work(day.filter((s) => s.result !== 'accepted'));
  const last = mine.reduce((best, s) => (s.time > best.time ? s : best), mine[0]!);
  return {
    hashrate_15m: work(accepted(within(minute - 15 * MINUTE))) / (900 + part),
    hashrate_1h: work(accepted(within(minute - 60 * MINUTE))) / (3600 + part),
    hashrate_24h: aw / ((minute - dayStart) / 1000 + part),
    reject_rate: aw + rw > 0 ? rw / (aw + rw) : 0,
    accepted_shares: accepted(day).length,
    rejected_shares: day.length - accepted(day).length,
    last_share_at: last.time,
    last_ip: last.ip,
  };
}

describe('worker windows', () => {
  it('match a recomputation from every share after random late shares, clock steps and passes beside flushes', async () => {
    const [user] = await queryRows<{ id: string }>(t.database.db, sql`insert into users (email, password_hash, invite_code) values ('windows@example.com', 'x', 'WINDOWS1') returning id`);
    await t.database.db.execute(sql`insert into mining_accounts (user_id, name, is_default) values (${user!.id}, 'windowfarm', true)`);
    const rand = random(20261124);
    const workers = ['w1', 'w2', 'w3', 'w4'];
    const sent: Sent[] = [];
    let now = Date.parse('2026-10-01T00:00:07Z');
    let seq = 0;
    let batchNo = 0;
    const send = async () => {
      const shares = Array.from({ length: 1 + Math.floor(rand() * 12) }, () => {
        // Mostly recent, a third late (up to 59 minutes), a few slightly ahead of the clock.
        const r = rand();
        const age = r < 0.6 ? rand() * 90_000 : r < 0.95 ? rand() * 59 * MINUTE : -rand() * 90_000;
        const s: Sent = {
          worker: workers[Math.floor(rand() * workers.length)]!,
          time: Math.floor(now - age) - (Math.floor(now - age) % 1000) + (seq++ % 1000), // distinct times
          work: (1 + Math.floor(rand() * 4)) * 2 ** 32 * (rand() < 0.2 ? 1.5 : 1),
          result: rand() < 0.85 ? 'accepted' : rand() < 0.5 ? 'rejected' : 'stale',
          ip: `203.0.113.${Math.floor(rand() * 200)}`,
        };
        return s;
      });
      await sendShares(`windows-${batchNo++}`, 'windowfarm', shares);
      sent.push(...shares);
    };
    const check = async () => {
      const rows = await queryRows<Record<string, number | string | Date>>(
        t.database.db,
        sql`select w.name, w.hashrate_15m, w.hashrate_1h, w.hashrate_24h, w.reject_rate, w.accepted_shares, w.rejected_shares, w.last_share_at, w.last_ip
              from workers w join mining_accounts a on a.id = w.account_id where a.name = 'windowfarm' order by w.name`,
      );
      for (const row of rows) {
        const want = model(sent, String(row.name), now);
        const at = `worker ${row.name} at ${new Date(now).toISOString()}`;
        for (const k of ['hashrate_15m', 'hashrate_1h', 'hashrate_24h', 'reject_rate'] as const) {
          const got = Number(row[k]);
          expect(Math.abs(got - want[k]), `${k} of ${at}: ${got} vs ${want[k]}`).toBeLessThanOrEqual(Math.abs(want[k]) * 1e-9);
        }
        expect([Number(row.accepted_shares), Number(row.rejected_shares)], at).toEqual([want.accepted_shares, want.rejected_shares]);
        expect(new Date(row.last_share_at as string).getTime(), at).toBe(want.last_share_at);
        expect(row.last_ip, at).toBe(want.last_ip);
      }
      return rows.length;
    };

    let passes = 0;
    for (let step = 0; step < 40; step++) {
      // Mostly seconds to a few minutes; now and then past an hour (the pass then recomputes).
      now += rand() < 0.05 ? 61 * MINUTE + rand() * 3 * 3600_000 : 5_000 + rand() * 200_000;
      now = Math.floor(now);
      t.clock.set(new Date(now));
      for (let b = Math.floor(rand() * 3); b > 0; b--) await send();
      // A pass beside a flush: shares for this minute and the last arrive while it moves the barrier.
      if (rand() < 0.3) await Promise.all([send(), t.app.modules.mining.ingest.refreshWindows()]);
      await t.app.modules.mining.ingest.refreshWindows();
      passes++;
      expect(await check()).toBe(new Set(sent.map((s) => s.worker)).size);
    }
    expect(passes).toBe(40);
    // Some shares really were late: merged from share_minutes_late, and some into closed points.
    const [closed] = await queryRows<{ n: string }>(t.database.db, sql`select count(*)::text as n from worker_history`);
    expect(Number(closed!.n)).toBeGreaterThan(0);
    expect(sent.filter((s) => s.time < now - 30 * MINUTE).length).toBeGreaterThan(0);
  });

  it('let a day-old worker’s closed points leave the 24-hour window pass by pass, its minutes pruned long before', async () => {
    const [user] = await queryRows<{ id: string }>(t.database.db, sql`insert into users (email, password_hash, invite_code) values ('dayold@example.com', 'x', 'WINDOWS3') returning id`);
    await t.database.db.execute(sql`insert into mining_accounts (user_id, name, is_default) values (${user!.id}, 'dayfarm', true)`);
    let now = Date.parse('2026-10-20T00:00:07Z');
    t.clock.set(new Date(now));
    await t.app.modules.mining.ingest.refreshWindows();
    // Half an hour of shares over four points, sent at its end, then none.
    const sent: Sent[] = Array.from({ length: 31 }, (_, m) => ({ worker: 'old1', time: now + m * MINUTE, work: (1 + (m % 3)) * 2 ** 32, result: m % 5 === 4 ? 'stale' : 'accepted', ip: '203.0.113.7' }));
    now += 31 * MINUTE;
    t.clock.set(new Date(now));
    await sendShares('windows-day-old-1', 'dayfarm', sent);
    const started = now;
    const counts = new Set<number>();
    while (now < started + DAY + 50 * MINUTE) {
      // Each pass a step, never a recomputation: 50 minutes at a time, then 7 as the points leave.
      now += now < started + DAY - HOUR ? 50 * MINUTE : 7 * MINUTE;
      t.clock.set(new Date(now));
      await t.app.modules.mining.ingest.refreshWindows();
      await prune(t.database.db, new Date(now)); // as the job does: the day's start is read from the closed points
      const [got] = await queryRows<Record<string, number | string>>(
        t.database.db,
        sql`select w.hashrate_24h, w.reject_rate, w.accepted_shares, w.rejected_shares from workers w join mining_accounts a on a.id = w.account_id where a.name = 'dayfarm'`,
      );
      const want = model(sent, 'old1', now);
      const at = `at ${new Date(now).toISOString()}`;
      for (const k of ['hashrate_24h', 'reject_rate'] as const) {
        expect(Math.abs(Number(got![k]) - want[k]), `${k} ${at}`).toBeLessThanOrEqual(Math.abs(want[k]) * 1e-9);
      }
      expect([Number(got!.accepted_shares), Number(got!.rejected_shares)], at).toEqual([want.accepted_shares, want.rejected_shares]);
      counts.add(want.accepted_shares);
    }
    // The shares were all in, then part of them (some points gone), then none; the minutes were pruned.
    expect(Math.max(...counts)).toBe(sent.filter((s) => s.result === 'accepted').length);
    expect([...counts].some((n) => n > 0 && n < Math.max(...counts))).toBe(true);
    expect(counts.has(0)).toBe(true);
    const [left] = await queryRows<{ n: string }>(t.database.db, sql`select count(*)::text as n from share_minutes m join workers w on w.id = m.worker_id where w.name = 'old1'`);
    expect(Number(left!.n)).toBe(0);
  });

  it('age an idle worker’s windows pass by pass as its minutes leave them, and empty them when the job comes back after a day', async () => {
    const [user] = await queryRows<{ id: string }>(t.database.db, sql`insert into users (email, password_hash, invite_code) values ('idle@example.com', 'x', 'WINDOWS2') returning id`);
    await t.database.db.execute(sql`insert into mining_accounts (user_id, name, is_default) values (${user!.id}, 'idlefarm', true)`);
    let now = Date.parse('2026-10-10T00:00:07Z');
    t.clock.set(new Date(now));
    await t.app.modules.mining.ingest.refreshWindows(); // windows at this minute (after the other test's clock)
    // A few minutes of shares, then none: the pass moves this worker with no minute of its own.
    const sent: Sent[] = [0, 1, 2].map((m) => ({ worker: 'idle1', time: now + m * MINUTE, work: 2 ** 32, result: m === 1 ? 'rejected' : 'accepted', ip: '203.0.113.9' }));
    await sendShares('windows-idle-worker-1', 'idlefarm', sent);
    const row = async () =>
      (await queryRows<Record<string, number | string>>(t.database.db, sql`select w.hashrate_15m, w.hashrate_1h, w.hashrate_24h, w.reject_rate, w.accepted_shares, w.rejected_shares
          from workers w join mining_accounts a on a.id = w.account_id where a.name = 'idlefarm'`))[0]!;
    const seen = new Set<number>();
    for (let pass = 0; pass < 80; pass++) {
      now += 61_000; // a pass a minute, each one step (not a recomputation)
      t.clock.set(new Date(now));
      await t.app.modules.mining.ingest.refreshWindows();
      const got = await row();
      const want = model(sent, 'idle1', now);
      for (const k of ['hashrate_15m', 'hashrate_1h', 'hashrate_24h', 'reject_rate'] as const) {
        expect(Math.abs(Number(got[k]) - want[k]), `${k} after pass ${pass}`).toBeLessThanOrEqual(Math.abs(want[k]) * 1e-9);
      }
      seen.add(Number(got.hashrate_15m));
    }
    // The 15-minute window emptied, and the hour's and the day's still moved with the clock.
    expect(seen.has(0)).toBe(true);
    expect(Number((await row()).hashrate_1h)).toBe(0);
    expect(Number((await row()).hashrate_24h)).toBeGreaterThan(0);
    // Back after more than a day: the pass recomputes the windows, and this worker's are empty.
    now += 25 * 3600_000;
    t.clock.set(new Date(now));
    await t.app.modules.mining.ingest.refreshWindows();
    expect(Object.fromEntries(Object.entries(await row()).map(([k, v]) => [k, Number(v)]))).toEqual({ hashrate_15m: 0, hashrate_1h: 0, hashrate_24h: 0, reject_rate: 0, accepted_shares: 0, rejected_shares: 0 });
  });
});
