// Share ingestion with group commit. Batches from stratum nodes (HTTP, or NATS later) are checked,
// queued, and written together in one transaction with their batch ids every FLUSH_INTERVAL_MS
// (or sooner when many are waiting). A caller hears back, and a NATS message is acknowledged,
// only after that commit: delivery is at least once, and the batch id makes a re-sent batch
// change nothing, even after a crash between the commit and the answer.
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../platform/clock';
import * as repo from './mining.repository';
import { ShareAggregate, type ResolvedShare } from './share-aggregate';
import { checkShare, type CheckedShare, type RefusalReason } from './share-validation';

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
  shares: ResolvedShare[];
  refusals: Map<RefusalReason, number>;
  resolve: (r: BatchResult) => void;
  reject: (e: unknown) => void;
}

export class IngestService {
  private queue: Pending[] = [];
  private queuedShares = 0;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  /** A flush is chained and has not taken the queue yet. */
  private flushWaiting = false;
  private readonly accountIds = new Map<string, string>();
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly flushIntervalMs = FLUSH_INTERVAL_MS,
  ) {}

  /** Sub-account names (as sent) to ids; remembers them, as names never change owner. */
  private async accountIdsOf(names: Set<string>): Promise<Map<string, string | undefined>> {
    const missing = [...new Set([...names].map((n) => n.toLowerCase()))].filter((n) => !this.accountIds.has(n));
    if (missing.length > 0) for (const [name, id] of await repo.resolveAccountIds(this.db, missing)) this.accountIds.set(name, id);
    return new Map([...names].map((n) => [n, this.accountIds.get(n.toLowerCase())]));
  }

  /** Checks a batch and waits until it is committed (or found to be a re-send). */
  async submit(batchId: string, rawShares: unknown[]): Promise<BatchResult> {
    if (this.closed) throw new Error('ingest is shutting down');
    const now = this.clock.now().getTime();
    const refusals = new Map<RefusalReason, number>();
    const refuse = (r: RefusalReason) => refusals.set(r, (refusals.get(r) ?? 0) + 1);
    const checked: CheckedShare[] = [];
    for (const raw of rawShares) {
      const c = checkShare(raw, now);
      if (typeof c === 'string') refuse(c);
      else checked.push(c);
    }
    const names = new Set<string>();
    for (const c of checked) if (c.ownerKind === 'account') names.add(c.owner);
    const accountIds = await this.accountIdsOf(names);
    // Account names become the accounts' ids in place (see CheckedShare).
    const shares: ResolvedShare[] = [];
    for (const c of checked) {
      if (c.ownerKind === 'account') {
        const id = accountIds.get(c.owner);
        if (!id) {
          refuse('unknown_account');
          continue;
        }
        c.owner = id;
      }
      shares.push(c);
    }
    return new Promise<BatchResult>((resolve, reject) => {
      this.queue.push({ batchId, shares, refusals, resolve, reject });
      this.queuedShares += shares.length;
      if (this.queuedShares >= FLUSH_AT_SHARES) void this.flushNow();
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
        const batch = this.queue;
        this.queue = [];
        this.queuedShares = 0;
        return this.write(batch).then(() => {
          // What came in during this flush has waited long enough: write it next, at once, so the
          // database is never idle while batches wait (under load, flushes run back to back and
          // each takes everything that arrived during the one before).
          if (this.queue.length > 0 && !this.closed) void this.flushNow();
        });
      });
    }
    return this.flushing;
  }

  private async write(batch: Pending[]): Promise<void> {
    if (batch.length === 0) return;
    // The same id twice in one flush: the first counts, the rest are re-sends.
    const firstOf = new Map<string, Pending>();
    for (const p of batch) if (!firstOf.has(p.batchId)) firstOf.set(p.batchId, p);
    const now = this.clock.now();
    try {
      const fresh = await inTransaction(this.db, async (tx) => {
        const claimed = await repo.claimBatches(tx, [...firstOf.keys()], now);
        const agg = new ShareAggregate();
        const refusals = new Map<string, number>();
        for (const [id, p] of firstOf) {
          if (!claimed.has(id)) continue;
          for (const s of p.shares) agg.add(s);
          for (const [r, n] of p.refusals) refusals.set(r, (refusals.get(r) ?? 0) + n);
        }
        const workerIds = await repo.upsertWorkers(tx, agg);
        await repo.addBuckets(tx, agg, workerIds);
        await repo.countRefusals(tx, Math.floor(now.getTime() / 60_000) * 60_000, refusals);
        return claimed;
      });
      for (const p of batch) {
        const applied = fresh.has(p.batchId) && firstOf.get(p.batchId) === p;
        p.resolve({
          batch_id: p.batchId,
          applied,
          accepted: p.shares.length,
          refused: [...p.refusals.values()].reduce((a, b) => a + b, 0),
          refused_reasons: Object.fromEntries(p.refusals),
        });
      }
    } catch (error) {
      for (const p of batch) p.reject(error);
    }
  }

  refreshWindows(): Promise<number> {
    return repo.refreshWindows(this.db, this.clock.now());
  }

  /** Stops taking batches and writes what is queued. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flushNow();
  }
}
