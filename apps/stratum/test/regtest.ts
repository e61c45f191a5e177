// Two Litecoin Core regtest nodes for chain tests: getblocktemplate refuses to work without a
// peer, so the second node connects to the first. Free ports, temporary data directories, and
// the nodes are killed when the test process exits (even when a test fails half way).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RpcClient } from '../src/coin/rpc';

export interface RegtestNode {
  rpc: RpcClient;
  rpcUrl: string;
  rpcUser: string;
  rpcPassword: string;
  p2pPort: number;
  dataDir: string;
}

export interface RegtestPair {
  nodes: [RegtestNode, RegtestNode];
  stop(): Promise<void>;
}

const LITECOIND = process.env.LITECOIND ?? 'litecoind';

/**
 * A TCP port nobody listens on now (for nodes, the stratum and the API of a test). `stable`: one
 * below Linux's ephemeral range (32768 and up), for a server the test stops and starts again on
 * the same port: meanwhile an outgoing connection could take a port of that range as its own and
 * make the new listen fail.
 */
export async function freePort(stable = false): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const wanted = stable ? 20_000 + Math.floor(Math.random() * 12_000) : 0;
    try {
      return await new Promise<number>((resolve, reject) => {
        const server = createServer();
        server.unref();
        server.on('error', reject);
        server.listen(wanted, '127.0.0.1', () => {
          const { port } = server.address() as { port: number };
          server.close(() => resolve(port));
        });
      });
    } catch (err) {
      // A stable port someone holds: another one.
      if (!stable || (err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 50) throw err;
    }
  }
}

const running = new Set<ChildProcess>();
let exitHookInstalled = false;
function killAllOnExit(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}

async function waitForRpc(rpc: RpcClient, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`litecoind exited with ${child.exitCode}: ${log()}`);
    try {
      await rpc.call('getblockchaininfo', [], { timeoutMs: 2000 });
      return;
    } catch (err) {
      // -28: still loading; code 0: not listening yet.
      if (Date.now() > deadline) throw new Error(`litecoind RPC not ready: ${(err as Error).message}: ${log()}`, { cause: err });
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

async function startNode(connectTo?: number): Promise<{ node: RegtestNode; child: ChildProcess }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hp-regtest-'));
  const [p2pPort, rpcPort] = [await freePort(), await freePort()];
  const rpcUser = 'hashpool';
  const rpcPassword = 'regtest-only';
  const args = [
    '-regtest',
    `-datadir=${dataDir}`,
    `-port=${p2pPort}`,
    `-rpcport=${rpcPort}`,
    '-rpcbind=127.0.0.1',
    '-rpcallowip=127.0.0.1',
    `-rpcuser=${rpcUser}`,
    `-rpcpassword=${rpcPassword}`,
    '-bind=127.0.0.1',
    '-server=1',
    '-listen=1',
    '-dnsseed=0',
    '-fallbackfee=0.0001',
    // Payments signal BIP 125 and the mempool takes replacements (off by default in Litecoin Core),
    // so a test can bump a withdrawal's fee on the node as an operator would.
    '-walletrbf=1',
    '-mempoolreplacement=1',
    '-printtoconsole=0',
    ...(connectTo ? [`-connect=127.0.0.1:${connectTo}`] : []),
  ];
  // HOME inside the node's own directory: litecoind creates ~/.litecoin even with -datadir, and on a
  // fresh machine the chain test files starting their nodes at once raced to create it ("mkdir:
  // cannot create directory '/root/.litecoin': File exists").
  const child = spawn(LITECOIND, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, HOME: dataDir } });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-2000);
  });
  running.add(child);
  child.on('exit', () => running.delete(child));
  killAllOnExit();
  const rpcUrl = `http://127.0.0.1:${rpcPort}/`;
  const rpc = new RpcClient({ url: rpcUrl, user: rpcUser, password: rpcPassword });
  await waitForRpc(rpc, child, () => stderr);
  return { node: { rpc, rpcUrl, rpcUser, rpcPassword, p2pPort, dataDir }, child };
}

export async function startRegtestPair(): Promise<RegtestPair> {
  const first = await startNode();
  const second = await startNode(first.node.p2pPort);
  const children = [first.child, second.child];
  // Wait for the connection, or getblocktemplate answers "not connected".
  const deadline = Date.now() + 30_000;
  while ((await first.node.rpc.call<number>('getconnectioncount')) < 1) {
    if (Date.now() > deadline) throw new Error('the two regtest nodes did not connect');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    nodes: [first.node, second.node],
    async stop() {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
              setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
            }),
        ),
      );
      for (const n of [first.node, second.node]) rmSync(n.dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits until both nodes have the same best block. */
export async function waitForSync(a: RpcClient, b: RpcClient, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [x, y] = await Promise.all([a.call<string>('getbestblockhash'), b.call<string>('getbestblockhash')]);
    if (x === y) return;
    if (Date.now() > deadline) throw new Error(`nodes did not sync: ${x} vs ${y}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
