// Delivers a share batch as one JetStream message (docs/stratum-integration.md §3): the subject is
// `<stream in lower case>.<instance>`, the message the HTTP body, published with an acknowledgement
// from the stream. The batch id is also the JetStream message id, so the stream itself drops a
// repeat inside its duplicate window; the pool's batch ids make any later repeat count once.
// The message's Content-Type header names its encoding (share-encoding.ts), as over HTTP. The ingest
// key is not sent (anyone reading the stream would learn it): the header INGEST_SIGNATURE_HEADER
// holds an HMAC-SHA256 of the message's bytes under it, and the pool terminates an unsigned message.
import { createHmac } from 'node:crypto';
import { INGEST_SIGNATURE_HEADER, natsServers } from '@hashpool/shared';
import { connect, headers, type NatsConnection, type JetStreamClient } from 'nats';
import type { Logger } from '../coin/types.js';
import type { BatchTransport, SendOutcome } from './durable-queue.js';
import { wireBody, type ShareEncoding } from './share-encoding.js';

export interface NatsTransport extends BatchTransport {
  /**
   * The server's `max_payload` (1 MB by default) less room for the body around the records and the
   * headers: the outbox seals batches under it, as a bigger one would be refused by the client on
   * every attempt and wait in the outbox for ever.
   */
  readonly maxRecordBytes: number;
  close(): Promise<void>;
}

/** Room in a message for the body around the records (`{"batch_id":…,"shares":[…]}`) and the headers. */
const ENVELOPE_BYTES = 4096;

/** Without a connection yet: NATS's default `max_payload`. */
const DEFAULT_MAX_PAYLOAD = 1024 * 1024;

/**
 * Connects in the background: the process starts (recovers its outbox, opens its ports) while NATS
 * is unreachable, and `send` answers 'retry' until the first connection, so the batches wait in the
 * outbox on disk and go out with its back-off once NATS answers. The client library's own wait for
 * a first connection (waitOnFirstConnect) would hold start-up and cannot be cancelled, hence the
 * loop here; after the first connection the client reconnects by itself for ever.
 */
export function natsTransport(opts: { url: string; stream: string; instanceId: string; ingestKey: string; log: Logger; shareEncoding: ShareEncoding; retryMs?: number }): NatsTransport {
  const subject = `${opts.stream.toLowerCase()}.${opts.instanceId}`;
  // Credentials in the URL are passed as options (the client would drop them); `servers` is logged without them.
  const auth = natsServers(opts.url);
  const { servers } = auth;
  const retryMs = opts.retryMs ?? 2000;
  let nc: NatsConnection | undefined;
  let js: JetStreamClient | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let failedSince: number | undefined;
  let lastWarning = 0;
  const attempt = async () => {
    try {
      const c = await connect({ ...auth, name: `hashpool-stratum-${opts.instanceId}`, reconnect: true, maxReconnectAttempts: -1 });
      if (closed) return void (await c.close().catch(() => undefined));
      nc = c;
      js = c.jetstream();
      if (failedSince !== undefined) opts.log.info('NATS connected: the outbox sends the share batches that waited', { servers, downSeconds: Math.round((Date.now() - failedSince) / 1000) });
    } catch (err) {
      if (closed) return;
      const now = Date.now();
      failedSince ??= now;
      // Once a minute is enough to be seen; the outbox depth metric shows the backlog meanwhile.
      if (now - lastWarning >= 60_000) {
        lastWarning = now;
        opts.log.warn('NATS unreachable: share batches wait in the outbox; connecting again', { servers, err: String(err) });
      }
      retryTimer = setTimeout(() => void attempt(), retryMs);
      retryTimer.unref();
    }
  };
  void attempt();
  const encoder = new TextEncoder();
  return {
    // The compact form is smaller than the JSON the bound is measured on, so either fits. Before the
    // first connection it is NATS's default: a server with a lower max_payload refuses what was
    // sealed meanwhile (logged below) until its limit is raised.
    get maxRecordBytes() {
      return (nc?.info?.max_payload ?? DEFAULT_MAX_PAYLOAD) - ENVELOPE_BYTES;
    },
    async send({ id, body }): Promise<SendOutcome> {
      const stream = js;
      if (!stream) return 'retry';
      const wire = await wireBody(body, opts.shareEncoding, opts.log);
      const h = headers();
      h.set('Content-Type', wire.contentType);
      const data = typeof wire.data === 'string' ? encoder.encode(wire.data) : wire.data;
      h.set(INGEST_SIGNATURE_HEADER, createHmac('sha256', opts.ingestKey).update(data).digest('hex'));
      try {
        await stream.publish(subject, data, { msgID: id, timeout: 10_000, headers: h });
        return 'ok';
      } catch (err) {
        // Sealed before the server's limit was lowered: it waits until max_payload is raised again.
        if (String(err).includes('MAX_PAYLOAD_EXCEEDED')) opts.log.error('share batch larger than the NATS server\'s max_payload: it waits in the outbox until max_payload is raised', { subject, id, bytes: data.byteLength, maxPayload: nc?.info?.max_payload });
        else opts.log.warn('JetStream publish failed; the batch waits in the outbox', { subject, id, err: String(err) });
        return 'retry';
      }
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const c = nc;
      if (c) await c.drain().catch(() => c.close());
    },
  };
}
