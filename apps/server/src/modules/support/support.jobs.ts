// The support module's background work, each pass under the lease job:support (one instance at a
// time): ticket uploads that were never attached to a message are removed 24 hours after they
// were made (through platform/files, which keeps their records marked deleted). Idempotent.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { ifLeaseFree } from '../../platform/leases';
import { repeatEvery } from '../../platform/repeat';
import type { TicketsService } from './tickets.service';

export const SUPPORT_JOB_MS = 10 * 60_000;
const PASS_LEASE_MS = 60_000;

/** One pass; tests call it directly. Undefined when another instance holds the lease. */
export async function supportTick(d: { db: Db; tickets: TicketsService }): Promise<{ removed: number } | undefined> {
  const pass = await ifLeaseFree(d.db, 'job:support', PASS_LEASE_MS, async () => ({ removed: await d.tickets.removeStaleUploads() }));
  return pass.ran ? pass.value : undefined;
}

export function startSupportJobs(d: { db: Db; tickets: TicketsService; log: FastifyBaseLogger; intervalMs?: number }): () => Promise<void> {
  return repeatEvery(
    d.intervalMs ?? SUPPORT_JOB_MS,
    async () => {
      const done = await supportTick(d);
      if (done?.removed) d.log.info(done, 'support pass: unattached uploads removed');
    },
    (error) => d.log.error({ err: error }, 'support job failed'),
  );
}
