// The coin's start against a node that is not ready yet: a machine rebooting starts the node and
// the stratum together, and the stratum must wait for the node instead of exiting.
import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../log';
import { createBitcoinFamilyWork } from './bitcoin-family';
import { addressNetwork } from './networks';
import { payments } from 'bitcoinjs-lib';
import { until } from '../../test/until.js';

let server: Server | undefined;
let dir: string | undefined;
afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A node that answers HTTP 503 (its RPC work queue full) and then -28 (warming up) before its real answer. */
async function nodeNotReadyAtFirst(answer: unknown): Promise<{ url: string; asked: string[] }> {
  const asked: string[] = [];
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const { method, id } = JSON.parse(body) as { method: string; id: number };
      asked.push(method);
      if (asked.length === 1) return void res.writeHead(503).end('Work queue depth exceeded');
      if (asked.length === 2) return void res.writeHead(500).end(JSON.stringify({ result: null, error: { code: -28, message: 'Loading block index...' }, id }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ result: answer, error: null, id }));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/`, asked };
}

describe('a bitcoin-family coin starting', () => {
  it('asks a node that is not ready again about the payout address, and takes its answer then', async () => {
    const node = await nodeNotReadyAtFirst({ isvalid: false, error: 'Invalid address' });
    dir = await mkdtemp(join(tmpdir(), 'coin-start-'));
    const rpcErrors: string[] = [];
    const work = createBitcoinFamilyWork(
      { coin: 'ltc', network: 'regtest', rpc: { url: node.url }, payoutAddress: 'rltc1qnotanaddress', coinbaseTag: '', instancePrefix: 1, dataDir: dir },
      { publish: () => undefined },
      silentLogger,
      { rpcError: (method) => void rpcErrors.push(method) },
    );
    await expect(work.start()).rejects.toThrow(/is not a valid ltc regtest address/);
    expect(node.asked).toEqual(['validateaddress', 'validateaddress', 'validateaddress']);
    // The 503 and the -28 reach the metrics; with no template yet, the work is as old as the coin's
    // start (about the 4 s of retries), never absent.
    expect(rpcErrors).toEqual(['validateaddress', 'validateaddress']);
    expect(work.templateAgeSeconds()).toBeGreaterThanOrEqual(3.5);
  }, 15_000);
});

describe('a bitcoin-family coin whose node stops giving templates', () => {
  it('drops its work when the node has moved to a new block without a template: shares of it answer stale', async () => {
    const regtest = addressNetwork('btc', 'regtest');
    const payoutAddress = payments.p2wpkh({ hash: Buffer.alloc(20, 7), network: regtest }).address!;
    const node = { best: '11'.repeat(32), syncing: false };
    const template = { version: 0x20000000, previousblockhash: '11'.repeat(32), transactions: [], coinbasevalue: 5_000_000_000, target: '7fffff'.padEnd(64, '0'), curtime: Math.floor(Date.now() / 1000), bits: '207fffff', height: 101 };
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const { method, id } = JSON.parse(body) as { method: string; id: number };
        const reply = (result: unknown, error: unknown = null) => res.writeHead(error ? 500 : 200, { 'content-type': 'application/json' }).end(JSON.stringify({ result, error, id }));
        if (method === 'validateaddress') return reply({ isvalid: true });
        if (method === 'getbestblockhash') return reply(node.best);
        if (method === 'getblocktemplate') return node.syncing ? reply(null, { code: -10, message: 'Bitcoin Core is in initial sync and waiting for blocks...' }) : reply(template);
        reply([]);
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    dir = await mkdtemp(join(tmpdir(), 'coin-stale-'));
    const work = createBitcoinFamilyWork(
      { coin: 'btc', network: 'regtest', rpc: { url: `http://127.0.0.1:${port}/` }, payoutAddress, coinbaseTag: '', instancePrefix: 1, dataDir: dir, longPoll: false },
      { publish: () => undefined },
      silentLogger,
    );
    await work.start();
    try {
      const job = work.currentJob()!;
      expect(job).toBeDefined();
      const share = { jobId: job.id, extranonce1: '01000001', extranonce2: '00000001', ntime: job.ntime, nonce: '00000000', versionMask: 0, difficulty: 0.000001, account: 'myfarm01', worker: 'rig1' };
      // Checked against the job (met or too weak, as its hash falls), not stale.
      const before = await work.check(share);
      expect(before.ok || before.code).not.toBe(21);
      // The node restarts on a chain that has moved on, and syncs: no template for the new tip.
      node.best = '22'.repeat(32);
      node.syncing = true;
      await until(() => work.currentJob() === undefined, 5000);
      expect(await work.check({ ...share, nonce: '00000001' })).toMatchObject({ ok: false, code: 21 });
      // Synced: work on the new block, clean.
      template.previousblockhash = node.best;
      template.height = 102;
      node.syncing = false;
      await until(() => work.currentJob() !== undefined, 5000);
      expect(work.currentJob()).toMatchObject({ cleanJobs: true, prevHash: expect.any(String) });
      expect(work.currentJob()!.id).not.toBe(job.id);
    } finally {
      await work.stop();
    }
  }, 15_000);
});
