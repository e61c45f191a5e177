import { describe, expect, it } from 'vitest';
import { silentLogger } from '../log';
import type { RpcClient } from './rpc';
import type { BlockTemplate } from './template';
import { TemplateSource } from './template-source';

const template = (height: number, previousblockhash: string) => ({ height, previousblockhash }) as BlockTemplate;

// A node whose next getblocktemplate answer and best block hash the test sets.
function node() {
  const state = { template: template(1, '00'), best: '00' };
  const rpc = {
    call: async (method: string) => (method === 'getblocktemplate' ? state.template : method === 'getbestblockhash' ? state.best : undefined),
  } as unknown as RpcClient;
  const source = new TemplateSource(rpc, { coin: 'btc', refreshSeconds: 30 }, silentLogger);
  const seen: Array<[number, boolean]> = [];
  source.onTemplate((t, newBlock) => seen.push([t.height, newBlock]));
  return { state, source, seen };
}

describe('TemplateSource', () => {
  it('refuses a slow answer about an older block', async () => {
    const { state, source, seen } = node();
    state.template = template(101, 'a100');
    state.best = 'a100';
    await source.refresh();
    state.template = template(100, 'a99');
    await source.refresh();
    expect(source.latest()?.height).toBe(101);
    expect(seen).toEqual([[101, true]]);
  });

  it('takes a lower template built on the node best block after a reorg onto fewer blocks', async () => {
    const { state, source, seen } = node();
    state.template = template(101, 'a100');
    state.best = 'a100';
    await source.refresh();
    state.template = template(99, 'b98');
    state.best = 'b98';
    await source.refresh();
    expect(source.latest()?.previousblockhash).toBe('b98');
    expect(seen).toEqual([
      [101, true],
      [99, true],
    ]);
  });

  it('asks a slow node for its best block once at a time, not once per tick', async () => {
    let asked = 0;
    const rpc = {
      call: (method: string) => {
        if (method === 'getblocktemplate') return Promise.resolve(template(1, '00'));
        asked += 1;
        return new Promise(() => {}); // getbestblockhash: a node that does not answer
      },
    } as unknown as RpcClient;
    const source = new TemplateSource(rpc, { coin: 'btc', refreshSeconds: 30, bestHashPollMs: 5 }, silentLogger);
    await source.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await source.stop();
    expect(asked).toBe(1);
  });
});
