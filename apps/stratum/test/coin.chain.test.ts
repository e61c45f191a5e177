// The coin side against two real Litecoin Core regtest nodes: a job from a real template, solved
// with CPU scrypt, submitted; the node accepts a block that pays the pool's address; the tracker
// reports its confirmations, and an orphan after a reorganisation between the two nodes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBitcoinFamilyWork, type BitcoinFamilyWork } from '../src/coin/bitcoin-family';
import type { FoundBlock, Logger, PoolBlockEvent } from '../src/coin/types';
import { startRegtestPair, waitForSync, type RegtestPair } from './regtest';

const quiet: Logger = { info: () => {}, warn: () => {}, error: () => {} };

describe('bitcoin-family coin work on Litecoin regtest', () => {
  let pair: RegtestPair;
  let work: BitcoinFamilyWork;
  let payoutAddress: string;
  let otherAddress: string;
  let dataDir: string;
  const events: PoolBlockEvent[] = [];

  beforeAll(async () => {
    pair = await startRegtestPair();
    const [a] = pair.nodes;
    await a.rpc.call('createwallet', ['pool']);
    payoutAddress = await a.rpc.call<string>('getnewaddress', ['', 'bech32']);
    otherAddress = await a.rpc.call<string>('getnewaddress', ['', 'legacy']);
    // Out of initial block download (a fresh chain's tip is too old for getblocktemplate).
    await a.rpc.call('generatetoaddress', [101, otherAddress]);
    await waitForSync(a.rpc, pair.nodes[1].rpc);
    dataDir = mkdtempSync(join(tmpdir(), 'hp-stratcoin-'));
    work = createBitcoinFamilyWork(
      {
        coin: 'ltc',
        network: 'regtest',
        rpc: { url: a.rpcUrl, user: a.rpcUser, password: a.rpcPassword },
        payoutAddress,
        coinbaseTag: '/hashpool/',
        instancePrefix: 1,
        dataDir,
      },
      { publish: (e) => events.push(e) },
      quiet,
    );
    await work.start();
  });

  afterAll(async () => {
    await work?.stop();
    await pair?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** Hashes nonces of the current job until a share is a block (regtest: about one in two). */
  async function mineBlock(extranonce1: string): Promise<FoundBlock> {
    const job = work.currentJob()!;
    for (let nonce = 0; nonce < 10_000; nonce++) {
      const result = await work.check({
        jobId: job.id,
        extranonce1,
        extranonce2: '00000000',
        ntime: job.ntime,
        nonce: nonce.toString(16).padStart(8, '0'),
        versionMask: 0x1fffe000,
        versionBits: '00002000',
        difficulty: 1e-6,
        account: 'farm01',
        worker: 'rig1',
      });
      expect(result.ok).toBe(true);
      if (result.ok && result.block) return result.block;
    }
    throw new Error('no block in 10,000 nonces');
  }

  async function waitForJobAt(height: number): Promise<void> {
    const deadline = Date.now() + 20_000;
    while ((work.currentJob()?.height ?? 0) !== height) {
      if (Date.now() > deadline) throw new Error(`no job at height ${height}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('refuses a payout address of another network with a clear message', async () => {
    const [a] = pair.nodes;
    const bad = createBitcoinFamilyWork(
      { coin: 'ltc', network: 'regtest', rpc: { url: a.rpcUrl, user: a.rpcUser, password: a.rpcPassword }, payoutAddress: 'ltc1qg82z8shusn4e7e9dhtaqsgdhvmpm5cz53cg3yl', coinbaseTag: '', instancePrefix: 2, dataDir },
      { publish: () => {} },
      quiet,
    );
    await expect(bad.start()).rejects.toThrow(/payoutAddress ltc1q\S+ is not a valid ltc regtest address/);
  });

  it('mines a block from a real template that the node accepts, paying the pool address', async () => {
    const [a] = pair.nodes;
    const job = work.currentJob()!;
    expect(job.height).toBe(102);
    expect(job.networkDifficulty).toBeGreaterThan(0);
    const block = await mineBlock('01000001');
    expect(block).toMatchObject({ coin: 'ltc', height: 102, accepted: true, reward: 5_000_000_000n });
    expect(await a.rpc.call<string>('getbestblockhash')).toBe(block.hash);
    const onChain = await a.rpc.call<{ tx: { vout: { value: number; scriptPubKey: { addresses?: string[]; address?: string } }[] }[]; version: number }>('getblock', [block.hash, 2]);
    const paid = onChain.tx[0]!.vout[0]!;
    expect(paid.value).toBe(50);
    expect(paid.scriptPubKey.address ?? paid.scriptPubKey.addresses?.[0]).toBe(payoutAddress);
    expect(onChain.version & 0x1fffe000).toBe(0x2000); // the rolled version bit is in the block
    const found = events.find((e) => e.type === 'found');
    expect(found).toMatchObject({ type: 'found', coin: 'ltc', height: 102, hash: block.hash, reward: '50', account: 'farm01', worker: 'rig1' });
    expect(work.tracker.pendingBlocks().map((b) => b.hash)).toContain(block.hash);
  });

  it('reports confirmations as the chain grows, and network points', async () => {
    const [a] = pair.nodes;
    const found = events.find((e) => e.type === 'found')!;
    if (found.type !== 'found') throw new Error('no found event');
    await a.rpc.call('generatetoaddress', [3, otherAddress]);
    await work.tracker.poll();
    const confirmations = events.filter((e) => e.type === 'confirmations' && e.hash === found.hash);
    expect(confirmations.at(-1)).toMatchObject({ confirmations: 4 });
    const network = events.filter((e) => e.type === 'network');
    expect(network.at(-1)).toMatchObject({ coin: 'ltc', height: 105 });
    expect((network.at(-1) as { difficulty: number }).difficulty).toBeGreaterThan(0);
  });

  it('reports an orphan when the other node outmines our block while disconnected', async () => {
    const [a, b] = pair.nodes;
    await waitForSync(a.rpc, b.rpc);
    await waitForJobAt(106);
    // Cut the link, then solve the job we already hold: our block is A's tip only.
    await a.rpc.call('setnetworkactive', [false]);
    await b.rpc.call('setnetworkactive', [false]);
    // The call only starts the disconnection: a block found before it ends would reach the other
    // node, which would then build on it (no orphan). Apart means no peer on either side.
    for (const node of [a, b]) {
      for (let i = 0; i < 100 && (await node.rpc.call<number>('getconnectioncount')) > 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(await node.rpc.call<number>('getconnectioncount')).toBe(0);
    }
    const ours = await mineBlock('01000002');
    expect(ours).toMatchObject({ height: 106, accepted: true });
    await b.rpc.call('generatetoaddress', [2, otherAddress]);
    await a.rpc.call('setnetworkactive', [true]);
    await b.rpc.call('setnetworkactive', [true]);
    await waitForSync(a.rpc, b.rpc, 60_000);
    // Off the main chain, but the branch that beat it is shallow: still followed (it could turn).
    await work.tracker.poll();
    expect(events).not.toContainEqual({ type: 'orphaned', coin: 'ltc', hash: ours.hash });
    expect(work.tracker.pendingBlocks().map((p) => p.hash)).toContain(ours.hash);
    // ORPHAN_DEPTH (3) past it: orphaned.
    await b.rpc.call('generatetoaddress', [2, otherAddress]);
    await waitForSync(a.rpc, b.rpc, 60_000);
    await work.tracker.poll();
    expect(events).toContainEqual({ type: 'orphaned', coin: 'ltc', hash: ours.hash });
    expect(work.tracker.pendingBlocks().map((p) => p.hash)).not.toContain(ours.hash);
  });
});
