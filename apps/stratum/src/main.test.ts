// The stratum process as operators run it, against a local node that refuses the payout address
// once asked (as Litecoin Core answers validateaddress for an address of another network): the
// process stops gracefully with exit code 1, and a process group stops whole instead of starting
// the process again into the same error.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

let node: Server | undefined;
let dir: string | undefined;
afterEach(() => {
  node?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const s = createTcpServer().listen(0, '127.0.0.1');
  await new Promise((r) => s.once('listening', r));
  const { port } = s.address() as { port: number };
  await new Promise((r) => s.close(r));
  return port;
}

async function run(processes: number): Promise<{ code: number | null; output: string }> {
  node = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const { id, method } = JSON.parse(body) as { id: number; method: string };
      const answer = method === 'validateaddress' ? { result: { isvalid: false, error: 'Invalid address' }, error: null, id } : { result: null, error: { code: -32601, message: 'Method not found' }, id };
      res.writeHead(method === 'validateaddress' ? 200 : 500, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((r) => node!.listen(0, '127.0.0.1', r));
  const nodePort = (node.address() as { port: number }).port;
  dir = mkdtempSync(join(tmpdir(), 'stratum-main-'));
  const config = join(dir, 'stratum.json');
  writeFileSync(config, JSON.stringify({
    instanceId: 'maintest', instancePrefix: 3, processes, poolUrl: 'http://127.0.0.1:9/', ingestKey: 'k'.repeat(16),
    dataDir: join(dir, 'data'), listenHost: '127.0.0.1', publicHost: '127.0.0.1', metricsPort: 0,
    coins: [{ coin: 'ltc', network: 'regtest', rpc: { url: `http://127.0.0.1:${nodePort}/` }, payoutAddress: 'LTCmainnetaddressnotforregtest', ports: [{ port: await freePort(), startDifficulty: 1, minDifficulty: 1, maxDifficulty: 1 }] }],
  }));
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'main.ts')], { env: { ...process.env, STRATUM_CONFIG: config }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  // Only a hang is killed: the group case starts three tsx processes (9 s on a quiet machine, a few
  // times that on a loaded CI machine).
  const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
  const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
  clearTimeout(timer);
  return { code, output };
}

describe('the stratum process with a payout address its node refuses', () => {
  it('stops gracefully with exit code 1', async () => {
    const { code, output } = await run(1);
    expect(code, output).toBe(1);
    expect(output).toMatch(/"error":"payoutAddress LTCmainnetaddressnotforregtest is not a valid ltc regtest address[^"]*","msg":"stratum cannot go on: stopping"/);
    expect(output).toContain('"msg":"stopped"');
    expect(output).not.toContain('stratum failed to start');
  }, 120_000);

  it('as a process group, stops the whole instance with exit code 1 instead of starting the process again', async () => {
    const { code, output } = await run(2);
    expect(code, output).toBe(1);
    expect(output).toContain('"msg":"a stratum process cannot go on: stopping the instance"');
    expect(output).not.toContain('starting it again');
  }, 120_000);
});
