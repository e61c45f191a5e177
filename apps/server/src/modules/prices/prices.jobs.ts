// The prices module's background work: with the feed on, one poll every PRICES_POLL_SECONDS on
// the instance holding the lease (two instances would only ask CoinGecko twice as often), then
// the staleness check that alerts the operators, also when the poll failed (a feed that keeps
// failing is what makes prices stale). With manual prices only the check runs; with the demo
// market nothing does.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { ifLeaseFree } from '../../platform/leases';
import type { PricesService } from './prices.service';

export async function pricesTick(d: { db: Db; prices: PricesService; log: FastifyBaseLogger }): Promise<void> {
  await ifLeaseFree(d.db, 'job:prices', 30_000, async () => {
    try {
      const stored = await d.prices.poll();
      if (stored > 0) d.log.debug({ stored }, 'prices: feed answered');
    } finally {
      await d.prices.alertIfStale();
    }
  });
}

export function startPricesJobs(d: { db: Db; prices: PricesService; log: FastifyBaseLogger }): () => Promise<void> {
  if (d.prices.source === 'demo') return async () => undefined;
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = pricesTick(d)
      .catch((error: unknown) => d.log.error({ err: error }, 'prices job failed'))
      .finally(() => {
        running = undefined;
      });
  };
  tick();
  const timer = setInterval(tick, d.prices.settings.pollSeconds * 1000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
