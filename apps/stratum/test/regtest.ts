// Two Litecoin Core regtest nodes for the chain tests (getblocktemplate refuses to work without a
// peer): temporary directories, free ports, RPC clients; stop() kills them and removes the data.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NodeRpc } from '../src/coin/rpc';

export const RPC_USER = 'hashpool';
export const RPC_PASSWORD = 'regtest-secret';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface RegtestNode {
  rpc: NodeRpc;
  rpcUrl: string;
  p2pPort: number;
  /** The node's wallet RPC (wallet "w"). */
  wallet: NodeRpc;
  walletUrl: string;
}

export interface RegtestPair {
  a: RegtestNode;
  b: RegtestNode;
  stop(): Promise<void>;
}

async function startNode(dir: string, connectTo?: number): Promise<{ node: RegtestNode; child: ChildProcess }> {
  const [rpcPort, p2pPort] = [await freePort(), await freePort()];
  const args = [`-datadir=${dir}`, '-regtest', '-server', '-listen', `-port=${p2pPort}`, `-rpcport=${rpcPort}`, `-rpcuser=${RPC_USER}`, `-rpcpassword=${RPC_PASSWORD}`, '-rpcbind=127.0.0.1', '-rpcallowip=127.0.0.1', '-fallbackfee=0.0001', '-txindex=0', '-printtoconsole=0', '-rpcthreads=16', '-bind=127.0.0.1', ...(connectTo ? [`-connect=127.0.0.1:${connectTo}`] : [])];
  const child = spawn(process.env.LITECOIND_PATH ?? 'litecoind', args, { stdio: 'ignore' });
  const rpcUrl = `http://127.0.0.1:${rpcPort}/`;
  const rpc = new NodeRpc(rpcUrl, RPC_USER, RPC_PASSWORD);
  for (let i = 0; ; i++) {
    try {
      await rpc.call('getblockchaininfo');
      break;
    } catch (error) {
      if (i > 300) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await rpc.call('createwallet', ['w']);
  const walletUrl = `http://127.0.0.1:${rpcPort}/wallet/w`;
  return { node: { rpc, rpcUrl, p2pPort, wallet: new NodeRpc(walletUrl, RPC_USER, RPC_PASSWORD), walletUrl }, child };
}

export async function startRegtestPair(): Promise<RegtestPair> {
  const dirs = [mkdtempSync(path.join(tmpdir(), 'hp-ltc-a-')), mkdtempSync(path.join(tmpdir(), 'hp-ltc-b-'))];
  const a = await startNode(dirs[0]!);
  const b = await startNode(dirs[1]!, a.node.p2pPort);
  for (let i = 0; (await a.node.rpc.call<number>('getconnectioncount')) < 1; i++) {
    if (i > 100) throw new Error('the regtest nodes did not connect');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    a: a.node,
    b: b.node,
    async stop() {
      for (const child of [a.child, b.child]) child.kill('SIGKILL');
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}
