// Earnings: a coin's earnings tab, the user's mining earnings, invitations (the public campaign
// page and the user's own), and the operators' fee rates, market data, prices and held blocks.
import { ACCESS, inMenu, POOL_PAGE } from '../../shell/routing/route-table';
import { defineFeature, type RouteDef } from '../../shell/features/feature';
import { adminRoute } from '../../shell/features/admin-page';

const routes: readonly RouteDef[] = [
  { path: '/activity/invite', access: 'public', page: () => import('./pages/InviteActivityPage'), title: 'invite:activity.page_title' },
  { ...POOL_PAGE, path: '/pool/:type/profit', access: ACCESS.pool, page: () => import('./pages/ProfitPage'), title: 'pool:nav.profit', menu: [inMenu('pool', 30)] },
  { path: '/user/mining', access: ACCESS.user, page: () => import('./pages/UserMiningPage'), title: 'user:mining.title',
    menu: [inMenu('user', 25, 'user:nav.mining')] },
  { path: '/user/invite', access: ['recommend.view'], page: () => import('./pages/InvitePage'), title: 'invite:user_title',
    menu: [inMenu('user', 50, 'user:nav.invite')] },
  // The operators' area: fee rates and market data (admin only) and coin prices and currency
  // rates, which decide money (finance as well), and the held blocks (finance), as their server routes.
  adminRoute({ key: 'fees', order: 60, title: 'earnings:admin_tabs.fees', roles: [], load: () => import('./components/admin/FeeRatesAdmin').then((m) => m.FeeRatesAdmin) }),
  adminRoute({ key: 'market', order: 70, title: 'earnings:admin_tabs.market', roles: [], load: () => import('./components/admin/MarketDataAdmin').then((m) => m.MarketDataAdmin) }),
  adminRoute({ key: 'prices', order: 75, title: 'earnings:admin_tabs.prices', roles: ['finance'], load: () => import('./components/admin/PricesAdmin').then((m) => m.PricesAdmin) }),
  adminRoute({ key: 'held-blocks', order: 78, title: 'earnings:admin_tabs.held_blocks', roles: ['finance'], load: () => import('./components/admin/HeldBlocksAdmin').then((m) => m.HeldBlocksAdmin) }),
];

export const earningsFeature = defineFeature({
  name: 'earnings',
  namespaces: ['earnings', 'invite'],
  routes,
});
