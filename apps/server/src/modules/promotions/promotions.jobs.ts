// The promotions' background work, each pass under the lease job:promotions (one instance at a
// time): unused coupons past their use-before date expire, coupons past their last day become
// used, settled days' savings are recorded; red packet receipts are credited up to yesterday and
// packets nobody can receive any more return their leftover. Every step is idempotent.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { ifLeaseFree } from '../../platform/leases';
import type { CouponsService } from './coupons.service';
import type { RedPacketCreditsService } from './red-packet-credits.service';

export const PROMOTIONS_JOB_MS = 5 * 60_000;

export interface PromotionsJobDeps {
  db: Db;
  coupons: CouponsService;
  redPacketCredits: RedPacketCreditsService;
  log: FastifyBaseLogger;
  intervalMs?: number;
}

/** One pass; tests call it directly. */
export async function promotionsTick(d: Pick<PromotionsJobDeps, 'db' | 'coupons' | 'redPacketCredits'>) {
  const pass = await ifLeaseFree(d.db, 'job:promotions', 30_000, async () => ({ coupons: await d.coupons.tick(), redPackets: await d.redPacketCredits.tick() }));
  return pass.ran ? pass.value : undefined;
}

export function startPromotionsJobs(d: PromotionsJobDeps): () => Promise<void> {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = promotionsTick(d)
      .then((done) => {
        if (done && (done.coupons.expired || done.coupons.used || done.redPackets.credited || done.redPackets.ended)) d.log.info(done, 'promotions job');
      })
      .catch((error: unknown) => d.log.error({ err: error }, 'promotions job failed'))
      .finally(() => {
        running = undefined;
      });
  };
  tick();
  const timer = setInterval(tick, d.intervalMs ?? PROMOTIONS_JOB_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
