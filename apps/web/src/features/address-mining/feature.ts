// Address mining: a coin's address-mining pages (their own tabs, "Pools" current in the header;
// the IP statistics are ALEO's only, by the coin rules of routing-rules.ts) and the operators'
// ALEO stake schedule.
import { inMenu } from '../../shell/routing/route-table';
import { defineFeature, type RouteDef } from '../../shell/features/feature';
import { adminRoute } from '../../shell/features/admin-page';

/** What a coin's address-mining pages share. */
const ADDRESS_PAGE = { access: 'public', titleFrame: 'mining:title_frame', parentKeys: ['pools'] } as const;

const routes: readonly RouteDef[] = [
  { ...ADDRESS_PAGE, path: '/mining/:coin/dashboard', page: () => import('./pages/AddressDashboardPage'), title: 'mining:nav.dashboard', menu: [inMenu('address', 10)] },
  { ...ADDRESS_PAGE, path: '/mining/:coin/stats', page: () => import('./pages/AddressStatsPage'), title: 'mining:nav.stats', menu: [inMenu('address', 20)] },
  { ...ADDRESS_PAGE, path: '/mining/:coin/info', page: () => import('./pages/AddressInfoPage'), title: 'mining:nav.info', menu: [inMenu('address', 30)] },
  { ...ADDRESS_PAGE, path: '/mining/:coin/ip-statistics', page: () => import('./pages/IpStatisticsPage'), title: 'mining:nav.ip-statistics', menu: [inMenu('address', 40)] },
  // The operators' area: the ALEO stake schedule, admin only, as its server routes.
  adminRoute({ key: 'stake', order: 80, title: 'mining:admin_tabs.stake', roles: [], load: () => import('./components/StakeScheduleAdmin').then((m) => m.StakeScheduleAdmin) }),
];

export const addressMiningFeature = defineFeature({
  name: 'address-mining',
  namespaces: ['mining'],
  routes,
});
