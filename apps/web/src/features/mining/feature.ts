// Mining: a coin's pool pages (their own tabs, in this order: dashboard, workers, earnings (the
// earnings feature's), statistics, getting started; "Pools" current in the header), the message
// centre, and the wording of the mining module's alerts.
import { ACCESS, inMenu, POOL_PAGE } from '../../shell/routing/route-table';
import { defineFeature, type RouteDef } from '../../shell/features/feature';

const routes: readonly RouteDef[] = [
  { ...POOL_PAGE, path: '/pool/:type/stat', access: 'public', page: () => import('./pages/PoolStatPage'), title: 'pool:nav.stat', menu: [inMenu('pool', 40)] },
  { ...POOL_PAGE, path: '/pool/:type/info', access: 'public', page: () => import('./pages/PoolInfoPage'), title: 'pool:nav.info', menu: [inMenu('pool', 50)] },
  { ...POOL_PAGE, path: '/pool/:type/home', access: ACCESS.pool, page: () => import('./pages/PoolHomePage'), title: 'pool:nav.home', menu: [inMenu('pool', 10)] },
  { ...POOL_PAGE, path: '/pool/:type/miner', access: ACCESS.miner, page: () => import('./pages/MinerPage'), title: 'pool:nav.miner', menu: [inMenu('pool', 20)] },
  // Under "Workers" in the coin's tabs.
  { ...POOL_PAGE, path: '/pool/:type/miner/detail', access: ACCESS.miner, page: () => import('./pages/MinerDetailPage'), title: 'pool:detail.title', parentKeys: ['pools', '/pool/:type/miner'] },
  { path: '/user/message', access: ACCESS.user, page: () => import('./pages/MessagePage'), title: 'pool:messages.page_title', menu: [inMenu('user', 40, 'user:nav.messages')] },
];

export const miningFeature = defineFeature({ name: 'mining', namespaces: ['pool'], routes, messages: () => import('./messages').then((m) => m.MINING_MESSAGES) });
