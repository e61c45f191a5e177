// The mining module in the registry: share ingestion (HTTP and NATS), workers and groups, charts,
// blocks and network reports, alerts, the stratum processes' lookups and announced endpoints; its jobs move the worker windows every minute, and in a demo
// start the simulator mines to the demo accounts and addresses (and the demo user's alerts and
// message centre are seeded, mining.demo.ts).
import { defineModule } from '../../platform/modules';
import { ExtensionPoint } from '../../platform/extension-point';
import type { BlockReviews } from './blocks.service';
import { AlertsService } from './alerts.service';
import { BlocksService } from './blocks.service';
import { GroupsService } from './groups.service';
import { HistoryService } from './history.service';
import { IngestService } from './ingest.service';
import { seedDemoAlerts } from './mining.demo';
import { startMiningJobs } from './mining.jobs';
import { miningRoutes } from './mining.routes';
import { startNatsIngest } from './nats-ingest';
import { StratumService } from './stratum.service';
import { DEMO_WORKERS, startSimulator } from './simulator';
import { WorkersService } from './workers.service';

export interface MiningApi {
  ingest: IngestService;
  workers: WorkersService;
  groups: GroupsService;
  history: HistoryService;
  blocks: BlocksService;
  alerts: AlertsService;
  stratum: StratumService;
  /** What became of matured blocks after the chain: the earnings module's chain check registers it (held, void). */
  blockReviews: ExtensionPoint<BlockReviews>;
}

/** How often the demo simulator sends a batch. */
const SIMULATOR_INTERVAL_MS = 5_000;

export const miningModule = defineModule({
  name: 'mining',
  dependsOn: ['accounts'],
  create: (p, use) => {
    const { config, db, clock } = p;
    const accounts = use('accounts').directory;
    const deadAfterMs = config.WORKER_DEAD_AFTER_HOURS * 3600_000;
    const blockReviews = new ExtensionPoint<BlockReviews>('mining.blockReviews');
    return {
      ingest: new IngestService(db, clock, { decoderThreads: config.INGEST_DECODER_THREADS, deadAfterMs, accounts }),
      workers: new WorkersService(db, clock, deadAfterMs),
      groups: new GroupsService(db, clock, deadAfterMs, { accounts, notifications: p.notifications }),
      history: new HistoryService(db, clock),
      blocks: new BlocksService(db, clock, accounts, (ids) => (blockReviews.provider ? blockReviews.provider(ids) : Promise.resolve(new Map())), p.log),
      alerts: new AlertsService(db, clock, deadAfterMs, { mailer: p.mailer, accounts, notifications: p.notifications }),
      stratum: new StratumService(db, clock, { accounts, publicUrls: config.STRATUM_PUBLIC_URLS, networks: config.CHAIN_NETWORKS }),
      blockReviews,
    };
  },
  routes: (api, p, use) => miningRoutes({ ...api, accounts: use('accounts').directory, ingestKeys: p.config.INGEST_KEYS }),
  jobs: async (api, p) => {
    const { config } = p;
    const nats = config.NATS_URL ? await startNatsIngest({ url: config.NATS_URL, stream: config.NATS_STREAM, durable: 'hashpool-ingest', ingest: api.ingest, ingestKeys: config.INGEST_KEYS, log: p.log }) : undefined;
    if (nats) p.readiness.add('nats', async () => nats.connected());
    const stopWindows = startMiningJobs({ db: p.db, clock: p.clock, ingest: api.ingest, alerts: api.alerts, log: p.log, intervalMs: config.MINING_JOB_INTERVAL_SECONDS * 1000 });
    const stopSimulator =
      config.DEMO_SEED && config.DEMO_SIMULATOR
        ? startSimulator({
            workers: DEMO_WORKERS,
            intervalMs: SIMULATOR_INTERVAL_MS,
            now: () => Date.now(),
            submit: (batchId, shares) => api.ingest.submit(batchId, shares),
            blocks: (events) => api.blocks.record(events),
            onError: (error) => p.log.warn({ err: error }, 'demo simulator batch failed'),
          })
        : () => undefined;
    return async () => {
      stopSimulator();
      await stopWindows();
      await nats?.close(); // stop taking messages before the ingest's last flush (app close)
    };
  },
  demo: (_api, p, use) => seedDemoAlerts({ db: p.db, clock: p.clock, notifications: p.notifications, accounts: use('accounts').directory }),
  close: (api) => api.ingest.close(),
});
