// Nothing lost (issue 28, item 8): every record is appended to an on-disk write-ahead file before
// the miner hears "accepted" (one fsync per event-loop turn for all records of that turn); every
// second the file is sealed as one batch (an atomic rename: the batch's name is its id, so a batch
// sent again after a crash carries the same id and the pool counts it once) and a fresh file is
// started. Sealed batches are sent until the pool acknowledges them, then deleted. On start, the
// file left by a crash is sealed first, and every sealed batch is sent again.
import { randomBytes } from 'node:crypto';
import { closeSync, fdatasyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../coin/types';

export interface QueueOptions<T> {
  dir: string;
  /** A prefix unique to this process across all stratum processes (the instance id). */
  instance: string;
  /** Sends one batch; resolves when the pool has it, rejects to be retried. */
  send: (batchId: string, records: T[]) => Promise<void>;
  log: Logger;
  /** At most this many records per batch (the contract's 50,000). */
  maxBatch?: number;
  intervalMs?: number;
  /** Batches in flight at once. */
  concurrency?: number;
}

const CURRENT = 'current.wal';

export class DurableQueue<T> {
  private fd: number;
  private lines: string[] = [];
  private waiters: Array<() => void> = [];
  private flushScheduled = false;
  private sequence = 0;
  private readonly runId = `${Date.now()}${randomBytes(2).toString('hex')}`;
  private timer: NodeJS.Timeout | undefined;
  private inFlight = new Set<string>();
  private retryAt = new Map<string, number>();
  private readonly maxBatch: number;
  private pendingInCurrent = 0;

  constructor(private readonly o: QueueOptions<T>) {
    mkdirSync(o.dir, { recursive: true });
    this.maxBatch = o.maxBatch ?? 50_000;
    // What a crash left in the write-ahead file becomes a batch of its own.
    const current = path.join(o.dir, CURRENT);
    try {
      if (statSync(current).size > 0) this.seal();
    } catch {
      // no file yet
    }
    this.fd = openSync(current, 'a');
  }

  /** Appends a record; resolves once it is on disk. */
  append(record: T): Promise<void> {
    this.lines.push(`${JSON.stringify(record)}\n`);
    const done = new Promise<void>((resolve) => this.waiters.push(resolve));
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
    return done;
  }

  /** Records waiting for the pool (in the open file and in sealed batches). */
  depth(): number {
    let n = this.pendingInCurrent + this.lines.length;
    for (const file of this.sealed()) n += this.countLines(file);
    return n;
  }

  start(): void {
    this.timer = setInterval(() => this.tick(), this.o.intervalMs ?? 1000);
    this.timer.unref();
    this.tick();
  }

  /** Seals what is written and tries to send everything once more (graceful shutdown). */
  async stop(timeoutMs = 5000): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.flush();
    if (this.pendingInCurrent > 0) this.seal(true);
    const until = Date.now() + timeoutMs;
    this.retryAt.clear();
    while (this.sealed().length > 0 && Date.now() < until) {
      await Promise.all(this.sealed().map((f) => this.sendFile(f)));
      if (this.sealed().length > 0) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    closeSync(this.fd);
  }

  private flush(): void {
    this.flushScheduled = false;
    if (this.lines.length === 0) return;
    const text = this.lines.join('');
    const count = this.lines.length;
    this.lines = [];
    writeSync(this.fd, text);
    fdatasyncSync(this.fd);
    this.pendingInCurrent += count;
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }

  private tick(): void {
    this.flush();
    if (this.pendingInCurrent > 0) this.seal(true);
    const concurrency = this.o.concurrency ?? 8;
    for (const file of this.sealed()) {
      if (this.inFlight.size >= concurrency) break;
      if (this.inFlight.has(file) || (this.retryAt.get(file) ?? 0) > Date.now()) continue;
      void this.sendFile(file);
    }
  }

  /** Renames the open file to a batch (its id) and opens a fresh one. */
  private seal(reopen = false): void {
    const name = `batch-${this.o.instance}-${this.runId}-${String(++this.sequence).padStart(9, '0')}.jsonl`;
    if (reopen) closeSync(this.fd);
    renameSync(path.join(this.o.dir, CURRENT), path.join(this.o.dir, name));
    this.pendingInCurrent = 0;
    if (reopen) this.fd = openSync(path.join(this.o.dir, CURRENT), 'a');
  }

  private sealed(): string[] {
    return readdirSync(this.o.dir).filter((f) => f.startsWith('batch-')).sort();
  }

  private countLines(file: string): number {
    try {
      return readFileSync(path.join(this.o.dir, file), 'utf8').split('\n').filter(Boolean).length;
    } catch {
      return 0;
    }
  }

  private async sendFile(file: string): Promise<void> {
    if (this.inFlight.has(file)) return;
    this.inFlight.add(file);
    try {
      const full = path.join(this.o.dir, file);
      // A torn last line (a crash mid-write, before its fsync: never answered) is dropped.
      const records = readFileSync(full, 'utf8')
        .split('\n')
        .filter(Boolean)
        .flatMap((line) => {
          try {
            return [JSON.parse(line) as T];
          } catch {
            return [];
          }
        });
      const id = file.slice('batch-'.length, -'.jsonl'.length);
      for (let i = 0, part = 0; i < records.length || (records.length === 0 && part === 0); i += this.maxBatch, part++) {
        const slice = records.slice(i, i + this.maxBatch);
        if (slice.length) await this.o.send(part === 0 ? id : `${id}-${part}`, slice);
      }
      unlinkSync(full);
      this.retryAt.delete(file);
    } catch (error) {
      const attempts = (this.retryAt.get(file) ?? 0) > 0 ? 2 : 1;
      this.retryAt.set(file, Date.now() + Math.min(30_000, 1000 * attempts));
      this.o.log.warn('outbox: batch not delivered, will retry', { batch: file, error: (error as Error).message });
    } finally {
      this.inFlight.delete(file);
    }
  }
}
