// Once a minute (MINING_JOB_INTERVAL_SECONDS): recompute every worker's windows from the buckets, evaluate the alerts on them,
// prune buckets and batch ids that no window needs any more, and roll old history points up. Started by main.ts; tests call the steps directly.
// One instance runs it for now; the lease that lets several instances share jobs comes with the
// scale-out work (ARCHITECTURE.md section 1).
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { AlertsService } from './alerts.service';
import type { IngestService } from './ingest.service';
import { prune, rollUpHistory } from './mining.repository';

export function startMiningJobs(deps: { db: Db; clock: Clock; ingest: IngestService; alerts: AlertsService; log: FastifyBaseLogger; intervalMs: number }): () => void {
  let running = false;
  const tick = async () => {
    if (running) return; // a slow refresh never overlaps the next
    running = true;
    const started = Date.now();
    try {
      const workers = await deps.ingest.refreshWindows();
      const alerts = await deps.alerts.evaluate();
      await prune(deps.db, deps.clock.now());
      await rollUpHistory(deps.db, deps.clock.now());
      deps.log.debug({ workers, alerts, ms: Date.now() - started }, 'worker windows refreshed, alerts evaluated');
    } catch (error) {
      deps.log.error({ err: error }, 'worker window refresh failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), deps.intervalMs);
  return () => clearInterval(timer);
}
