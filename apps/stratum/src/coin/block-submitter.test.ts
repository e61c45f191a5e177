import { describe, expect, it } from 'vitest';
import { silentLogger } from '../log';
import { BlockSubmitter, blockHash } from './block-submitter';
import { RpcError, type RpcClient } from './rpc';
import type { FoundEvent, PoolBlockEvent } from './types';

// A node scripted per method: each answer is a value or an error, consumed in order (the last repeats).
function scriptedNode(script: Record<string, Array<unknown>>): { rpc: RpcClient; calls: string[] } {
  const calls: string[] = [];
  const rpc = {
    call: async (method: string) => {
      calls.push(method);
      const answers = script[method] ?? [new RpcError(method, -32601, 'Method not found')];
      const answer = answers.length > 1 ? answers.shift() : answers[0];
      if (answer instanceof Error) throw answer;
      return answer;
    },
  } as unknown as RpcClient;
  return { rpc, calls };
}

const timeout = (method: string) => new RpcError(method, 0, 'node unreachable: The operation was aborted due to timeout');
const notFound = new RpcError('getblockheader', -5, 'Block not found');
const job = { template: { transactions: [], coinbasevalue: 312_500_000 }, witness: false, height: 900_000, networkDifficulty: 1e14 } as never;
const solved = { header: Buffer.alloc(80), coinbase: Buffer.alloc(60), version: 0x20000000 } as never;
const submission = { account: 'myfarm01', worker: 'rig1' } as never;
const hash = blockHash(Buffer.alloc(80));

async function submitTo(script: Record<string, Array<unknown>>) {
  const { rpc, calls } = scriptedNode(script);
  const events: PoolBlockEvent[] = [];
  const tracked: Array<[string, number]> = [];
  const submitter = new BlockSubmitter('btc', rpc, { publish: (e) => void events.push(e) }, silentLogger, async (f) => void tracked.push([f.hash, f.height]), () => 1, [0, 0, 0], [0, 0, 0]);
  const block = await submitter.submit(job, solved, submission);
  return { block, events, tracked, calls };
}

describe('BlockSubmitter', () => {
  it('counts a block submitblock accepted (null) even when the node cannot be asked about it afterwards', async () => {
    const { block, events, tracked } = await submitTo({ submitblock: [null], getblockheader: [timeout('getblockheader')] });
    expect(block.accepted).toBe(true);
    expect(events).toEqual([expect.objectContaining({ type: 'found', hash, height: 900_000, reward: '3.125' })]);
    expect(tracked).toEqual([[hash, 900_000]]);
  });

  it('has the tracker save the block with its found event before publishing it, and publishes it when the save fails', async () => {
    for (const save of ['works', 'fails'] as const) {
      const { rpc } = scriptedNode({ submitblock: [null] });
      const order: string[] = [];
      const saved: FoundEvent[] = [];
      const track = async (found: FoundEvent) => {
        order.push('saved');
        saved.push(found);
        if (save === 'fails') throw new Error('disk full');
      };
      const submitter = new BlockSubmitter('btc', rpc, { publish: (e) => void order.push(e.type) }, silentLogger, track, () => 1, [0, 0, 0], [0, 0, 0]);
      await submitter.submit(job, solved, submission);
      expect(order).toEqual(['saved', 'found']);
      expect(saved).toEqual([expect.objectContaining({ type: 'found', hash, height: 900_000, account: 'myfarm01', worker: 'rig1' })]);
    }
  });

  it('submitblock before anything else', async () => {
    const { calls } = await submitTo({ submitblock: [null], getblockheader: [{ confirmations: 1 }] });
    expect(calls[0]).toBe('submitblock');
  });

  it('asks again about a block whose submitblock timed out, and counts it once the node shows it', async () => {
    const { block, events, tracked, calls } = await submitTo({
      submitblock: [timeout('submitblock')],
      getblockheader: [timeout('getblockheader'), timeout('getblockheader'), { confirmations: 1 }],
    });
    expect(block.accepted).toBe(true);
    expect(calls.filter((m) => m === 'getblockheader')).toHaveLength(3);
    expect(events.map((e) => e.type)).toEqual(['found']);
    expect(tracked).toEqual([[hash, 900_000]]);
  });

  it('counts and follows a block whose submitblock timed out and that the node holds off its main chain (a race still open)', async () => {
    const { block, events, tracked } = await submitTo({ submitblock: [timeout('submitblock')], getblockheader: [{ confirmations: -1 }] });
    expect(block.accepted).toBe(true);
    expect(events.map((e) => e.type)).toEqual(['found']);
    expect(tracked).toEqual([[hash, 900_000]]);
  });

  it('rejects a block whose submitblock timed out and that the node then lists as an invalid chain tip', async () => {
    const { block, events, tracked } = await submitTo({
      submitblock: [timeout('submitblock')],
      getblockheader: [{ confirmations: -1 }],
      getchaintips: [[{ hash: 'cc'.repeat(32), status: 'active' }, { hash, status: 'invalid' }]],
    });
    expect(block.accepted).toBe(false);
    expect(block.rejectReason).toMatch(/invalid after submitblock/);
    expect(events).toEqual([]);
    expect(tracked).toEqual([]);
  });

  it('counts and follows a block when neither submitblock nor any lookup was answered', async () => {
    const { block, events, tracked, calls } = await submitTo({ submitblock: [timeout('submitblock')], getblockheader: [timeout('getblockheader')] });
    expect(calls.filter((m) => m === 'getblockheader')).toHaveLength(4);
    expect(block.accepted).toBe(true);
    expect(events.map((e) => e.type)).toEqual(['found']);
    expect(tracked).toEqual([[hash, 900_000]]);
  });

  it('rejects a block whose submitblock timed out when the node answers that it does not know it', async () => {
    const { block, events, tracked } = await submitTo({ submitblock: [timeout('submitblock')], getblockheader: [notFound] });
    expect(block.accepted).toBe(false);
    expect(block.rejectReason).toMatch(/not on the node after submitblock/);
    expect(events).toEqual([]);
    expect(tracked).toEqual([]);
  });

  it('sends a block again while the node surely did not take it (refused connection, its work queue full, warming up), and counts it then', async () => {
    const refused = new RpcError('submitblock', 0, 'node unreachable: fetch failed', 'unreachable');
    const busy = new RpcError('submitblock', 0, 'HTTP 503', 'http');
    const warmingUp = new RpcError('submitblock', -28, 'Loading block index...');
    const { block, events, tracked, calls } = await submitTo({ submitblock: [refused, busy, warmingUp, null], getblockheader: [notFound] });
    expect(calls).toEqual(['submitblock', 'submitblock', 'submitblock', 'submitblock']);
    expect(block.accepted).toBe(true);
    expect(events.map((e) => e.type)).toEqual(['found']);
    expect(tracked).toEqual([[hash, 900_000]]);
  });

  it('stops sending a block again after its back-offs and asks the node; a timeout is not sent again (the node may be working on it)', async () => {
    const refused = new RpcError('submitblock', 0, 'node unreachable: fetch failed', 'unreachable');
    const gaveUp = await submitTo({ submitblock: [refused], getblockheader: [notFound] });
    expect(gaveUp.calls.filter((m) => m === 'submitblock')).toHaveLength(4); // the first and three more
    expect(gaveUp.block).toMatchObject({ accepted: false, rejectReason: expect.stringMatching(/not on the node after submitblock/) });
    const slow = await submitTo({ submitblock: [new RpcError('submitblock', 0, 'node unreachable: timeout', 'aborted')], getblockheader: [{ confirmations: 1 }] });
    expect(slow.calls.filter((m) => m === 'submitblock')).toHaveLength(1);
    expect(slow.block.accepted).toBe(true);
  });

  it('lets a stop wait for a block being submitted, so that it is reported before the process ends', async () => {
    let answer: (value: null) => void = () => undefined;
    const events: PoolBlockEvent[] = [];
    const rpc = {
      call: (method: string) => (method === 'submitblock' ? new Promise((resolve) => (answer = resolve)) : Promise.resolve({ confirmations: 1 })),
    } as unknown as RpcClient;
    const submitter = new BlockSubmitter('btc', rpc, { publish: (e) => void events.push(e) }, silentLogger, async () => undefined, () => 1, [0], [0]);
    const submitted = submitter.submit(job, solved, submission);
    let settled = false;
    const stop = submitter.settled().then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    answer(null);
    await stop;
    expect(events.map((e) => e.type)).toEqual(['found']);
    expect((await submitted).accepted).toBe(true);
    await submitter.settled(); // nothing left in flight
  });

  it('rejects a block the node refused with a reason', async () => {
    const { block, events, tracked } = await submitTo({ submitblock: ['high-hash'], getblockheader: [notFound] });
    expect(block).toMatchObject({ accepted: false, rejectReason: 'high-hash' });
    expect(events).toEqual([]);
    expect(tracked).toEqual([]);
  });

  it('counts and follows a block the node holds as inconclusive, even when it cannot be asked about it afterwards', async () => {
    for (const answer of ['inconclusive', 'duplicate-inconclusive']) {
      const { block, events, tracked } = await submitTo({ submitblock: [answer], getblockheader: [timeout('getblockheader')] });
      expect(block.accepted).toBe(true);
      expect(events.map((e) => e.type)).toEqual(['found']);
      expect(tracked).toEqual([[hash, 900_000]]);
    }
  });

  it('rejects a block the node holds as invalid', async () => {
    const { block, events } = await submitTo({ submitblock: ['duplicate-invalid'], getblockheader: [{ confirmations: -1 }] });
    expect(block).toMatchObject({ accepted: false, rejectReason: 'duplicate-invalid' });
    expect(events).toEqual([]);
  });
});
