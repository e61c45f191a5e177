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
  close(): Promise<void>;
}

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
  return {
    async send({ id, body }): Promise<SendOutcome> {
      const wire = await wireBody(body, opts.shareEncoding, opts.log);
      const h = headers();
      h.set('Content-Type', wire.contentType);
      try {
        await js.publish(subject, typeof wire.data === 'string' ? encoder.encode(wire.data) : wire.data, { msgID: id, timeout: 10_000, headers: h });
        return 'ok';
      } catch (err) {
        opts.log.warn('JetStream publish failed; the batch waits in the outbox', { subject, id, err: String(err) });
        return 'retry';
      }
    },
    async close() {
      await nc.drain().catch(() => nc.close());
    },
  };
}
