// A write-ahead outbox on disk: records are appended to a segment file and made durable (one
// synchronous write per event-loop turn for all records of that turn) before append() resolves,
// so whatever the server answered a miner is on disk first. Every interval the open segment is
// sealed into batches with ids fixed once and for all (written to one file with an atomic rename);
// a sender delivers them, several at a time (or, with `ordered`, one at a time and strictly in
// order), retrying with back-off until acknowledged, then deletes them. Only the record writes and
// the switch to a new segment file stand between a share and its answer: sealing,
// acknowledgements and clean-up run on a second queue beside them. After
// a crash, unsealed segments are sealed on start (a torn last line is a record nobody was answered
// for) and unacknowledged batches go out again with the same ids and bodies. A batch still
// undelivered 45 minutes after its seal is logged as a warning, past an hour as an error (the pool
// refuses shares over an hour old), once each.
//
// A sealed batch is written down as its id and its place in the segment, not as its body: the body
// is the segment's records from that place on, which stay on disk until every batch of the segment
// is acknowledged. When the batches file held the bodies, every share was written twice (once more
// each second, with an fdatasync of megabytes). bench:stratum at 20,000 shares/s (--only latency,
// 1 December): the disk wrote 227 MB instead of 278 MB (the rest is the record writes: an O_DSYNC
// append rewrites its last block and the journal's), the p99 unchanged.
//
// Files in `dir`:
//   seg-<n>.log      records of segment n, one JSON line each (the open segment is the highest n);
//                    kept after the seal, until all its batches are acknowledged
//   batches-<n>.jsonl  the sealed batches of segment n: {"id","count","first"} per line, `first` the
//                    index of the batch's first record among the segment's complete records (a
//                    file written before this form holds {"id","count","body"}: read as it is)
//   acks-<n>.log     ids of acknowledged batches of segment n, one per line
//   When all of segment n's batches are acknowledged, seg-<n>.log is deleted first, then the other
//   two: a start that finds batches-<n>.jsonl (of the current form) or acks-<n>.log without
//   seg-<n>.log knows every batch of it was acknowledged, and deletes them instead of sending.
//   dead/            batches the receiver refused as malformed (kept for the operator)
import { constants, fdatasyncSync, ftruncateSync, mkdirSync, writeSync } from 'node:fs';
import { open, readdir, readFile, rename, stat, unlink, mkdir, appendFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../coin/types.js';
import { MAX_SHARE_AGE_MS } from '@hashpool/shared';

/** What the receiver made of a batch: delivered, try again later, or refused for good. */
export type SendOutcome = 'ok' | 'retry' | 'reject';

export interface BatchTransport {
  send(batch: { id: string; body: string }): Promise<SendOutcome>;
  /**
   * The most bytes of records (their JSON in UTF-8, joined by commas) a batch may hold, when the
   * carrier limits a message's size (NATS: `max_payload`): the queue seals batches under it.
   */
  readonly maxRecordBytes?: number;
}

export interface DurableQueueOptions {
  dir: string;
  /** Prefix of batch ids: ids are `<idPrefix>-<start time in ms>-<sequence>`. */
  idPrefix: string;
  maxBatch: number;
  intervalMs: number;
  maxInFlight: number;
  /**
   * The request body of a batch around its records, given as the text of their JSON array (stored
   * as it will be sent). Text, not objects: each record is serialized once, when it is appended,
   * instead of once more for every batch on the event loop.
   */
  body: (id: string, itemsJson: string) => string;
  transport: BatchTransport;
  log: Logger;
  /** Back-off bounds for retries. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  now?: () => number;
  onDepth?: (depth: number) => void;
  /**
   * Delivers batches strictly in order, one at a time: a batch waiting for its back-off holds back
   * every later one. For block events, which the pool ignores ahead of their block (an `orphaned`
   * before its `found` would leave the block pending for good). Without it a newer batch may
   * overtake one that is backing off, as shares may.
   */
  ordered?: boolean;
  /** How long a record write may wait, from the last one's start, for more records to join it (0: none). */
  holdWriteMs?: () => number;
  /**
   * A batch undelivered this long after its seal is given up (noted in dead/, its records deleted
   * with their segment): for shares, which the pool refuses past an hour, so that a long outage does
   * not fill the disk with records no one will count. Never for block events.
   */
  expireAfterMs?: number;
}

interface PendingBatch {
  segment: number;
  id: string;
  count: number;
  attempts: number;
  notBefore: number;
  inFlight: boolean;
  /** When it was sealed (after a restart: its segment file's last write), for the age warnings. */
  sealedAt: number;
  /** The age warnings given: 1 past WARN_AGE_MS, 2 past TOO_OLD_MS. */
  warned: 0 | 1 | 2;
}

/** A line of batches-<n>.jsonl: `first` in this form, `body` in the form before it. */
interface SealedBatch {
  id: string;
  count: number;
  first?: number;
  body?: unknown;
}

interface SealedSegment {
  total: number;
  acked: Set<string>;
}

const SEG = /^seg-(\d+)\.log$/;
/**
 * Bodies of batches sealed by this run are kept in memory up to this many characters, so the
 * sender does not read and parse its own file back. Without it, at 25,000 shares a second, the
 * sealing turn parsed every share twice more on the event loop (the batch list, then the body to
 * send), stalling all answers for tens of milliseconds each second (bench:stratum's p99). Past
 * the bound (a long outage) bodies are read from disk as before: memory stays bounded.
 */
const MAX_BODIES_IN_MEMORY = 64 * 1024 * 1024;
/**
 * The pool refuses shares more than an hour old (docs/stratum-integration.md §2.2) while batches are
 * retried without end: past these ages an undelivered batch is logged, once each, so that an
 * operator learns of an outage before its shares are lost (a warning, then an error).
 */
const WARN_AGE_MS = 45 * 60_000;
const TOO_OLD_MS = MAX_SHARE_AGE_MS;
const BATCHES = /^batches-(\d+)\.jsonl$/;
const ACKS = /^acks-(\d+)\.log$/;
/**
 * Segment files are opened with O_DSYNC where the platform has it: a write returns once its data
 * (and the file size) are on disk, as a write followed by fdatasync would. That write is made
 * synchronously on the event loop, once per turn for all its records, not in the thread pool: a trip
 * there and back costs two thread wake-ups and an event-loop turn, and on a busy machine those
 * waits, not the disk, were most of an answer's latency. bench:stratum at 22,000 shares/s, nine
 * alternating pairs: p50 3.2-10.1 → 1.4-4.9 ms, p99 median 50.5 → 42.1 ms, the machine 92-98 →
 * 77-92 % busy. The price: while the disk writes (0.2 ms here), the process reads no new shares;
 * their answers would wait for this write anyway, as the next flush starts after it. Elsewhere a
 * write and an fdatasync in the thread pool. Where records come one or two a turn (sparse Scrypt
 * shares, whose hashes end off the event loop), `holdWriteMs` lets a write wait a little for the
 * next ones.
 */
const DSYNC = constants.O_DSYNC as number | undefined;
const SEGMENT_FLAGS = DSYNC ? constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | DSYNC : 'a';

export class DurableQueue<T> {
  private segment = 0;
  private fh: FileHandle | undefined;
  /**
   * The open segment's records, as the texts of its flushes (JSON records joined by newlines, as
   * written) with their counts. One string per flush, not per record: records live here up to an
   * interval, long enough to leave the young generation, and millions of small strings were most
   * of what the garbage collector copied and marked (bench:stratum's longest pauses).
   */
  private openTexts: string[] = [];
  private openCounts: number[] = [];
  private openRecords = 0;
  /**
   * Records of this turn, written together by one flush: they share one promise, settled when the
   * flush is on disk (a promise per record was measurable garbage at tens of thousands a second).
   */
  private waiting: string[] = [];
  private waitingDone: { promise: Promise<void>; resolve: () => void; reject: (e: Error) => void } | undefined;
  private flushScheduled = false;
  /** When the last record write started (performance.now()), for holdWriteMs. */
  private lastWriteAt = -Infinity;
  /** Record writes and segment switches, in order: what answers wait for. */
  private writes: Promise<unknown> = Promise.resolve();
  /** Sealing, acknowledgements and clean-up, in order, beside the writes. */
  private background: Promise<unknown> = Promise.resolve();
  /** Records of segments switched away from and not sealed yet (counted in the depth). */
  private sealing = 0;
  private pending: PendingBatch[] = [];
  private sealed = new Map<number, SealedSegment>();
  private readonly bodies = new Map<string, string>();
  private bodiesSize = 0;
  private timer: NodeJS.Timeout | undefined;
  private seq = 0;
  private readonly startTime: number;
  private inFlight = 0;
  private stopped = false;
  /** Bytes of the open segment file that hold answered records: where a failed write is cut back to. */
  private segmentBytes = 0;
  /**
   * Set when a record write failed (a full disk): the file may end in part of the records refused.
   * Cut back to `segmentBytes` before anything more is written, or the next records would join a
   * torn line (lost when read back) and the refused ones that did reach the disk would be sent.
   */
  private tornTail: Error | undefined;
  /** Record writes that failed in a row (for one log line when they start and one when they end). */
  private failedWrites = 0;
  private readonly now: () => number;

  constructor(private readonly opts: DurableQueueOptions) {
    this.now = opts.now ?? Date.now;
    this.startTime = this.now();
    mkdirSync(join(opts.dir, 'dead'), { recursive: true });
  }

  /** Records not yet acknowledged by the receiver (open segment and pending batches). */
  depth(): number {
    return this.openRecords + this.waiting.length + this.sealing + this.pending.reduce((n, b) => n + b.count, 0);
  }

  pendingBatches(): number {
    return this.pending.length;
  }

  /** Recovers what a previous run left, opens a new segment and starts the sender. */
  async start(): Promise<void> {
    const names = await readdir(this.opts.dir);
    const numbers = (re: RegExp) => names.flatMap((n) => (re.exec(n) ? [Number(re.exec(n)![1])] : []));
    const segs = numbers(SEG).sort((a, b) => a - b);
    const sealedNums = new Set(numbers(BATCHES));
    const ackNums = new Set(numbers(ACKS));
    for (const n of segs) {
      // A sealed segment's records are its batches' bodies: kept until they are acknowledged.
      if (sealedNums.has(n)) continue;
      // Acknowledgements are written only for a sealed segment, whose batches file goes only when
      // all its batches are acknowledged: the previous version deleted that file first, and a kill
      // before the rest left this. Sealed again, its shares would go out under new ids, twice.
      if (ackNums.has(n)) {
        this.opts.log.warn('outbox segment left half deleted, all its batches acknowledged: removed', { segment: n });
        await this.dropSegment(n);
        continue;
      }
      const items = recordTexts(await readFile(join(this.opts.dir, `seg-${n}.log`), 'utf8'));
      await this.seal(n, [items.join('\n')], [items.length]);
      sealedNums.add(n);
    }
    for (const n of [...sealedNums].sort((a, b) => a - b)) await this.loadSealed(n, segs.includes(n));
    // Acknowledgements of a segment whose other files are gone: the end of a deletion a kill cut short.
    for (const n of ackNums) if (!segs.includes(n) && !sealedNums.has(n)) await unlinkIfThere(join(this.opts.dir, `acks-${n}.log`));
    this.segment = Math.max(0, ...segs, ...sealedNums) + 1;
    this.fh = await open(join(this.opts.dir, `seg-${this.segment}.log`), SEGMENT_FLAGS);
    await fsyncDir(this.opts.dir);
    this.reportDepth();
    // A rejection here would be unhandled, and on Node 20 end the process: logged, tried next interval.
    this.timer = setInterval(() => void this.tick().catch((err) => this.opts.log.error('outbox tick failed', { dir: this.opts.dir, err: String(err) })), this.opts.intervalMs);
    this.timer.unref();
    this.pump();
  }

  /** Appends one record; resolves once it is on disk. */
  append(item: T): Promise<void> {
    if (this.stopped) return Promise.reject(new Error('outbox stopped'));
    this.waiting.push(JSON.stringify(item));
    if (!this.waitingDone) {
      let resolve!: () => void;
      let reject!: (e: Error) => void;
      const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
      this.waitingDone = { promise, resolve, reject };
    }
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      const run = () => {
        this.flushScheduled = false;
        this.enqueue(() => this.flush());
      };
      setImmediate(() => {
        const wait = this.opts.holdWriteMs ? this.lastWriteAt + this.opts.holdWriteMs() - performance.now() : 0;
        if (wait > 0) setTimeout(run, wait);
        else run();
      });
    }
    return this.waitingDone.promise;
  }

  /** Seals the open segment now and tries to send (the timer does this every interval). */
  async tick(): Promise<void> {
    await this.enqueue(() => this.rotate());
    await this.background;
    // Before pump: a batch being given up is not sent meanwhile.
    this.checkAges();
    this.pump();
  }

  /** Stops the timer, writes what is waiting, seals it and gives the sender `drainMs` to deliver. */
  async stop(drainMs = 0): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.enqueue(() => this.flush());
    await this.enqueue(() => this.rotate());
    await this.background;
    this.stopped = true;
    const until = this.now() + drainMs;
    while (this.pending.length && this.now() < until) {
      this.pump(true);
      await new Promise((r) => setTimeout(r, 20));
    }
    while (this.inFlight > 0 && this.now() < until + 1000) await new Promise((r) => setTimeout(r, 20));
    await this.writes;
    await this.background;
    await this.fh?.close();
    this.fh = undefined;
  }

  /** Queues a task on the write path (record writes, segment switches). */
  private enqueue(task: () => Promise<void>): Promise<void> {
    const next = this.writes.then(task, task);
    this.writes = next.catch(() => undefined);
    return next;
  }

  /** Queues a task beside the write path (sealing, acknowledgements). */
  private inBackground(task: () => Promise<void>): Promise<void> {
    const next = this.background.then(task, task);
    this.background = next.catch(() => undefined);
    return next;
  }

  private async flush(): Promise<void> {
    const done = this.waitingDone;
    if (!this.waiting.length || !this.fh || !done) return;
    const batch = this.waiting;
    this.waiting = [];
    this.waitingDone = undefined;
    try {
      if (this.tornTail) this.cutBack();
      const text = batch.join('\n');
      const bytes = Buffer.from(`${text}\n`);
      this.lastWriteAt = performance.now();
      if (DSYNC) writeAllSync(this.fh.fd, bytes);
      else {
        await this.fh.write(bytes);
        await this.fh.datasync();
      }
      this.segmentBytes += bytes.length;
      this.openTexts.push(text);
      this.openCounts.push(batch.length);
      this.openRecords += batch.length;
      if (this.failedWrites) {
        this.opts.log.warn('outbox writes resumed', { dir: this.opts.dir, failed: this.failedWrites });
        this.failedWrites = 0;
      }
      done.resolve();
    } catch (err) {
      this.tornTail ??= err as Error;
      // Cut back at once when the disk allows (a truncation needs no free space), so that a later
      // crash does not find the refused records; if not, before the next write.
      try {
        this.cutBack();
      } catch {
        /* tried again before the next write */
      }
      // One line per run of failures, not one per turn: a full disk fails every write.
      if (this.failedWrites++ === 0) this.opts.log.error('outbox write failed: its records are refused (their shares answered false) until a write succeeds', { dir: this.opts.dir, err: String(err) });
      done.reject(err as Error);
    }
  }

  /** Cuts the open segment file back to its answered records, durably (throws when it cannot). */
  private cutBack(): void {
    if (!this.fh || !this.tornTail) return;
    ftruncateSync(this.fh.fd, this.segmentBytes);
    fdatasyncSync(this.fh.fd);
    this.tornTail = undefined;
  }

  /**
   * Switches the records to a new segment file and has the old one sealed beside the write path.
   * Every record of segment n is on disk in seg-n when this runs (the writes are in order), so a
   * crash before its seal is complete leaves seg-n to be sealed by the next start.
   */
  private async rotate(): Promise<void> {
    if (!this.fh || !this.openRecords) return;
    const n = this.segment;
    const texts = this.openTexts;
    const counts = this.openCounts;
    const records = this.openRecords;
    const old = this.fh;
    try {
      // The old file's refused tail goes first if it can; else it is left behind its sealed
      // records, which are read by their place, and only a crash before the seal would read it.
      this.cutBack();
    } catch {
      /* the new file starts clean all the same */
    }
    try {
      this.fh = await open(join(this.opts.dir, `seg-${n + 1}.log`), SEGMENT_FLAGS);
    } catch (err) {
      // Nothing changed (EMFILE, ENOSPC): the records go on into seg-n, switched at the next interval.
      this.opts.log.error('outbox segment not switched: tried again at the next interval', { segment: n, err: String(err) });
      return;
    }
    // The new file's name on disk before records are answered from it: their data is synced with
    // each write, but a power loss could otherwise lose the directory entry (a kill cannot).
    await fsyncDir(this.opts.dir).catch((err) => this.opts.log.error('outbox directory not synced after a segment switch', { segment: n + 1, err: String(err) }));
    this.segment = n + 1;
    this.segmentBytes = 0;
    this.tornTail = undefined;
    this.openTexts = [];
    this.openCounts = [];
    this.openRecords = 0;
    this.sealing += records;
    void this.inBackground(async () => {
      try {
        await old.close();
        await this.sealSegment(n, texts, counts);
      } catch (err) {
        // seg-n stays on disk: the next start seals and sends it.
        this.opts.log.error('outbox segment not sealed: it is sent after a restart', { segment: n, err: String(err) });
      } finally {
        this.sealing -= records;
        this.reportDepth();
      }
    });
  }

  private async sealSegment(n: number, texts: string[], counts: number[]): Promise<void> {
    const batches = await this.seal(n, texts, counts);
    for (const b of batches) {
      if (this.bodiesSize + b.body.length > MAX_BODIES_IN_MEMORY) break;
      this.bodies.set(b.id, b.body);
      this.bodiesSize += b.body.length;
    }
    // A new segment has no acknowledgements yet: its batches are known without reading them back.
    await this.register(n, batches, new Set(), this.now());
  }

  /**
   * Writes the batches of segment n in one file, atomically: their ids are fixed from now on. The
   * records come as texts of newline-joined JSON records with their counts; a batch takes whole
   * texts up to maxBatch records and the transport's maxRecordBytes (a text over either, one turn's
   * records in a long backlog or a recovered segment, is cut at record boundaries).
   */
  private async seal(n: number, texts: string[], counts: number[]): Promise<Array<{ id: string; count: number; body: string }>> {
    const lines: string[] = [];
    const batches: Array<{ id: string; count: number; body: string }> = [];
    const max = this.opts.maxBatch;
    const maxBytes = this.opts.transport.maxRecordBytes ?? Infinity;
    const sizeOf = (part: string) => (maxBytes === Infinity ? 0 : Buffer.byteLength(part) + 1);
    let parts: string[] = [];
    let count = 0;
    let bytes = 0;
    /** The segment's records before the batch being filled. */
    let first = 0;
    const emit = () => {
      if (!count) return;
      this.seq += 1;
      const id = `${this.opts.idPrefix}-${this.startTime}-${String(this.seq).padStart(9, '0')}`;
      batches.push({ id, count, body: this.opts.body(id, `[${parts.join(',')}]`) });
      lines.push(JSON.stringify({ id, count, first } satisfies SealedBatch));
      first += count;
      parts = [];
      count = 0;
      bytes = 0;
    };
    // Records hold no raw newline (JSON escapes it): newlines are exactly the separators.
    const add = (part: string, records: number, size = sizeOf(part)) => {
      if (count + records > max || bytes + size > maxBytes) emit();
      parts.push(part);
      count += records;
      bytes += size;
    };
    texts.forEach((text, i) => {
      const records = counts[i]!;
      if (!records) return;
      const size = sizeOf(text);
      if (records <= max && size <= maxBytes) return add(text.replaceAll('\n', ','), records, size);
      // Record by record: each batch is filled up to both bounds (a record is far under either).
      for (const record of text.split('\n')) add(record, 1);
    });
    emit();
    const file = join(this.opts.dir, `batches-${n}.jsonl`);
    const tmp = `${file}.tmp`;
    const fh = await open(tmp, 'w');
    try {
      await fh.write(lines.length ? `${lines.join('\n')}\n` : '');
      await fh.datasync();
    } finally {
      await fh.close();
    }
    await rename(tmp, file);
    await fsyncDir(this.opts.dir);
    return batches;
  }

  private async loadSealed(n: number, hasSegment: boolean): Promise<void> {
    const file = join(this.opts.dir, `batches-${n}.jsonl`);
    const batches = parseLines<SealedBatch>(await readFile(file, 'utf8'));
    // Batches written as places in seg-n, which dropSegment deletes first and only once every batch
    // is acknowledged: a kill cut that deletion short. Registered, they could never be sent.
    if (!hasSegment && !batches.some((b) => b.body !== undefined)) {
      this.opts.log.warn('outbox segment left half deleted, all its batches acknowledged: removed', { segment: n });
      await this.dropSegment(n);
      return;
    }
    let acked = new Set<string>();
    try {
      // Only ids of this segment's batches: a line torn by a power cut or a full disk (a partial id,
      // or two ids run together) must not count, or the segment would be deleted with a batch still
      // unsent. A batch whose id was torn is sent again, under its id: the pool counts it once.
      const ids = new Set(batches.map((b) => b.id));
      acked = new Set((await readFile(join(this.opts.dir, `acks-${n}.log`), 'utf8')).split('\n').filter((id) => ids.has(id)));
    } catch {
      /* no acknowledgement yet */
    }
    // Sealed by an earlier run: dated by the last write of its records (or of the batches file, in
    // the earlier form), else the start. Only for the age warnings.
    const mtime = async (f: string) => (await stat(join(this.opts.dir, f))).mtimeMs;
    const sealedAt = await mtime(hasSegment ? `seg-${n}.log` : `batches-${n}.jsonl`).catch(() => this.startTime);
    await this.register(n, batches, acked, sealedAt);
  }

  private async register(n: number, batches: Array<{ id: string; count: number }>, acked: Set<string>, sealedAt: number): Promise<void> {
    const seg: SealedSegment = { total: batches.length, acked };
    this.sealed.set(n, seg);
    for (const b of batches) {
      if (acked.has(b.id)) continue;
      this.pending.push({ segment: n, id: b.id, count: b.count, attempts: 0, notBefore: 0, inFlight: false, sealedAt, warned: 0 });
    }
    if (acked.size >= batches.length) await this.dropSegment(n);
  }

  /**
   * Deletes a segment all of whose batches are acknowledged. seg-n goes first: a kill after it leaves
   * a batches file without its records (or only acks-n), which a start recognises as acknowledged.
   * Deleted first, the batches file would leave seg-n, taken at the next start for a segment never
   * sealed: sealed again under new ids and sent, its shares counted twice. When seg-n cannot be
   * deleted, the rest stays too: the next start resends the last batch under its id (counted once).
   */
  private async dropSegment(n: number): Promise<void> {
    this.sealed.delete(n);
    try {
      await unlinkIfThere(join(this.opts.dir, `seg-${n}.log`));
      await unlinkIfThere(join(this.opts.dir, `batches-${n}.jsonl`));
      await unlinkIfThere(join(this.opts.dir, `acks-${n}.log`));
    } catch (err) {
      this.opts.log.error('outbox segment acknowledged but not deleted', { segment: n, err: String(err) });
    }
  }

  private pump(force = false): void {
    if (this.stopped && !force) return;
    const now = this.now();
    for (const b of this.pending) {
      if (this.inFlight >= this.opts.maxInFlight) break;
      if (b.inFlight || b.notBefore > now) {
        if (this.opts.ordered) break;
        continue;
      }
      b.inFlight = true;
      this.inFlight += 1;
      void this.deliver(b)
        .catch((err) => {
          // Its acknowledgement or its dead/ copy not written: the batch stays pending and goes
          // again after its back-off, under its id (the pool counts it once).
          this.opts.log.error('outbox batch sent but not acknowledged on disk: sent again later', { id: b.id, err: String(err) });
          this.backOff(b);
        })
        .finally(() => {
          b.inFlight = false;
          this.inFlight -= 1;
          this.pump(this.stopped);
        });
    }
  }

  private async deliver(b: PendingBatch): Promise<void> {
    let outcome: SendOutcome;
    let body: string;
    try {
      body = this.bodies.get(b.id) ?? (await this.readBody(b));
    } catch (err) {
      if (err instanceof BatchDataLost) {
        // Its records are not on disk (a damaged disk or file): no retry brings them back, and
        // waiting would hold every later block event of an ordered queue and its segment for ever.
        // Given up, with a note in dead/ for the operator: the error, then the records that are left.
        await appendFile(join(this.opts.dir, 'dead', `${b.id}.lost`), [err.message, ...err.records].join('\n') + '\n');
        this.opts.log.error('outbox batch lost: its data on disk is incomplete; given up, noted in dead/', { id: b.id, err: err.message });
        await this.inBackground(() => this.acknowledge(b));
        return;
      }
      this.opts.log.error('outbox batch unreadable', { id: b.id, err: String(err) });
      this.backOff(b); // not at once again: pump would spin on it
      return;
    }
    try {
      outcome = await this.opts.transport.send({ id: b.id, body });
    } catch (err) {
      this.opts.log.warn('outbox send failed', { id: b.id, err: String(err) });
      outcome = 'retry';
    }
    if (outcome === 'retry') {
      this.backOff(b);
      return;
    }
    if (outcome === 'reject') {
      await appendFile(join(this.opts.dir, 'dead', `${b.id}.json`), body);
      this.opts.log.error('outbox batch refused by the receiver as malformed; kept in dead/', { id: b.id });
    }
    await this.inBackground(() => this.acknowledge(b));
  }

  /**
   * Records a batch as acknowledged: on disk first, then in memory, so that when the write fails
   * (the error goes to the caller) the batch is still pending and is sent again.
   */
  private async acknowledge(b: PendingBatch, alsoGoing = 0): Promise<void> {
    const seg = this.sealed.get(b.segment);
    if (seg && !seg.acked.has(b.id)) {
      // `alsoGoing`: more batches of the segment given up right after this one (expire()); with them
      // the segment is done, and is deleted without an acknowledgement written (a full disk).
      if (seg.acked.size + 1 + alsoGoing >= seg.total) await this.dropSegment(b.segment);
      else {
        const fh = await open(join(this.opts.dir, `acks-${b.segment}.log`), 'a');
        try {
          await fh.write(`${b.id}\n`);
          await fh.datasync();
        } finally {
          await fh.close();
        }
      }
      seg.acked.add(b.id);
    }
    const idx = this.pending.indexOf(b);
    if (idx >= 0) this.pending.splice(idx, 1);
    const body = this.bodies.get(b.id);
    if (body !== undefined) {
      this.bodies.delete(b.id);
      this.bodiesSize -= body.length;
    }
    this.reportDepth();
  }

  /**
   * Logs, once each, the batches waiting past WARN_AGE_MS and past TOO_OLD_MS, and gives up those
   * past expireAfterMs (every tick).
   */
  private checkAges(): void {
    const now = this.now();
    const { expireAfterMs } = this.opts;
    const expired: PendingBatch[] = [];
    for (const b of this.pending) {
      const age = now - b.sealedAt;
      if (expireAfterMs !== undefined && age > expireAfterMs && !b.inFlight) {
        b.inFlight = true; // not sent meanwhile; acknowledge() takes it off the list
        expired.push(b);
        continue;
      }
      if (b.warned === 2) continue;
      const fields = { id: b.id, records: b.count, minutes: Math.floor(age / 60_000), dir: this.opts.dir };
      if (age > TOO_OLD_MS) {
        b.warned = 2;
        this.opts.log.error('outbox batch undelivered for over an hour: the pool will refuse its records as too old', fields);
      } else if (age > WARN_AGE_MS && b.warned === 0) {
        b.warned = 1;
        this.opts.log.warn('outbox batch undelivered for over 45 minutes: the pool refuses records over an hour old', fields);
      }
    }
    if (expired.length) void this.expire(expired, now);
  }

  /**
   * Gives up batches past expireAfterMs: a line each in dead/expired.log (best effort: on a full disk
   * the note fails, and the batches go all the same, which is what frees the disk), one log line for
   * all of them, then each acknowledged (its segment deleted with its last batch).
   */
  private async expire(batches: PendingBatch[], now: number): Promise<void> {
    const lines = batches.map((b) => `${new Date(now).toISOString()} ${b.id} ${b.count} records, sealed ${new Date(b.sealedAt).toISOString()}: given up\n`);
    await appendFile(join(this.opts.dir, 'dead', 'expired.log'), lines.join('')).catch((err) =>
      this.opts.log.error('outbox: the note of batches given up not written', { dir: this.opts.dir, err: String(err) }),
    );
    const records = batches.reduce((n, b) => n + b.count, 0);
    this.opts.log.error('outbox batches given up: undelivered past the time the pool takes their records; noted in dead/expired.log', { batches: batches.length, records, dir: this.opts.dir });
    for (const [i, b] of batches.entries()) {
      const alsoGoing = batches.slice(i + 1).filter((x) => x.segment === b.segment).length;
      await this.inBackground(() => this.acknowledge(b, alsoGoing))
        // Its acknowledgement not written: given up again at the next tick.
        .catch((err) => this.opts.log.error('outbox batch could not be given up: tried again', { id: b.id, err: String(err) }))
        .finally(() => (b.inFlight = false));
    }
  }

  /** The batch goes again after a back-off growing with its attempts. */
  private backOff(b: PendingBatch): void {
    b.attempts += 1;
    const min = this.opts.minBackoffMs ?? 1000;
    const max = this.opts.maxBackoffMs ?? 30_000;
    b.notBefore = this.now() + Math.min(max, min * 2 ** Math.min(b.attempts - 1, 16));
  }

  /** A batch's body when it is not in memory (after a restart, or past MAX_BODIES_IN_MEMORY). */
  private async readBody(b: PendingBatch): Promise<string> {
    const text = await readFile(join(this.opts.dir, `batches-${b.segment}.jsonl`), 'utf8');
    const batch = parseLines<SealedBatch>(text).find((x) => x.id === b.id);
    if (!batch) throw new BatchDataLost(`batch ${b.id} not found in segment ${b.segment}`);
    if (batch.body !== undefined) return JSON.stringify(batch.body);
    const first = batch.first ?? 0;
    const records = recordTexts(await readFile(join(this.opts.dir, `seg-${b.segment}.log`), 'utf8')).slice(first, first + batch.count);
    if (records.length !== batch.count) throw new BatchDataLost(`segment ${b.segment} holds ${records.length} of batch ${b.id}'s ${batch.count} records`, records);
    return this.opts.body(b.id, `[${records.join(',')}]`);
  }

  private reportDepth(): void {
    this.opts.onDepth?.(this.depth());
  }
}

/** A sealed batch whose records are not all on disk: reading it again will not help. */
class BatchDataLost extends Error {
  constructor(
    message: string,
    /** The batch's records that are left. */
    readonly records: readonly string[] = [],
  ) {
    super(message);
  }
}

/** Deletes a file; one already gone is no error. */
async function unlinkIfThere(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/** Writes all of `bytes` (a short write, as when the disk fills, is continued; its error throws). */
function writeAllSync(fd: number, bytes: Buffer): void {
  for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done);
}

/**
 * A segment file's complete records as the JSON texts sealed into batches: the same texts whether
 * the segment is sealed at a start (after a crash) or a batch's body is rebuilt from it later.
 */
function recordTexts(segment: string): string[] {
  return parseLines<unknown>(segment).map((record) => JSON.stringify(record));
}

/** Complete JSON lines; a torn or garbled line (a crash mid-write) is skipped. */
function parseLines<T>(text: string): T[] {
  const out: T[] = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    try {
      out.push(JSON.parse(line) as T);
    } catch {
      /* torn write: this record was never acknowledged to anyone */
    }
  }
  return out;
}

/** Puts a directory's entries (a new or renamed file's name) on disk; a filesystem that refuses it is let be. */
export async function fsyncDir(dir: string): Promise<void> {
  const fh = await open(dir, 'r');
  try {
    await fh.sync();
  } catch {
    /* some filesystems refuse fsync on a directory */
  } finally {
    await fh.close();
  }
  await mkdir(dir, { recursive: true });
}
