// CoinGecko's simple price call, as documented (https://docs.coingecko.com/reference/simple-price):
//   GET {base}/api/v3/simple/price?ids=bitcoin,litecoin&vs_currencies=usd,cny&include_last_updated_at=true
//   → { "bitcoin": { "usd": 67187.33, "cny": 486000.1, "last_updated_at": 1780272000 }, "litecoin": { ... } }
// last_updated_at (unix seconds) is when CoinGecko last updated the id's price: the quote's time,
// so a price CoinGecko stopped updating ages (and goes stale) although it is still answered. An
// id without it is left out (its time would be a guess).
// An API key travels in a header (x-cg-demo-api-key for the free plan, x-cg-pro-api-key on
// pro-api.coingecko.com); it never reaches a log. A coin CoinGecko does not know is simply absent
// from the answer. Numbers may come in exponent form (1.2e-05): they are written out in full.
import type { FastifyBaseLogger } from 'fastify';
import { LedgerDecimal as Decimal } from '../ledger';

export interface CoingeckoSettings {
  base: string;
  apiKey?: string | undefined;
  keyHeader: string;
  timeoutMs?: number;
}

/** Per CoinGecko id: per lower-case currency the price as a decimal string, and when CoinGecko last updated it. */
export type SimplePrices = Map<string, { prices: Map<string, string>; updatedAt: Date }>;

export class CoingeckoError extends Error {}

export class CoingeckoClient {
  constructor(
    private readonly settings: CoingeckoSettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  async simplePrice(ids: readonly string[], currencies: readonly string[]): Promise<SimplePrices> {
    const query = new URLSearchParams({ ids: ids.join(','), vs_currencies: currencies.join(','), include_last_updated_at: 'true' });
    const url = `${this.settings.base.replace(/\/+$/, '')}/api/v3/simple/price?${query.toString()}`;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.settings.apiKey) headers[this.settings.keyHeader] = this.settings.apiKey;
    let answer: unknown;
    try {
      const response = await fetch(url, { headers, signal: AbortSignal.timeout(this.settings.timeoutMs ?? 10_000) });
      if (!response.ok) {
        this.log.warn({ coingecko: 'simple/price', status: response.status }, 'coingecko answered an HTTP error');
        throw new CoingeckoError(`HTTP ${response.status}`);
      }
      answer = JSON.parse(await response.text());
    } catch (error) {
      if (error instanceof CoingeckoError) throw error;
      const reason = error instanceof SyntaxError ? 'not JSON' : (error as Error).name;
      this.log.warn({ coingecko: 'simple/price', reason }, 'coingecko unreachable');
      throw new CoingeckoError(reason);
    }
    if (!answer || typeof answer !== 'object' || Array.isArray(answer)) throw new CoingeckoError('unexpected answer');
    const out: SimplePrices = new Map();
    for (const id of ids) {
      const entry = (answer as Record<string, unknown>)[id];
      if (!entry || typeof entry !== 'object') continue;
      const prices = new Map<string, string>();
      for (const currency of currencies) {
        const value = (entry as Record<string, unknown>)[currency];
        // Only a positive finite number is a price; anything else is left out rather than guessed.
        if (typeof value === 'number' && Number.isFinite(value) && value > 0) prices.set(currency, new Decimal(value).toSignificantDigits(15).toFixed());
      }
      const updated = (entry as Record<string, unknown>).last_updated_at;
      if (typeof updated !== 'number' || !Number.isFinite(updated) || updated <= 0) continue;
      if (prices.size) out.set(id, { prices, updatedAt: new Date(updated * 1000) });
    }
    return out;
  }
}
