// The coin's start against a node that is not ready yet: a machine rebooting starts the node and
// the stratum together, and the stratum must wait for the node instead of exiting.
import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../log';
import { createBitcoinFamilyWork } from './bitcoin-family';

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
