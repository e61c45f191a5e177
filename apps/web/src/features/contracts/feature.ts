// Cloud-mining contracts: products, orders, profit, dashboard, terms ("Contracts" in the header),
// the order's messages, and the operators' products and payment review.
import { ACCESS } from '../../shell/routing/route-table';
import { defineFeature, type RouteDef } from '../../shell/features/feature';
import { adminRoute } from '../../shell/features/admin-page';

const CONTRACT = { access: ACCESS.contract } as const;

const routes: readonly RouteDef[] = [
  { ...CONTRACT, path: '/contract/list', page: () => import('./pages/ProductListPage'), title: 'contracts:list.title',
    menu: [{ menu: 'main', order: 35, key: 'contracts', label: 'common:nav.contracts' }] },
  { ...CONTRACT, path: '/contract/detail', page: () => import('./pages/ProductDetailPage'), title: 'contracts:detail.title', parentKeys: ['contracts'] },
  { ...CONTRACT, path: '/contract/order', page: () => import('./pages/OrdersPage'), title: 'contracts:orders.title', parentKeys: ['contracts'] },
  { ...CONTRACT, path: '/contract/order/:orderId', page: () => import('./pages/OrderDetailPage'), title: 'contracts:order.title', parentKeys: ['contracts'] },
  { ...CONTRACT, path: '/contract/order/:orderId/profit', page: () => import('./pages/ProfitPage'), title: 'contracts:profit.title', parentKeys: ['contracts'] },
  { ...CONTRACT, path: '/contract/dashboard', page: () => import('./pages/DashboardPage'), title: 'contracts:dashboard.title', parentKeys: ['contracts'] },
  { ...CONTRACT, path: '/contract/terms', page: () => import('./pages/TermsPage'), title: 'contracts:terms.title', parentKeys: ['contracts'] },
  // The operators' area, as the server routes: the payment review (finance as well as admin),
  // products and the pool's bank details (admin only).
  adminRoute({ key: 'contract-payments', order: 12, title: 'contracts:admin_tabs.payments', roles: ['finance'], load: () => import('./components/ContractsAdmin').then((m) => m.ContractPaymentsAdmin) }),
  adminRoute({ key: 'contracts', order: 150, title: 'contracts:admin_tabs.contracts', roles: [], load: () => import('./components/ContractsAdmin').then((m) => m.ContractsAdmin) }),
];

export const contractsFeature = defineFeature({
  name: 'contracts',
  namespaces: ['contracts'],
  routes,
});
