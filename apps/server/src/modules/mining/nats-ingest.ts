// The scale path for shares: stratum nodes publish batches ({ batch_id, shares }, the same body as
// POST /api/internal/shares) to JetStream subjects `shares.<node>`; this durable consumer hands
// them to the same ingest service and acknowledges a message only after its batch is committed.
// A message's `Content-Type` header names its encoding: SHARES_COMPACT_TYPE for the compact form,
// JSON when absent (or application/json); any other type is terminated, as HTTP answers it 415.
// Unacknowledged messages are redelivered (a crash loses nothing); the batch id makes a
// redelivery change nothing. Messages that can never be valid are terminated, not retried, and
// so is a message not signed under one of INGEST_KEYS (ingest-keys.ts): the stream is not a door
// for anyone who can publish to NATS.
import { AckPolicy, connect, DeliverPolicy, Match, RetentionPolicy, StorageType, type JsMsg, type NatsConnection, type StreamConfig } from 'nats';
import type { FastifyBaseLogger } from 'fastify';
import { INGEST_SIGNATURE_HEADER, natsServers, SHARES_COMPACT_TYPE } from '@hashpool/shared';
import { InvalidBatchError, type IngestService } from './ingest.service';
import type { ShareEncoding } from './share-compact';
import { ingestSignatureChecker } from './ingest-keys';

/** The encoding a message's Content-Type header names; null for a type ingestion does not read. */
export function messageEncoding(contentType: string | undefined): ShareEncoding | null {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === '' || type === 'application/json') return 'json';
  return type === SHARES_COMPACT_TYPE ? 'compact' : null;
}

/** A stream that never lets a message go: limits retention with no age, size or count limit. */
export function keepsEverything(config: Pick<StreamConfig, 'retention' | 'max_age' | 'max_bytes' | 'max_msgs'>): boolean {
  return config.retention === RetentionPolicy.Limits && !(config.max_age > 0) && !(config.max_bytes > 0) && !(config.max_msgs > 0);
}

/** What one pull may bring: well under the NATS server's 64 MB pending limit per connection. */
const PULL_BYTES = 32 * 1024 * 1024;

export interface NatsIngestOptions {
  url: string;
  stream: string;
  /** Durable consumer name: several server instances share it, each message goes to one. */
  durable: string;
  ingest: IngestService;
  /** INGEST_KEYS: a message must be signed under one of them. */
  ingestKeys: string | undefined;
  log: FastifyBaseLogger;
  /** Messages processed at once; they land in the same group commit. */
  concurrency?: number;
}

export interface NatsIngest {
  close(): Promise<void>;
  /** The connection is open (GET /api/ready). */
  connected(): boolean;
}

export async function startNatsIngest(options: NatsIngestOptions): Promise<NatsIngest> {
  // Credentials in NATS_URL are passed as options: the client would drop them from the URL.
  const nc: NatsConnection = await connect({ ...natsServers(options.url), name: 'hashpool-ingest' });
  const jsm = await nc.jetstreamManager();
  const subjects = [`${options.stream.toLowerCase()}.>`];
  try {
    const { config } = await jsm.streams.info(options.stream);
    if (keepsEverything(config)) {
      options.log.warn({ stream: options.stream }, 'the share stream keeps every batch for ever (limits retention without a limit): its disk use only grows; recreate it as a work queue or give it a max_age');
    }
  } catch {
    // A work queue on disk: a batch stays until it is acknowledged (after its commit), then goes.
    // With the server's default retention (limits, none set) every batch would stay for ever: at
    // 100,000 shares/s about 390 GB a day in the compact form (45 bytes a share in bench:ingest).
    await jsm.streams.add({ name: options.stream, subjects, retention: RetentionPolicy.Workqueue, storage: StorageType.File });
  }
  await jsm.consumers.add(options.stream, {
    durable_name: options.durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    ack_wait: 30_000_000_000, // 30 s in nanoseconds: far longer than a group commit
    max_ack_pending: 2_000,
  });
  const consumer = await nc.jetstream().consumers.get(options.stream, options.durable);
  // Pulls are bounded in bytes, not messages: a pull of many large batches past the server's
  // pending limit for a connection (64 MB) got the connection cut as a slow consumer and the
  // batches redelivered only after the ack wait (bench:ingest fell from 250k to 45k shares/s at
  // 128 in flight). How many are processed at once is `concurrency`, below.
  const messages = await consumer.consume({ max_bytes: PULL_BYTES });
  const inFlight = new Set<Promise<void>>();
  const signed = ingestSignatureChecker(options.ingestKeys);
  // Unsigned messages are logged once a minute with their count: a flood must not flood the log.
  let unsigned = 0;
  let unsignedLoggedAt = -Infinity;

  const handle = async (m: JsMsg) => {
    // Header names in any case: NATS keeps the case a publisher wrote, and clients differ.
    if (!signed(m.data, m.headers?.get(INGEST_SIGNATURE_HEADER, Match.IgnoreCase))) {
      unsigned += 1;
      if (Date.now() - unsignedLoggedAt >= 60_000) {
        options.log.error({ subject: m.subject, seq: m.seq, messages: unsigned }, 'share batch message not signed with one of INGEST_KEYS: terminated (a stratum node without the key, or a forgery)');
        unsignedLoggedAt = Date.now();
        unsigned = 0;
      }
      m.term();
      return;
    }
    const contentType = m.headers?.get('Content-Type', Match.IgnoreCase);
    const encoding = messageEncoding(contentType);
    if (!encoding) {
      options.log.warn({ subject: m.subject, seq: m.seq, contentType }, 'share batch message of an unknown Content-Type: terminated (is the pool older than the stratum node?)');
      m.term();
      return;
    }
    try {
      await options.ingest.submitBody(m.data, encoding);
      m.ack();
    } catch (error) {
      if (error instanceof InvalidBatchError) {
        const problem = error.validation[0];
        options.log.warn({ subject: m.subject, seq: m.seq, problem: problem && `${problem.instancePath}: ${problem.message}` }, 'share batch message is not a valid batch: terminated');
        m.term();
        return;
      }
      options.log.error({ err: error, seq: m.seq }, 'share batch from NATS failed; it will be redelivered');
      m.nak(1000);
    }
  };

  // Closing, the iterator still yields what the last pull brought: those are handed back at once
  // (nak without delay), so another instance takes them instead of waiting for the ack wait.
  let closing = false;
  const loop = (async () => {
    for await (const m of messages) {
      if (closing) {
        m.nak();
        continue;
      }
      const p = handle(m).finally(() => inFlight.delete(p));
      inFlight.add(p);
      if (inFlight.size >= (options.concurrency ?? 64)) await Promise.race(inFlight);
    }
  })();

  return {
    connected: () => !nc.isClosed() && !nc.isDraining(),
    /**
     * Shutdown: stop pulling, let the batches being handled reach their group commit and be
     * acknowledged, hand back the rest unacknowledged, then flush the acks (drain).
     */
    async close() {
      closing = true;
      messages.stop();
      await loop.catch(() => undefined);
      await Promise.all(inFlight);
      await nc.drain();
    },
  };
}
