// Delivers a share batch as one JetStream message (docs/stratum-integration.md §3): the subject is
// `<stream in lower case>.<instance>`, the message the HTTP body, published with an acknowledgement
// from the stream. The batch id is also the JetStream message id, so the stream itself drops a
// repeat inside its duplicate window; the pool's batch ids make any later repeat count once.
// The message's Content-Type header names its encoding (share-encoding.ts), as over HTTP.
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

export async function natsTransport(opts: { url: string; stream: string; instanceId: string; log: Logger; shareEncoding: ShareEncoding }): Promise<NatsTransport> {
  const subject = `${opts.stream.toLowerCase()}.${opts.instanceId}`;
  const nc: NatsConnection = await connect({
    servers: opts.url.split(',').map((s) => s.trim()),
    name: `hashpool-stratum-${opts.instanceId}`,
    reconnect: true,
    maxReconnectAttempts: -1,
    waitOnFirstConnect: true,
  });
  const js: JetStreamClient = nc.jetstream();
  const encoder = new TextEncoder();
  // The compact form is smaller than the JSON the bound is measured on, so either fits.
  const maxPayload = nc.info?.max_payload ?? 1024 * 1024;
  return {
    maxRecordBytes: maxPayload - ENVELOPE_BYTES,
    async send({ id, body }): Promise<SendOutcome> {
      const wire = await wireBody(body, opts.shareEncoding, opts.log);
      const h = headers();
      h.set('Content-Type', wire.contentType);
      const data = typeof wire.data === 'string' ? encoder.encode(wire.data) : wire.data;
      try {
        await js.publish(subject, data, { msgID: id, timeout: 10_000, headers: h });
        return 'ok';
      } catch (err) {
        // Sealed before the server's limit was lowered: it waits until max_payload is raised again.
        if (String(err).includes('MAX_PAYLOAD_EXCEEDED')) opts.log.error('share batch larger than the NATS server\'s max_payload: it waits in the outbox until max_payload is raised', { subject, id, bytes: data.byteLength, maxPayload: nc.info?.max_payload });
        else opts.log.warn('JetStream publish failed; the batch waits in the outbox', { subject, id, err: String(err) });
        return 'retry';
      }
    },
    async close() {
      await nc.drain().catch(() => nc.close());
    },
  };
}
