// What an operator watches (Prometheus, on the metrics port): connections per port, shares by
// result, current difficulties, blocks found, the outbox's depth.
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

export const registry = new Registry();
export const stratumMetrics = {
  connections: new Gauge({ name: 'stratum_connections', help: 'Open miner connections per port', labelNames: ['port'] as const, registers: [registry] }),
  shares: new Counter({ name: 'stratum_shares_total', help: 'Shares answered, by coin and result (accepted, stale, duplicate, low_difficulty, invalid)', labelNames: ['coin', 'result'] as const, registers: [registry] }),
  difficulty: new Histogram({ name: 'stratum_connection_difficulty', help: 'Difficulties set on connections', labelNames: ['coin'] as const, buckets: [1e-3, 1e-2, 0.1, 1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9], registers: [registry] }),
  blocks: new Counter({ name: 'stratum_blocks_total', help: 'Blocks found, by coin and whether the node accepted them', labelNames: ['coin', 'accepted'] as const, registers: [registry] }),
  outboxDepth: new Gauge({ name: 'stratum_outbox_depth', help: 'Records waiting for the pool (shares and block events)', labelNames: ['queue'] as const, registers: [registry] }),
  submitSeconds: new Histogram({ name: 'stratum_submit_seconds', help: 'Time from a submit to its answer', buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5], registers: [registry] }),
};
