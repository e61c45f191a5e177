// Prometheus metrics (the names are listed in docs/operator-guide.md, Metrics). The
// counters and histograms are process-wide (`metrics`), so any layer counts without plumbing;
// the gauges read from the database at scrape time are per app (`MetricsSource`). GET /metrics
// answers when METRICS_TOKEN is set, to a bearer of that token only.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { access } from './access';
import { bearerToken } from './bearer';

const shared = new Registry();
collectDefaultMetrics({ register: shared, prefix: 'hashpool_' });

export const metrics = {
  httpDuration: new Histogram({ name: 'hashpool_http_request_duration_seconds', help: 'HTTP request latency by route', labelNames: ['method', 'route', 'status'] as const, buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5], registers: [shared] }),
  shares: new Counter({ name: 'hashpool_shares_total', help: 'Shares taken in, by result (accepted, refused) and refusal reason', labelNames: ['result', 'reason'] as const, registers: [shared] }),
  ingestBatches: new Counter({ name: 'hashpool_ingest_batches_total', help: 'Share batches written, by whether they were new (applied) or re-sent', labelNames: ['applied'] as const, registers: [shared] }),
  ingestFlush: new Histogram({ name: 'hashpool_ingest_flush_duration_seconds', help: 'Time of one ingest flush transaction', buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5], registers: [shared] }),
  jobDuration: new Histogram({ name: 'hashpool_job_duration_seconds', help: 'Duration of a background job pass run under its lease', labelNames: ['job'] as const, buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300], registers: [shared] }),
  leaseHeld: new Gauge({ name: 'hashpool_lease_held', help: '1 while this instance holds the job lease', labelNames: ['job'] as const, registers: [shared] }),
  /** Findings of the last reconciliation (unbalanced postings, balance mismatches, custody mismatches): alert on > 0. */
  reconciliationMismatches: new Gauge({ name: 'hashpool_reconciliation_mismatches', help: 'Mismatches found by the last reconciliation of the books (0 when clean)', registers: [shared] }),
  postings: new Counter({ name: 'hashpool_ledger_postings_total', help: 'Ledger postings written, by business type', labelNames: ['business_type'] as const, registers: [shared] }),
};

/** Names of jobs as labels: a lease per day or per key becomes its job (wallet:payouts:2026-06-01 -> wallet:payouts). */
export function jobLabel(leaseName: string): string {
  return leaseName.split(':').filter((part) => !/\d{4}-\d{2}-\d{2}|^[0-9a-f-]{16,}$/.test(part)).slice(0, 3).join(':');
}

/** What the app reads from its database when scraped. */
export interface MetricsSource {
  withdrawals(): Promise<Array<{ status: string; n: number }>>;
  /** The last reconciliation: ok and when; undefined before the first. */
  reconciliation(): { ok: boolean; at: Date } | undefined;
  version: string;
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const metricsPlugin = fp<{ token: string | undefined; source: () => MetricsSource | undefined }>(async (app: FastifyInstance, options) => {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (!route) return; // 404s: no route label per probe
    metrics.httpDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  if (!options.token) return;
  const token = options.token;

  const own = new Registry();
  new Gauge({
    name: 'hashpool_withdrawals',
    help: 'Withdrawals by state',
    labelNames: ['status'] as const,
    registers: [own],
    async collect() {
      this.reset();
      for (const row of (await options.source()?.withdrawals()) ?? []) this.set({ status: row.status }, row.n);
    },
  });
  new Gauge({
    name: 'hashpool_reconciliation_ok',
    help: '1 when the last reconciliation was clean, 0 when it found a mismatch (absent before the first)',
    registers: [own],
    collect() {
      this.reset();
      const last = options.source()?.reconciliation();
      if (last) this.set(last.ok ? 1 : 0);
    },
  });
  new Gauge({
    name: 'hashpool_reconciliation_timestamp_seconds',
    help: 'When the last reconciliation ran',
    registers: [own],
    collect() {
      this.reset();
      const last = options.source()?.reconciliation();
      if (last) this.set(last.at.getTime() / 1000);
    },
  });
  new Gauge({
    name: 'hashpool_build_info',
    help: 'The running version',
    labelNames: ['version'] as const,
    registers: [own],
    collect() {
      this.reset();
      this.set({ version: options.source()?.version ?? 'unknown' }, 1);
    },
  });
  const registry = Registry.merge([shared, own]);

  // Outside /api: no envelope, no signature; the token is checked here (access public for the walk).
  app.get('/metrics', { config: { access: access.public }, schema: { hide: true } }, async (request, reply) => {
    const given = bearerToken(request.headers.authorization);
    if (!given || !sameToken(given, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send('unauthorized\n');
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
});
