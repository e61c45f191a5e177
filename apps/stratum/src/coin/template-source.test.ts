import { describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../log';
import { RpcError, type RpcClient } from './rpc';
import type { BlockTemplate } from './template';
import { LongPollBackoff, TemplateSource } from './template-source';
import { until } from '../../test/until.js';

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
  it('says when the node last gave a template, the same one again included', async () => {
    const { state, source } = node();
    expect(source.latestAt()).toBeUndefined();
    const before = Date.now();
    await source.refresh();
    const first = source.latestAt()!;
    expect(first).toBeGreaterThanOrEqual(before);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await source.refresh(); // the same template: the work is fresh all the same
    expect(source.latestAt()!).toBeGreaterThan(first);
    expect(state.template.height).toBe(1);
  });

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

  it('drops the work when the node has a new block but gives no template, and starts clean work with its next one', async () => {
    const { state, source, seen } = node();
    let gbtFails = false;
    const rpc = (source as unknown as { rpc: { call: (m: string) => Promise<unknown> } }).rpc;
    const answer = rpc.call;
    rpc.call = async (method: string) => {
      if (method === 'getblocktemplate' && gbtFails) throw new RpcError('getblocktemplate', -10, 'Litecoin is in initial sync and waiting for blocks...');
      return answer(method);
    };
    const dropped: number[] = [];
    source.onStale(() => dropped.push(Date.now()));
    const s = source as unknown as { checkBestHash(): Promise<void> };
    await source.refresh();
    await s.checkBestHash(); // the node agrees: the work stands
    expect(dropped).toHaveLength(0);
    state.best = '01'; // the node's tip moves, and it gives no template
    gbtFails = true;
    await s.checkBestHash();
    await s.checkBestHash();
    expect(dropped).toHaveLength(1); // once, not every tick
    // The next template, even on the same block, is a new block for the miners: clean work.
    gbtFails = false;
    state.template = template(2, '01');
    await s.checkBestHash();
    expect(seen).toEqual([
      [1, true],
      [2, true],
    ]);
  });

  it('does not drop newer work that came while the node was asked about the older', async () => {
    const { state, source } = node();
    const rpc = (source as unknown as { rpc: { call: (m: string) => Promise<unknown> } }).rpc;
    const answer = rpc.call;
    let answerBest!: (hash: string) => void;
    let gbtFails = false;
    rpc.call = async (method: string) => {
      if (method === 'getbestblockhash') return new Promise((resolve) => (answerBest = resolve));
      if (method === 'getblocktemplate' && gbtFails) throw new RpcError('getblocktemplate', 0, 'HTTP 503', 'http');
      return answer(method);
    };
    let dropped = 0;
    source.onStale(() => (dropped += 1));
    await source.refresh();
    const check = (source as unknown as { checkBestHash(): Promise<void> }).checkBestHash();
    await until(() => answerBest !== undefined);
    // A long poll brings the new block's work meanwhile; then the node is busy for a moment.
    state.template = template(2, '01');
    await source.refresh();
    gbtFails = true;
    answerBest('00'); // the tip as it was when asked
    await check;
    expect(dropped).toBe(0);
    expect(source.latest()?.height).toBe(2);
  });

  it('drops the work when the node has not confirmed its block for staleAfterMs', async () => {
    // Fake timers (and Date): a loaded machine's late intervals must not look like a silent node.
    vi.useFakeTimers();
    let answering = true;
    const rpc = {
      call: async (method: string) => {
        if (!answering) throw new RpcError(method, 0, 'fetch failed', 'unreachable');
        return method === 'getblocktemplate' ? template(1, '00') : '00';
      },
    } as unknown as RpcClient;
    const source = new TemplateSource(rpc, { coin: 'btc', refreshSeconds: 30, bestHashPollMs: 1000, staleAfterMs: 60_000 }, silentLogger);
    let dropped = 0;
    source.onStale(() => (dropped += 1));
    try {
      await source.start();
      // Answering, the node confirms the block every second: nothing is dropped past staleAfterMs.
      await vi.advanceTimersByTimeAsync(180_000);
      expect(dropped).toBe(0);
      answering = false;
      await vi.advanceTimersByTimeAsync(59_000);
      expect(dropped).toBe(0);
      await vi.advanceTimersByTimeAsync(3_000);
      expect(dropped).toBe(1);
      // Back: a template again at the next check, and the work stands from then on.
      answering = true;
      const before = source.latestAt()!;
      await vi.advanceTimersByTimeAsync(2_000);
      expect(source.latestAt()!).toBeGreaterThan(before);
      await vi.advanceTimersByTimeAsync(180_000);
      expect(dropped).toBe(1);
    } finally {
      await source.stop();
      vi.useRealTimers();
    }
  });

  it('fetches once more after a fetch that was under way when a new block was announced', async () => {
    const { state, source } = node();
    let release!: () => void;
    const rpc = (source as unknown as { rpc: { call: (m: string) => Promise<unknown> } }).rpc;
    const answer = rpc.call;
    let slow = true;
    rpc.call = async (method: string) => {
      if (method === 'getblocktemplate' && slow) {
        slow = false;
        const t = state.template; // asked before the block
        await new Promise<void>((resolve) => (release = resolve));
        return t;
      }
      return answer(method);
    };
    const first = source.refresh();
    await until(() => release !== undefined);
    state.template = template(2, '01'); // the new block arrives while the first fetch is out
    const triggers = [source.refresh(), source.refresh()];
    release();
    await Promise.all([first, ...triggers]);
    expect(source.latest()?.height).toBe(2);
  });

  it('waits longer and longer after long polls a node answers at once, not hammering it', async () => {
    // A real loop over a node that answers at once, and fails at once the second time: min 250 ms,
    // so "at once" holds on a loaded machine too; timers never fire early, so the gaps are at
    // least the waits.
    const polls: Array<{ start: number; end: number }> = [];
    const rpc = {
      call: async (method: string, params: Array<{ longpollid?: string }> = []) => {
        if (method !== 'getblocktemplate') return '00';
        if (params[0]?.longpollid) {
          const poll = { start: Date.now(), end: 0 };
          polls.push(poll);
          await new Promise((resolve) => setImmediate(resolve));
          poll.end = Date.now();
          if (polls.length === 2) throw new RpcError('getblocktemplate', 0, 'HTTP 502', 'http');
        }
        return { ...template(1, '00'), longpollid: 'lp' };
      },
    } as unknown as RpcClient;
    const source = new TemplateSource(rpc, { coin: 'btc', refreshSeconds: 30, bestHashPollMs: 60_000, longPollBackoffMs: { min: 250, max: 1000 } }, silentLogger);
    await source.start();
    await until(() => polls.length >= 3 && polls[2]!.end > 0, 10_000);
    await source.stop();
    // Without a wait, thousands of polls in that time.
    expect(polls[1]!.start - polls[0]!.end).toBeGreaterThanOrEqual(249);
    expect(polls[2]!.start - polls[1]!.end).toBeGreaterThanOrEqual(499);
  });
});

describe('LongPollBackoff', () => {
  it('doubles the wait after each poll answered at once, up to the longest', () => {
    const b = new LongPollBackoff(20, 40);
    expect([0, 1, 5, 19].map((elapsed) => b.after(elapsed, false))).toEqual([20, 40, 40, 40]);
  });

  it('starts again from the shortest after a poll that did wait for the node, and waits not at all after it', () => {
    const b = new LongPollBackoff(30, 1000);
    expect([b.after(0, false), b.after(0, false), b.after(0, false)]).toEqual([30, 60, 120]);
    expect(b.after(60, false)).toBe(0);
    expect(b.after(0, false)).toBe(30);
  });

  it('waits longer and longer after polls that fail at once, and the shortest after one that failed late', () => {
    const b = new LongPollBackoff(20, 1000);
    expect([b.after(1, true), b.after(1, true), b.after(1, true)]).toEqual([20, 40, 80]);
    expect(b.after(5000, true)).toBe(20);
    expect(b.after(1, true)).toBe(20);
  });
});
