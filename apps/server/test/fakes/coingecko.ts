// A stand-in for CoinGecko's simple price call as documented: GET /api/v3/simple/price with
// `ids` and `vs_currencies` (comma-separated, required: 400 { error } otherwise), the API key in
// the x-cg-demo-api-key header (401 without the right one when a key is set), answering
// { <id>: { <currency>: number } } for the ids it knows and leaving the others out; with
// include_last_updated_at=true each id also carries last_updated_at (unix seconds): `updatedAt`
// per id, else `now()` (the test's clock). `down` makes it answer 503, `raw` replaces the answer's
// body; every request is kept for the test to read.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export class FakeCoingecko {
  /** Per id, per lower-case currency. */
  prices: Record<string, Record<string, number>> = {};
  /** When CoinGecko last updated an id's price, unix seconds; ids not named were updated `now()`. */
  updatedAt: Record<string, number> = {};
  now: () => Date = () => new Date();
  down = false;
  /** An answer body sent as is instead of the prices (a malformed or out-of-range answer). */
  raw: string | undefined;
  readonly requests: { path: string; ids: string[]; currencies: string[]; key: string | undefined; lastUpdated: boolean }[] = [];
  private server: Server | undefined;

  constructor(readonly apiKey?: string) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      const ids = (url.searchParams.get('ids') ?? '').split(',').filter(Boolean);
      const currencies = (url.searchParams.get('vs_currencies') ?? '').split(',').filter(Boolean);
      const key = req.headers['x-cg-demo-api-key'] as string | undefined;
      const lastUpdated = url.searchParams.get('include_last_updated_at') === 'true';
      this.requests.push({ path: url.pathname, ids, currencies, key, lastUpdated });
      if (url.pathname !== '/api/v3/simple/price' || req.method !== 'GET') return send(404, { error: 'Not found' });
      if (this.apiKey && key !== this.apiKey) return send(401, { status: { error_code: 10002, error_message: 'API Key Missing' } });
      if (this.down) return send(503, { error: 'Service Unavailable' });
      if (!ids.length || !currencies.length) return send(400, { error: 'Missing parameter ids or vs_currencies' });
      if (this.raw !== undefined) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(this.raw);
      }
      const out: Record<string, Record<string, number>> = {};
      for (const id of ids) {
        const known = this.prices[id];
        if (!known) continue;
        out[id] = Object.fromEntries(currencies.filter((c) => c in known).map((c) => [c, known[c]!]));
        if (lastUpdated) out[id].last_updated_at = this.updatedAt[id] ?? Math.floor(this.now().getTime() / 1000);
      }
      send(200, out);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
