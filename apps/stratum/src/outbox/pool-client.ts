// Hashpool's side of the contract (docs/stratum-integration.md): share batches to
// POST /api/internal/shares (or a JetStream stream when NATS is configured), block events to
// POST /api/internal/blocks, sub-account lookups for mining.authorize and the announcement of
// this process's endpoints. Every call carries X-Ingest-Key.
import type { PoolBlockEvent } from '../coin/types';

export interface PoolShare {
  coin: string;
  account: string;
  worker: string;
  difficulty: number;
  result: 'accepted' | 'rejected' | 'stale';
  reason?: string;
  ip?: string;
  time: number;
}

export class PoolClient {
  constructor(
    private readonly baseUrl: string,
    private readonly key: string,
  ) {}

  private async post(pathName: string, body: unknown): Promise<void> {
    const res = await fetch(new URL(pathName, this.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ingest-key': this.key },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    if (res.status === 200) return;
    const text = await res.text().catch(() => '');
    // 400: the body is wrong and will stay wrong; the caller's retry would loop, so it is an error
    // too, logged with the pool's words (the contract says: fix the node).
    throw new Error(`${pathName}: HTTP ${res.status} ${text.slice(0, 300)}`);
  }

  sendShares(batchId: string, shares: PoolShare[]): Promise<void> {
    return this.post('/api/internal/shares', { batch_id: batchId, shares });
  }

  sendEvents(events: PoolBlockEvent[]): Promise<void> {
    return this.post('/api/internal/blocks', { events });
  }

  /** Whether a sub-account exists (mining.authorize); undefined when the pool cannot be asked. */
  async accountExists(name: string): Promise<boolean | undefined> {
    try {
      const res = await fetch(new URL(`/api/internal/accounts/${encodeURIComponent(name)}`, this.baseUrl), { headers: { 'x-ingest-key': this.key }, signal: AbortSignal.timeout(5000) });
      // 400: not a sub-account name at all. Any other failure (a pool without the lookup, a 5xx):
      // the pool cannot say now, and its ingest refuses the shares of unknown names anyway.
      if (res.status !== 200) return res.status === 400 ? false : undefined;
      const body = (await res.json()) as { data?: { exists?: boolean } };
      return body.data?.exists === true;
    } catch {
      return undefined;
    }
  }

  announce(instance: string, endpoints: Array<{ coin: string; url: string; start_difficulty: number; min_difficulty: number; max_difficulty: number }>): Promise<void> {
    return this.post('/api/internal/stratum/endpoints', { instance, endpoints });
  }
}
