// Cloud-mining contracts: products, orders, profit, dashboard, terms ("Contracts" in the header),
// the order's messages, and the operators' products and payment review.
import { ACCESS } from '../../shell/routing/route-table';
import { defineFeature, type RouteDef } from '../../shell/features/feature';

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
];

export const contractsFeature = defineFeature({
  name: 'contracts',
  namespaces: ['contracts'],
  routes,
});
