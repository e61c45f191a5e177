// Does a sub-account exist? Asked of the pool (GET {poolUrl}/api/internal/accounts/:name with the
// ingest key; answer {code:0,data:{exists}}) and cached: a yes for 5 minutes, a no for 30 seconds.
// Concurrent questions for one name share one request. When the pool cannot answer, the login is
// let through (cached for 30 s) and logged: the pool refuses the shares of unknown names anyway, and
// miners reconnecting while the API restarts keep mining into the outbox.
import type { Logger } from '../coin/types.js';

export type AccountAnswer = 'exists' | 'unknown' | 'unverified';

export const POSITIVE_TTL_MS = 5 * 60_000;
export const NEGATIVE_TTL_MS = 30_000;

export class AccountLookup {
  private readonly cache = new Map<string, { answer: AccountAnswer; until: number }>();
  private readonly inFlight = new Map<string, Promise<AccountAnswer>>();

  constructor(
    private readonly opts: {
      poolUrl: string;
      ingestKey: string;
      log: Logger;
      fetchImpl?: typeof fetch;
      now?: () => number;
      maxEntries?: number;
      timeoutMs?: number;
    },
  ) {}

  async check(name: string): Promise<AccountAnswer> {
    const key = name.toLowerCase();
    const now = (this.opts.now ?? Date.now)();
    const hit = this.cache.get(key);
    if (hit && hit.until > now) return hit.answer;
    const running = this.inFlight.get(key);
    if (running) return running;
    const p = this.ask(key).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, p);
    return p;
  }

  private async ask(key: string): Promise<AccountAnswer> {
    const url = `${this.opts.poolUrl.replace(/\/$/, '')}/api/internal/accounts/${encodeURIComponent(key)}`;
    let answer: AccountAnswer = 'unverified';
    try {
      const res = await (this.opts.fetchImpl ?? fetch)(url, {
        headers: { 'x-ingest-key': this.opts.ingestKey },
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 5000),
      });
      const body = (await res.json().catch(() => undefined)) as { code?: number; data?: { exists?: unknown } } | undefined;
      if (res.status === 200 && body?.code === 0 && typeof body.data?.exists === 'boolean') {
        answer = body.data.exists ? 'exists' : 'unknown';
      } else if (res.status === 404 && body?.data?.exists === false) {
        answer = 'unknown';
      } else {
        this.opts.log.warn('account lookup: unexpected answer from the pool', { status: res.status });
      }
    } catch (err) {
      this.opts.log.warn('account lookup: pool unreachable, login let through', { err: String(err) });
    }
    const now = (this.opts.now ?? Date.now)();
    this.cache.delete(key);
    this.cache.set(key, { answer, until: now + (answer === 'exists' ? POSITIVE_TTL_MS : NEGATIVE_TTL_MS) });
    if (this.cache.size > (this.opts.maxEntries ?? 100_000)) this.cache.delete(this.cache.keys().next().value as string);
    return answer;
  }
}
