// The contracts feature's tab in the operators' area: contract products and the payment review,
// admin only, as their routes.
import type { AdminTabDef } from '../../shell/features/feature';
import { ContractsAdmin } from './components/ContractsAdmin';

export const CONTRACTS_ADMIN_TABS: readonly AdminTabDef[] = [
  { key: 'contracts', order: 150, label: 'contracts:admin_tabs.contracts', roles: [], component: ContractsAdmin },
];

export default CONTRACTS_ADMIN_TABS;
