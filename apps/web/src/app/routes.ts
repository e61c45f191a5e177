// The route table: every route of docs/rules.md, Routes and access, with who may open it, which issue owns it,
// its title and its places in the menus (the fields are described in shell/routing/route-table.ts).
// The guard, the menus (header, account menu, phone drawer, the tabs of the user centre, wallet
// and coin pages) and the tab's title all come from here; nothing else lists routes. A route whose
// page is not built yet has no `page`; the guards still apply to it, and it then shows the "not
// available in this version" result. Routing rules live in shell/routing/routing-rules.ts.
import type { ComponentType } from 'react';
import type { Permission } from '@hashpool/shared';
import type { RouteMeta, RouteTable } from '../shell/routing/route-table';

/** The domain (and so the issue) that builds the page. */
export type RouteOwner =
  | 'shell'
  | 'accounts'
  | 'oauth'
  | 'observers'
  | 'mining'
  | 'earnings'
  | 'address-mining'
  | 'wallet'
  | 'staking'
  | 'contracts'
  | 'promotions'
  | 'catalogue'
  | 'support';

export type PageModule = { default: ComponentType };

export interface RouteDef extends RouteMeta {
  owner: RouteOwner;
  page?: () => Promise<PageModule>;
}

const USER: readonly Permission[] = ['user.view'];
const ACCOUNT: readonly Permission[] = ['account.view'];
const WALLET: readonly Permission[] = ['wallet.view'];
const CONTRACT: readonly Permission[] = ['contract.view'];
const POOL: readonly Permission[] = ['pool.view'];
const MINER: readonly Permission[] = ['miner.view'];

/** What a coin's pool pages share: the owner, the title's frame, "Pools" current in the header. */
const POOL_PAGE = { owner: 'mining', titleFrame: 'pool:frame.title', parentKeys: ['pools'] } as const;
/** What a coin's address-mining pages share. */
const ADDRESS_PAGE = { access: 'public', owner: 'address-mining', titleFrame: 'mining:title_frame', parentKeys: ['pools'] } as const;

export const ROUTES: readonly RouteDef[] = [
  // Built in the shell issue.
  {
    path: '/',
    access: 'public',
    owner: 'shell',
    page: () => import('../features/content/pages/HomePage'),
    title: 'common:nav.home',
    siteTitle: true,
    menu: [
      { menu: 'main', order: 10, key: 'home' },
      { menu: 'main', order: 20, key: 'pools', hash: '#pools', label: 'common:nav.pools' },
    ],
  },
  { path: '/terms', access: 'public', owner: 'shell', page: () => import('../features/content/pages/TermsPage'), title: 'legal:terms.title' },
  { path: '/about-us', access: 'public', owner: 'shell', page: () => import('../features/content/pages/AboutPage'), title: 'legal:about.title' },
  {
    path: '/download',
    access: 'public',
    owner: 'shell',
    page: () => import('../features/content/pages/DownloadPage'),
    title: 'download:title',
    menu: [{ menu: 'main', order: 40, key: 'download', label: 'common:nav.download' }],
  },

  // Built in the accounts issue: getting in and the user centre.
  { path: '/login', access: 'guest', owner: 'accounts', page: () => import('../features/accounts/pages/LoginPage'), title: 'auth:login.title' },
  { path: '/register/email', access: 'guest', owner: 'accounts', page: () => import('../features/accounts/pages/RegisterPage'), title: 'auth:register.title' },
  { path: '/register/phone', access: 'guest', owner: 'accounts', page: () => import('../features/accounts/pages/RegisterPage'), title: 'auth:register.title' },
  { path: '/resetpassword/phone', access: 'guest', owner: 'accounts', page: () => import('../features/accounts/pages/ResetPasswordPage'), title: 'auth:reset.title' },
  { path: '/resetpassword/email', access: 'guest', owner: 'accounts', page: () => import('../features/accounts/pages/ResetPasswordPage'), title: 'auth:reset.title' },
  {
    path: '/user/setting',
    access: USER,
    owner: 'accounts',
    page: () => import('../features/accounts/pages/SettingsPage'),
    title: 'user:settings.title',
    menu: [
      { menu: 'account', order: 20, label: 'common:header.settings' },
      { menu: 'user', order: 10, label: 'user:nav.settings' },
    ],
  },
  {
    path: '/user/logs',
    access: USER,
    owner: 'accounts',
    page: () => import('../features/accounts/pages/SecurityLogPage'),
    title: 'user:logs.title',
    menu: [
      { menu: 'account', order: 30, label: 'common:header.security_log' },
      { menu: 'user', order: 30, label: 'user:nav.logs' },
    ],
  },
  {
    path: '/user/account',
    access: ACCOUNT,
    owner: 'accounts',
    page: () => import('../features/accounts/pages/SubAccountsPage'),
    title: 'user:accounts.title',
    menu: [
      { menu: 'account', order: 10, label: 'common:header.sub_accounts' },
      { menu: 'user', order: 20, label: 'user:nav.accounts' },
    ],
  },

  // Public.
  { path: '/ticket', access: 'public', owner: 'support', title: 'common:nav.support', menu: [{ menu: 'main', order: 50, key: 'support' }] },
  // A coin's address-mining pages: tabs of their own, "Pools" in the header.
  { ...ADDRESS_PAGE, path: '/mining/:coin/dashboard', page: () => import('../features/address-mining/pages/AddressDashboardPage'), title: 'mining:nav.dashboard', menu: [{ menu: 'address', order: 10 }] },
  { ...ADDRESS_PAGE, path: '/mining/:coin/stats', page: () => import('../features/address-mining/pages/AddressStatsPage'), title: 'mining:nav.stats', menu: [{ menu: 'address', order: 20 }] },
  { ...ADDRESS_PAGE, path: '/mining/:coin/info', page: () => import('../features/address-mining/pages/AddressInfoPage'), title: 'mining:nav.info', menu: [{ menu: 'address', order: 30 }] },
  // ALEO only (the coin rules of routing-rules.ts): other coins' tabs leave it out.
  {
    ...ADDRESS_PAGE,
    path: '/mining/:coin/ip-statistics',
    page: () => import('../features/address-mining/pages/IpStatisticsPage'),
    title: 'mining:nav.ip-statistics',
    menu: [{ menu: 'address', order: 40 }],
  },
  // A logged-in user must reach this one: it is where they pick the accounts to grant.
  { path: '/login/oauth/authorize', access: 'public', owner: 'oauth' },
  { path: '/authredirect', access: 'public', owner: 'accounts' },
  // The paths of WeChat binding, sales and the Goldshell event are ours (docs/rules.md, Routes and access).
  { path: '/bind-wechat', access: 'public', owner: 'accounts' },
  { path: '/sales', access: 'public', owner: 'promotions' },
  { path: '/activity/goldshell', access: 'public', owner: 'promotions' },
  { path: '/observer_redirect', access: 'public', owner: 'observers' },
  { path: '/activity/invite', access: 'public', owner: 'earnings', page: () => import('../features/earnings/pages/InviteActivityPage'), title: 'invite:activity.page_title' },
  { path: '/activity/red_packet/:packetId', access: 'public', owner: 'promotions' },
  { path: '/activity/red_packet/:packetId/detail', access: 'public', owner: 'promotions' },
  { path: '/miners', access: 'public', owner: 'catalogue', title: 'common:nav.miners', menu: [{ menu: 'main', order: 30, key: 'miners' }] },
  { path: '/miners/detail/:id', access: 'public', owner: 'catalogue', parentKeys: ['miners'] },
  // A coin's pool pages: tabs of their own (in this order: dashboard, workers, earnings,
  // statistics, getting started), "Pools" in the header.
  { ...POOL_PAGE, path: '/pool/:type/stat', access: 'public', page: () => import('../features/mining/pages/PoolStatPage'), title: 'pool:nav.stat', menu: [{ menu: 'pool', order: 40 }] },
  { ...POOL_PAGE, path: '/pool/:type/info', access: 'public', page: () => import('../features/mining/pages/PoolInfoPage'), title: 'pool:nav.info', menu: [{ menu: 'pool', order: 50 }] },

  // Permission-gated.
  { ...POOL_PAGE, path: '/pool/:type/home', access: POOL, page: () => import('../features/mining/pages/PoolHomePage'), title: 'pool:nav.home', menu: [{ menu: 'pool', order: 10 }] },
  { ...POOL_PAGE, path: '/pool/:type/miner', access: MINER, page: () => import('../features/mining/pages/MinerPage'), title: 'pool:nav.miner', menu: [{ menu: 'pool', order: 20 }] },
  {
    ...POOL_PAGE,
    path: '/pool/:type/miner/detail',
    access: MINER,
    page: () => import('../features/mining/pages/MinerDetailPage'),
    title: 'pool:detail.title',
    // Under "Workers" in the coin's tabs.
    parentKeys: ['pools', '/pool/:type/miner'],
  },
  { ...POOL_PAGE, path: '/pool/:type/profit', access: POOL, owner: 'earnings', page: () => import('../features/earnings/pages/ProfitPage'), title: 'pool:nav.profit', menu: [{ menu: 'pool', order: 30 }] },
  { path: '/user/mining', access: USER, owner: 'mining' },
  {
    path: '/user/message',
    access: USER,
    owner: 'mining',
    page: () => import('../features/mining/pages/MessagePage'),
    title: 'pool:messages.page_title',
    menu: [{ menu: 'user', order: 40, label: 'user:nav.messages' }],
  },
  { path: '/user/authredirect', access: USER, owner: 'oauth' },
  { path: '/user/red_packet', access: USER, owner: 'promotions' },
  { path: '/user/red_packet/:id', access: USER, owner: 'promotions' },
  { path: '/user/observe', access: USER, owner: 'observers' },
  { path: '/user/coupon', access: USER, owner: 'promotions' },
  { path: '/user/coupon/:couponId/:itemId', access: USER, owner: 'promotions' },
  { path: '/user/app/activity', access: ACCOUNT, owner: 'accounts' },
  {
    path: '/user/invite',
    access: ['recommend.view'],
    owner: 'earnings',
    page: () => import('../features/earnings/pages/InvitePage'),
    title: 'invite:user_title',
    menu: [{ menu: 'user', order: 50, label: 'user:nav.invite' }],
  },
  {
    path: '/asset/index',
    access: WALLET,
    owner: 'wallet',
    page: () => import('../features/wallet/pages/AssetPage'),
    title: 'wallet:title',
    menu: [
      { menu: 'shortcuts', order: 10, label: 'common:header.wallet', icon: 'wallet' },
      { menu: 'wallet', order: 10, label: 'wallet:nav.assets' },
    ],
  },
  {
    path: '/asset/transaction',
    access: WALLET,
    owner: 'wallet',
    page: () => import('../features/wallet/pages/TransactionPage'),
    title: 'wallet:transactions.title',
    menu: [{ menu: 'wallet', order: 20, label: 'wallet:nav.transactions' }],
  },
  { path: '/asset/:type/stake-now', access: WALLET, owner: 'staking' },
  { path: '/asset/:type/borrow-now', access: WALLET, owner: 'staking' },
  { path: '/contract/list', access: CONTRACT, owner: 'contracts' },
  { path: '/contract/order', access: CONTRACT, owner: 'contracts' },
  { path: '/contract/order/:orderId', access: CONTRACT, owner: 'contracts' },
  { path: '/contract/order/:orderId/profit', access: CONTRACT, owner: 'contracts' },
  { path: '/contract/dashboard', access: CONTRACT, owner: 'contracts' },
  { path: '/contract/detail', access: CONTRACT, owner: 'contracts' },
  { path: '/contract/terms', access: CONTRACT, owner: 'contracts' },
  { path: '/fund/:id', access: ACCOUNT, owner: 'wallet', page: () => import('../features/wallet/pages/FundDetailPage'), title: 'wallet:fund.title' },

  // Ours (docs/rules.md, Routes and access): the operators' wallet area (withdrawal review, ledger, adjustments).
  {
    path: '/admin/wallet',
    access: 'admin',
    owner: 'wallet',
    page: () => import('../features/admin/pages/AdminWalletPage'),
    title: 'admin:title',
    menu: [{ menu: 'account', order: 40, label: 'common:header.admin' }],
  },
];

/** Paths that only forward elsewhere (docs/rules.md, Routes and access). */
export const FORWARDS: Readonly<Record<string, string>> = {
  '/user': '/user/setting',
  '/contract': '/contract/list',
};

export const ROUTE_TABLE: RouteTable<RouteDef> = { routes: ROUTES, forwards: FORWARDS };
