// Staking's tab in the operators' area: stake batches, loan products and loan approvals, admin
// only, as their routes.
import type { AdminTabDef } from '../../shell/features/feature';
import { StakingAdmin } from './components/StakingAdmin';

export const STAKING_ADMIN_TABS: readonly AdminTabDef[] = [
  { key: 'staking', order: 140, label: 'staking:admin_tabs.staking', roles: [], component: StakingAdmin },
];

export default STAKING_ADMIN_TABS;
