// The outbox on a full disk: a failed record write refuses its records and nothing else, leaves no
// part of them in the segment (not sent now, not after a crash), and writes go on once the disk has
// room, without a restart. `node:fs` is wrapped so that a write can be made to fail half-way, as
// ENOSPC does (a short write, then the error); hence the unit-isolated project.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type * as NodeFs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../coin/types.js';
import { DurableQueue, type SendOutcome } from './durable-queue.js';
import type { PoolShare } from './pool-outboxes.js';
import { until } from '../../test/until.js';

/** What the wrapped calls do next: a write that stops half-way with ENOSPC, a truncation that fails. */
const disk = vi.hoisted(() => ({ full: false, truncateFails: 0, truncations: 0 }));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof NodeFs>();
  const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  return {
    ...fs,
    // Half of the bytes reach the file, then the disk is full: the error comes with the next call.
    writeSync: ((fd: number, buffer: Buffer, offset: number, length: number) => {
      if (!disk.full) return fs.writeSync(fd, buffer, offset, length);
      if ((buffer as Buffer & { halfWritten?: boolean }).halfWritten) throw enospc();
      (buffer as Buffer & { halfWritten?: boolean }).halfWritten = true;
      return fs.writeSync(fd, buffer, offset, Math.ceil(length / 2));
    }) as typeof NodeFs.writeSync,
    ftruncateSync: ((fd: number, len?: number) => {
      disk.truncations += 1;
      if (disk.truncateFails > 0) {
        disk.truncateFails -= 1;
        throw Object.assign(new Error('EIO: i/o error, ftruncate'), { code: 'EIO' });
      }
      fs.ftruncateSync(fd, len);
    }) as typeof NodeFs.ftruncateSync,
  };
});

const dirs: string[] = [];
afterEach(() => {
  Object.assign(disk, { full: false, truncateFails: 0, truncations: 0 });
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

class Pool {
  readonly bodies = new Map<string, string>();
  async send({ id, body }: { id: string; body: string }): Promise<SendOutcome> {
    this.bodies.set(id, body);
    return 'ok';
  }
  difficulties(): number[] {
    return [...this.bodies.values()].flatMap((b) => (JSON.parse(b) as { shares: PoolShare[] }).shares.map((s) => s.difficulty));
  }
}

const share = (difficulty: number, worker = 'rig1'): PoolShare => ({ coin: 'ltc', account: 'myfarm01', worker, difficulty, result: 'accepted', ip: '127.0.0.1', time: 1_800_000_000_000 });

function queue(dir: string, pool: Pool, log: Logger) {
  return new DurableQueue<PoolShare>({
    dir, idPrefix: 'node7', maxBatch: 100, intervalMs: 3_600_000, maxInFlight: 1, transport: pool, log,
    body: (id, shares) => `{"batch_id":${JSON.stringify(id)},"shares":${shares}}`,
  });
}

function recordingLog() {
  const lines: string[] = [];
  const log: Logger = { info: (m) => void lines.push(`info ${m}`), warn: (m) => void lines.push(`warn ${m}`), error: (m) => void lines.push(`error ${m}`) };
  return { log, lines };
}

/** Every line of the open segment file is a whole record: no torn part of a refused write. */
function segmentLines(dir: string): string[] {
  const seg = readdirSync(dir).filter((f) => /^seg-\d+\.log$/.test(f)).sort().at(-1)!;
  const text = readFileSync(join(dir, seg), 'utf8');
  expect(text === '' || text.endsWith('\n')).toBe(true);
  return text.split('\n').filter(Boolean).map((line) => String((JSON.parse(line) as PoolShare).difficulty));
}

describe('share outbox on a full disk', () => {
  it('refuses only the records of a failed write, cuts them out of the segment and goes on writing when the disk has room', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hp-outbox-full-'));
    dirs.push(dir);
    const pool = new Pool();
    const { log, lines } = recordingLog();
    const q = queue(dir, pool, log);
    await q.start();
    await q.append(share(1));
    disk.full = true;
    // One turn of two records: the first whole on disk, the second torn, when the write fails.
    const refused = [q.append(share(2)), q.append(share(3, 'a-worker-name-long-enough-to-put-the-tear-in-this-record'))];
    for (const r of refused) await expect(r).rejects.toThrow(/ENOSPC/);
    expect(segmentLines(dir)).toEqual(['1']);
    await expect(q.append(share(4))).rejects.toThrow(/ENOSPC/);
    disk.full = false;
    await q.append(share(5));
    expect(segmentLines(dir)).toEqual(['1', '5']);
    // One error for the run of failures, one warning when it ends.
    expect(lines).toEqual(['error outbox write failed: its records are refused (their shares answered false) until a write succeeds', 'warn outbox writes resumed']);
    await q.tick();
    await until(() => pool.difficulties().length === 2);
    await q.stop();
    expect(pool.difficulties()).toEqual([1, 5]);
  });

  it('when the cut fails, writes nothing more into the segment until it succeeds, and a crash then sends only what was answered', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hp-outbox-full-'));
    dirs.push(dir);
    const pool = new Pool();
    const q = queue(dir, pool, recordingLog().log);
    await q.start();
    await q.append(share(1));
    disk.full = true;
    disk.truncateFails = 2; // the cut right after the failure, and the one before the next write
    await expect(q.append(share(2, 'a-worker-name-long-enough-to-put-the-tear-in-this-record'))).rejects.toThrow(/ENOSPC/);
    disk.full = false;
    // Written after a torn line, this record would be read back glued to it, and lost.
    await expect(q.append(share(3))).rejects.toThrow(/EIO/);
    await q.append(share(4));
    expect(disk.truncations).toBe(3);
    expect(segmentLines(dir)).toEqual(['1', '4']);
    // Killed before a seal: the next start seals the segment from the file.
    const again = queue(dir, pool, recordingLog().log);
    await again.start();
    await again.tick();
    await until(() => pool.difficulties().length === 2);
    await again.stop();
    expect(pool.difficulties()).toEqual([1, 4]);
  });
});
