// The process: read config, open the database, migrate and seed, serve; stop gracefully.
import { Redis } from 'ioredis';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { prepareDatabase } from './db/prepare';
import { systemClock } from './platform/clock';
import { startMiningJobs } from './modules/mining/mining.jobs';
import { DEMO_WORKERS, startSimulator } from './modules/mining/simulator';
import { startNatsIngest } from './modules/mining/nats-ingest';
import { startWalletJobs } from './modules/wallet/wallet.jobs';
import { startEarningsJobs } from './modules/earnings/earnings.jobs';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDataDir: config.PGLITE_DATA_DIR });
  await prepareDatabase(database, { demo: config.DEMO_SEED, clock: systemClock });
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 }) : undefined;
  const app = await buildApp({ config, database, clock: systemClock, ...(redis ? { redis } : {}) });
  const nats = config.NATS_URL
    ? await startNatsIngest({ url: config.NATS_URL, stream: config.NATS_STREAM, durable: 'hashpool-ingest', ingest: app.ingest, log: app.log })
    : undefined;
  const stopJobs = startMiningJobs({ db: database.db, clock: systemClock, ingest: app.ingest, alerts: app.alerts, log: app.log, intervalMs: config.MINING_JOB_INTERVAL_SECONDS * 1000 });
  const stopEarningsJobs = startEarningsJobs({ db: database.db, clock: systemClock, earnings: app.earnings, settlement: app.settlement, blockSettlement: app.blockSettlement, referral: app.referral, log: app.log });
  const stopWalletJobs = startWalletJobs({ ...app.wallet, db: database.db, wallet: app.wallet.service, clock: systemClock, log: app.log, intervalMs: config.WALLET_JOB_INTERVAL_SECONDS * 1000 });
  const stopSimulator =
    config.DEMO_SEED && config.DEMO_SIMULATOR
      ? startSimulator({
          workers: DEMO_WORKERS,
          intervalMs: 5_000,
          now: () => Date.now(),
          submit: (batchId, shares) => app.ingest.submit(batchId, shares),
          blocks: (events) => app.blocks.record(events),
          onError: (error) => app.log.warn({ err: error }, 'demo simulator batch failed'),
        })
      : () => undefined;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      stopJobs();
      stopSimulator();
      await stopWalletJobs(); // a withdrawal being sent finishes its step before the database closes
      await stopEarningsJobs();
      await nats?.close(); // stop taking messages before the ingest's last flush
      await app.close(); // stops accepting, lets in-flight requests finish, flushes queued shares
      await redis?.quit();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info({ database: database.kind, demo: config.DEMO_SEED }, `Hashpool listening on http://localhost:${config.PORT}`);
  if (config.DEMO_SEED) app.log.info('demo data: log in as demo@hashpool.example / hashpool-demo (labelled demo; set DEMO_SEED=false for a real pool)');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
