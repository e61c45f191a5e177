// The staking module in the registry: ALEO stake batches and stakes, loan products and loans over
// the ledger (locked bucket, sys:staking, sys:loans), their operators' screens, and the
// daily accrual job. An ended stake's last fraction of reward goes to the earnings module's
// carried fractions (creditsWithRemainders).
import { defineModule } from '../../platform/modules';
import { LoansService } from './loans.service';
import { startStakingJobs } from './staking.jobs';
import { stakingRoutes } from './staking.routes';
import { seedDemoStaking } from './staking.seed';
import { StakingService } from './staking.service';

export interface StakingApi {
  staking: StakingService;
  loans: LoansService;
}

const JOB_INTERVAL_MS = 60_000;

export const stakingModule = defineModule({
  name: 'staking',
  dependsOn: ['accounts', 'wallet', 'earnings'],
  create: (p, use) => {
    const loans = new LoansService(p.db, p.clock, { audit: p.audit, accounts: use('accounts').directory });
    // An ended stake's last fraction of reward goes to the earnings module's carried fractions.
    const carried = use('earnings').earnings;
    return { staking: new StakingService(p.db, p.clock, p.audit, use('accounts').directory, (tx, stake, now) => loans.settle(tx, stake, now), carried), loans };
  },
  routes: (api) => stakingRoutes(api),
  demo: (api, p, use) => seedDemoStaking(api, p, use('accounts').directory, use('earnings').earnings),
  jobs: (api, p) => startStakingJobs(p.db, api, p.log, JOB_INTERVAL_MS),
});
