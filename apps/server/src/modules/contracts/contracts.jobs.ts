// The contracts' background work, each pass under a lease (one instance at a time): confirm the
// USDT orders whose payment arrived, cancel the unpaid orders older than 2 hours (or hand those
// whose address received too little to the operators), and credit each running order's complete days.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { ifLeaseFree } from '../../platform/leases';
import { repeatEvery } from '../../platform/repeat';
import { runEach } from '../../platform/run-each';
import type { OrdersService } from './orders.service';
import type { ProfitsService } from './profits.service';

/** What a pass works with (the module's services). */
interface ContractsJobServices {
  orders: OrdersService;
  profits: ProfitsService;
}

const PASS_LEASE_MS = 60_000;

/**
 * One pass; tests call the steps themselves. A step that fails does not stop the others (a USDT
 * node that throws must not hold every order's daily credit); the pass then reports what failed.
 */
export async function contractsTick(api: ContractsJobServices): Promise<{ cancelled: number; confirmed: number; settled: number }> {
  const done = { cancelled: 0, confirmed: 0, settled: 0 };
  // Payments first: an order paid just before its 2 hours are over is confirmed, not cancelled.
  const steps: Array<[string, () => Promise<void>]> = [
    ['payments', async () => void (done.confirmed = await api.orders.scanPayments())],
    ['expiries', async () => void (done.cancelled = await api.orders.cancelExpired())],
    ['profits', async () => void (done.settled = await api.profits.settle())],
  ];
  await runEach('contracts pass', steps, ([, step]) => step(), ([name]) => name);
  return done;
}

export function startContractsJobs(api: ContractsJobServices, d: { db: Db; log: FastifyBaseLogger; intervalMs: number }): () => Promise<void> {
  return repeatEvery(
    d.intervalMs,
    async () => {
      const pass = await ifLeaseFree(d.db, 'job:contracts', PASS_LEASE_MS, () => contractsTick(api));
      if (pass.ran && (pass.value.cancelled || pass.value.confirmed || pass.value.settled)) d.log.info(pass.value, 'contracts pass');
    },
    (error) => d.log.error({ err: error }, 'contracts job failed'),
  );
}
