// Staking and borrowing: ALEO only, reached from the wallet's ALEO row; the operators' stake
// batches, loan products and loan approvals.
import { ACCESS } from '../../shell/routing/route-table';
import { defineFeature, type RouteDef } from '../../shell/features/feature';
import { adminRoute } from '../../shell/features/admin-page';

const routes: readonly RouteDef[] = [
  { path: '/asset/:type/stake-now', access: ACCESS.wallet, page: () => import('./pages/StakeNowPage'), title: 'staking:title' },
  { path: '/asset/:type/borrow-now', access: ACCESS.wallet, page: () => import('./pages/BorrowNowPage'), title: 'staking:borrow_title' },
  // The operators' area, as the server routes: loan approvals (finance as well as admin), stake
  // batches and loan products (admin only).
  adminRoute({ key: 'loans', order: 14, title: 'staking:admin_tabs.loans', roles: ['finance'], load: () => import('./components/StakingAdmin').then((m) => m.LoansAdmin) }),
  adminRoute({ key: 'staking', order: 140, title: 'staking:admin_tabs.staking', roles: [], load: () => import('./components/StakingAdmin').then((m) => m.StakingAdmin) }),
];

export const stakingFeature = defineFeature({
  name: 'staking',
  namespaces: ['staking'],
  routes,
});
