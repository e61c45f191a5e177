import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { scrapeGroup, StratumMetrics, type MetricsMessage, type ScrapedProcess } from './metrics';

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

  it('serves the metrics of the processes that answer a group scrape in time, and counts the silent ones', async () => {
    // A process of the group: its own registry labelled with its index, answering as main.ts does.
    const member = (index: number, answers: boolean): ScrapedProcess => {
      const metrics = new StratumMetrics(() => []);
      metrics.registry.setDefaultLabels({ process: String(index) });
      metrics.shares.inc({ coin: 'ltc', result: 'accepted' }, index + 1);
      const channel = new EventEmitter();
      const answer = metrics.answerScrapes((m) => setImmediate(() => channel.emit('message', m)));
      return {
        isConnected: () => true,
        send: (m: MetricsMessage) => answers && answer(m),
        on: (e, l) => channel.on(e, l),
        off: (e, l) => channel.off(e, l),
      };
    };
    const started = Date.now();
    const text = await scrapeGroup([member(0, true), member(1, false), member(2, true)], 300);
    // It waited its 300 ms for the silent one, not for ever.
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(5000);
    const lines = text.split('\n');
    expect(lines.filter((l) => l.startsWith('stratum_shares_total'))).toEqual([
      'stratum_shares_total{coin="ltc",result="accepted",process="0"} 1',
      'stratum_shares_total{coin="ltc",result="accepted",process="2"} 3',
    ]);
    expect(lines).toContain('stratum_group_processes{state="answering"} 2');
    expect(lines).toContain('stratum_group_processes{state="silent"} 1');
    // All answering: done as soon as the last answer is in, not after the wait.
    const quick = Date.now();
    expect(await scrapeGroup([member(0, true), member(1, true)], 20_000)).toContain('stratum_group_processes{state="silent"} 0');
    expect(Date.now() - quick).toBeLessThan(5000);
    // A process dead and waiting to be started again is not among those asked: still silent.
    expect(await scrapeGroup([member(0, true)], 300, 2)).toContain('stratum_group_processes{state="silent"} 1');
  });
});
