// The stratum process: `npm run stratum` with STRATUM_CONFIG naming the JSON configuration
// (stratum.example.json documents it). Order of start: outboxes (recover what a previous run left),
// metrics, endpoint announcement, then every coin side by side: its work (templates from its node),
// then its ports, announced as they open, so a coin whose node is still syncing holds no other;
// "stratum started" is logged once every coin is served. SIGTERM and
// SIGINT stop it gracefully: client.reconnect to every miner, in-flight answers finish, the outbox
// gets a few seconds to deliver, and what is left stays on disk for the next start.
// With `processes` above 1 this process is the primary of a group (server/process-group.ts): it
// opens the ports, hands connections to its processes, serves their metrics and announces the
// endpoints; each process runs everything else below.
import cluster from 'node:cluster';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { mkdirSync } from 'node:fs';
import { coinOptions, ConfigError, loadConfig, processConfig, retiredProcessDirs, type StratumConfig } from './config.js';
import { createCoinWork } from './coin-factory.js';
import type { CoinWork } from './coin/types.js';
import { createLogger } from './log.js';
import { StratumMetrics } from './metrics.js';
import type { BatchTransport } from './outbox/durable-queue.js';
import { httpTransport } from './outbox/http-transport.js';
import { natsTransport, type NatsTransport } from './outbox/nats-transport.js';
import { blockOutbox, deliverRetiredOutboxes, durableBlockSink, shareOutbox } from './outbox/pool-outboxes.js';
import { AccountLookup } from './server/account-lookup.js';
import { announcement, startAnnouncer } from './server/announcer.js';
import { followNewBlock, isHandOver, isNewBlock, isReady, ProcessGroup, READY, type ProcessReport } from './server/process-group.js';
import { StratumServer } from './server/stratum-server.js';

const PROCESS_INDEX_ENV = 'STRATUM_PROCESS_INDEX';

async function main(): Promise<void> {
  let base;
  try {
    base = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  if (base.processes > 1 && cluster.isPrimary) return primary(base);
  // A member of a group: its own id, prefix and data directory; the primary owns ports and metrics.
  const index = cluster.isWorker ? Number(process.env[PROCESS_INDEX_ENV] ?? 0) : undefined;
  const config = index === undefined ? base : processConfig(base, index);
  const log = createLogger(config.logLevel, undefined, index === undefined ? {} : { process: index });
  mkdirSync(config.dataDir, { recursive: true });
  const pool = config.poolUrl.replace(/\/$/, '');

  let nats: NatsTransport | undefined;
  let shareTransport: BatchTransport;
  if (config.natsUrl) {
    // Connects in the background: a start during a NATS outage serves miners, their shares wait in the outbox.
    nats = natsTransport({ url: config.natsUrl, stream: config.natsStream, instanceId: config.instanceId, ingestKey: config.ingestKey, log, shareEncoding: config.shareEncoding });
    shareTransport = nats;
  } else {
    shareTransport = httpTransport({ url: `${pool}/api/internal/shares`, ingestKey: config.ingestKey, log, shareEncoding: config.shareEncoding });
  }

  const coins: Array<{ work: CoinWork; ports: (typeof config.coins)[number]['ports'] }> = [];
  const running: { server?: StratumServer } = {};
  const metrics = new StratumMetrics(
    () => running.server?.difficulties() ?? [],
    () => coins.map(({ work }) => ({ coin: work.coin, seconds: work.templateAgeSeconds?.() })),
  );
  if (index !== undefined) {
    // The primary collects every process's metrics on its port; a label keeps their series apart.
    metrics.registry.setDefaultLabels({ process: String(index) });
  }

  const shares = shareOutbox({
    dataDir: config.dataDir,
    instanceId: config.instanceId,
    transport: shareTransport,
    log,
    onDepth: (n) => metrics.outboxDepth.set({ queue: 'shares' }, n),
  });
  const blockTransport = httpTransport({ url: `${pool}/api/internal/blocks`, ingestKey: config.ingestKey, log });
  const blocks = blockOutbox({ dataDir: config.dataDir, instanceId: config.instanceId, transport: blockTransport, log });
  await shares.start();
  await blocks.start();
  const sink = durableBlockSink(blocks, log);
  // Process 0 (or a lone process) takes over what processes removed by lowering `processes` left:
  // their undelivered outboxes, and the blocks they were following (coinOptions below).
  const retired = index ? [] : retiredProcessDirs(config);
  const retiredOutboxes = await deliverRetiredOutboxes({ dirs: retired, instanceId: config.instanceId, shareTransport, blockTransport, log });

  // Only process 0 (or a lone process) long-polls the nodes: one RPC thread per node held, not one per process.
  for (const coin of config.coins) {
    const work = createCoinWork({ ...coinOptions(config, coin, retired), longPoll: !index }, sink, log, { rpcError: (method) => metrics.rpcErrors.inc({ coin: coin.coin, method }) });
    coins.push({ work, ports: coin.ports });
  }
  if (index === 0) {
    for (const { work } of coins) work.onJob((job) => job.cleanJobs && report({ hashpool: 'new-block', coin: work.coin, prevHash: job.prevHash }));
  }

  const accounts = new AccountLookup({ poolUrl: pool, ingestKey: config.ingestKey, log });
  const server = new StratumServer({
    instancePrefix: config.instancePrefix,
    listenHost: config.listenHost,
    coins,
    vardiff: config.vardiff,
    limits: config.limits,
    checkAccount: (name) => accounts.check(name),
    recordShare: (share) => shares.append(share),
    log,
    ...(index !== undefined
      ? {
          primary: {
            release: (ip: string, listener: number) => report({ hashpool: 'released', ip, listener }),
            ban: (ip: string, seconds: number) => report({ hashpool: 'ban', ip, seconds }),
          },
        }
      : {}),
    hooks: {
      connections: (coin, port, delta) => metrics.connections.inc({ coin, port: String(port) }, delta),
      share: (coin, result, d) => {
        metrics.shares.inc({ coin, result });
        if (result === 'accepted') metrics.acceptedWork.inc({ coin }, d);
      },
      block: (block) => metrics.blocks.inc({ coin: block.coin, accepted: String(block.accepted) }),
    },
  });
  running.server = server;
  await server.start();
  if (index !== undefined) {
    const answerScrape = metrics.answerScrapes((m) => process.connected && process.send?.(m));
    // Registered before READY below: the primary hands this process nothing until then.
    process.on('message', (m: unknown, socket?: unknown) => {
      if (isNewBlock(m)) return followNewBlock(coins.map((c) => c.work), m);
      if (answerScrape(m)) return;
      if (!isHandOver(m)) return;
      if (socket) server.adopt(m.listener, socket as Socket, m.ip);
      // The socket did not arrive: its slot must still be given back.
      else report({ hashpool: 'released', ip: m.ip, listener: m.listener });
    });
  }
  const metricsServer = config.metricsPort && index === undefined ? await metrics.serve(config.metricsPort, config.metricsHost, log) : undefined;
  const depthTimer = setInterval(() => {
    metrics.outboxDepth.set({ queue: 'shares' }, shares.depth());
    metrics.outboxDepth.set({ queue: 'blocks' }, blocks.depth());
  }, 1000);
  depthTimer.unref();
  const announcer = index !== undefined ? undefined : startAnnouncer({
    poolUrl: pool,
    ingestKey: config.ingestKey,
    body: () => announcement(config.instanceId, config.publicHost, config.coins.filter((c) => server.served().includes(c.coin))),
    intervalSeconds: config.announceIntervalSeconds,
    log,
  });
  if (index !== undefined) process.send?.(READY);

  let stopping = false;
  const stop = async (signal: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    log.info('stopping', { signal });
    announcer?.stop();
    clearInterval(depthTimer);
    await server.stop();
    for (const c of coins) await c.work.stop().catch((err) => log.error('coin stop failed', { coin: c.work.coin, err: String(err) }));
    await shares.stop(5000);
    await blocks.stop(2000);
    await retiredOutboxes.stop();
    await nats?.close();
    metricsServer?.close();
    log.info('stopped', { outboxShares: shares.depth(), outboxBlockEvents: blocks.depth() });
    process.exit(exitCode);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  // A coin's start waits for its node (validateaddress, the first template) as long as it takes.
  // A payout address the node refuses, or a port that cannot be opened, may come to light long
  // after other coins started serving: the process stops gracefully (its miners told to reconnect,
  // blocks in flight reported) with exit code 1, and in a group the primary stops the instance
  // rather than start the process again into the same error.
  const failed = await Promise.all(
    coins.map(async ({ work }) => {
      await work.start();
      if (stopping) return;
      await server.serve(work);
      if (index !== undefined) report({ hashpool: 'serving', coin: work.coin });
      void announcer?.announce();
    }),
  ).then(
    () => false,
    (err: unknown) => {
      const error = err instanceof Error ? err.message : String(err);
      log.error('stratum cannot go on: stopping', { error });
      if (index !== undefined) report({ hashpool: 'fatal', error });
      void stop('fatal', 1);
      return true;
    },
  );
  if (stopping || failed) return;
  log.info(index === undefined ? 'stratum started' : 'stratum process started', { instance: config.instanceId, prefix: config.instancePrefix, ports: server.ports(), transport: nats ? 'nats' : 'http' });
}

function report(m: ProcessReport): void {
  if (process.connected) process.send?.(m);
}

/** The primary of a group: ports, hand-over, metrics of all processes, the announcement. */
async function primary(config: StratumConfig): Promise<void> {
  const log = createLogger(config.logLevel);
  // Declared before anything can call stop(): a process may report a fatal error while the others
  // are still starting.
  let stopping = false;
  const opened: { metrics?: Server } = {};
  const group = new ProcessGroup({
    ports: config.coins.flatMap((c) => c.ports.map((p) => ({ coin: c.coin, port: p.port }))),
    host: config.listenHost,
    limits: config.limits,
    processes: config.processes,
    fork: (index) => cluster.fork({ [PROCESS_INDEX_ENV]: String(index) }),
    log,
    // A coin's endpoints are announced as soon as its ports open, not at the next round.
    onServing: () => void announcer.announce(),
    onFatal: (process, error) => {
      log.error('a stratum process cannot go on: stopping the instance', { process, error });
      void stop('fatal', 1);
    },
  });
  // Only the coins whose ports are open: nothing until a process serves its first coin.
  const announcer = startAnnouncer({
    poolUrl: config.poolUrl.replace(/\/$/, ''),
    ingestKey: config.ingestKey,
    body: () => announcement(config.instanceId, config.publicHost, config.coins.filter((c) => group.served().includes(c.coin))),
    intervalSeconds: config.announceIntervalSeconds,
    log,
  });
  async function stop(signal: string, exitCode = 0): Promise<void> {
    if (stopping) return;
    stopping = true;
    log.info('stopping', { signal });
    announcer.stop();
    await group.stop();
    opened.metrics?.close();
    log.info('stopped', {});
    process.exit(exitCode);
  }
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  await group.start(
    (worker) =>
      new Promise((resolve, reject) => {
        worker.on('message', (m: unknown) => isReady(m) && resolve());
        worker.once('exit', (code) => reject(new Error(`a stratum process exited with ${code} while starting`)));
      }),
  );
  if (stopping) return;
  opened.metrics = config.metricsPort ? await StratumMetrics.serveGroup(() => group.workers(), config.processes, config.metricsPort, config.metricsHost, log) : undefined;
  // Ports open per coin as processes report serving it; one that cannot be opened stops the instance.
  const serving = await group.serving().then(
    () => true,
    (err: unknown) => {
      log.error('a stratum port cannot be opened: stopping', { error: err instanceof Error ? err.message : String(err) });
      void stop('fatal', 1);
      return false;
    },
  );
  if (serving && !stopping) log.info('stratum started', { instance: config.instanceId, processes: config.processes, ports: group.ports() });
}

main().catch((err) => {
  process.stderr.write(`stratum failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
