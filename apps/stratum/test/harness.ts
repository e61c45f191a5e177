// A live stratum server on ephemeral ports with a fake coin, an in-memory share recorder and a
// steerable account lookup.
import type { FoundBlock } from '../src/coin/types.js';
import type { LimitsConfig, VardiffConfig } from '../src/config.js';
import { silentLogger } from '../src/log.js';
import type { PoolShare } from '../src/outbox/pool-outboxes.js';
import type { AccountAnswer } from '../src/server/account-lookup.js';
import { StratumServer } from '../src/server/stratum-server.js';
import { FakeCoin } from './fake-coin.js';

export const defaultLimits: LimitsConfig = {
  maxConnectionsPerIp: 50,
  maxConnections: 10_000,
  authTimeoutSeconds: 30,
  idleTimeoutSeconds: 600,
  invalidSharesWindowSeconds: 60,
  invalidSharesThreshold: 100,
  banSeconds: 600,
  proxyProtocol: false,
  trustedProxies: [],
};

export interface Harness {
  server: StratumServer;
  coin: FakeCoin;
  port: number;
  shares: PoolShare[];
  /** Every answered submission's result as the metrics hook sees it (`invalid`: refused unchecked). */
  results: string[];
  blocks: Array<{ block: FoundBlock; account: string; worker: string }>;
  accounts: Map<string, AccountAnswer>;
  stop(): Promise<void>;
}

export async function startHarness(opts: {
  limits?: Partial<LimitsConfig>;
  vardiff?: Partial<VardiffConfig>;
  port?: { startDifficulty?: number; minDifficulty?: number; maxDifficulty?: number };
  recordShare?: (share: PoolShare) => Promise<void>;
  /** The pool's answer to an authorize (default: the `accounts` map's, at once). */
  checkAccount?: (name: string) => Promise<AccountAnswer>;
  now?: () => number;
  sweepMs?: number;
  job?: boolean;
} = {}): Promise<Harness> {
  const coin = new FakeCoin();
  if (opts.job !== false) coin.newJob();
  const shares: PoolShare[] = [];
  const blocks: Harness['blocks'] = [];
  const results: string[] = [];
  const accounts = new Map<string, AccountAnswer>([['myfarm01', 'exists']]);
  const server = new StratumServer({
    instancePrefix: 7,
    listenHost: '127.0.0.1',
    coins: [{ work: coin, ports: [{ port: 0, startDifficulty: 16, minDifficulty: 1, maxDifficulty: 1 << 20, ...opts.port }] }],
    vardiff: { targetSeconds: 10, retargetSeconds: 90, variancePercent: 30, ...opts.vardiff },
    limits: { ...defaultLimits, ...opts.limits },
    checkAccount: opts.checkAccount ?? (async (name) => accounts.get(name.toLowerCase()) ?? 'unknown'),
    recordShare: opts.recordShare ?? (async (s) => void shares.push(s)),
    hooks: { block: (block, account, worker) => void blocks.push({ block, account, worker }), share: (_coin, result) => void results.push(result) },
    log: silentLogger,
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.sweepMs ? { sweepMs: opts.sweepMs } : {}),
  });
  await server.start();
  await server.serve(coin);
  return { server, coin, port: server.ports()[0]!, shares, results, blocks, accounts, stop: () => server.stop(100) };
}
