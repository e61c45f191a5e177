import { describe, expect, it } from 'vitest';
import { silentLogger } from '../log';
import { RpcError, type RpcClient } from './rpc';
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

  // A node whose long polls (getblocktemplate with a longpollid) answer as `longPoll` says; every
  // answer waits at least a macrotask, so a loop without a wait would spin (and not starve timers).
  async function longPolling(longPoll: (n: number) => Promise<void>, backoff: { min: number; max: number }, runMs: number) {
    const polls: Array<{ start: number; end: number }> = [];
    const rpc = {
      call: async (method: string, params: Array<{ longpollid?: string }> = []) => {
        if (method !== 'getblocktemplate') return '00';
        if (params[0]?.longpollid) {
          const poll = { start: Date.now(), end: 0 };
          polls.push(poll);
          try {
            await new Promise((resolve) => setImmediate(resolve));
            await longPoll(polls.length);
          } finally {
            poll.end = Date.now();
          }
        }
        return { ...template(1, '00'), longpollid: 'lp' };
      },
    } as unknown as RpcClient;
    const source = new TemplateSource(rpc, { coin: 'btc', refreshSeconds: 30, bestHashPollMs: 60_000, longPollBackoffMs: backoff }, silentLogger);
    await source.start();
    await new Promise((resolve) => setTimeout(resolve, runMs));
    await source.stop();
    // The gaps between one poll answered and the next one sent.
    return { polls, gaps: polls.slice(1).map((p, i) => p.start - polls[i]!.end) };
  }

  it('waits longer and longer after long polls a node answers at once, not hammering it', async () => {
    const { polls, gaps } = await longPolling(async () => undefined, { min: 20, max: 40 }, 300);
    // 20, 40, 40, ... ms apart: about 8 in 300 ms (without a wait, thousands).
    expect(polls.length).toBeGreaterThan(2);
    expect(polls.length).toBeLessThan(15);
    expect(gaps[0]).toBeGreaterThanOrEqual(15);
    expect(gaps[1]).toBeGreaterThanOrEqual(35);
  });

  it('starts the waits again from the shortest after a long poll that did wait for the node', async () => {
    // Polls 1 to 3 answer at once (then waits of 30, 60, 120 ms), poll 4 waits 60 ms for a new
    // block (no wait after it), poll 5 answers at once again: 30 ms before poll 6, not 240.
    const { polls, gaps } = await longPolling((n) => (n === 4 ? new Promise((resolve) => setTimeout(resolve, 60)) : Promise.resolve()), { min: 30, max: 1000 }, 500);
    expect(polls.length).toBeGreaterThanOrEqual(6);
    expect(gaps[2]).toBeGreaterThanOrEqual(110);
    expect(gaps[3]).toBeLessThan(25);
    expect(gaps[4]).toBeGreaterThanOrEqual(25);
    expect(gaps[4]).toBeLessThan(200);
  });

  it('waits longer and longer after long polls that fail at once', async () => {
    const { polls, gaps } = await longPolling(() => Promise.reject(new RpcError('getblocktemplate', 0, 'HTTP 502', 'http')), { min: 20, max: 1000 }, 300);
    // 20, 40, 80 ms apart (before, 1 s each time).
    expect(polls.length).toBeGreaterThanOrEqual(4);
    expect(gaps[1]! - gaps[0]!).toBeGreaterThanOrEqual(10);
    expect(gaps[2]! - gaps[1]!).toBeGreaterThanOrEqual(25);
  });
});
