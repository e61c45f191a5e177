// The contracts' background work, each pass under a lease (one instance at a time): confirm the
// USDT orders whose payment arrived, cancel the unpaid orders older than 2 hours (or hand those
// whose address received too little to the operators), and credit each running order's complete days.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { ifLeaseFree } from '../../platform/leases';
import { repeatEvery } from '../../platform/repeat';
import type { OrdersService } from './orders.service';
import type { ProfitsService } from './profits.service';

/** What a pass works with (the module's services). */
interface ContractsJobServices {
  orders: OrdersService;
  profits: ProfitsService;
}

const PASS_LEASE_MS = 60_000;

/** One pass; tests call the steps themselves. */
export async function contractsTick(api: ContractsJobServices): Promise<{ cancelled: number; confirmed: number; settled: number }> {
  // Payments first: an order paid just before its 2 hours are over is confirmed, not cancelled.
  const confirmed = await api.orders.scanPayments();
  const cancelled = await api.orders.cancelExpired();
  const settled = await api.profits.settle();
  return { cancelled, confirmed, settled };
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
