// The daily work of staking and borrowing, every pass under the lease `job:staking` (one instance
// at a time): accrue stake rewards and loan interest for every full UTC day not yet accrued (one
// row per stake or loan and day, so a repeated or concurrent pass adds nothing), settle the loans
// whose period is over, and end the stakes whose batch term is over. Tests call stakingPass().
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { ifLeaseFree } from '../../platform/leases';
import { runEach } from '../../platform/run-each';
import type { LoansService } from './loans.service';
import type { StakingService } from './staking.service';

/** What a pass works with (the module's services). */
interface StakingJobServices {
  staking: StakingService;
  loans: LoansService;
}

const PASS_LEASE_MS = 60_000;

export async function stakingPass(db: Db, api: StakingJobServices) {
  return ifLeaseFree(db, 'job:staking', PASS_LEASE_MS, async () => {
    const done = { rewardDays: 0, interestDays: 0, settled: 0, ended: 0 };
    // A step that fails does not stop the others (each settlement and completion accrues its own
    // days first); the pass then reports what failed.
    const steps: Array<[string, () => Promise<void>]> = [
      ['rewards', async () => void (done.rewardDays = await api.staking.accrue())],
      ['interest', async () => void (done.interestDays = await api.loans.accrue())],
      ['settlements', async () => void (done.settled = await api.loans.settleDue())],
      ['completions', async () => void (done.ended = await api.staking.completeEnded())],
    ];
    await runEach('staking pass', steps, ([, step]) => step(), ([name]) => name);
    return done;
  });
}

export function startStakingJobs(db: Db, api: StakingJobServices, log: FastifyBaseLogger, intervalMs: number): () => Promise<void> {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = stakingPass(db, api)
      .then(() => undefined)
      .catch((error: unknown) => log.error({ err: error }, 'staking job failed'))
      .finally(() => {
        running = undefined;
      });
  };
  // A first pass soon after the start (a restart catches up on the days it missed), then one a minute.
  const first = setTimeout(tick, 1_000);
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
