// The outbox: nothing answered is lost or doubled across a crash, and batches wait while the pool is down.
import { constants, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, truncateSync, statSync, appendFileSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../log.js';
import { DurableQueue, type BatchTransport, type SendOutcome } from './durable-queue.js';
import { encodeShareBatch, SHARES_COMPACT_TYPE } from '@hashpool/shared';
import { httpTransport } from './http-transport.js';
import { blockOutbox, durableBlockSink, SHARE_BATCH_EXPIRY_MS, shareOutbox, type PoolShare } from './pool-outboxes.js';
import type { PoolBlockEvent } from '../coin/types.js';
import { until } from '../../test/until.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function tmp(): string {
  const d = mkdtempSync(join(tmpdir(), 'hp-outbox-'));
  dirs.push(d);
  return d;
}

/** A pool stand-in: counts each batch id once (as the real one does), can be down. */
class FakePool implements BatchTransport {
  up = true;
  readonly bodies = new Map<string, string>();
  attempts = 0;
  async send({ id, body }: { id: string; body: string }): Promise<SendOutcome> {
    this.attempts += 1;
    if (!this.up) return 'retry';
    const known = this.bodies.get(id);
    if (known !== undefined) expect(known).toBe(body);
    this.bodies.set(id, body);
    return 'ok';
  }
  shares(): PoolShare[] {
    return [...this.bodies.values()].flatMap((b) => (JSON.parse(b) as { shares: PoolShare[] }).shares);
  }
}

const share = (i: number): PoolShare => ({ coin: 'ltc', account: 'myfarm01', worker: 'rig1', difficulty: i + 1, result: 'accepted', ip: '127.0.0.1', time: 1_800_000_000_000 + i });

/** A share queue that seals batches of at most 3 records, only when ticked. */
const smallBatchQueue = (dir: string, pool: BatchTransport, maxInFlight = 1, now?: () => number) =>
  new DurableQueue<PoolShare>({
    dir, idPrefix: 'node7', maxBatch: 3, intervalMs: 3_600_000, maxInFlight, transport: pool, log: silentLogger,
    body: (id, shares) => `{"batch_id":${JSON.stringify(id)},"shares":${shares}}`,
    ...(now ? { now } : {}),
  });

describe('share outbox', () => {
  it('seals the records of several turns into batches of at most maxBatch, in order, each once, also across a restart', async () => {
    const dir = tmp();
    const pool = new FakePool();
    const queue = () => smallBatchQueue(dir, pool);
    const q = queue();
    await q.start();
    // One turn of 7 records (over a batch: cut at record boundaries), then turns of 2 and 1.
    await Promise.all(Array.from({ length: 7 }, (_, i) => q.append(share(i))));
    await Promise.all([q.append(share(7)), q.append(share(8))]);
    await q.append(share(9));
    await q.tick();
    // Delivered, and the acknowledged segment deleted (the next start must not race that deletion).
    await until(() => pool.shares().length === 10 && !readdirSync(dir).some((f) => /^(batches|acks)-/.test(f)));
    // Written, not sealed, when the process dies: the next start seals them from the file.
    await Promise.all(Array.from({ length: 5 }, (_, i) => q.append(share(10 + i))));
    const again = queue(); // q is left as a killed process leaves it
    await again.start();
    await again.tick();
    await until(() => pool.shares().length === 15);
    await again.stop();
    const sizes = [...pool.bodies.values()].map((b) => (JSON.parse(b) as { shares: unknown[] }).shares.length);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(3);
    expect(pool.shares().map((s) => s.difficulty)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
  });

  it('writes a sealed batch down as its place in the segment, and after a restart rebuilds the same body from it', async () => {
    const dir = tmp();
    const pool = new FakePool();
    const queue = () => smallBatchQueue(dir, pool, 4);
    // Run 1: every batch reaches the pool, whose answers are lost (nothing acknowledged).
    const realSend = pool.send.bind(pool);
    pool.send = async (b) => (await realSend(b), 'retry');
    const q = queue();
    await q.start();
    await Promise.all(Array.from({ length: 7 }, (_, i) => q.append(share(i))));
    await Promise.all(Array.from({ length: 3 }, (_, i) => q.append(share(7 + i))));
    await q.tick();
    await until(() => pool.bodies.size === 4); // the turn of 7 cut 3, 3 and 1; the turn of 3 whole
    const sealed = readdirSync(dir).filter((f) => f.startsWith('batches-'));
    expect(sealed).toHaveLength(1);
    const lines = readFileSync(join(dir, sealed[0]!), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => [l.count, l.first, 'body' in l])).toEqual([[3, 0, false], [3, 3, false], [1, 6, false], [3, 7, false]]);
    const before = new Map(pool.bodies);
    // Run 2, as after a kill: the bodies come from the segment file (FakePool checks each id's body).
    pool.send = realSend;
    const again = queue();
    await again.start();
    await until(() => again.depth() === 0);
    await again.stop();
    expect(new Map(pool.bodies)).toEqual(before);
    expect(pool.shares().map((s) => s.difficulty)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    // All acknowledged: the sealed segment went with its batches; only the new open segment is left.
    const left = readdirSync(dir).filter((f) => /^(seg|batches|acks)-/.test(f));
    expect(left).toHaveLength(1);
    expect(left[0]).toMatch(/^seg-\d+\.log$/);
  });

  it('sends the batches a previous version sealed with their bodies in the batches file', async () => {
    const dir = tmp();
    const pool = new FakePool();
    const body = { batch_id: 'node7-1-000000001', shares: [share(0), share(1)] };
    appendFileSync(join(dir, 'batches-1.jsonl'), `${JSON.stringify({ id: body.batch_id, count: 2, body })}\n`);
    const q = smallBatchQueue(dir, pool);
    await q.start();
    await until(() => q.depth() === 0);
    await q.stop();
    expect(pool.bodies.get(body.batch_id)).toBe(JSON.stringify(body));
    expect(readdirSync(dir).filter((f) => f.startsWith('batches-'))).toEqual([]);
  });

  it("keeps each batch under its transport's maxRecordBytes (a NATS message limit), one turn over it cut record by record, every share once in order", async () => {
    const dir = tmp();
    const recordBytes = Buffer.byteLength(JSON.stringify(share(100))) + 1;
    const maxBatchBytes = 5 * recordBytes;
    const pool = Object.assign(new FakePool(), { maxRecordBytes: maxBatchBytes });
    const q = shareOutbox({ dataDir: dir, instanceId: 'node7', transport: pool, log: silentLogger, intervalMs: 3_600_000 });
    await q.start();
    // One turn of 23 records (one text of about 4.6 times the bound), then a turn of 3 and one of 2.
    await Promise.all(Array.from({ length: 23 }, (_, i) => q.append(share(100 + i))));
    await Promise.all(Array.from({ length: 3 }, (_, i) => q.append(share(123 + i))));
    await Promise.all(Array.from({ length: 2 }, (_, i) => q.append(share(126 + i))));
    await q.tick();
    await until(() => pool.shares().length === 28);
    await q.stop();
    for (const body of pool.bodies.values()) {
      const records = (JSON.parse(body) as { shares: PoolShare[] }).shares;
      expect(records.reduce((n, s) => n + Buffer.byteLength(JSON.stringify(s)) + 1, 0)).toBeLessThanOrEqual(maxBatchBytes);
    }
    expect(pool.bodies.size).toBe(6); // 28 records, 5 a batch at most
    expect(pool.shares().map((s) => s.difficulty)).toEqual(Array.from({ length: 28 }, (_, i) => 101 + i));
  });

  it('answers while a large segment is being sealed: the seal runs beside the record writes', async () => {
    const dir = tmp();
    const pool = new FakePool();
    // No timer of its own in this test (an hour): the test switches segments with tick().
    const q = shareOutbox({ dataDir: dir, instanceId: 'node7', transport: pool, log: silentLogger, intervalMs: 3_600_000 });
    await q.start();
    // A big open segment (tens of megabytes of batches to write and sync when it is sealed).
    await Promise.all(Array.from({ length: 150_000 }, (_, i) => q.append(share(i))));
    let sealed = false;
    const tick = q.tick().then(() => (sealed = true));
    // Queued after the switch to the next segment: on disk and answered before the seal ends.
    await q.append(share(150_000));
    expect(sealed).toBe(false);
    expect(q.depth()).toBe(150_001);
    await tick;
    await until(() => pool.shares().length === 150_000);
    await q.stop(2000);
    expect(pool.shares().length).toBe(150_001);
  }, 60_000);

  it('batches answered shares with unique ids and truncates once acknowledged', async () => {
    const dir = tmp();
    const pool = new FakePool();
    const q = shareOutbox({ dataDir: dir, instanceId: 'node7', transport: pool, log: silentLogger, intervalMs: 30 });
    await q.start();
    await Promise.all(Array.from({ length: 500 }, (_, i) => q.append(share(i))));
    await until(() => pool.shares().length === 500);
    for (const id of pool.bodies.keys()) expect(id).toMatch(/^node7-\d{13}-\d{9}$/);
    const body = JSON.parse([...pool.bodies.values()][0]!) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['batch_id', 'shares']);
    await until(() => q.depth() === 0);
    await q.stop();
    const left = readdirSync(join(dir, 'outbox', 'shares')).filter((f) => f !== 'dead');
    expect(left.every((f) => f.startsWith('seg-') && statSync(join(dir, 'outbox', 'shares', f)).size === 0)).toBe(true);
  });

  it('an append resolves only once the share is on disk', async () => {
    const dir = tmp();
    const pool = new FakePool();
    pool.up = false;
    const q = shareOutbox({ dataDir: dir, instanceId: 'node7', transport: pool, log: silentLogger, intervalMs: 60_000 });
    await q.start();
    await q.append(share(1));
    const segs = readdirSync(join(dir, 'outbox', 'shares')).filter((f) => f.startsWith('seg-'));
    const text = segs.map((f) => readFileSync(join(dir, 'outbox', 'shares', f), 'utf8')).join('');
    expect(JSON.parse(text.trim())).toEqual(share(1));
    await q.stop();
  });

  it('holds a record write up to holdWriteMs from the last one, so records of several turns share it; none held without it', async () => {
    // Long enough that the test's two 20 ms pauses fit inside it on a loaded machine too.
    let hold = 1000;
    const q = new DurableQueue<PoolShare>({
      dir: tmp(), idPrefix: 'node7', maxBatch: 100, intervalMs: 3_600_000, maxInFlight: 1, transport: new FakePool(), log: silentLogger,
      body: (id, shares) => `{"batch_id":${JSON.stringify(id)},"shares":${shares}}`,
      holdWriteMs: () => hold,
    });
    // How many records each write of the open segment held (one entry per write).
    const writes = () => (q as unknown as { openCounts: number[] }).openCounts;
    await q.start();
    await q.append(share(1)); // the first write is not held: none came before it
    const first = q.append(share(2));
    let firstDone = false;
    void first.then(() => (firstDone = true));
    await new Promise((r) => setTimeout(r, 20));
    const second = q.append(share(3)); // another turn, inside the hold
    await new Promise((r) => setTimeout(r, 20));
    expect(firstDone).toBe(false);
    await Promise.all([first, second]);
    expect(writes()).toEqual([1, 2]);
    hold = 0; // no hash in flight: the next turn writes at once
    await q.append(share(4));
    await q.append(share(5));
    expect(writes()).toEqual([1, 2, 1, 1]);
    await q.stop();
  });

  // The record write is the only sync before an answer (no fdatasync follows it): the segment's
  // descriptor must carry O_DSYNC, or an answered share could still be in the page cache.
  it.runIf(process.platform === 'linux')('writes the open segment through an O_DSYNC descriptor', async () => {
    const dir = tmp();
    const q = shareOutbox({ dataDir: dir, instanceId: 'node7', transport: new FakePool(), log: silentLogger, intervalMs: 60_000 });
    await q.start();
    await q.append(share(1));
    const segDir = join(dir, 'outbox', 'shares');
    const fds = readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`).startsWith(join(segDir, 'seg-'));
      } catch {
        return false; // closed since the listing
      }
    });
    expect(fds).toHaveLength(1);
    const flags = parseInt(/^flags:\s+(\d+)/m.exec(readFileSync(`/proc/self/fdinfo/${fds[0]}`, 'utf8'))![1]!, 8);
    expect(flags & constants.O_DSYNC).toBe(constants.O_DSYNC);
    await q.stop();
  });

  it('keeps batches while the pool is down and delivers them when it is back', async () => {
    const dir = tmp();
    const pool = new FakePool();
    pool.up = false;
    const q = shareOutbox({ dataDir: dir, instanceId: 'node7', transport: pool, log: silentLogger, intervalMs: 20 });
    await q.start();
    for (let i = 0; i < 200; i++) await q.append(share(i));
    await until(() => pool.attempts >= 2);
    expect(q.depth()).toBe(200);
    pool.up = true;
    await until(() => q.depth() === 0, 8000);
    expect(pool.shares().map((s) => s.time).sort()).toEqual(Array.from({ length: 200 }, (_, i) => share(i).time));
    await q.stop();
  });

  it('after an acknowledgement torn by a crash, sends every batch of the segment: a partial id acknowledges nothing', async () => {
    const dir = tmp();
    const pool = new FakePool();
    pool.up = false;
    const q1 = smallBatchQueue(dir, pool);
    await q1.start();
    for (let i = 0; i < 6; i++) await q1.append(share(i));
    await q1.tick();
    // Two batches sealed, none acknowledged; the power goes while an acknowledgement is written.
    const sealed = readdirSync(dir).find((f) => /^batches-\d+\.jsonl$/.test(f))!;
    appendFileSync(join(dir, sealed.replace('batches-', 'acks-').replace('.jsonl', '.log')), 'node7-');
    const q2 = smallBatchQueue(dir, pool);
    await q2.start();
    pool.up = true;
    await until(() => {
      void q2.tick();
      return q2.depth() === 0;
    }, 8000);
    await q2.stop();
    await q1.stop().catch(() => undefined);
    expect(pool.shares().map((s) => s.time).sort()).toEqual(Array.from({ length: 6 }, (_, i) => share(i).time));
  });

  it('after a crash mid-write, resends unacknowledged batches with the same ids and bodies: nothing lost or doubled', async () => {
    const dir = tmp();
    const pool = new FakePool();
    pool.up = false;
    // Run 1: 300 shares answered, sealed into batches that the pool never acknowledged; then 100
    // more answered in the open segment, and a torn line (the share being written when killed).
    const q1 = shareOutbox({ dataDir: dir, instanceId: 'node7', transport: pool, log: silentLogger, intervalMs: 60_000 });
    await q1.start();
    for (let i = 0; i < 300; i++) await q1.append(share(i));
    await q1.tick();
    const sent: string[] = [];
    pool.up = true;
    // The pool counts the first batch but its answer is lost (we record then refuse to acknowledge).
    const realSend = pool.send.bind(pool);
    pool.send = async (b) => {
      await realSend(b);
      sent.push(b.id);
      return 'retry';
    };
    // Its retry comes after the back-off, on a later tick (the timer's, here the test's).
    await until(() => {
      void q1.tick();
      return sent.length >= 1;
    });
    for (let i = 300; i < 400; i++) await q1.append(share(i));
    // "SIGKILL": no stop(), the process is gone; the open segment ends with half a line.
    const sharesDir = join(dir, 'outbox', 'shares');
    const open = readdirSync(sharesDir).filter((f) => f.startsWith('seg-')).sort((a, b) => Number(a.slice(4, -4)) - Number(b.slice(4, -4))).pop()!;
    appendFileSync(join(sharesDir, open), JSON.stringify(share(999)));
    const size = statSync(join(sharesDir, open)).size;
    truncateSync(join(sharesDir, open), size - 10);
    const idsBefore = [...pool.bodies.keys()];

    // Run 2: same directory, a fresh process.
    pool.send = realSend;
    const q2 = shareOutbox({ dataDir: dir, instanceId: 'node7', transport: pool, log: silentLogger, intervalMs: 20 });
    await q2.start();
    await until(() => q2.depth() === 0, 8000);
    await q2.stop();
    await q1.stop().catch(() => undefined);
    const times = pool.shares().map((s) => s.time).sort();
    expect(times).toEqual(Array.from({ length: 400 }, (_, i) => share(i).time));
    for (const id of idsBefore) expect(pool.bodies.has(id)).toBe(true);
  });

  // dropSegment removes seg-<n>.log, then batches-<n>.jsonl, then acks-<n>.log. A kill between two
  // of those leaves a segment whose batches were all acknowledged: the next start must not send any
  // of it again (a seg file without its batches file would be sealed under new ids and counted twice).
  describe('a kill while a fully acknowledged segment is being deleted', () => {
    /** Segment 1 (two batches) delivered and acknowledged, the process killed as dropSegment began. */
    async function delivered(): Promise<{ dir: string; pool: FakePool }> {
      const dir = tmp();
      const pool = new FakePool();
      const q = smallBatchQueue(dir, pool);
      (q as unknown as { dropSegment: () => Promise<void> }).dropSegment = async () => undefined;
      await q.start();
      await Promise.all(Array.from({ length: 6 }, (_, i) => q.append(share(i))));
      await q.tick();
      await until(() => pool.shares().length === 6 && q.depth() === 0);
      await q.stop();
      expect(readdirSync(dir).filter((f) => f.endsWith('-1.log') || f.endsWith('-1.jsonl')).sort()).toEqual(['acks-1.log', 'batches-1.jsonl', 'seg-1.log']);
      return { dir, pool };
    }
    async function restart(dir: string, pool: FakePool): Promise<void> {
      const q = smallBatchQueue(dir, pool);
      await q.start();
      await q.tick();
      await new Promise((r) => setTimeout(r, 100));
      expect(q.depth()).toBe(0);
      await q.stop();
      expect(pool.shares().map((s) => s.difficulty)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(readdirSync(dir).filter((f) => /^(batches|acks)-/.test(f) || f === 'seg-1.log')).toEqual([]);
    }

    it('after seg-<n>.log went: its batches file is dropped, not sent', async () => {
      const { dir, pool } = await delivered();
      unlinkSync(join(dir, 'seg-1.log'));
      await restart(dir, pool);
    });

    it('after seg-<n>.log and batches-<n>.jsonl went: the stray acks file is removed', async () => {
      const { dir, pool } = await delivered();
      unlinkSync(join(dir, 'seg-1.log'));
      unlinkSync(join(dir, 'batches-1.jsonl'));
      await restart(dir, pool);
    });

    it('after the previous version removed batches-<n>.jsonl first: a seg file with acknowledgements is not sealed again', async () => {
      const { dir, pool } = await delivered();
      unlinkSync(join(dir, 'batches-1.jsonl'));
      await restart(dir, pool);
    });
  });

  it('keeps a batch the pool refuses as malformed in dead/ and moves on', async () => {
    const dir = tmp();
    let calls = 0;
    const q = shareOutbox({
      dataDir: dir, instanceId: 'node7', log: silentLogger, intervalMs: 20,
      transport: { send: async () => (calls++ === 0 ? 'reject' : 'ok') },
    });
    await q.start();
    await q.append(share(1));
    await until(() => q.depth() === 0);
    await q.stop();
    expect(readdirSync(join(dir, 'outbox', 'shares', 'dead'))).toHaveLength(1);
  });
});

describe('outbox disk failures', () => {
  /** Runs `body` with unhandled rejections collected instead of reported (in production they end the process). */
  async function collectingUnhandled(body: (seen: unknown[]) => Promise<void>): Promise<void> {
    const seen: unknown[] = [];
    const h = (e: unknown) => seen.push(e);
    const listeners = process.listeners('unhandledRejection');
    process.removeAllListeners('unhandledRejection');
    process.on('unhandledRejection', h);
    try {
      await body(seen);
    } finally {
      process.removeListener('unhandledRejection', h);
      for (const l of listeners) process.on('unhandledRejection', l);
    }
  }
  const recording = () => {
    const lines: Array<[string, string]> = [];
    const log = { info() {}, warn: (m: string) => lines.push(['warn', m]), error: (m: string) => lines.push(['error', m]) };
    return { lines, log };
  };
  const queue = (dir: string, pool: BatchTransport, log = silentLogger, intervalMs = 3_600_000) =>
    new DurableQueue<PoolShare>({
      dir, idPrefix: 'node7', maxBatch: 3, intervalMs, maxInFlight: 1, transport: pool, log, minBackoffMs: 50, maxBackoffMs: 50,
      body: (id, shares) => `{"batch_id":${JSON.stringify(id)},"shares":${shares}}`,
    });

  it('an acknowledgement that cannot be written is logged, the batch kept and retried later, each share counted once', async () => {
    await collectingUnhandled(async (seen) => {
      const dir = tmp();
      const pool = new FakePool();
      pool.up = false;
      const { lines, log } = recording();
      const q = queue(dir, pool, log);
      await q.start();
      await Promise.all(Array.from({ length: 6 }, (_, i) => q.append(share(i))));
      await q.tick(); // two batches in segment 1
      mkdirSync(join(dir, 'acks-1.log')); // its open fails (EISDIR), as on EIO, ENOSPC or EMFILE
      pool.up = true;
      await q.tick();
      await until(() => lines.some(([, m]) => m.includes('acknowledg')));
      await new Promise((r) => setTimeout(r, 100));
      expect(seen).toEqual([]);
      expect(q.depth()).toBe(6); // nothing taken for acknowledged that is not so on disk
      rmSync(join(dir, 'acks-1.log'), { recursive: true });
      const end = Date.now() + 5000;
      while (q.depth() > 0 && Date.now() < end) {
        await q.tick();
        await new Promise((r) => setTimeout(r, 20));
      }
      await q.stop();
      expect(pool.shares().map((s) => s.difficulty).sort()).toEqual([1, 2, 3, 4, 5, 6]);
      expect(readdirSync(dir).filter((f) => /^(batches|acks)-/.test(f))).toEqual([]);
      expect(seen).toEqual([]);
    });
  });

  it('a segment switch that fails (the timer\'s) is logged and retried at the next interval', async () => {
    await collectingUnhandled(async (seen) => {
      const dir = tmp();
      const pool = new FakePool();
      const { lines, log } = recording();
      const q = queue(dir, pool, log, 20);
      await q.start();
      mkdirSync(join(dir, 'seg-2.log')); // the next segment cannot be opened
      await q.append(share(0));
      await until(() => lines.some(([level]) => level === 'error'));
      await new Promise((r) => setTimeout(r, 60));
      expect(seen).toEqual([]);
      rmSync(join(dir, 'seg-2.log'), { recursive: true });
      await until(() => pool.shares().length === 1);
      await q.stop();
      expect(seen).toEqual([]);
    });
  });

  it('a batch whose body cannot be read for now waits for its back-off instead of being retried at once, and goes once it can be read', async () => {
    const dir = tmp();
    const pool = new FakePool();
    pool.up = false;
    const q1 = smallBatchQueue(dir, pool);
    await q1.start();
    await Promise.all(Array.from({ length: 3 }, (_, i) => q1.append(share(i))));
    await q1.tick();
    await q1.stop();
    let unreadable = 0;
    const log = { info() {}, warn() {}, error: (m: string) => void (m.includes('unreadable') && (unreadable += 1)) };
    // The back-off's clock is the test's: a loaded machine cannot end it between two ticks.
    let now = Date.now();
    const q2 = new DurableQueue<PoolShare>({
      dir, idPrefix: 'node7', maxBatch: 3, intervalMs: 3_600_000, maxInFlight: 1, transport: pool, log, minBackoffMs: 400, maxBackoffMs: 400,
      body: (id, shares) => `{"batch_id":${JSON.stringify(id)},"shares":${shares}}`,
      now: () => now,
    });
    pool.attempts = 0;
    await q2.start(); // registered from disk, its body read from disk at each attempt
    await until(() => pool.attempts > 0); // tried once, the pool down: in its back-off now
    // The batches file cannot be read for a while (a directory in its place): a fault that may pass.
    const batches = readdirSync(dir).find((f) => f.startsWith('batches-'))!;
    renameSync(join(dir, batches), join(dir, `${batches}.away`));
    mkdirSync(join(dir, batches));
    pool.up = true;
    const pause = () => (now += 450);
    pause(); // past its back-off
    await q2.tick();
    await until(() => unreadable === 1);
    for (let i = 0; i < 5; i++) await q2.tick();
    await new Promise((r) => setTimeout(r, 30));
    expect(unreadable).toBe(1); // then in its back-off: not tried again at once, nor in a tight loop
    expect(pool.shares()).toHaveLength(0);
    rmSync(join(dir, batches), { recursive: true });
    renameSync(join(dir, `${batches}.away`), join(dir, batches));
    pause();
    await q2.tick();
    await until(() => pool.shares().length === 3);
    await q2.stop();
  });

  it('gives up a batch whose records are gone from disk, noted in dead/, so an ordered queue goes on with the next', async () => {
    const dir = tmp();
    const pool = new FakePool();
    pool.up = false;
    const ordered = (log: typeof silentLogger) =>
      new DurableQueue<PoolShare>({
        dir, idPrefix: 'node7', maxBatch: 3, intervalMs: 3_600_000, maxInFlight: 1, transport: pool, log, ordered: true,
        body: (id, shares) => `{"batch_id":${JSON.stringify(id)},"shares":${shares}}`,
      });
    const q1 = ordered(silentLogger);
    await q1.start();
    await Promise.all(Array.from({ length: 3 }, (_, i) => q1.append(share(i))));
    await q1.tick();
    await q1.stop();
    // Its last records are gone (cut within the second): the body cannot be rebuilt.
    truncateSync(join(dir, 'seg-1.log'), readFileSync(join(dir, 'seg-1.log'), 'utf8').indexOf('\n') + 10);
    pool.up = true;
    const { lines, log } = recording();
    const q2 = ordered(log);
    await q2.start();
    await Promise.all(Array.from({ length: 3 }, (_, i) => q2.append(share(10 + i))));
    await q2.tick();
    await until(() => pool.shares().length === 3);
    await q2.stop();
    expect(pool.shares().map((s) => s.difficulty)).toEqual([11, 12, 13]);
    expect(lines.filter(([, m]) => m.includes('lost'))).toHaveLength(1);
    const notes = readdirSync(join(dir, 'dead')).filter((f) => f.endsWith('.lost'));
    expect(notes).toHaveLength(1);
    // The error, then the record that is left.
    const note = readFileSync(join(dir, 'dead', notes[0]!), 'utf8').trimEnd().split('\n');
    expect(note[0]).toMatch(/^segment 1 holds 1 of batch .+'s 3 records$/);
    expect(note.slice(1).map((r) => (JSON.parse(r) as PoolShare).difficulty)).toEqual([1]);
  });
});

describe('undelivered batches growing old', () => {
  const MIN = 60_000;
  function setup(dir: string, clock: { now: number }, expireAfterMs?: number) {
    const lines: Array<[string, string, unknown]> = [];
    const log = { info() {}, warn: (m: string, f?: unknown) => lines.push(['warn', m, f]), error: (m: string, f?: unknown) => lines.push(['error', m, f]) };
    const pool = new FakePool();
    pool.up = false;
    const q = new DurableQueue<PoolShare>({
      dir, idPrefix: 'node7', maxBatch: 3, intervalMs: 3_600_000, maxInFlight: 1, transport: pool, log, now: () => clock.now,
      body: (id, shares) => `{"batch_id":${JSON.stringify(id)},"shares":${shares}}`,
      ...(expireAfterMs ? { expireAfterMs } : {}),
    });
    return { q, lines, pool };
  }

  it('gives up share batches past their expiry: noted in dead/expired.log, their segment deleted, nothing sent when the pool is back', async () => {
    const clock = { now: Date.now() };
    const dir = tmp();
    const { q, lines, pool } = setup(dir, clock, SHARE_BATCH_EXPIRY_MS);
    await q.start();
    await Promise.all(Array.from({ length: 4 }, (_, i) => q.append(share(i))));
    await q.tick(); // two batches sealed now
    clock.now += 70 * MIN;
    await q.tick();
    expect(q.depth()).toBe(4); // past the hour: logged, still kept
    clock.now += 6 * MIN;
    // Given up at the next tick (every second in production) that finds it not being sent.
    await until(() => {
      void q.tick();
      return q.depth() === 0;
    });
    // One note file, a line per batch; one log line for the batches of a tick.
    expect(readdirSync(join(dir, 'dead'))).toEqual(['expired.log']);
    expect(readFileSync(join(dir, 'dead', 'expired.log'), 'utf8').trimEnd().split('\n')).toHaveLength(2);
    expect(readdirSync(dir).filter((f) => /^(batches|acks)-/.test(f))).toEqual([]);
    expect(lines.filter(([, m]) => m.includes('given up')).map(([, , f]) => (f as { records: number }).records).reduce((a, b) => a + b)).toBe(4);
    pool.up = true;
    await q.tick();
    expect(pool.bodies.size).toBe(0);
    await q.stop();
  });

  it('warns once per batch past 45 minutes undelivered, and logs an error once past an hour (the pool refuses its shares)', async () => {
    const clock = { now: Date.now() };
    const { q, lines } = setup(tmp(), clock);
    await q.start();
    await Promise.all(Array.from({ length: 4 }, (_, i) => q.append(share(i))));
    await q.tick(); // two batches sealed now
    const at = async (minutes: number) => {
      clock.now += minutes * MIN;
      await q.tick();
    };
    await at(44);
    expect(lines).toEqual([]);
    await at(2); // 46 minutes
    await at(1);
    expect(lines.map(([level]) => level)).toEqual(['warn', 'warn']);
    expect(new Set(lines.map(([, , f]) => (f as { id: string }).id)).size).toBe(2);
    await at(14); // 61 minutes
    await at(5);
    expect(lines.map(([level]) => level)).toEqual(['warn', 'warn', 'error', 'error']);
    expect(lines[2]![1]).toMatch(/too old/);
    await q.stop();
  });

  it('after a restart, dates a batch by its segment file', async () => {
    const dir = tmp();
    const first = setup(dir, { now: Date.now() });
    await first.q.start();
    await first.q.append(share(0));
    await first.q.tick();
    await first.q.stop();
    const clock = { now: Date.now() + 61 * MIN };
    const { q, lines } = setup(dir, clock);
    await q.start();
    await q.tick();
    expect(lines.map(([level]) => level)).toEqual(['error']); // past the hour: the warning would say less
    await q.stop();
  });
});

describe('block outbox', () => {
  it('sends the events the coin publishes as { events } bodies, durably', async () => {
    const dir = tmp();
    const pool = new FakePool();
    const q = blockOutbox({ dataDir: dir, instanceId: 'node7', transport: pool, log: silentLogger, intervalMs: 20 });
    await q.start();
    const sink = durableBlockSink(q, silentLogger);
    sink.publish({ type: 'confirmations', coin: 'ltc', hash: 'ab'.repeat(32), confirmations: 3 });
    sink.publish({ type: 'orphaned', coin: 'ltc', hash: 'cd'.repeat(32) });
    await until(() => pool.bodies.size > 0 && q.depth() === 0);
    await q.stop();
    const events = [...pool.bodies.values()].flatMap((b) => (JSON.parse(b) as { events: unknown[] }).events);
    expect(events).toEqual([
      { type: 'confirmations', coin: 'ltc', hash: 'ab'.repeat(32), confirmations: 3 },
      { type: 'orphaned', coin: 'ltc', hash: 'cd'.repeat(32) },
    ]);
  });
});

describe('block outbox order', () => {
  const event = (hash: string, type: 'found' | 'orphaned' = 'found'): PoolBlockEvent =>
    type === 'found'
      ? { type, coin: 'ltc', height: 1, hash, reward: '6.25', account: 'myfarm01', worker: 'rig1', difficulty: 1, time: 1_800_000_000_000 }
      : { type, coin: 'ltc', hash };

  it('delivers block events strictly in order: a later batch waits while an earlier one backs off', async () => {
    const dir = tmp();
    const delivered: string[] = [];
    let failed = false;
    const transport: BatchTransport = {
      async send({ body }) {
        // The first batch (the block found) fails once: it backs off for a second.
        if (!failed && body.includes('"found"')) return (failed = true), 'retry';
        delivered.push(...(JSON.parse(body) as { events: Array<{ type: string }> }).events.map((e) => e.type));
        return 'ok';
      },
    };
    // The back-off's clock is the test's: it ends when the test says, not when a loaded machine
    // happens to tick past it.
    let now = Date.now();
    const q = blockOutbox({ dataDir: dir, instanceId: 'node7', transport, log: silentLogger, intervalMs: 3_600_000, now: () => now });
    await q.start();
    await q.append(event('ab'.repeat(32)));
    await q.tick();
    await until(() => failed);
    await q.append(event('ab'.repeat(32), 'orphaned'));
    await q.tick();
    await new Promise((r) => setTimeout(r, 100));
    expect(delivered).toEqual([]); // the orphan waits for its block
    now += 1001; // past the found batch's back-off (1 s, the default's first)
    const end = Date.now() + 10_000;
    while (q.depth() > 0 && Date.now() < end) {
      await q.tick();
      await new Promise((r) => setTimeout(r, 50));
    }
    await q.stop();
    expect(delivered).toEqual(['found', 'orphaned']);
  });

  it('the share outbox does not wait: a batch backing off is overtaken by newer ones', async () => {
    const dir = tmp();
    const pool = new FakePool();
    let failed = false;
    const realSend = pool.send.bind(pool);
    pool.send = async (b) => (!failed && b.body.includes('"difficulty":1,') ? ((failed = true), 'retry') : realSend(b));
    // A clock that stands still: the failed batch's back-off does not end during the test.
    const startedAt = Date.now();
    const q = smallBatchQueue(dir, pool, 1, () => startedAt);
    await q.start();
    await q.append(share(0));
    await q.tick();
    await until(() => failed);
    await q.append(share(1));
    await q.tick();
    await until(() => pool.shares().length === 1);
    expect(pool.shares()[0]!.difficulty).toBe(2);
    await q.stop();
  });
});

describe('http transport', () => {
  const answer = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status });
  const send = (fetchImpl: typeof fetch) => httpTransport({ url: 'http://pool/api/internal/shares', ingestKey: 'k'.repeat(16), log: silentLogger, fetchImpl }).send({ id: 'node7-1-000000001', body: '{}' });

  it('maps the contract answers to delivered, retry and refused', async () => {
    expect(await send(answer(200, { code: 0, data: { applied: false } }) as unknown as typeof fetch)).toBe('ok');
    expect(await send(answer(500, { code: 10000 }) as unknown as typeof fetch)).toBe('retry');
    expect(await send(answer(401, { code: 40100 }) as unknown as typeof fetch)).toBe('retry');
    expect(await send(answer(400, { code: 10001 }) as unknown as typeof fetch)).toBe('reject');
    expect(await send((async () => { throw new TypeError('fetch failed'); }) as unknown as typeof fetch)).toBe('retry');
  });

  it('sends the ingest key and JSON', async () => {
    let seen: RequestInit | undefined;
    await send((async (_u: string, init: RequestInit) => { seen = init; return new Response('{"code":0}'); }) as unknown as typeof fetch);
    expect(seen!.headers).toMatchObject({ 'x-ingest-key': 'k'.repeat(16), 'content-type': 'application/json' });
    expect(seen!.method).toBe('POST');
  });

  it('sends a share batch in the compact form, or as JSON when so configured; an unencodable one goes as JSON', async () => {
    const body = `{"batch_id":"node7-1-000000002","shares":[{"coin":"btc","account":"farm1","worker":"rig1","difficulty":2,"result":"accepted","ip":"10.0.0.1","time":1780000000000}]}`;
    const seen: RequestInit[] = [];
    const fetchImpl = (async (_u: string, init: RequestInit) => { seen.push(init); return new Response('{"code":0}'); }) as unknown as typeof fetch;
    for (const shareEncoding of ['compact', 'json'] as const) {
      await httpTransport({ url: 'http://pool/api/internal/shares', ingestKey: 'k'.repeat(16), log: silentLogger, fetchImpl, shareEncoding }).send({ id: 'node7-1-000000002', body });
    }
    const bad = body.replace('"account":"farm1"', '"account":"farm1","address":"x"'); // both: the compact form has one owner
    await httpTransport({ url: 'http://pool/api/internal/shares', ingestKey: 'k'.repeat(16), log: silentLogger, fetchImpl, shareEncoding: 'compact' }).send({ id: 'node7-1-000000003', body: bad });
    expect(seen.map((i) => (i.headers as Record<string, string>)['content-type'])).toEqual([SHARES_COMPACT_TYPE, 'application/json', 'application/json']);
    expect(seen[0]!.body).toEqual(encodeShareBatch(JSON.parse(body)));
    expect(seen[1]!.body).toBe(body);
    expect(seen[2]!.body).toBe(bad);
  });
});
