// The process: read config, open the database, migrate and seed, serve; stop gracefully.
import { Redis } from 'ioredis';
import { buildApp, loadDemoData, startJobs } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { prepareDatabase } from './db/prepare';
import { systemClock } from './platform/clock';

/**
 * How long a SIGTERM may take before the process exits anyway: a job's pass finishing its step,
 * in-flight requests and the last ingest flush (within Kubernetes' default 30 s grace period).
 */
const SHUTDOWN_GRACE_MS = 25_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDataDir: config.PGLITE_DATA_DIR });
  await prepareDatabase(database, { clock: systemClock });
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 }) : undefined;
  const app = await buildApp({ config, database, clock: systemClock, ...(redis ? { redis } : {}) });
  if (config.DEMO_SEED) await loadDemoData(app);
  // Every module's background work (its jobs take leases, so several instances share them).
  const stopJobs = await startJobs(app);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    app.platform.readiness.stopping = true; // GET /api/ready answers 503: the balancer stops sending traffic
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await stopJobs(); // a withdrawal being sent finishes its step before the database closes
      app.log.info('shutdown: jobs stopped, their leases released');
      await app.close(); // stops accepting, lets in-flight requests finish, flushes queued shares
      app.log.info('shutdown: requests finished, shares flushed');
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
