// Once a minute (MINING_JOB_INTERVAL_SECONDS): move every worker's windows to the current minute, evaluate the alerts on them,
// prune buckets and batch ids that no window needs any more, and roll old history points up. Started by main.ts; tests call the steps directly.
// With several instances, the one that takes the job's lease does a pass; the others skip it.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { ifLeaseFree } from '../../platform/leases';
import { repeatEvery } from '../../platform/repeat';
import type { AlertsService } from './alerts.service';
import type { IngestService } from './ingest.service';
import { rollUpHistory } from './mining.repository';
import { prune, type PassSteps } from './worker-windows.repository';

/** Renewed while a pass runs; a crashed instance's lease lapses after it. */
const JOB_LEASE_MS = 10_000;

export function startMiningJobs(deps: { db: Db; clock: Clock; ingest: IngestService; alerts: AlertsService; log: FastifyBaseLogger; intervalMs: number }): () => Promise<void> {
  // Stopping waits for a pass under way (repeatEvery): the database must not close under it, or
  // its lease would stay taken, and another instance would wait the lease out.
  return repeatEvery(
    deps.intervalMs,
    async () => {
      const started = Date.now();
      const pass = await ifLeaseFree(deps.db, 'job:mining-windows', JOB_LEASE_MS, async () => {
        const steps: PassSteps = new Map();
        const workers = await deps.ingest.refreshWindows(steps);
        const alerts = await deps.alerts.evaluate();
        await prune(deps.db, deps.clock.now());
        await rollUpHistory(deps.db, deps.clock.now());
        return { workers, alerts, steps: Object.fromEntries([...steps].map(([step, ms]) => [step, Math.round(ms)])) };
      });
      // Where the minute goes (ms per step of the windows' pass), for an operator whose pass grows.
      if (pass.ran) deps.log.debug({ ...pass.value, ms: Date.now() - started }, 'worker windows refreshed, alerts evaluated');
    },
    (error) => deps.log.error({ err: error }, 'worker window refresh failed'),
  );
}
