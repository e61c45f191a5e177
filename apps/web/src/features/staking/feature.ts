// Staking and borrowing: ALEO only, reached from the wallet's ALEO row; the operators' stake
// batches, loan products and loan approvals.
import { ACCESS } from '../../shell/routing/route-table';
import { defineFeature, type RouteDef } from '../../shell/features/feature';

const routes: readonly RouteDef[] = [
  { path: '/asset/:type/stake-now', access: ACCESS.wallet, page: () => import('./pages/StakeNowPage'), title: 'staking:title' },
  { path: '/asset/:type/borrow-now', access: ACCESS.wallet, page: () => import('./pages/BorrowNowPage'), title: 'staking:borrow_title' },
];

export const stakingFeature = defineFeature({
  name: 'staking',
  namespaces: ['staking'],
  routes,
});
