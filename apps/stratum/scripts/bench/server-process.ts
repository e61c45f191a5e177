// The stratum server under test, in its own process (forked by bench-stratum.ts with --expose-gc),
// so its memory and CPU are measured apart from the load generator's. It is the real StratumServer
// with the real share outbox (records written and fsync'd to disk before each answer, as in
// production), whose transport is the real HTTP transport with the compact encoding, its fetch a
// pool that acknowledges every batch at once. Coins: a btc
// (SHA-256d) and an ltc (Scrypt) port over static templates (static-coin.ts). The parent talks to it
// over the IPC channel: memory (after a full GC), counters and CPU time, stop.
// With `processes` above 1 it is a process group as `processes` in the configuration makes one (the
// real ProcessGroup as primary, one StratumServer per process); figures are the sums over them.
import cluster from 'node:cluster';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHistogram, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import type { LimitsConfig } from '../../src/config.js';
import { silentLogger } from '../../src/log.js';
import { httpTransport } from '../../src/outbox/http-transport.js';
import { shareOutbox } from '../../src/outbox/pool-outboxes.js';
import { isHandOver, ProcessGroup, READY, type ProcessReport } from '../../src/server/process-group.js';
import { StratumServer } from '../../src/server/stratum-server.js';
import { directChecksPerSecond } from './direct-checks.js';
import { staticCoinWork } from './static-coin.js';

export interface ServerSettings {
  /** Transactions in the templates: the merkle branch each share is folded through. */
  transactions: number;
  /** Fixed stratum difficulty of both ports (min = start = max: vardiff never moves it). */
  difficulty: number;
  /** Processes of the server (the configuration's `processes`). */
  processes: number;
}

export type ServerRequest = { type: 'memory' } | { type: 'stats' } | { type: 'direct'; coin: 'btc' | 'ltc'; ms: number } | { type: 'stop' };

export type ServerMessage =
  | { type: 'ready'; ports: { btc: number; ltc: number }; branch: { btc: number; ltc: number }; outboxDir: string }
  | { type: 'memory'; rss: number; heapUsed: number; external: number; arrayBuffers: number; connections: number }
  | { type: 'stats'; results: Record<string, number>; cpuMicros: number; at: number; stalls: Stalls }
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
      trustedProxies: [],
};

/**
 * Where an answer's tail latency can come from inside the server, since the previous stats: the
 * garbage collector's pauses (total and longest) and the longest event-loop delay (any turn that
 * kept every connection of the process waiting), the worst over the group's processes.
 */
export interface Stalls {
  gcMs: number;
  gcMaxMs: number;
  loopMaxMs: number;
  /** The 99th percentile of the event-loop delay (ms). */
  loopP99Ms: number;
  /**
   * How long an outbox flush kept its shares' answers waiting (the durable write, from the first
   * record of the turn until the flush is on disk): p99 and longest, in ms.
   */
  diskP99Ms: number;
  diskMaxMs: number;
}

const settings = JSON.parse(process.env.BENCH_STRATUM_SERVER ?? '{}') as ServerSettings;
const send = (m: ServerMessage) => process.send?.(m);
const report = (m: ProcessReport) => process.connected && process.send?.(m);
/** A process of a group (its index), or undefined for the single-process server. */
const member = cluster.isWorker ? Number(process.env.BENCH_PROCESS_INDEX) : undefined;
const index = member ?? 0;

if (settings.processes > 1 && cluster.isPrimary) await runPrimary();
else await runServer();

/** The group's primary: the real ProcessGroup, and the parent's questions answered for all processes. */
async function runPrimary(): Promise<void> {
  let ready: Extract<ServerMessage, { type: 'ready' }> | undefined;
  const group = new ProcessGroup({
    ports: [
      { coin: 'btc', port: 0 },
      { coin: 'ltc', port: 0 },
    ],
    host: '127.0.0.1',
    limits: LIMITS,
    processes: settings.processes,
    fork: (i) => cluster.fork({ BENCH_PROCESS_INDEX: String(i) }),
    log: silentLogger,
  });
  await group.start(
    (worker) =>
      new Promise((resolve) => {
        worker.once('message', (m: ServerMessage) => {
          if (m.type === 'ready') ready ??= m;
          resolve();
        });
      }),
  );
  await group.serving();
  const [btcPort, ltcPort] = group.ports();
  send({ ...ready!, ports: { btc: btcPort!, ltc: ltcPort! } });
  const askAll = (req: ServerRequest) =>
    Promise.all(
      group.workers().map(
        (w) =>
          new Promise<ServerMessage>((resolve) => {
            const on = (m: ServerMessage) => {
              if (m.type !== req.type) return;
              w.off('message', on);
              resolve(m);
            };
            w.on('message', on);
            w.send(req);
          }),
      ),
    );
  process.on('message', (m: ServerRequest) => {
    void (async () => {
      if (m.type === 'stop') {
        await group.stop();
        process.exit(0);
      }
      // The check alone is a property of one process.
      if (m.type === 'direct') return send((await askAll(m))[0]!);
      const all = await askAll(m);
      if (m.type === 'stats') {
        const results: Record<string, number> = {};
        let cpuMicros = 0;
        const stalls: Stalls = { gcMs: 0, gcMaxMs: 0, loopMaxMs: 0, loopP99Ms: 0, diskP99Ms: 0, diskMaxMs: 0 };
        for (const r of all as Array<Extract<ServerMessage, { type: 'stats' }>>) {
          cpuMicros += r.cpuMicros;
          stalls.gcMs = Math.max(stalls.gcMs, r.stalls.gcMs);
          stalls.gcMaxMs = Math.max(stalls.gcMaxMs, r.stalls.gcMaxMs);
          stalls.loopMaxMs = Math.max(stalls.loopMaxMs, r.stalls.loopMaxMs);
          stalls.loopP99Ms = Math.max(stalls.loopP99Ms, r.stalls.loopP99Ms);
          stalls.diskP99Ms = Math.max(stalls.diskP99Ms, r.stalls.diskP99Ms);
          stalls.diskMaxMs = Math.max(stalls.diskMaxMs, r.stalls.diskMaxMs);
          for (const [k, v] of Object.entries(r.results)) results[k] = (results[k] ?? 0) + v;
        }
        send({ type: 'stats', results, cpuMicros, at: performance.now(), stalls });
      } else if (m.type === 'memory') {
        const rs = all as Array<Extract<ServerMessage, { type: 'memory' }>>;
        const sum = (f: (r: (typeof rs)[number]) => number) => rs.reduce((n, r) => n + f(r), 0);
        const own = process.memoryUsage();
        send({ type: 'memory', rss: sum((r) => r.rss) + own.rss, heapUsed: sum((r) => r.heapUsed), external: sum((r) => r.external), arrayBuffers: sum((r) => r.arrayBuffers), connections: sum((r) => r.connections) });
      }
    })();
  });
  process.on('disconnect', () => void group.stop().then(() => process.exit(0)));
}

async function runServer(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  const stalls = watchStalls();

  const dataDir = mkdtempSync(join(tmpdir(), 'hashpool-bench-stratum-'));
  // The production transport with its default compact encoding (a second's batch re-encoded in the
  // encoder thread); only the pool's answer is a stand-in, given at once.
  const poolAnswers = (async () => new Response('{"code":0}')) as unknown as typeof fetch;
  const transport = httpTransport({ url: 'http://pool.invalid/api/internal/shares', ingestKey: 'bench', log: silentLogger, fetchImpl: poolAnswers, shareEncoding: 'compact' });
  const outbox = shareOutbox({ dataDir, instanceId: 'bench', transport, log: silentLogger });
  await outbox.start();

  const btc = staticCoinWork('btc', settings.transactions);
  const ltc = staticCoinWork('ltc', settings.transactions);
  const port = { port: 0, startDifficulty: settings.difficulty, minDifficulty: settings.difficulty, maxDifficulty: settings.difficulty };
  const ports = [{ ...port }, { ...port }];
  const results: Record<string, number> = {};
  const server = new StratumServer({
    instancePrefix: 1 + index,
    listenHost: '127.0.0.1',
    coins: [
      { work: btc, ports: [ports[0]!] },
      { work: ltc, ports: [ports[1]!] },
    ],
    vardiff: { targetSeconds: 10, retargetSeconds: 90, variancePercent: 30 },
    limits: LIMITS,
    checkAccount: async () => 'exists',
    recordShare: (share) => stalls.timeFlush(outbox.append(share)),
    log: silentLogger,
    ...(member !== undefined
      ? {
          primary: {
            release: (ip: string, listener: number) => report({ hashpool: 'released', ip, listener }),
            ban: (ip: string, seconds: number) => report({ hashpool: 'ban', ip, seconds }),
          },
        }
      : {}),
    hooks: {
      share: (coin, result) => {
        const key = `${coin}:${result}`;
        results[key] = (results[key] ?? 0) + 1;
      },
    },
  });
  await server.start();
  await server.serve(btc);
  await server.serve(ltc);
  if (member !== undefined) {
    process.on('message', (m: unknown, socket?: unknown) => {
      if (isHandOver(m) && socket) server.adopt(m.listener, socket as Socket, m.ip);
    });
  }
  const [btcPort, ltcPort] = server.ports();
  send({ type: 'ready', ports: { btc: btcPort!, ltc: ltcPort! }, branch: { btc: btc.branchLength, ltc: ltc.branchLength }, outboxDir: dataDir });
  // After the bench's own ready (the primary's start takes the first message): the group hands a
  // process connections only once it says READY.
  if (member !== undefined) {
    process.send?.(READY);
    for (const coin of ['btc', 'ltc']) report({ hashpool: 'serving', coin });
  }

  process.on('message', (m: ServerRequest) => {
    if (m.type === 'memory') {
      // Several passes: the first frees what only then becomes unreachable (weak maps, finalizers).
      for (let i = 0; i < 4; i++) gc?.();
      const u = process.memoryUsage();
      send({ type: 'memory', rss: u.rss, heapUsed: u.heapUsed, external: u.external, arrayBuffers: u.arrayBuffers, connections: server.connectionCount() });
    } else if (m.type === 'stats') {
      const cpu = process.cpuUsage();
      send({ type: 'stats', results: { ...results }, cpuMicros: cpu.user + cpu.system, at: performance.now(), stalls: stalls.read() });
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
  process.on('SIGTERM', () => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
  process.on('disconnect', () => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

/**
 * Collects GC pauses, event-loop delay and the outbox's flush waits; `read` answers the figures
 * since the previous call. The outbox hands every record of a turn the same promise: one timing
 * per flush, from its first record on.
 */
function watchStalls(): { read: () => Stalls; timeFlush: (flushed: Promise<void>) => Promise<void> } {
  const disk = createHistogram();
  let last: Promise<void> | undefined;
  const timeFlush = (flushed: Promise<void>) => {
    if (flushed !== last) {
      last = flushed;
      const t0 = performance.now();
      flushed.then(
        () => disk.record(Math.max(1, Math.round((performance.now() - t0) * 1000))),
        () => undefined,
      );
    }
    return flushed;
  };
  let gcMs = 0;
  let gcMaxMs = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gcMs += e.duration;
      gcMaxMs = Math.max(gcMaxMs, e.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const read = () => {
    const out = {
      gcMs,
      gcMaxMs,
      loopMaxMs: loop.max / 1e6,
      loopP99Ms: loop.percentile(99) / 1e6,
      diskP99Ms: disk.count ? disk.percentile(99) / 1000 : 0,
      diskMaxMs: disk.count ? disk.max / 1000 : 0,
    };
    gcMs = 0;
    gcMaxMs = 0;
    loop.reset();
    disk.reset();
    return out;
  };
  return { read, timeFlush };
}
