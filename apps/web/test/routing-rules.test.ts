// The routing behaviour of docs/rules.md, Routes and access, rule by rule.
import { describe, expect, it } from 'vitest';
import { ADDRESS_MODE_COINS, OBSERVER_PAGES, OBSERVER_PERMISSIONS, observerPaths, observerPermissionsOf, PERMISSIONS, type ObserverPermission } from '@hashpool/shared';
import {
  chunkFailureAction,
  CHUNK_LOAD_TIMEOUT_MS,
  coinRuleRedirect,
  decideRoute,
  findRoute,
  isSamePlace,
  loginRedirect,
  REDIRECTED_HOME,
  shouldScrollToTop,
  type Viewer,
} from '../src/shell/routing/routing-rules';
import { ROUTE_TABLE, ROUTES } from '../src/app/routes';
import { FEATURES } from '../src/app/features';

const anonymous: Viewer = { loggedIn: false, permissions: [] };
const loading: Viewer = { loggedIn: true, permissions: null };
const everything: Viewer = { loggedIn: true, permissions: PERMISSIONS };
const userOnly: Viewer = { loggedIn: true, permissions: ['user.view'] };

const at = (path: string) => {
  const url = new URL(path, 'http://local');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
};
const decide = (path: string, viewer: Viewer = anonymous) => decideRoute(at(path), viewer, ROUTE_TABLE);
const redirectOf = (path: string, viewer: Viewer = anonymous) => {
  const decision = decide(path, viewer);
  return decision.kind === 'redirect' ? decision.to : null;
};

describe('route table', () => {
  it('lists every path once, each declared by one feature', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(FEATURES.flatMap((feature) => feature.routes ?? [])).toEqual(ROUTES);
  });

  it('builds the pages of the shell and of every feature, and only those', () => {
    expect(ROUTES.filter((r) => r.page).map((r) => r.path).sort()).toEqual([
      '/',
      '/about-us',
      '/activity/goldshell',
      '/activity/invite',
      '/activity/red_packet/:packetId',
      '/activity/red_packet/:packetId/detail',
      '/admin',
      '/admin/adjust',
      '/admin/approvals',
      '/admin/audit',
      '/admin/catalogue',
      '/admin/coin-list',
      '/admin/coins',
      '/admin/content',
      '/admin/contract-payments',
      '/admin/contracts',
      '/admin/coupons',
      '/admin/fees',
      '/admin/held-blocks',
      '/admin/ledger',
      '/admin/loans',
      '/admin/market',
      '/admin/oauth',
      '/admin/packets',
      '/admin/parameters',
      '/admin/prices',
      '/admin/reconcile',
      '/admin/review',
      '/admin/stake',
      '/admin/staking',
      '/admin/support',
      '/admin/users',
      '/admin/wallet',
      '/asset/:type/borrow-now',
      '/asset/:type/stake-now',
      '/asset/index',
      '/asset/transaction',
      '/authredirect',
      '/bind-wechat',
      '/contract/dashboard',
      '/contract/detail',
      '/contract/list',
      '/contract/order',
      '/contract/order/:orderId',
      '/contract/order/:orderId/profit',
      '/contract/terms',
      '/download',
      '/fund/:id',
      '/login',
      '/login/oauth/authorize',
      '/miners',
      '/miners/detail/:id',
      '/mining/:coin/dashboard',
      '/mining/:coin/info',
      '/mining/:coin/ip-statistics',
      '/mining/:coin/stats',
      '/observer_redirect',
      '/pool/:type/home',
      '/pool/:type/info',
      '/pool/:type/miner',
      '/pool/:type/miner/detail',
      '/pool/:type/profit',
      '/pool/:type/stat',
      '/register/email',
      '/register/phone',
      '/resetpassword/email',
      '/resetpassword/phone',
      '/sales',
      '/terms',
      '/ticket',
      '/user/account',
      '/user/app/activity',
      '/user/authredirect',
      '/user/coupon',
      '/user/coupon/:couponId/:itemId',
      '/user/invite',
      '/user/logs',
      '/user/message',
      '/user/mining',
      '/user/observe',
      '/user/red_packet',
      '/user/red_packet/:id',
      '/user/setting',
    ]);
  });

  it('gates with the permissions of docs/rules.md, Routes and access', () => {
    const access = (path: string) => findRoute(path, ROUTES)?.access;
    expect(access('/pool/btc/home')).toEqual(['pool.view']);
    expect(access('/pool/btc/miner/detail')).toEqual(['miner.view']);
    expect(access('/user/coupon/1/2')).toEqual(['user.view']);
    expect(access('/user/app/activity')).toEqual(['account.view']);
    expect(access('/user/invite')).toEqual(['recommend.view']);
    expect(access('/user/mining')).toEqual(['user.view']);
    expect(access('/asset/aleo/borrow-now')).toEqual(['wallet.view']);
    expect(access('/contract/order/9/profit')).toEqual(['contract.view']);
    expect(access('/fund/3')).toEqual(['account.view']);
    expect(access('/login')).toBe('guest');
    expect(access('/login/oauth/authorize')).toBe('public');
    expect(access('/miners/detail/7')).toBe('public');
  });
});

describe('unknown paths and forwards', () => {
  it('sends unknown paths home', () => {
    expect(redirectOf('/nothing-here')).toBe('/');
    expect(redirectOf('/user/unknown', everything)).toBe('/');
    expect(redirectOf('/miners/detail')).toBe('/');
  });

  it('forwards /user and /contract to their first page', () => {
    expect(redirectOf('/user', everything)).toBe('/user/setting');
    expect(redirectOf('/contract', everything)).toBe('/contract/list');
    expect(redirectOf('/contract/')).toBe('/contract/list');
  });

  it('renders the home page and the public pages', () => {
    for (const path of ['/', '/terms', '/about-us', '/download', '/ticket', '/miners', '/terms/']) expect(decide(path).kind, path).toBe('render');
  });
});

describe('coin rules', () => {
  it('allows dashboard, stats and info for the six address-mode coins', () => {
    for (const coin of ADDRESS_MODE_COINS) {
      for (const page of ['dashboard', 'stats', 'info']) expect(decide(`/mining/${coin}/${page}`).kind, `${coin}/${page}`).toBe('render');
    }
  });

  it('allows ip-statistics only for aleo', () => {
    expect(decide('/mining/aleo/ip-statistics').kind).toBe('render');
    for (const coin of ADDRESS_MODE_COINS.filter((c) => c !== 'aleo')) expect(redirectOf(`/mining/${coin}/ip-statistics`)).toBe('/');
  });

  it('sends every other /mining path home', () => {
    for (const path of ['/mining', '/mining/kas', '/mining/btc/dashboard', '/mining/doge/stats', '/mining/kas/blocks', '/mining/kas/dashboard/extra', '/mining/KAS/dashboard']) {
      expect(coinRuleRedirect(path), path).toBe('/');
    }
  });

  it('keeps address-mode and unknown coins out of /pool', () => {
    for (const coin of ADDRESS_MODE_COINS) {
      expect(redirectOf(`/pool/${coin}/stat`)).toBe('/');
      expect(redirectOf(`/pool/${coin}/home`, everything)).toBe('/');
    }
    expect(redirectOf('/pool/notacoin/stat')).toBe('/');
    expect(redirectOf('/pool')).toBe('/');
  });

  it('lets account-mode coins through /pool', () => {
    expect(decide('/pool/btc/stat').kind).toBe('render');
    expect(decide('/pool/grin-c32/info').kind).toBe('render');
    expect(decide('/pool/ltc/home', everything).kind).toBe('render');
  });
});

describe('login and permissions', () => {
  it('sends anonymous visitors of gated routes to login with the way back', () => {
    expect(redirectOf('/user/setting')).toBe('/login?redirect=%2Fuser%2Fsetting');
    expect(redirectOf('/contract/list?page=2')).toBe(`/login?redirect=${encodeURIComponent('/contract/list?page=2')}`);
    expect(redirectOf('/pool/btc/home')).toBe(loginRedirect(at('/pool/btc/home')));
  });

  it('sends logged-in users away from login, register and reset screens, flagged', () => {
    for (const path of ['/login', '/register/email', '/register/phone', '/resetpassword/phone', '/resetpassword/email']) {
      expect(redirectOf(path, everything), path).toBe(REDIRECTED_HOME);
      expect(decide(path).kind, path).toBe('render');
    }
    expect(REDIRECTED_HOME).toBe('/?redirected=1');
    expect(decide('/login/oauth/authorize', everything).kind).toBe('render');
  });

  it('forwards a login that just happened on that screen to its own destination instead', () => {
    expect(redirectOf('/login?redirect=%2Fuser%2Fsetting', { ...everything, returnTo: '/user/setting' })).toBe('/user/setting');
    expect(redirectOf('/register/email', { ...everything, returnTo: '/' })).toBe('/');
    expect(redirectOf('/register/email', { ...everything, returnTo: null })).toBe(REDIRECTED_HOME);
  });

  it('sends a gated page home after a deliberate logout instead of to /login', () => {
    expect(redirectOf('/user/setting', { ...anonymous, returnTo: '/' })).toBe('/');
    expect(redirectOf('/user/setting', anonymous)).toBe(loginRedirect(at('/user/setting')));
  });

  it('opens any /activity/red_packet path without login', () => {
    expect(decide('/activity/red_packet/abc').kind).toBe('render');
    expect(decide('/activity/red_packet/abc/detail').kind).toBe('render');
  });

  it('waits for permissions before deciding a gated route', () => {
    expect(decide('/user/setting', loading).kind).toBe('wait');
    expect(decide('/terms', loading).kind).toBe('render');
  });

  it('filters routes by the permissions held', () => {
    expect(decide('/user/setting', userOnly).kind).toBe('render');
    expect(redirectOf('/asset/index', userOnly)).toBe('/');
    expect(redirectOf('/user/invite', userOnly)).toBe('/');
    expect(decide('/asset/index', everything).kind).toBe('render');
    expect(redirectOf('/asset/index', { loggedIn: true, permissions: [] })).toBe('/');
  });

  it("opens the operators' area to operators only, whatever their permissions", () => {
    expect(findRoute('/admin/wallet', ROUTES)?.access).toEqual({ operator: ['finance', 'support', 'content'] });
    expect(redirectOf('/admin/wallet')).toBe(loginRedirect(at('/admin/wallet')));
    expect(decide('/admin/wallet', loading).kind).toBe('wait');
    expect(redirectOf('/admin/wallet', everything)).toBe('/');
    expect(redirectOf('/admin/wallet', { ...everything, admin: false })).toBe('/');
    expect(decide('/admin/wallet', { loggedIn: true, permissions: [], admin: true }).kind).toBe('render');
    // Finer operator roles: any of them opens the area, which sends them on to a page of theirs.
    expect(decide('/admin/wallet', { loggedIn: true, permissions: [], admin: false, operatorRoles: ['support'] }).kind).toBe('render');
    expect(redirectOf('/admin/wallet', { loggedIn: true, permissions: [], admin: false, operatorRoles: [] })).toBe('/');
    // Each page has the roles of its server routes: finance reviews contract payments and loans,
    // not the products; support does neither.
    const finance = { loggedIn: true, permissions: [], admin: false, operatorRoles: ['finance'] };
    expect(decide('/admin/contract-payments', finance).kind).toBe('render');
    expect(decide('/admin/loans', finance).kind).toBe('render');
    expect(redirectOf('/admin/contracts', finance)).toBe('/');
    expect(redirectOf('/admin/staking', finance)).toBe('/');
    expect(redirectOf('/admin/contract-payments', { ...finance, operatorRoles: ['support'] })).toBe('/');
    expect(decide('/admin/staking', { loggedIn: true, permissions: [], admin: true }).kind).toBe('render');
  });
});

describe('observer links', () => {
  // The viewer of an observer link, as shell/session/viewer.ts makes it from the shared table.
  const observer = (permission: ObserverPermission): Viewer => ({ loggedIn: true, permissions: observerPermissionsOf(permission), observerPaths: observerPaths(permission) });

  it('opens exactly the pages of the link\'s permission, and public pages', () => {
    expect(decide('/pool/btc/home', observer('read_only')).kind).toBe('render');
    expect(redirectOf('/pool/btc/profit', observer('read_only'))).toBe('/');
    expect(redirectOf('/pool/btc/miner', observer('read_only'))).toBe('/');
    expect(decide('/pool/btc/miner', observer('pool')).kind).toBe('render');
    expect(decide('/pool/btc/miner/detail', observer('pool')).kind).toBe('render');
    expect(redirectOf('/pool/btc/profit', observer('pool'))).toBe('/');
    expect(decide('/pool/btc/profit', observer('profit')).kind).toBe('render');
    expect(redirectOf('/pool/btc/miner', observer('profit'))).toBe('/');
    for (const permission of OBSERVER_PERMISSIONS) {
      // Nothing of the owner's own: settings, wallet, the observer links themselves.
      for (const path of ['/user/setting', '/asset/index', '/user/observe', '/user/account']) expect(redirectOf(path, observer(permission)), `${permission} ${path}`).toBe('/');
      expect(decide('/pool/btc/stat', observer(permission)).kind).toBe('render');
      expect(decide('/observer_redirect', observer(permission)).kind).toBe('render');
    }
  });

  it('every page of the shared table is a route of the table with the permission it names', () => {
    for (const page of Object.values(OBSERVER_PAGES)) expect(findRoute(page.path.replace(':type', 'btc'), ROUTES)?.access, page.path).toEqual([page.permission]);
  });
});

describe('navigation helpers', () => {
  const here = { pathname: '/terms', search: '?a=1', hash: '' };

  it('recognises a move to the same place', () => {
    expect(isSamePlace(here, '/terms?a=1')).toBe(true);
    expect(isSamePlace(here, '/terms/?a=1')).toBe(true);
    expect(isSamePlace(here, '?a=1')).toBe(true);
    expect(isSamePlace(here, '/terms')).toBe(false);
    expect(isSamePlace(here, '/terms?a=1#top')).toBe(false);
    expect(isSamePlace(here, '/about-us')).toBe(false);
  });

  it('scrolls to the top on a new path but not on a query change', () => {
    expect(shouldScrollToTop(null, here)).toBe(false);
    expect(shouldScrollToTop(here, { pathname: '/about-us', search: '' })).toBe(true);
    expect(shouldScrollToTop(here, { pathname: '/terms', search: '?a=2' })).toBe(false);
  });

  it('reloads once on a failed page chunk, then alerts', () => {
    expect(chunkFailureAction(false)).toBe('reload');
    expect(chunkFailureAction(true)).toBe('alert');
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });
});
