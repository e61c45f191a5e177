// Share ingestion with group commit. Batches from stratum nodes (HTTP or NATS) are read and
// checked (large bodies in decoder threads), added up into the next flush as they arrive, and
// written together in one transaction with their batch ids every FLUSH_INTERVAL_MS (at once
// when a flush is waiting to follow the one writing, when many shares are waiting, or when as
// many batches are waiting as the last flush wrote). A caller
// hears back, and a NATS message is acknowledged, only after that commit: delivery is at least
// once, and the batch id makes a re-sent batch change nothing, even after a crash between the
// commit and the answer.
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../platform/clock';
import { metrics } from '../../platform/metrics';
import type { AccountDirectory } from '../accounts';
import * as repo from './mining.repository';
import * as windows from './worker-windows.repository';
import { ShareAggregate } from './share-aggregate';
import { decodeShares, type BatchIssue, type DecodedBatch } from './share-batch';
import type { ShareEncoding } from './share-compact';
import { ShareDecoder } from './share-decoder';
import type { RefusalReason } from './share-validation';

export const FLUSH_INTERVAL_MS = 250;
/** Shares waiting before a flush starts without waiting for the interval. */
const FLUSH_AT_SHARES = 200_000;

export interface BatchResult {
  batch_id: string;
  applied: boolean;
  accepted: number;
  refused: number;
  refused_reasons: Record<string, number>;
}

interface Pending {
  batchId: string;
  batch: DecodedBatch;
  /** Per owner of the batch: the id it is stored under, none for an unknown sub-account. */
  ownerIds: Array<string | undefined>;
  accepted: number;
  refusals: Map<RefusalReason, number>;
  resolve: (r: BatchResult) => void;
  reject: (e: unknown) => void;
}

/**
 * The batches of the next flush, added up as they arrive (the adding then overlaps the previous
 * flush's time in the database). `firstOf` holds the first batch of each id: a second one in the
 * same flush is a re-send and is not added.
 */
class NextFlush {
  readonly batches: Pending[] = [];
  readonly firstOf = new Map<string, Pending>();
  readonly agg = new ShareAggregate();
  readonly refusals = new Map<string, number>();
  shares = 0;

  add(p: Pending): void {
    this.batches.push(p);
    this.shares += p.batch.count;
    if (this.firstOf.has(p.batchId)) return;
    this.firstOf.set(p.batchId, p);
    this.agg.addBatch(p.batch, p.ownerIds);
    for (const [r, n] of p.refusals) this.refusals.set(r, (this.refusals.get(r) ?? 0) + n);
  }

  /**
   * The same sums without the batches the database knew already (re-sent after an earlier flush
   * or sent to another instance too): added up again from the kept columns. Rare, and exact.
   */
  without(claimed: Set<string>): { agg: ShareAggregate; refusals: Map<string, number> } {
    if (claimed.size === this.firstOf.size) return this;
    const again = new NextFlush();
    for (const p of this.firstOf.values()) if (claimed.has(p.batchId)) again.add(p);
    return again;
  }
}

export class IngestService {
  private next = new NextFlush();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  /** A flush is chained and has not taken the queue yet. */
  private flushWaiting = false;
  /**
   * Batches the last flush wrote. A stratum node keeps a few batches in flight and sends the next
   * when one is answered, so once as many are waiting again, the senders answered by that flush
   * are back: waiting out the interval then only leaves the database idle (bench:ingest: a flush
   * took 150-220 ms and the wait for the timer another 250).
   */
  private lastFlushBatches = Number.POSITIVE_INFINITY;
  private readonly accountIds = new Map<string, string>();
  private readonly workerIds = new repo.WorkerIdCache();
  private closed = false;
  private readonly decoder: ShareDecoder;
  private readonly flushIntervalMs: number;
  private readonly deadAfterMs: number;
  private readonly accounts: AccountDirectory;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    options: { flushIntervalMs?: number; decoderThreads?: number; deadAfterMs: number; accounts: AccountDirectory },
  ) {
    this.accounts = options.accounts;
    this.flushIntervalMs = options.flushIntervalMs ?? FLUSH_INTERVAL_MS;
    this.deadAfterMs = options.deadAfterMs; // WORKER_DEAD_AFTER_HOURS: the statuses in the list's orders
    this.decoder = new ShareDecoder(options.decoderThreads);
  }

  /** Distinct batches waiting for the next flush. */
  get waitingBatches(): number {
    return this.next.firstOf.size;
  }

  /** Sub-account names (as sent) to ids; remembers them, as names never change owner. */
  private async accountIdsOf(names: Set<string>): Promise<Map<string, string | undefined>> {
    const missing = [...new Set([...names].map((n) => n.toLowerCase()))].filter((n) => !this.accountIds.has(n));
    if (missing.length > 0) for (const [name, id] of await this.accounts.idsByNames(missing)) this.accountIds.set(name, id);
    return new Map([...names].map((n) => [n, this.accountIds.get(n.toLowerCase())]));
  }

  /** Checks a batch of share events and waits until it is committed (or found to be a re-send). */
  submit(batchId: string, shares: readonly unknown[]): Promise<BatchResult> {
    return this.submitDecoded(decodeShares(batchId, shares, this.clock.now().getTime()));
  }

  /**
   * The same for a body as it came (an HTTP request's or a NATS message's bytes), JSON or compact
   * (share-compact.ts), read in a decoder thread. A body that is not a batch is refused whole with
   * `validation_failed`.
   */
  async submitBody(bytes: Uint8Array, encoding: ShareEncoding = 'json'): Promise<BatchResult> {
    if (this.closed) throw new Error('ingest is shutting down');
    const decoded = await this.decoder.decode(bytes, this.clock.now().getTime(), encoding);
    if (!decoded.ok) throw new InvalidBatchError('issues' in decoded ? decoded.issues : [{ code: 'invalid_json', path: [], message: 'not JSON', params: {} }]);
    return this.submitDecoded(decoded.batch);
  }

  private async submitDecoded(batch: DecodedBatch): Promise<BatchResult> {
    if (this.closed) throw new Error('ingest is shutting down');
    const refusals = new Map(Object.entries(batch.refusals) as Array<[RefusalReason, number]>);
    const names = new Set<string>();
    batch.owners.forEach((owner, i) => batch.ownerKinds[i] === 0 && names.add(owner));
    const accountIds = await this.accountIdsOf(names);
    // Account names become the accounts' ids; an address is its own id.
    const ownerIds = batch.owners.map((owner, i) => (batch.ownerKinds[i] === 0 ? accountIds.get(owner) : owner));
    let accepted = batch.count;
    if (ownerIds.includes(undefined)) {
      let unknown = 0;
      for (let i = 0; i < batch.count; i++) if (ownerIds[batch.workerOwners[batch.shareWorker[i]!]!] === undefined) unknown++;
      refusals.set('unknown_account', (refusals.get('unknown_account') ?? 0) + unknown);
      accepted -= unknown;
    }
    return new Promise<BatchResult>((resolve, reject) => {
      this.next.add({ batchId: batch.batchId, batch, ownerIds, accepted, refusals, resolve, reject });
      if (this.next.shares >= FLUSH_AT_SHARES || this.next.firstOf.size >= this.lastFlushBatches) void this.flushNow();
      else this.timer ??= setTimeout(() => void this.flushNow(), this.flushIntervalMs);
    });
  }

  /**
   * Writes everything queued so far; resolves when it is committed. Flushes run one after another,
   * so two never race on the same rows, and a flush takes the queue when it starts, not when it is
   * asked for: what arrives while one is writing goes into the next one whole. (A flush costs about
   * the same for one batch as for twenty, since its cost follows the workers it touches.)
   */
  flushNow(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.flushWaiting) {
      this.flushWaiting = true;
      this.flushing = this.flushing.then(() => {
        this.flushWaiting = false;
        const flush = this.next;
        this.next = new NextFlush();
        if (flush.firstOf.size > 0) this.lastFlushBatches = flush.firstOf.size;
        return this.write(flush).then(() => {
          // What came in during this flush has waited long enough: write it next, at once, so the
          // database is never idle while batches wait (under load, flushes run back to back and
          // each takes everything that arrived during the one before).
          if (this.next.batches.length > 0 && !this.closed) void this.flushNow();
        });
      });
    }
    return this.flushing;
  }

  private async write(flush: NextFlush): Promise<void> {
    if (flush.batches.length === 0) return;
    const now = this.clock.now();
    const started = performance.now();
    try {
      const { claimed: fresh, workerIds } = await inTransaction(this.db, async (tx) => {
        const claimed = await repo.claimBatches(tx, [...flush.firstOf.keys()], now);
        const { agg, refusals } = flush.without(claimed);
        const marks = await windows.flushMarks(tx, now);
        this.workerIds.checkGeneration(marks.generation);
        const workerIds = await repo.upsertWorkers(tx, agg, this.workerIds);
        await repo.addBuckets(tx, agg, workerIds, marks.barrier);
        await repo.countRefusals(tx, Math.floor(now.getTime() / 60_000) * 60_000, refusals);
        return { claimed, workerIds };
      });
      // Committed: the workers' ids exist now, and later flushes need not look them up.
      for (const [key, id] of workerIds) this.workerIds.set(key, id);
      metrics.ingestFlush.observe((performance.now() - started) / 1000);
      for (const p of flush.batches) {
        const applied = fresh.has(p.batchId) && flush.firstOf.get(p.batchId) === p;
        metrics.ingestBatches.inc({ applied: String(applied) });
        if (applied) {
          metrics.shares.inc({ result: 'accepted', reason: '' }, p.accepted);
          for (const [reason, n] of p.refusals) metrics.shares.inc({ result: 'refused', reason }, n);
        }
        p.resolve({
          batch_id: p.batchId,
          applied,
          accepted: p.accepted,
          refused: [...p.refusals.values()].reduce((a, b) => a + b, 0),
          refused_reasons: Object.fromEntries(p.refusals),
        });
      }
    } catch (error) {
      for (const p of flush.batches) p.reject(error);
    }
  }

  /** Moves every worker's windows to the current minute, then writes the workers' points that have ended. */
  async refreshWindows(steps?: windows.PassSteps): Promise<number> {
    const written = await windows.refreshWindows(this.db, this.clock.now(), { deadAfterMs: this.deadAfterMs, ...(steps ? { steps } : {}) });
    const t0 = performance.now();
    await windows.closePoints(this.db, this.clock.now());
    steps?.set('closed points', performance.now() - t0);
    return written;
  }

  /** Stops taking batches and writes what is queued. */
  async close(): Promise<void> {
    this.closed = true;
    await this.decoder.close();
    await this.flushNow();
  }
}

/**
 * A body that is not a share batch, with the zod issues that say why: answered like any request
 * body that fails its schema (400 `validation_failed`, by field), and a NATS message holding it is
 * terminated rather than redelivered.
 */
export class InvalidBatchError extends Error {
  readonly validationContext = 'body';
  readonly validation: Array<{ instancePath: string; keyword: string; message: string; params: Record<string, unknown> }>;

  constructor(issues: BatchIssue[]) {
    super('the body is not a share batch');
    this.validation = issues.map((i) => ({ instancePath: `/${i.path.join('/')}`, keyword: i.code, message: i.message, params: i.params }));
  }
}
