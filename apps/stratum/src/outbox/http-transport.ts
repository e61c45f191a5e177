// Delivers a batch with one POST to the pool (docs/stratum-integration.md §2 and §4): 200 with code 0
// is delivered; a timeout, a refused connection, 401 and 5xx are tried again later; 400, 413 and 415
// mean the body itself is wrong and sending it again unchanged cannot help.
import type { Logger } from '../coin/types.js';
import type { BatchTransport, SendOutcome } from './durable-queue.js';
import { wireBody, type ShareEncoding } from './share-encoding.js';

export interface HttpTransportOptions {
  url: string;
  ingestKey: string;
  log: Logger;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  /** Share batches: how they go on the wire (share-encoding.ts). Without, the body is sent as the JSON it is. */
  shareEncoding?: ShareEncoding;
}

export function httpTransport(opts: HttpTransportOptions): BatchTransport {
  const doFetch = opts.fetchImpl ?? fetch;
  return {
    async send({ id, body }): Promise<SendOutcome> {
      const wire = opts.shareEncoding ? await wireBody(body, opts.shareEncoding, opts.log) : { contentType: 'application/json', data: body };
      let res: Response;
      try {
        res = await doFetch(opts.url, {
          method: 'POST',
          headers: { 'content-type': wire.contentType, 'x-ingest-key': opts.ingestKey },
          body: wire.data,
          signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
        });
      } catch (err) {
        opts.log.warn('pool unreachable; the batch waits in the outbox', { url: opts.url, id, err: String(err) });
        return 'retry';
      }
      const text = await res.text().catch(() => '');
      if (res.status === 200) {
        try {
          const answer = JSON.parse(text) as { code?: number; data?: { refused?: number; refused_reasons?: Record<string, number> } };
          if (answer.code === 0) {
            if (answer.data?.refused) opts.log.warn('pool refused shares of a batch', { id, refused: answer.data.refused, reasons: answer.data.refused_reasons });
            return 'ok';
          }
        } catch {
          /* not the envelope: treated as a failure below */
        }
        opts.log.warn('pool answered 200 without success; retrying', { id });
        return 'retry';
      }
      if (res.status === 400 || res.status === 413 || res.status === 415) {
        opts.log.error('pool refused the batch body', { id, status: res.status, answer: text.slice(0, 500) });
        return 'reject';
      }
      if (res.status === 401) opts.log.error('pool refused the ingest key (X-Ingest-Key): check INGEST_KEYS on the pool', { id });
      else opts.log.warn('pool failed; retrying', { id, status: res.status });
      return 'retry';
    },
  };
}
