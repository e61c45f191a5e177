// Prometheus metrics of a stratum process (prom-client), served on the metrics port at /metrics.
import { createServer, type Server } from 'node:http';
import type { Logger } from './coin/types.js';
import { listen } from './server/listen.js';
import { AggregatorRegistry, Counter, Gauge, Registry, collectDefaultMetrics, type MetricObjectWithValues, type MetricValue } from 'prom-client';

type MetricsJson = MetricObjectWithValues<MetricValue<string>>[];

/** Primary → process: send your metrics; process → primary: here they are (getMetricsAsJSON). */
export type MetricsMessage = { hashpool: 'metrics-request'; id: number } | { hashpool: 'metrics'; id: number; metrics: MetricsJson };

function isMetricsMessage(m: unknown): m is MetricsMessage {
  const r = m as MetricsMessage | null;
  return typeof r === 'object' && r !== null && (r.hashpool === 'metrics-request' || r.hashpool === 'metrics') && typeof r.id === 'number';
}

/** What the primary scrapes: a process of the group, as node:cluster's Worker offers it. */
export interface ScrapedProcess {
  isConnected(): boolean;
  /** The callback gets the error of a process that went away meanwhile (without one it is an 'error' event). */
  send(message: MetricsMessage, callback: (err: Error | null) => void): unknown;
  on(event: 'message', listener: (m: unknown) => void): unknown;
  off(event: 'message', listener: (m: unknown) => void): unknown;
}

export class StratumMetrics {
  readonly registry = new Registry();
  readonly connections: Gauge<'coin' | 'port'>;
  readonly shares: Counter<'coin' | 'result'>;
  readonly acceptedWork: Counter<'coin'>;
  readonly blocks: Counter<'coin' | 'accepted'>;
  readonly outboxDepth: Gauge<'queue'>;
  readonly difficulty: Gauge<'coin' | 'port' | 'stat'>;
  readonly templateAge: Gauge<'coin'>;
  readonly rpcErrors: Counter<'coin' | 'method'>;

  constructor(
    difficulties: () => Array<{ coin: string; port: number; values: number[] }>,
    templateAges: () => Array<{ coin: string; seconds: number | undefined }> = () => [],
  ) {
    collectDefaultMetrics({ register: this.registry, prefix: 'stratum_process_' });
    this.connections = new Gauge({ name: 'stratum_connections', help: 'Open miner connections', labelNames: ['coin', 'port'], registers: [this.registry] });
    this.shares = new Counter({ name: 'stratum_shares_total', help: 'Shares answered, by result (accepted, rejected, stale, invalid); rate() gives shares per second', labelNames: ['coin', 'result'], registers: [this.registry] });
    this.acceptedWork = new Counter({ name: 'stratum_accepted_difficulty_total', help: 'Sum of the stratum difficulties of accepted shares', labelNames: ['coin'], registers: [this.registry] });
    this.blocks = new Counter({ name: 'stratum_blocks_found_total', help: 'Blocks found, by whether the node accepted them', labelNames: ['coin', 'accepted'], registers: [this.registry] });
    this.outboxDepth = new Gauge({ name: 'stratum_outbox_depth', help: 'Records in the on-disk outbox not yet acknowledged by the pool', labelNames: ['queue'], registers: [this.registry] });
    this.difficulty = new Gauge({
      name: 'stratum_difficulty',
      help: 'Current stratum difficulties of the mining connections (min, median, max)',
      labelNames: ['coin', 'port', 'stat'],
      registers: [this.registry],
      collect() {
        this.reset();
        for (const { coin, port, values } of difficulties()) {
          if (!values.length) continue;
          const sorted = [...values].sort((a, b) => a - b);
          const labels = { coin, port: String(port) };
          this.set({ ...labels, stat: 'min' }, sorted[0]!);
          this.set({ ...labels, stat: 'median' }, sorted[Math.floor(sorted.length / 2)]!);
          this.set({ ...labels, stat: 'max' }, sorted[sorted.length - 1]!);
        }
      },
    });
    this.templateAge = new Gauge({
      name: 'stratum_template_age_seconds',
      help: 'Seconds since the node last gave a block template (refreshed every templateRefreshSeconds): miners work on stale transactions, or an old block, while it grows',
      labelNames: ['coin'],
      registers: [this.registry],
      collect() {
        this.reset();
        for (const { coin, seconds } of templateAges()) if (seconds !== undefined) this.set({ coin }, seconds);
      },
    });
    this.rpcErrors = new Counter({ name: 'stratum_node_rpc_errors_total', help: 'Node RPC calls that failed (unreachable, timed out, HTTP or RPC error), by method', labelNames: ['coin', 'method'], registers: [this.registry] });
  }

  serve(port: number, host: string, log: Logger): Promise<Server> {
    return serveMetrics(() => this.registry.metrics(), this.registry.contentType, port, host, log);
  }

  /** A process of a group: answers the primary's scrapes with this registry. */
  answerScrapes(send: (m: MetricsMessage) => void): (m: unknown) => boolean {
    return (m) => {
      if (!isMetricsMessage(m) || m.hashpool !== 'metrics-request') return false;
      // A collector that throws must not end the process: it answers nothing and counts as silent.
      void this.registry.getMetricsAsJSON().then((metrics) => send({ hashpool: 'metrics', id: m.id, metrics }), () => undefined);
      return true;
    };
  }

  /** The primary of a process group: every process's metrics (each series labelled with its process). */
  static serveGroup(processes: () => ScrapedProcess[], configured: number, port: number, host: string, log: Logger, waitMs = 2000): Promise<Server> {
    return serveMetrics(() => scrapeGroup(processes(), waitMs, configured), Registry.PROMETHEUS_CONTENT_TYPE, port, host, log);
  }
}

let nextScrape = 1;

/**
 * The metrics of every process that answers within waitMs, and how many did not. prom-client's own
 * cluster scrape fails whole when one process is late (5 s), so a process stuck on its event loop
 * hid the metrics of all the others, just when they are wanted; here it shows as
 * stratum_group_processes{state="silent"} and the others' series are served.
 */
/** `configured`: the group's `processes`; one dead and waiting to be started again is counted silent too. */
export async function scrapeGroup(processes: ScrapedProcess[], waitMs: number, configured = processes.length): Promise<string> {
  const id = nextScrape++;
  const asked = processes.filter((p) => p.isConnected());
  const answers: MetricsJson[] = [];
  await new Promise<void>((resolve) => {
    const listeners = new Map<ScrapedProcess, (m: unknown) => void>();
    const finish = () => {
      clearTimeout(timer);
      for (const [p, l] of listeners) p.off('message', l);
      resolve();
    };
    const timer = setTimeout(finish, waitMs);
    for (const p of asked) {
      const listener = (m: unknown) => {
        if (!isMetricsMessage(m) || m.hashpool !== 'metrics' || m.id !== id) return;
        answers.push(m.metrics);
        p.off('message', listener);
        listeners.delete(p);
        if (listeners.size === 0) finish();
      };
      listeners.set(p, listener);
      p.on('message', listener);
      p.send({ hashpool: 'metrics-request', id }, () => undefined);
    }
    if (asked.length === 0) finish();
  });
  const group = new Registry();
  const count = new Gauge({ name: 'stratum_group_processes', help: 'Processes of the group by whether they answered this scrape in time (silent: busy, stuck or starting again)', labelNames: ['state'], registers: [group] });
  count.set({ state: 'answering' }, answers.length);
  count.set({ state: 'silent' }, Math.max(configured, processes.length) - answers.length);
  return AggregatorRegistry.aggregate([...answers, await group.getMetricsAsJSON()]).metrics();
}

async function serveMetrics(text: () => Promise<string>, contentType: string, port: number, host: string, log: Logger): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url !== '/metrics' && req.url !== '/')) {
      res.writeHead(404).end();
      return;
    }
    text()
      .then((body) => res.writeHead(200, { 'content-type': contentType }).end(body))
      .catch(() => res.writeHead(500).end());
  });
  // Wanted for as long as the process runs (it exits once it closed this port).
  await listen(server, port, host, { log, fields: { metricsPort: port }, wanted: () => true });
  return server;
}
