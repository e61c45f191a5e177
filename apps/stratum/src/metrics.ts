// Prometheus metrics of a stratum process (prom-client), served on the metrics port at /metrics.
import { createServer, type Server } from 'node:http';
import type { AggregatorRegistry} from 'prom-client';
import { Counter, Gauge, Registry, collectDefaultMetrics, type RegistryContentType } from 'prom-client';

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

  serve(port: number, host: string): Promise<Server> {
    return serveMetrics(() => this.registry.metrics(), this.registry.contentType, port, host);
  }

  /** The primary of a process group: every process's metrics (each series labelled with its process). */
  static serveAggregated(aggregator: AggregatorRegistry<RegistryContentType>, port: number, host: string): Promise<Server> {
    return serveMetrics(() => aggregator.clusterMetrics(), aggregator.contentType, port, host);
  }
}

function serveMetrics(text: () => Promise<string>, contentType: string, port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url !== '/metrics' && req.url !== '/')) {
      res.writeHead(404).end();
      return;
    }
    text()
      .then((body) => res.writeHead(200, { 'content-type': contentType }).end(body))
      .catch(() => res.writeHead(500).end());
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
