// The stratum process: `npm run stratum` with STRATUM_CONFIG (see stratum.example.json and the
// operator guide, "Stratum servers"). It speaks to the coin nodes over JSON-RPC and to Hashpool
// only through the ingest contract; the API never sees a miner's socket.
import { createServer } from 'node:http';
import path from 'node:path';
import { createBitcoinFamilyWork } from './coin/bitcoin-family';
import type { CoinWork, Logger, PoolBlockEvent } from './coin/types';
import { loadConfig } from './config';
import { DurableQueue } from './outbox/durable-queue';
import { PoolClient, type PoolShare } from './outbox/pool-client';
import { registry, stratumMetrics } from './server/metrics';
import { StratumServer } from './server/stratum-server';

const log: Logger = {
  // eslint-disable-next-line no-console -- the process's log is its standard output
  info: (msg, fields) => console.log(JSON.stringify({ level: 'info', time: new Date().toISOString(), msg, ...fields })),
  warn: (msg, fields) => console.warn(JSON.stringify({ level: 'warn', time: new Date().toISOString(), msg, ...fields })),
  error: (msg, fields) => console.error(JSON.stringify({ level: 'error', time: new Date().toISOString(), msg, ...fields })),
};

const config = loadConfig();
const instance = `s${config.instanceId}`;
const pool = new PoolClient(config.poolUrl, config.ingestKey);
const shares = new DurableQueue<PoolShare>({ dir: path.join(config.dataDir, 'shares'), instance, log, send: (id, records) => pool.sendShares(id, records) });
const events = new DurableQueue<PoolBlockEvent>({ dir: path.join(config.dataDir, 'events'), instance, log, maxBatch: 1000, send: (_id, records) => pool.sendEvents(records) });

// mining.authorize asks the pool once per name: yes for 5 minutes, no for 30 seconds.
const lookups = new Map<string, { exists: boolean; until: number }>();
async function accountExists(name: string): Promise<boolean | undefined> {
  const cached = lookups.get(name);
  if (cached && cached.until > Date.now()) return cached.exists;
  const exists = await pool.accountExists(name);
  if (exists !== undefined) {
    if (lookups.size > 100_000) lookups.clear();
    lookups.set(name, { exists, until: Date.now() + (exists ? 300_000 : 30_000) });
  }
  return exists;
}

const works: CoinWork[] = [];
const servers: StratumServer[] = [];
for (const c of config.coins) {
  const work = createBitcoinFamilyWork(
    { coin: c.coin, network: c.network, rpc: c.rpc, payoutAddress: c.payoutAddress, coinbaseTag: c.coinbaseTag, instancePrefix: config.instanceId, dataDir: path.join(config.dataDir, 'blocks'), templateRefreshSeconds: c.templateRefreshSeconds },
    { publish: (event) => void events.append(event) },
    log,
  );
  await work.start();
  works.push(work);
  for (const port of c.ports) {
    const server = new StratumServer({ coin: work, instancePrefix: config.instanceId, host: config.host, port, vardiff: config.vardiff, limits: config.limits, record: (share) => shares.append(share), accountExists, log });
    const bound = await server.listen();
    servers.push(server);
    log.info('stratum listening', { coin: c.coin, port: bound, startDifficulty: port.startDifficulty });
  }
}
shares.start();
events.start();

const metrics = createServer((req, res) => {
  if (req.url !== '/metrics') return void res.writeHead(404).end();
  stratumMetrics.outboxDepth.set({ queue: 'shares' }, shares.depth());
  stratumMetrics.outboxDepth.set({ queue: 'events' }, events.depth());
  void registry.metrics().then((text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text));
});
if (config.metricsPort) metrics.listen(config.metricsPort, config.host);

// The pool's pages show where to connect: this process's ports, every minute.
const announce = () => {
  if (!config.publicHost) return;
  const endpoints = config.coins.flatMap((c) => c.ports.map((p) => ({ coin: c.coin, url: `stratum+tcp://${config.publicHost}:${p.port}`, start_difficulty: p.startDifficulty, min_difficulty: p.minDifficulty, max_difficulty: p.maxDifficulty })));
  pool.announce(instance, endpoints).catch((error: unknown) => log.warn('endpoint announcement failed', { error: (error as Error).message }));
};
announce();
setInterval(announce, 60_000).unref();

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  log.info('stopping: miners are told to reconnect, the outbox is flushed');
  await Promise.all(servers.map((s) => s.close()));
  await Promise.all(works.map((w) => w.stop()));
  await Promise.all([shares.stop(), events.stop()]);
  metrics.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
