// The route table: every route of docs/rules.md, Routes and access, with who may open it, which issue owns it,
// its title and its places in the menus (the fields are described in shell/routing/route-table.ts).
// The guard, the menus (header, account menu, phone drawer, the tabs of the user centre, wallet
// and coin pages) and the tab's title all come from here; nothing else lists routes. Every route
// has its page. Routing rules live in shell/routing/routing-rules.ts.
import type { ComponentType } from 'react';
import type { Permission } from '@hashpool/shared';
import type { MenuName, MenuPlacement, RouteMeta, RouteTable } from '../shell/routing/route-table';

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
  page: () => Promise<PageModule>;
}

const USER: readonly Permission[] = ['user.view'];
const ACCOUNT: readonly Permission[] = ['account.view'];
const WALLET: readonly Permission[] = ['wallet.view'];
const CONTRACT: readonly Permission[] = ['contract.view'];
const POOL: readonly Permission[] = ['pool.view'];
const MINER: readonly Permission[] = ['miner.view'];

/** The site's own pages (home, legal, download): public, built in the shell issue. */
const CONTENT = { access: 'public', owner: 'shell' } as const;
/** Getting in: for visitors only (a logged-in user is sent home). */
const GUEST = { access: 'guest', owner: 'accounts' } as const;
/** What a coin's pool pages share: the owner, the title's frame, "Pools" current in the header. */
const POOL_PAGE = { owner: 'mining', titleFrame: 'pool:frame.title', parentKeys: ['pools'] } as const;
/** What a coin's address-mining pages share. */
const ADDRESS_PAGE = { access: 'public', owner: 'address-mining', titleFrame: 'mining:title_frame', parentKeys: ['pools'] } as const;

/** A place in a menu: at `order`, labelled `label` (the route's title when not given). */
function inMenu(menu: MenuName, order: number, label?: string): MenuPlacement {
  return label === undefined ? { menu, order } : { menu, order, label };
}

// One line a route; where that grows too long, the route's places in the menus go on a second.
export const ROUTES: readonly RouteDef[] = [
  // Built in the shell issue.
  {
    ...CONTENT,
    path: '/',
    page: () => import('../features/content/pages/HomePage'),
    title: 'common:nav.home',
    siteTitle: true,
    menu: [
      { menu: 'main', order: 10, key: 'home' },
      { menu: 'main', order: 20, key: 'pools', hash: '#pools', label: 'common:nav.pools' },
    ],
  },
  { ...CONTENT, path: '/terms', page: () => import('../features/content/pages/TermsPage'), title: 'legal:terms.title' },
  { ...CONTENT, path: '/about-us', page: () => import('../features/content/pages/AboutPage'), title: 'legal:about.title' },
  { ...CONTENT, path: '/download', page: () => import('../features/content/pages/DownloadPage'), title: 'download:title',
    menu: [{ menu: 'main', order: 40, key: 'download', label: 'common:nav.download' }] },

  // Built in the accounts issue: getting in and the user centre (its tabs are the `user` menu;
  // settings, logs and sub-accounts are also in the header's account menu).
  { ...GUEST, path: '/login', page: () => import('../features/accounts/pages/LoginPage'), title: 'auth:login.title' },
  { ...GUEST, path: '/register/email', page: () => import('../features/accounts/pages/RegisterPage'), title: 'auth:register.title' },
  { ...GUEST, path: '/register/phone', page: () => import('../features/accounts/pages/RegisterPage'), title: 'auth:register.title' },
  { ...GUEST, path: '/resetpassword/phone', page: () => import('../features/accounts/pages/ResetPasswordPage'), title: 'auth:reset.title' },
  { ...GUEST, path: '/resetpassword/email', page: () => import('../features/accounts/pages/ResetPasswordPage'), title: 'auth:reset.title' },
  { path: '/user/setting', access: USER, owner: 'accounts', page: () => import('../features/accounts/pages/SettingsPage'), title: 'user:settings.title',
    menu: [inMenu('account', 20, 'common:header.settings'), inMenu('user', 10, 'user:nav.settings')] },
  { path: '/user/logs', access: USER, owner: 'accounts', page: () => import('../features/accounts/pages/SecurityLogPage'), title: 'user:logs.title',
    menu: [inMenu('account', 30, 'common:header.security_log'), inMenu('user', 30, 'user:nav.logs')] },
  { path: '/user/account', access: ACCOUNT, owner: 'accounts', page: () => import('../features/accounts/pages/SubAccountsPage'), title: 'user:accounts.title',
    menu: [inMenu('account', 10, 'common:header.sub_accounts'), inMenu('user', 20, 'user:nav.accounts')] },

  // Public.
  { path: '/ticket', access: 'public', owner: 'support', page: () => import('../features/support/pages/TicketPage'), title: 'common:nav.support', menu: [{ menu: 'main', order: 50, key: 'support' }] },
  // A coin's address-mining pages: tabs of their own, "Pools" in the header. The IP statistics are
  // ALEO's only (the coin rules of routing-rules.ts): other coins' tabs leave them out.
  { ...ADDRESS_PAGE, path: '/mining/:coin/dashboard', page: () => import('../features/address-mining/pages/AddressDashboardPage'), title: 'mining:nav.dashboard', menu: [inMenu('address', 10)] },
  { ...ADDRESS_PAGE, path: '/mining/:coin/stats', page: () => import('../features/address-mining/pages/AddressStatsPage'), title: 'mining:nav.stats', menu: [inMenu('address', 20)] },
  { ...ADDRESS_PAGE, path: '/mining/:coin/info', page: () => import('../features/address-mining/pages/AddressInfoPage'), title: 'mining:nav.info', menu: [inMenu('address', 30)] },
  { ...ADDRESS_PAGE, path: '/mining/:coin/ip-statistics', page: () => import('../features/address-mining/pages/IpStatisticsPage'), title: 'mining:nav.ip-statistics', menu: [inMenu('address', 40)] },
  // A logged-in user must reach this one: it is where they pick the accounts to grant (issue 19).
  { path: '/login/oauth/authorize', access: 'public', owner: 'oauth', page: () => import('../features/oauth/pages/ConsentPage'), title: 'oauth:consent.page_title' },
  // Where the OAuth provider shows what it cannot send back to the application (issue 19).
  { path: '/authredirect', access: 'public', owner: 'oauth', page: () => import('../features/oauth/pages/AuthRedirectPage'), title: 'oauth:redirect.page_title' },
  // The paths of WeChat binding, sales and the Goldshell event are ours (docs/rules.md, Routes and access).
  { path: '/bind-wechat', access: 'public', owner: 'accounts', page: () => import('../features/wechat/pages/BindWechatPage'), title: 'wechat:callback.title' },
  // Issue 21: campaign pages managed in Site content.
  { path: '/sales', access: 'public', owner: 'support', page: () => import('../features/support/pages/CampaignPage'), title: 'support:campaign.name_sales' },
  { path: '/activity/goldshell', access: 'public', owner: 'support', page: () => import('../features/support/pages/CampaignPage'), title: 'support:campaign.name_goldshell' },
  // Issue 19: where an observer link leads (its token checked, then the link's first page).
  { path: '/observer_redirect', access: 'public', owner: 'observers', page: () => import('../features/observers/pages/ObserverRedirectPage'), title: 'observers:redirect.title' },
  { path: '/activity/invite', access: 'public', owner: 'earnings', page: () => import('../features/earnings/pages/InviteActivityPage'), title: 'invite:activity.page_title' },
  // Built in the promotions issue: the hashrate gift red packets (public pages by their link).
  { path: '/activity/red_packet/:packetId', access: 'public', owner: 'promotions', page: () => import('../features/promotions/pages/RedPacketPage'), title: 'promotions:packet.title' },
  { path: '/activity/red_packet/:packetId/detail', access: 'public', owner: 'promotions', page: () => import('../features/promotions/pages/RedPacketDetailPage'), title: 'promotions:packet.detail_title' },
  { path: '/miners', access: 'public', owner: 'catalogue', page: () => import('../features/catalogue/pages/MinersPage'), title: 'common:nav.miners', menu: [{ menu: 'main', order: 30, key: 'miners' }] },
  { path: '/miners/detail/:id', access: 'public', owner: 'catalogue', page: () => import('../features/catalogue/pages/MinerDetailPage'), title: 'common:nav.miners', parentKeys: ['miners'] },
  // A coin's pool pages: tabs of their own (in this order: dashboard, workers, earnings,
  // statistics, getting started), "Pools" in the header.
  { ...POOL_PAGE, path: '/pool/:type/stat', access: 'public', page: () => import('../features/mining/pages/PoolStatPage'), title: 'pool:nav.stat', menu: [inMenu('pool', 40)] },
  { ...POOL_PAGE, path: '/pool/:type/info', access: 'public', page: () => import('../features/mining/pages/PoolInfoPage'), title: 'pool:nav.info', menu: [inMenu('pool', 50)] },

  // Permission-gated.
  { ...POOL_PAGE, path: '/pool/:type/home', access: POOL, page: () => import('../features/mining/pages/PoolHomePage'), title: 'pool:nav.home', menu: [inMenu('pool', 10)] },
  { ...POOL_PAGE, path: '/pool/:type/miner', access: MINER, page: () => import('../features/mining/pages/MinerPage'), title: 'pool:nav.miner', menu: [inMenu('pool', 20)] },
  // Under "Workers" in the coin's tabs.
  { ...POOL_PAGE, path: '/pool/:type/miner/detail', access: MINER, page: () => import('../features/mining/pages/MinerDetailPage'), title: 'pool:detail.title', parentKeys: ['pools', '/pool/:type/miner'] },
  { ...POOL_PAGE, path: '/pool/:type/profit', access: POOL, owner: 'earnings', page: () => import('../features/earnings/pages/ProfitPage'), title: 'pool:nav.profit', menu: [inMenu('pool', 30)] },
  { path: '/user/mining', access: USER, owner: 'earnings', page: () => import('../features/earnings/pages/UserMiningPage'), title: 'user:mining.title',
    menu: [inMenu('user', 25, 'user:nav.mining')] },
  { path: '/user/message', access: USER, owner: 'mining', page: () => import('../features/mining/pages/MessagePage'), title: 'pool:messages.page_title', menu: [inMenu('user', 40, 'user:nav.messages')] },
  // Issue 19: the applications the user authorized (OAuth), revocable.
  { path: '/user/authredirect', access: USER, owner: 'oauth', page: () => import('../features/oauth/pages/AuthorizedAppsPage'), title: 'oauth:apps.title',
    menu: [inMenu('user', 45, 'oauth:apps.nav')] },
  // Built in the promotions issue: received red packets and fee coupons (user-centre tabs).
  { path: '/user/red_packet', access: USER, owner: 'promotions', page: () => import('../features/promotions/pages/MyRedPacketsPage'), title: 'promotions:receipts.title',
    menu: [inMenu('user', 60, 'promotions:nav.red_packets')] },
  { path: '/user/red_packet/:id', access: USER, owner: 'promotions', page: () => import('../features/promotions/pages/MyRedPacketPage'), title: 'promotions:receipts.detail_title', parentKeys: ['/user/red_packet'] },
  { path: '/user/observe', access: USER, owner: 'observers', page: () => import('../features/observers/pages/ObserversPage'), title: 'observers:title',
    menu: [inMenu('user', 65, 'observers:nav')] },
  { path: '/user/coupon', access: USER, owner: 'promotions', page: () => import('../features/promotions/pages/CouponPage'), title: 'promotions:coupons.title',
    menu: [inMenu('user', 70, 'promotions:nav.coupons')] },
  { path: '/user/coupon/:couponId/:itemId', access: USER, owner: 'promotions', page: () => import('../features/promotions/pages/CouponDetailPage'), title: 'promotions:coupons.detail_title', parentKeys: ['/user/coupon'] },
  // Built in the site content issue: the campaigns the user joined.
  { path: '/user/app/activity', access: ACCOUNT, owner: 'support', page: () => import('../features/support/pages/MyActivityPage'), title: 'support:activity.title',
    menu: [inMenu('user', 75, 'support:activity.title')] },
  { path: '/user/invite', access: ['recommend.view'], owner: 'earnings', page: () => import('../features/earnings/pages/InvitePage'), title: 'invite:user_title',
    menu: [inMenu('user', 50, 'user:nav.invite')] },
  // The wallet: its pages' tabs are the `wallet` menu; the assets are also a header shortcut.
  { path: '/asset/index', access: WALLET, owner: 'wallet', page: () => import('../features/wallet/pages/AssetPage'), title: 'wallet:title',
    menu: [{ menu: 'shortcuts', order: 10, label: 'common:header.wallet', icon: 'wallet' }, inMenu('wallet', 10, 'wallet:nav.assets')] },
  { path: '/asset/transaction', access: WALLET, owner: 'wallet', page: () => import('../features/wallet/pages/TransactionPage'), title: 'wallet:transactions.title',
    menu: [inMenu('wallet', 20, 'wallet:nav.transactions')] },
  // Staking and borrowing (issue 17): ALEO only; reached from the wallet's ALEO row.
  { path: '/asset/:type/stake-now', access: WALLET, owner: 'staking', page: () => import('../features/staking/pages/StakeNowPage'), title: 'staking:title' },
  { path: '/asset/:type/borrow-now', access: WALLET, owner: 'staking', page: () => import('../features/staking/pages/BorrowNowPage'), title: 'staking:borrow_title' },
  // Cloud-mining contracts (issue 16): products, orders, profit, dashboard, terms; "Contracts" in the header.
  { path: '/contract/list', access: CONTRACT, owner: 'contracts', page: () => import('../features/contracts/pages/ProductListPage'), title: 'contracts:list.title',
    menu: [{ menu: 'main', order: 35, key: 'contracts', label: 'common:nav.contracts' }] },
  { path: '/contract/detail', access: CONTRACT, owner: 'contracts', page: () => import('../features/contracts/pages/ProductDetailPage'), title: 'contracts:detail.title', parentKeys: ['contracts'] },
  { path: '/contract/order', access: CONTRACT, owner: 'contracts', page: () => import('../features/contracts/pages/OrdersPage'), title: 'contracts:orders.title', parentKeys: ['contracts'] },
  { path: '/contract/order/:orderId', access: CONTRACT, owner: 'contracts', page: () => import('../features/contracts/pages/OrderDetailPage'), title: 'contracts:order.title', parentKeys: ['contracts'] },
  { path: '/contract/order/:orderId/profit', access: CONTRACT, owner: 'contracts', page: () => import('../features/contracts/pages/ProfitPage'), title: 'contracts:profit.title', parentKeys: ['contracts'] },
  { path: '/contract/dashboard', access: CONTRACT, owner: 'contracts', page: () => import('../features/contracts/pages/DashboardPage'), title: 'contracts:dashboard.title', parentKeys: ['contracts'] },
  { path: '/contract/terms', access: CONTRACT, owner: 'contracts', page: () => import('../features/contracts/pages/TermsPage'), title: 'contracts:terms.title', parentKeys: ['contracts'] },
  { path: '/fund/:id', access: ACCOUNT, owner: 'wallet', page: () => import('../features/wallet/pages/FundDetailPage'), title: 'wallet:fund.title' },

  // Ours (docs/rules.md, Routes and access): the operators' wallet area (withdrawal review, ledger, adjustments).
  // The operators' area: any operator role opens it; its tabs are filtered by role (AdminWalletPage, issue 22).
  { path: '/admin/wallet', access: { operator: ['finance', 'support', 'content'] }, owner: 'wallet', page: () => import('../features/admin/pages/AdminWalletPage'), title: 'admin:title', menu: [inMenu('account', 40, 'common:header.admin')] },
  // Issue 21: the support queue (support role) and the site content and catalogue editors (content role).
  { path: '/admin/support', access: { operator: ['support'] }, owner: 'support', page: () => import('../features/support/pages/AdminSupportPage'), title: 'support:admin.title', menu: [inMenu('account', 41, 'common:header.admin_support')] },
  { path: '/admin/content', access: { operator: ['content'] }, owner: 'support', page: () => import('../features/support/pages/AdminContentPage'), title: 'support:content.title', menu: [inMenu('account', 42, 'common:header.admin_content')] },
  // Issue 19: the OAuth applications (admin only).
  { path: '/admin/oauth', access: 'admin', owner: 'oauth', page: () => import('../features/oauth/pages/AdminOAuthPage'), title: 'oauth:admin.title', menu: [inMenu('account', 44, 'common:header.admin_oauth')] },
  { path: '/admin/catalogue', access: { operator: ['content'] }, owner: 'catalogue', page: () => import('../features/catalogue/pages/AdminCataloguePage'), title: 'catalogue:admin.title', menu: [inMenu('account', 43, 'common:header.admin_catalogue')] },
];

/** Paths that only forward elsewhere (docs/rules.md, Routes and access). */
export const FORWARDS: Readonly<Record<string, string>> = {
  '/user': '/user/setting',
  '/contract': '/contract/list',
};

export const ROUTE_TABLE: RouteTable<RouteDef> = { routes: ROUTES, forwards: FORWARDS };
