// The two outboxes of a stratum process: answered shares (to POST /api/internal/shares or JetStream)
// and block events (to POST /api/internal/blocks), each a DurableQueue in its own directory.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { hashesInFlight } from '../coin/offloaded-scrypt.js';
import type { BlockEventSink, Logger, PoolBlockEvent } from '../coin/types.js';
import { DurableQueue, type BatchTransport } from './durable-queue.js';

/**
 * While Scrypt hashes are in flight, the share outbox's next record write waits up to this long
 * from the last one's start, for more records to join it. When each hash ended on its own (libuv's
 * thread pool, before the hash threads of offloaded-scrypt.ts), nearly every Scrypt share was a
 * write of its own (about 1,000 O_DSYNC writes a second per process with 1.9 records each; 141 µs on
 * the event loop and 60 µs of CPU each on the development machine's disk). bench:stratum's Scrypt
 * figure, alternating: no hold 3,517-3,921/s, 5 ms 4,527-4,963/s, 10 ms 5,272-5,419/s (1 December).
 * The hash threads now answer a turn's headers together, and in the bench (eight shares in flight
 * per connection) the hold no longer changes the figure (0 against 10 ms, alternating: 4,706-5,576
 * against 4,915-5,518/s); it is kept for sparse arrivals, where a batch is one or two shares and
 * each would again be a write of its own. Ten milliseconds is nothing beside a block's minutes. A
 * SHA-256d share is checked on the event loop: its turn already holds the shares that came with it,
 * and with no hash in flight its write is not held (its latency unchanged). A process that serves
 * both coins' ports waits up to this long for a SHA-256d answer while Scrypt hashes are in flight.
 */
const WRITE_HOLD_WHILE_HASHING_MS = 10;

/** One share as the pool's ingest contract takes it (docs/stratum-integration.md §2.2). */
export interface PoolShare {
  coin: string;
  account: string;
  worker: string;
  /** In the pool's unit: stratum difficulty × coin.poolUnitPerStratumDifficulty. */
  difficulty: number;
  result: 'accepted' | 'rejected' | 'stale';
  reason?: string;
  ip?: string;
  /** When the share was checked, Unix ms. */
  time: number;
}

export const MAX_SHARES_PER_BATCH = 50_000;
/**
 * A share batch still undelivered 75 minutes after its seal is given up: the pool refuses shares
 * over an hour old (docs/stratum-integration.md §2.2; a batch is sealed within a second of its
 * records), and 15 minutes more leave room for the clocks' difference.
 */
export const SHARE_BATCH_EXPIRY_MS = 75 * 60_000;
export const MAX_EVENTS_PER_BATCH = 1_000;

export function shareOutbox(opts: {
  dataDir: string;
  instanceId: string;
  transport: BatchTransport;
  log: Logger;
  intervalMs?: number;
  maxInFlight?: number;
  onDepth?: (n: number) => void;
}): DurableQueue<PoolShare> {
  return new DurableQueue<PoolShare>({
    dir: join(opts.dataDir, 'outbox', 'shares'),
    idPrefix: opts.instanceId,
    maxBatch: MAX_SHARES_PER_BATCH,
    intervalMs: opts.intervalMs ?? 1000,
    maxInFlight: opts.maxInFlight ?? 8,
    body: (id, shares) => `{"batch_id":${JSON.stringify(id)},"shares":${shares}}`,
    transport: opts.transport,
    log: opts.log,
    ...(opts.onDepth ? { onDepth: opts.onDepth } : {}),
    holdWriteMs: () => (hashesInFlight() > 0 ? WRITE_HOLD_WHILE_HASHING_MS : 0),
    expireAfterMs: SHARE_BATCH_EXPIRY_MS,
  });
}

/**
 * Block events: idempotent on the pool's side, so they carry no batch id in the body. Delivered in
 * order (`ordered`): the pool ignores a block's `confirmations` or `orphaned` ahead of its `found`.
 */
export function blockOutbox(opts: {
  dataDir: string;
  instanceId: string;
  transport: BatchTransport;
  log: Logger;
  intervalMs?: number;
  /** The clock of back-offs and ages (tests). */
  now?: () => number;
}): DurableQueue<PoolBlockEvent> {
  return new DurableQueue<PoolBlockEvent>({
    dir: join(opts.dataDir, 'outbox', 'blocks'),
    idPrefix: `${opts.instanceId}-blk`,
    maxBatch: MAX_EVENTS_PER_BATCH,
    intervalMs: opts.intervalMs ?? 1000,
    maxInFlight: 1,
    ordered: true,
    body: (_id, events) => `{"events":${events}}`,
    transport: opts.transport,
    log: opts.log,
    ...(opts.now ? { now: opts.now } : {}),
  });
}

/** The BlockEventSink the coin side publishes to: every event is written durably, then sent. */
export function durableBlockSink(queue: DurableQueue<PoolBlockEvent>, log: Logger): BlockEventSink {
  return {
    publish(event) {
      queue.append(event).catch((err) => log.error('block event not written to the outbox', { event, err: String(err) }));
    },
  };
}

/**
 * The outboxes of processes the instance no longer runs (`dataDir/process-<i>` after `processes`
 * was lowered, as retiredProcessDirs names them): process 0 starts each under the removed process's
 * own instance id, so recovered batches go out with the ids they were first sent with (the pool
 * counts a batch it took already once), and stops it once it is empty. Without this, the shares a
 * removed process had answered but not delivered waited on disk for ever.
 */
export async function deliverRetiredOutboxes(opts: {
  dirs: string[];
  instanceId: string;
  shareTransport: BatchTransport;
  blockTransport: BatchTransport;
  log: Logger;
  /** How often emptiness is checked (and the queues send), default 1 s. */
  intervalMs?: number;
}): Promise<{ stop(): Promise<void>; draining(): number }> {
  const queues: Array<{ dir: string; shares: DurableQueue<PoolShare>; blocks: DurableQueue<PoolBlockEvent> }> = [];
  for (const dir of opts.dirs) {
    const index = /process-(\d+)$/.exec(dir)?.[1];
    if (index === undefined || !existsSync(join(dir, 'outbox'))) continue;
    const instanceId = `${opts.instanceId}-${index}`;
    const intervalMs = opts.intervalMs ?? 1000;
    const shares = shareOutbox({ dataDir: dir, instanceId, transport: opts.shareTransport, log: opts.log, intervalMs });
    const blocks = blockOutbox({ dataDir: dir, instanceId, transport: opts.blockTransport, log: opts.log, intervalMs });
    await shares.start();
    await blocks.start();
    queues.push({ dir, shares, blocks });
    if (shares.depth() + blocks.depth() > 0) opts.log.warn('delivering the outbox of a removed process', { dir, shares: shares.depth(), blockEvents: blocks.depth() });
  }
  const check = async () => {
    for (const q of [...queues]) {
      if (q.shares.depth() + q.blocks.depth() > 0) continue;
      queues.splice(queues.indexOf(q), 1);
      await q.shares.stop();
      await q.blocks.stop();
      opts.log.info('outbox of a removed process delivered', { dir: q.dir });
    }
    if (queues.length === 0) clearInterval(timer);
  };
  const timer = setInterval(() => void check().catch((err) => opts.log.error('retired outbox check failed', { err: String(err) })), opts.intervalMs ?? 1000);
  timer.unref();
  await check();
  return {
    draining: () => queues.length,
    async stop() {
      clearInterval(timer);
      for (const q of queues.splice(0)) {
        await q.shares.stop();
        await q.blocks.stop();
      }
    },
  };
}
