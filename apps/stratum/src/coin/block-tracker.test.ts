import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../log';
import { SHA256D } from './algorithm';
import { BlockTracker, ORPHAN_DEPTH } from './block-tracker';
import { RpcError, type RpcClient } from './rpc';
import type { FoundEvent, PoolBlockEvent } from './types';

const found = 'aa'.repeat(32);
/** The found event of a block, as the submitter hands it to the tracker. */
const foundEvent = (hash: string, height: number): FoundEvent => ({ type: 'found', coin: 'btc', height, hash, reward: '3.125', account: 'myfarm01', worker: 'rig1', difficulty: 1, time: 1_700_000_000_000 });
const tip = 'bb'.repeat(32);

// A node that does not know the found block (-5) and reports the given chain state.
function nodeWithout(chain: { initialblockdownload: boolean; blocks: number }, foundHeader?: { confirmations: number }): RpcClient {
  return {
    call: async (method: string, params: unknown[] = []) => {
      if (method === 'getbestblockhash') return tip;
      if (method === 'getblockchaininfo') return chain;
      if (method === 'getblockheader' && params[0] === tip) return { height: chain.blocks, time: 1_700_000_000, difficulty: 1 };
      if (method === 'getblockheader' && params[0] === found) {
        if (foundHeader) return foundHeader;
        throw new RpcError(method, -5, 'Block not found');
      }
      throw new RpcError(method, -32601, 'Method not found');
    },
  } as unknown as RpcClient;
}

describe('BlockTracker', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tracker-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function pollWith(rpc: RpcClient) {
    const events: PoolBlockEvent[] = [];
    const tracker = new BlockTracker('btc', SHA256D, rpc, { publish: (e) => void events.push(e) }, silentLogger, dir);
    await tracker.load();
    await tracker.track(foundEvent(found, 900_000));
    await tracker.poll();
    return { tracker, blockEvents: events.filter((e) => e.type !== 'network') };
  }

  it('keeps following a block a node in initial block download does not know', async () => {
    const { tracker, blockEvents } = await pollWith(nodeWithout({ initialblockdownload: true, blocks: 950_000 }));
    expect(blockEvents).toEqual([]);
    expect(tracker.pendingBlocks().map((b) => b.hash)).toEqual([found]);
  });

  it('keeps following a block a synced node not yet past its height does not know', async () => {
    const { tracker, blockEvents } = await pollWith(nodeWithout({ initialblockdownload: false, blocks: 900_000 }));
    expect(blockEvents).toEqual([]);
    expect(tracker.pendingBlocks()).toHaveLength(1);
  });

  it('reports orphaned a block a synced node past its height does not know', async () => {
    const { tracker, blockEvents } = await pollWith(nodeWithout({ initialblockdownload: false, blocks: 900_010 }));
    expect(blockEvents).toEqual([{ type: 'orphaned', coin: 'btc', hash: found }]);
    expect(tracker.pendingBlocks()).toEqual([]);
  });

  it('keeps following a block off the main chain while the branch that beat it is shallow (a fork race can turn)', async () => {
    const { tracker, blockEvents } = await pollWith(nodeWithout({ initialblockdownload: false, blocks: 900_000 + ORPHAN_DEPTH - 1 }, { confirmations: -1 }));
    expect(blockEvents).toEqual([]);
    expect(tracker.pendingBlocks().map((b) => b.hash)).toEqual([found]);
  });

  it('reports orphaned a block the node holds off its main chain (confirmations -1) once the node is past it', async () => {
    const { tracker, blockEvents } = await pollWith(nodeWithout({ initialblockdownload: false, blocks: 900_000 + ORPHAN_DEPTH }, { confirmations: -1 }));
    expect(blockEvents).toEqual([{ type: 'orphaned', coin: 'btc', hash: found }]);
    expect(tracker.pendingBlocks()).toEqual([]);
  });

  it('reports the confirmations of a block that came back to the main chain after a fork race', async () => {
    const header = { confirmations: -1 };
    const chain = { initialblockdownload: false, blocks: 900_001 };
    const events: PoolBlockEvent[] = [];
    const tracker = new BlockTracker('btc', SHA256D, nodeWithout(chain, header), { publish: (e) => void events.push(e) }, silentLogger, dir);
    await tracker.load();
    await tracker.track(foundEvent(found, 900_000));
    await tracker.poll();
    // Our branch wins the race: the block is in the main chain again.
    header.confirmations = 3;
    chain.blocks = 900_002;
    await tracker.poll();
    expect(events.filter((e) => e.type !== 'network')).toEqual([foundEvent(found, 900_000), { type: 'confirmations', coin: 'btc', hash: found, confirmations: 3 }]);
    expect(tracker.pendingBlocks().map((b) => b.hash)).toEqual([found]);
  });

  it('saves a new block at once, not after a poll that waits on a slow node', async () => {
    let answer!: () => void;
    const slow = new Promise<void>((resolve) => (answer = resolve));
    const rpc = {
      call: async (method: string) => {
        if (method === 'getbestblockhash') {
          await slow;
          return tip;
        }
        throw new RpcError(method, -32601, 'Method not found');
      },
    } as unknown as RpcClient;
    const tracker = new BlockTracker('btc', SHA256D, rpc, { publish: () => undefined }, silentLogger, dir);
    await tracker.load();
    const polling = tracker.poll().catch(() => undefined);
    await tracker.track(foundEvent(found, 900_000));
    const saved = JSON.parse(await readFile(join(dir, 'blocks-btc.json'), 'utf8')) as { pending: Array<{ hash: string }> };
    expect(saved.pending.map((b) => b.hash)).toEqual([found]);
    answer();
    await polling;
  });

  it('keeps its pending blocks across a restart, and an unreadable state file aside instead of overwriting it', async () => {
    const rpc = nodeWithout({ initialblockdownload: true, blocks: 950_000 });
    const first = new BlockTracker('btc', SHA256D, rpc, { publish: () => undefined }, silentLogger, dir);
    await first.load();
    await first.track(foundEvent(found, 900_000));
    // Killed after the block was saved, before its found event was published: the next start
    // publishes it (the pool ignores a found block it knows), so the pool cannot miss the block.
    const republished: PoolBlockEvent[] = [];
    const again = new BlockTracker('btc', SHA256D, rpc, { publish: (e) => void republished.push(e) }, silentLogger, dir);
    await again.load();
    expect(again.pendingBlocks()).toEqual([{ hash: found, height: 900_000, confirmations: -1, found: foundEvent(found, 900_000) }]);
    expect(republished).toEqual([foundEvent(found, 900_000)]);

    await writeFile(join(dir, 'blocks-btc.json'), '{"version":1,"pend');
    const broken = new BlockTracker('btc', SHA256D, rpc, { publish: () => undefined }, silentLogger, dir);
    await broken.load();
    expect(broken.pendingBlocks()).toEqual([]);
    const aside = (await readdir(dir)).filter((f) => f.startsWith('blocks-btc.json.unreadable-'));
    expect(aside).toHaveLength(1);
    expect(await readFile(join(dir, aside[0]!), 'utf8')).toBe('{"version":1,"pend');
  });

  it('takes over the pending blocks of a removed process once, and leaves an unreadable one where it is', async () => {
    const rpc = nodeWithout({ initialblockdownload: true, blocks: 950_000 });
    const other = 'cc'.repeat(32);
    const retired = join(dir, 'process-2');
    const own = new BlockTracker('btc', SHA256D, rpc, { publish: () => undefined }, silentLogger, dir);
    await own.load();
    await own.track(foundEvent(found, 900_000));
    const theirs = new BlockTracker('btc', SHA256D, rpc, { publish: () => undefined }, silentLogger, retired);
    await theirs.load();
    await theirs.track(foundEvent(other, 900_010));
    await theirs.track(foundEvent(found, 900_000)); // already ours: followed once
    const broken = join(dir, 'process-3');
    await mkdir(broken);
    await writeFile(join(broken, 'blocks-btc.json'), 'not json');

    const merged = new BlockTracker('btc', SHA256D, rpc, { publish: () => undefined }, silentLogger, dir);
    await merged.load([retired, broken, join(dir, 'process-4')]);
    expect(merged.pendingBlocks().map((b) => b.hash)).toEqual([found, other]);
    // On disk as ours; theirs renamed, so a second start adopts nothing twice.
    expect(JSON.parse(await readFile(join(dir, 'blocks-btc.json'), 'utf8')).pending).toHaveLength(2);
    expect((await readdir(retired)).filter((f) => f.startsWith('blocks-btc.json.adopted-'))).toHaveLength(1);
    expect(await readFile(join(broken, 'blocks-btc.json'), 'utf8')).toBe('not json');
    const restarted = new BlockTracker('btc', SHA256D, rpc, { publish: () => undefined }, silentLogger, dir);
    await restarted.load([retired]);
    expect(restarted.pendingBlocks().map((b) => b.hash)).toEqual([found, other]);
  });

  it('goes on with the other blocks when the lookup of one fails, saves what changed, and asks again at the next poll', async () => {
    const other = 'cc'.repeat(32);
    let failing = true;
    const rpc = {
      call: async (method: string, params: unknown[] = []) => {
        if (method === 'getbestblockhash') return tip;
        if (method === 'getblockheader' && params[0] === tip) return { height: 900_010, time: 1_700_000_000, difficulty: 1 };
        if (method === 'getblockheader' && params[0] === found) {
          if (failing) throw new RpcError(method, 0, 'node unreachable: socket hang up', 'unreachable');
          return { confirmations: 11 };
        }
        if (method === 'getblockheader' && params[0] === other) return { confirmations: 2 };
        throw new RpcError(method, -32601, 'Method not found');
      },
    } as unknown as RpcClient;
    const events: PoolBlockEvent[] = [];
    const warnings: { msg: string; fields?: Record<string, unknown> }[] = [];
    const log = { ...silentLogger, warn: (msg: string, fields?: Record<string, unknown>) => void warnings.push({ msg, fields }) };
    const tracker = new BlockTracker('btc', SHA256D, rpc, { publish: (e) => void events.push(e) }, log, dir);
    await tracker.load();
    await tracker.track(foundEvent(found, 900_000));
    await tracker.track(foundEvent(other, 900_009));
    await tracker.poll();
    expect(events.filter((e) => e.type !== 'network')).toEqual([foundEvent(other, 900_009), { type: 'confirmations', coin: 'btc', hash: other, confirmations: 2 }]);
    expect(warnings).toEqual([{ msg: expect.any(String), fields: { coin: 'btc', hash: found, error: expect.stringContaining('socket hang up') } }]);
    const reloaded = new BlockTracker('btc', SHA256D, rpc, { publish: () => undefined }, silentLogger, dir);
    await reloaded.load();
    expect(reloaded.pendingBlocks()).toEqual([
      // The found event is kept until the block's first count (a start publishes it again till then).
      { hash: found, height: 900_000, confirmations: -1, found: foundEvent(found, 900_000) },
      { hash: other, height: 900_009, confirmations: 2 },
    ]);

    failing = false;
    await tracker.poll();
    expect(events.filter((e) => e.type !== 'network').at(-1)).toEqual({ type: 'confirmations', coin: 'btc', hash: found, confirmations: 11 });
  });

  it('reports the confirmations of a block in the chain', async () => {
    const { blockEvents } = await pollWith(nodeWithout({ initialblockdownload: false, blocks: 900_001 }, { confirmations: 2 }));
    expect(blockEvents).toEqual([foundEvent(found, 900_000), { type: 'confirmations', coin: 'btc', hash: found, confirmations: 2 }]);
  });

  it('sends a block’s found event before its first count, whoever sends it first: the pool cannot place a count of a block it does not know', async () => {
    const events: PoolBlockEvent[] = [];
    const tracker = new BlockTracker('btc', SHA256D, nodeWithout({ initialblockdownload: false, blocks: 900_000 }, { confirmations: 1 }), { publish: (e) => void events.push(e) }, silentLogger, dir);
    await tracker.load();
    // The submitter saved the block; our block moved the tip and the poll runs before the submitter publishes.
    await tracker.track(foundEvent(found, 900_000));
    await tracker.poll();
    expect(events.filter((e) => e.type !== 'network').map((e) => e.type)).toEqual(['found', 'confirmations']);
    // Later counts go alone.
    await tracker.poll();
    expect(events.filter((e) => e.type !== 'network').map((e) => e.type)).toEqual(['found', 'confirmations']);
  });
});
