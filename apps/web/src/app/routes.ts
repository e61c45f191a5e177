// The route table: every route of SPEC.md section 2 with who may open it and which issue owns it.
// A route whose page is not built yet has no `page`; the guards still apply to it, and it then
// shows the "not available in this version" result. Routing rules live in routing-rules.ts.
import type { ComponentType } from 'react';
import type { Permission } from '@hashpool/shared';

/**
 * public: anyone. guest: anyone not logged in (login, register and reset screens; a logged-in
 * user is sent home). admin: logged in as an operator (is_admin of GET /permissions/current);
 * SPEC.md names no permission for the operators' area, and the server checks the role itself.
 * A permission list: logged in and holding at least one of them.
 */
export type RouteAccess = 'public' | 'guest' | 'admin' | readonly Permission[];

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

export interface RouteDef {
  /** A React Router path pattern. */
  path: string;
  access: RouteAccess;
  owner: RouteOwner;
  page?: () => Promise<PageModule>;
}

const USER: readonly Permission[] = ['user.view'];
const ACCOUNT: readonly Permission[] = ['account.view'];
const WALLET: readonly Permission[] = ['wallet.view'];
const CONTRACT: readonly Permission[] = ['contract.view'];
const POOL: readonly Permission[] = ['pool.view'];
const MINER: readonly Permission[] = ['miner.view'];

export const ROUTES: readonly RouteDef[] = [
  // Built in the shell issue.
  { path: '/', access: 'public', owner: 'shell', page: () => import('../features/content/pages/HomePage') },
  { path: '/terms', access: 'public', owner: 'shell', page: () => import('../features/content/pages/TermsPage') },
  { path: '/about-us', access: 'public', owner: 'shell', page: () => import('../features/content/pages/AboutPage') },
  { path: '/download', access: 'public', owner: 'shell', page: () => import('../features/content/pages/DownloadPage') },

  // Built in the accounts issue: getting in and the user centre.
  { path: '/login', access: 'guest', owner: 'accounts', page: () => import('../features/accounts/pages/LoginPage') },
  { path: '/register/email', access: 'guest', owner: 'accounts', page: () => import('../features/accounts/pages/RegisterPage') },
  { path: '/register/phone', access: 'guest', owner: 'accounts', page: () => import('../features/accounts/pages/RegisterPage') },
  { path: '/resetpassword/phone', access: 'guest', owner: 'accounts', page: () => import('../features/accounts/pages/ResetPasswordPage') },
  { path: '/resetpassword/email', access: 'guest', owner: 'accounts', page: () => import('../features/accounts/pages/ResetPasswordPage') },
  { path: '/user/setting', access: USER, owner: 'accounts', page: () => import('../features/accounts/pages/SettingsPage') },
  { path: '/user/logs', access: USER, owner: 'accounts', page: () => import('../features/accounts/pages/SecurityLogPage') },
  { path: '/user/account', access: ACCOUNT, owner: 'accounts', page: () => import('../features/accounts/pages/SubAccountsPage') },

  // Public.
  { path: '/ticket', access: 'public', owner: 'support' },
  { path: '/mining/:coin/dashboard', access: 'public', owner: 'address-mining', page: () => import('../features/address-mining/pages/AddressDashboardPage') },
  { path: '/mining/:coin/stats', access: 'public', owner: 'address-mining', page: () => import('../features/address-mining/pages/AddressStatsPage') },
  { path: '/mining/:coin/info', access: 'public', owner: 'address-mining', page: () => import('../features/address-mining/pages/AddressInfoPage') },
  { path: '/mining/:coin/ip-statistics', access: 'public', owner: 'address-mining', page: () => import('../features/address-mining/pages/IpStatisticsPage') },
  // A logged-in user must reach this one: it is where they pick the accounts to grant.
  { path: '/login/oauth/authorize', access: 'public', owner: 'oauth' },
  { path: '/authredirect', access: 'public', owner: 'accounts' },
  // SPEC.md names BindWechat, Sales and GoldshellEvent without paths; these are ours.
  { path: '/bind-wechat', access: 'public', owner: 'accounts' },
  { path: '/sales', access: 'public', owner: 'promotions' },
  { path: '/activity/goldshell', access: 'public', owner: 'promotions' },
  { path: '/observer_redirect', access: 'public', owner: 'observers' },
  { path: '/activity/invite', access: 'public', owner: 'earnings', page: () => import('../features/earnings/pages/InviteActivityPage') },
  { path: '/activity/red_packet/:packetId', access: 'public', owner: 'promotions' },
  { path: '/activity/red_packet/:packetId/detail', access: 'public', owner: 'promotions' },
  { path: '/miners', access: 'public', owner: 'catalogue' },
  { path: '/miners/detail/:id', access: 'public', owner: 'catalogue' },
  { path: '/pool/:type/stat', access: 'public', owner: 'mining', page: () => import('../features/mining/pages/PoolStatPage') },
  { path: '/pool/:type/info', access: 'public', owner: 'mining', page: () => import('../features/mining/pages/PoolInfoPage') },

  // Permission-gated.
  { path: '/pool/:type/home', access: POOL, owner: 'mining', page: () => import('../features/mining/pages/PoolHomePage') },
  { path: '/pool/:type/miner', access: MINER, owner: 'mining', page: () => import('../features/mining/pages/MinerPage') },
  { path: '/pool/:type/miner/detail', access: MINER, owner: 'mining', page: () => import('../features/mining/pages/MinerDetailPage') },
  { path: '/pool/:type/profit', access: POOL, owner: 'earnings', page: () => import('../features/earnings/pages/ProfitPage') },
  { path: '/user/mining', access: USER, owner: 'mining' },
  { path: '/user/message', access: USER, owner: 'mining', page: () => import('../features/mining/pages/MessagePage') },
  { path: '/user/authredirect', access: USER, owner: 'oauth' },
  { path: '/user/red_packet', access: USER, owner: 'promotions' },
  { path: '/user/red_packet/:id', access: USER, owner: 'promotions' },
  { path: '/user/observe', access: USER, owner: 'observers' },
  { path: '/user/coupon', access: USER, owner: 'promotions' },
  { path: '/user/coupon/:couponId/:itemId', access: USER, owner: 'promotions' },
  { path: '/user/app/activity', access: ACCOUNT, owner: 'accounts' },
  { path: '/user/invite', access: ['recommend.view'], owner: 'earnings', page: () => import('../features/earnings/pages/InvitePage') },
  { path: '/asset/index', access: WALLET, owner: 'wallet', page: () => import('../features/wallet/pages/AssetPage') },
  { path: '/asset/transaction', access: WALLET, owner: 'wallet', page: () => import('../features/wallet/pages/TransactionPage') },
  { path: '/asset/:type/stake-now', access: WALLET, owner: 'staking' },
  { path: '/asset/:type/borrow-now', access: WALLET, owner: 'staking' },
  { path: '/contract/list', access: CONTRACT, owner: 'contracts' },
  { path: '/contract/order', access: CONTRACT, owner: 'contracts' },
  { path: '/contract/order/:orderId', access: CONTRACT, owner: 'contracts' },
  { path: '/contract/order/:orderId/profit', access: CONTRACT, owner: 'contracts' },
  { path: '/contract/dashboard', access: CONTRACT, owner: 'contracts' },
  { path: '/contract/detail', access: CONTRACT, owner: 'contracts' },
  { path: '/contract/terms', access: CONTRACT, owner: 'contracts' },
  { path: '/fund/:id', access: ACCOUNT, owner: 'wallet', page: () => import('../features/wallet/pages/FundDetailPage') },

  // Ours, not in SPEC.md: the operators' wallet area (withdrawal review, ledger, adjustments).
  { path: '/admin/wallet', access: 'admin', owner: 'wallet', page: () => import('../features/admin/pages/AdminWalletPage') },
];

/** Paths that only forward elsewhere (SPEC.md section 2). */
export const FORWARDS: Readonly<Record<string, string>> = {
  '/user': '/user/setting',
  '/contract': '/contract/list',
};
