// How a share batch goes on the wire. The outbox stores each batch as its JSON body (readable, and
// the contract's reference form); a transport sends it as that JSON or, by default, re-encoded in
// the compact form (SHARES_COMPACT_TYPE, docs/stratum-integration.md "The compact batch encoding"),
// which the pool reads several times faster than JSON, the bound on its ingest throughput. The
// re-encoding costs this process a JSON parse per batch; the pool's threads are the scarcer ones.
import { encodeShareBatch, SHARES_COMPACT_TYPE, type ShareEvent } from '@hashpool/shared';
import type { Logger } from '../coin/types.js';

export type ShareEncoding = 'compact' | 'json';

export interface WireBody {
  contentType: string;
  data: string | Uint8Array<ArrayBuffer>;
}

/**
 * The batch body as sent. A body the compact form cannot hold (never one this outbox writes) goes
 * as its JSON, which the pool reads as well: a batch is never lost to its encoding.
 */
export function wireBody(body: string, encoding: ShareEncoding, log: Logger): WireBody {
  if (encoding === 'json') return { contentType: 'application/json', data: body };
  try {
    return { contentType: SHARES_COMPACT_TYPE, data: encodeShareBatch(JSON.parse(body) as { batch_id: string; shares: ShareEvent[] }) };
  } catch (err) {
    log.warn('share batch not encodable in the compact form; sent as JSON', { err: String(err) });
    return { contentType: 'application/json', data: body };
  }
}
