import { describe, expect, it } from 'vitest';
import { StratumMetrics } from './metrics';

describe('StratumMetrics', () => {
  it('renders the age of each coin template at scrape time, and node RPC errors by coin and method', async () => {
    let ltcAge = 12.5;
    const metrics = new StratumMetrics(
      () => [],
      () => [
        { coin: 'ltc', seconds: ltcAge },
        { coin: 'btc', seconds: undefined }, // no template yet: no series
      ],
    );
    metrics.rpcErrors.inc({ coin: 'ltc', method: 'getblocktemplate' });
    metrics.rpcErrors.inc({ coin: 'ltc', method: 'getblocktemplate' });
    metrics.rpcErrors.inc({ coin: 'ltc', method: 'submitblock' });
    const lines = (await metrics.registry.metrics()).split('\n');
    expect(lines.filter((l) => l.startsWith('stratum_template_age_seconds'))).toEqual(['stratum_template_age_seconds{coin="ltc"} 12.5']);
    expect(lines.filter((l) => l.startsWith('stratum_node_rpc_errors_total'))).toEqual([
      'stratum_node_rpc_errors_total{coin="ltc",method="getblocktemplate"} 2',
      'stratum_node_rpc_errors_total{coin="ltc",method="submitblock"} 1',
    ]);
    ltcAge = 40;
    expect(await metrics.registry.metrics()).toContain('stratum_template_age_seconds{coin="ltc"} 40\n');
  });
});
