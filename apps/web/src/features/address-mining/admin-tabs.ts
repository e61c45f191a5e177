// Address mining's tab in the operators' area: the ALEO stake schedule, admin only, as its routes.
import type { AdminTabDef } from '../../shell/features/feature';
import { StakeScheduleAdmin } from './components/StakeScheduleAdmin';

export const ADDRESS_MINING_ADMIN_TABS: readonly AdminTabDef[] = [
  { key: 'stake', order: 80, label: 'mining:admin_tabs.stake', roles: [], component: StakeScheduleAdmin },
];

export default ADDRESS_MINING_ADMIN_TABS;
