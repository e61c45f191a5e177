// The stratum server under test, in its own process (forked by bench-stratum.ts with --expose-gc),
// so its memory and CPU are measured apart from the load generator's. It is the real StratumServer
// with the real share outbox (records written and fsync'd to disk before each answer, as in
// production), whose transport is a pool that acknowledges every batch at once. Coins: a btc
// (SHA-256d) and an ltc (Scrypt) port over static templates (static-coin.ts). The parent talks to it
// over the IPC channel: memory (after a full GC), counters and CPU time, stop.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LimitsConfig } from '../../src/config.js';
import { silentLogger } from '../../src/log.js';
import { shareOutbox } from '../../src/outbox/pool-outboxes.js';
import { StratumServer } from '../../src/server/stratum-server.js';
import { directChecksPerSecond } from './direct-checks.js';
import { staticCoinWork } from './static-coin.js';

export interface ServerSettings {
  /** Transactions in the templates: the merkle branch each share is folded through. */
  transactions: number;
  /** Fixed stratum difficulty of both ports (min = start = max: vardiff never moves it). */
  difficulty: number;
}

export type ServerRequest = { type: 'memory' } | { type: 'stats' } | { type: 'direct'; coin: 'btc' | 'ltc'; ms: number } | { type: 'stop' };

export type ServerMessage =
  | { type: 'ready'; ports: { btc: number; ltc: number }; branch: { btc: number; ltc: number }; outboxDir: string }
  | { type: 'memory'; rss: number; heapUsed: number; external: number; arrayBuffers: number; connections: number }
  | { type: 'stats'; results: Record<string, number>; cpuMicros: number; at: number }
  | { type: 'direct'; perSecond: number };

// The defaults of the configuration schema (src/config.ts), as an operator runs it.
const LIMITS: LimitsConfig = {
  maxConnectionsPerIp: 256,
  maxConnections: 50_000,
  authTimeoutSeconds: 30,
  idleTimeoutSeconds: 600,
  invalidSharesWindowSeconds: 60,
  invalidSharesThreshold: 100,
  banSeconds: 600,
  proxyProtocol: false,
};

const settings = JSON.parse(process.env.BENCH_STRATUM_SERVER ?? '{}') as ServerSettings;
const send = (m: ServerMessage) => process.send?.(m);
const gc = (globalThis as { gc?: () => void }).gc;

const dataDir = mkdtempSync(join(tmpdir(), 'hashpool-bench-stratum-'));
const outbox = shareOutbox({ dataDir, instanceId: 'bench', transport: { send: async () => 'ok' }, log: silentLogger });
await outbox.start();

const btc = staticCoinWork('btc', settings.transactions);
const ltc = staticCoinWork('ltc', settings.transactions);
const port = { port: 0, startDifficulty: settings.difficulty, minDifficulty: settings.difficulty, maxDifficulty: settings.difficulty };
const results: Record<string, number> = {};
const server = new StratumServer({
  instancePrefix: 1,
  listenHost: '127.0.0.1',
  coins: [
    { work: btc, ports: [port] },
    { work: ltc, ports: [port] },
  ],
  vardiff: { targetSeconds: 10, retargetSeconds: 90, variancePercent: 30 },
  limits: LIMITS,
  checkAccount: async () => 'exists',
  recordShare: (share) => outbox.append(share),
  log: silentLogger,
  hooks: {
    share: (coin, result) => {
      const key = `${coin}:${result}`;
      results[key] = (results[key] ?? 0) + 1;
    },
  },
});
await server.start();
const [btcPort, ltcPort] = server.ports();
send({ type: 'ready', ports: { btc: btcPort!, ltc: ltcPort! }, branch: { btc: btc.branchLength, ltc: ltc.branchLength }, outboxDir: dataDir });

process.on('message', (m: ServerRequest) => {
  if (m.type === 'memory') {
    // Several passes: the first frees what only then becomes unreachable (weak maps, finalizers).
    for (let i = 0; i < 4; i++) gc?.();
    const u = process.memoryUsage();
    send({ type: 'memory', rss: u.rss, heapUsed: u.heapUsed, external: u.external, arrayBuffers: u.arrayBuffers, connections: server.connectionCount() });
  } else if (m.type === 'stats') {
    const cpu = process.cpuUsage();
    send({ type: 'stats', results: { ...results }, cpuMicros: cpu.user + cpu.system, at: performance.now() });
  } else if (m.type === 'direct') {
    void directChecksPerSecond(m.coin === 'btc' ? btc : ltc, settings.difficulty, m.ms, 16).then((perSecond) => send({ type: 'direct', perSecond }));
  } else if (m.type === 'stop') {
    void (async () => {
      await server.stop(200);
      await outbox.stop(0);
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    })();
  }
});
process.on('disconnect', () => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
