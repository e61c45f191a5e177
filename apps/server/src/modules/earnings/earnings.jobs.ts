// The earnings module's background work: each coin's market data gets its new UTC day from the
// market-data adapter (simulated by default) soon after 00:00 UTC, and missing days after a stop.
// The check is cheap (one indexed read per coin), so it runs every few minutes; a second instance
// doing the same inserts nothing twice (the day is the key and the simulation deterministic).
// Then the settlement of the UTC day before, once it is SETTLE_AFTER_MS past midnight (the grace
// for shares still on their way from stratum nodes: the pool takes them up to an hour old, and
// a share of the day before that came after its settlement would never be paid), and of any day
// of the last SETTLEMENT_CATCH_UP_DAYS not settled yet (settleDue), on the one instance holding the lease; a
// day found settled is skipped, one stopped half-way is finished (settlement.service.ts); and the
// invitation rewards of settled days from 09:50 UTC+8 (referral.service.ts). Matured and orphaned
// pool blocks are settled at every check (block-settlement.service.ts), not only once a day.
import type { FastifyBaseLogger } from 'fastify';
import { addDays, SETTLE_AFTER_MS, utcDay } from '@hashpool/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { ifLeaseFree } from '../../platform/leases';
import { runEach } from '../../platform/run-each';
import type { EarningsService } from './earnings.service';
import type { ReferralService } from './referral.service';
import type { SettlementService } from './settlement.service';
import type { BlockSettlementService } from './block-settlement.service';

export interface EarningsJobDeps {
  db: Db;
  clock: Clock;
  earnings: EarningsService;
  settlement: SettlementService;
  blockSettlement: BlockSettlementService;
  referral: ReferralService;
  log: FastifyBaseLogger;
  intervalMs?: number;
}

export const MARKET_DATA_CHECK_MS = 5 * 60_000;

/** Market data, then the settlement of matured blocks and of the days due, and the invitation rewards; tests call it directly. */
export async function earningsTick(d: Pick<EarningsJobDeps, 'db' | 'clock' | 'earnings' | 'settlement' | 'blockSettlement' | 'referral' | 'log'>): Promise<void> {
  const added = await d.earnings.extendMarketData();
  if (added > 0) d.log.info({ added }, 'market data: new days');
  const priced = await d.earnings.fillMissingPrices();
  if (priced > 0) d.log.info({ priced }, 'market data: prices of today filled from the feed');
  const now = d.clock.now();
  const yesterday = addDays(utcDay(now), -1);
  // Yesterday once SETTLE_AFTER_MS past midnight; every older day of the window is due.
  const lastDue = now.getTime() % 86_400_000 < SETTLE_AFTER_MS ? addDays(yesterday, -1) : yesterday;
  await ifLeaseFree(d.db, 'job:settlement', 10_000, () =>
    // Each step goes on when another fails (one block's bad row must not stop the days).
    runEach('settlement steps', ['blocks', 'days', 'rewards'] as const, async (step) => {
      if (step === 'blocks') {
        const blocks = await d.blockSettlement.settleReady();
        if (blocks > 0) d.log.info({ blocks }, 'block settlement done');
      } else if (step === 'days') {
        for (const result of await d.settlement.settleDue(lastDue)) {
          if (result.outcome !== 'settled') continue;
          if (result.day < lastDue && result.accounts > 0) d.log.warn(result, 'settlement of a late day done (the server was stopped, or the coin\'s market data came late)');
          else d.log.info(result, 'settlement done');
        }
      } else {
        // From 09:50 UTC+8, once the coin's day is settled (a day settled late too).
        const rewarded = await d.referral.releaseDue();
        if (rewarded > 0) d.log.info({ rewarded }, 'invitation rewards released');
      }
    }),
  );
}

export function startEarningsJobs(d: EarningsJobDeps): () => Promise<void> {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = earningsTick(d)
      .catch((error: unknown) => d.log.error({ err: error }, 'earnings job failed'))
      .finally(() => {
        running = undefined;
      });
  };
  tick();
  const timer = setInterval(tick, d.intervalMs ?? MARKET_DATA_CHECK_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
