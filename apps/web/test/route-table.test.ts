// The route table drives the menus, the tab's titles and the guard (app/routes.ts): what each kind
// of viewer sees in each menu, which entry is current where, that every title and label exists in
// the five languages, and the titles the tab shows.
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { findCoin, LANGUAGES, PERMISSIONS, type Permission } from '@hashpool/shared';
import { ROUTES } from '../src/app/routes';
import { documentTitle } from '../src/app/document-title';
import type { MenuName, RouteMeta } from '../src/shell/routing/route-table';
import { activeMenuKey, menuEntries, menuPlacements } from '../src/shell/routing/menus';
import type { Viewer } from '../src/shell/routing/routing-rules';

const visitor: Viewer = { loggedIn: false, permissions: [] };
const loading: Viewer = { loggedIn: true, permissions: null };
const user = (...permissions: Permission[]): Viewer => ({ loggedIn: true, permissions, admin: false });
const operator: Viewer = { loggedIn: true, permissions: PERMISSIONS, admin: true };

const links = (menu: MenuName, viewer: Viewer, params?: Record<string, string>) => menuEntries(ROUTES, menu, viewer, params).map((entry) => entry.to);
const place = (path: string) => {
  const url = new URL(path, 'http://local');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
};

describe('menus from the route table', () => {
  it('the header and account menus label their entries from common, which every page has loaded', () => {
    // The header's components translate with `common` only: a label of another namespace would
    // show its key ("admin.menu") until that namespace happened to load.
    const header: MenuName[] = ['main', 'account', 'shortcuts'];
    const labels = header.flatMap((menu) => menuPlacements(ROUTES, menu).map(({ route, placement }) => placement.label ?? route.title ?? ''));
    expect(labels.length).toBeGreaterThan(5);
    expect(labels.filter((label) => !label.startsWith('common:'))).toEqual([]);
  });

  it('main menu: the same links for everyone, in order; contracts for holders of contract.view', () => {
    const main = ['/', '/#pools', '/miners', '/contract/list', '/download', '/ticket'];
    const withoutContracts = main.filter((link) => link !== '/contract/list');
    expect(links('main', visitor)).toEqual(withoutContracts);
    expect(links('main', user('user.view'))).toEqual(withoutContracts);
    expect(links('main', user('user.view', 'contract.view'))).toEqual(main);
    expect(links('main', operator)).toEqual(main);
    expect(menuEntries(ROUTES, 'main', operator).map((entry) => entry.label)).toEqual(['common:nav.home', 'common:nav.pools', 'common:nav.miners', 'common:nav.contracts', 'common:nav.download', 'common:nav.support']);
  });

  it('account menu: nothing for a visitor, the links a user may open, the operators area for operators only', () => {
    expect(links('account', visitor)).toEqual([]);
    expect(links('account', loading)).toEqual([]);
    expect(links('account', user('user.view'))).toEqual(['/user/setting', '/user/logs']);
    expect(links('account', user('user.view', 'account.view'))).toEqual(['/user/account', '/user/setting', '/user/logs']);
    expect(links('account', { ...user(...PERMISSIONS), admin: false })).toEqual(['/user/account', '/user/setting', '/user/logs']);
    expect(links('account', operator)).toEqual(['/user/account', '/user/setting', '/user/logs', '/admin']);
    expect(menuEntries(ROUTES, 'account', operator).map((entry) => entry.label)).toEqual(['common:header.sub_accounts', 'common:header.settings', 'common:header.security_log', 'common:header.admin']);
  });

  it("admin menu: the operators' area's side menu, each page for the roles of its server routes", () => {
    const roles = (...operatorRoles: string[]) => ({ loggedIn: true, permissions: [], admin: false, operatorRoles });
    expect(links('admin', visitor)).toEqual([]);
    expect(links('admin', user(...PERMISSIONS))).toEqual([]);
    expect(links('admin', roles('finance'))).toEqual(['/admin/review', '/admin/contract-payments', '/admin/loans', '/admin/ledger', '/admin/adjust', '/admin/reconcile', '/admin/audit', '/admin/prices', '/admin/held-blocks', '/admin/users', '/admin/approvals']);
    expect(links('admin', roles('support', 'content'))).toEqual(['/admin/users', '/admin/support', '/admin/content', '/admin/catalogue']);
    expect(links('admin', operator)).toHaveLength(25);
  });

  it('user centre: each page for the holders of its permission', () => {
    expect(links('user', visitor)).toEqual([]);
    expect(links('user', user('user.view'))).toEqual(['/user/setting', '/user/mining', '/user/logs', '/user/message', '/user/authredirect', '/user/red_packet', '/user/observe', '/user/coupon']);
    expect(links('user', user('user.view', 'account.view', 'recommend.view'))).toEqual(['/user/setting', '/user/account', '/user/mining', '/user/logs', '/user/message', '/user/authredirect', '/user/invite', '/user/red_packet', '/user/observe', '/user/coupon', '/user/app/activity']);
    expect(links('user', user('recommend.view'))).toEqual(['/user/invite']);
  });

  it('shortcuts: the wallet, with its icon, for those who may see it', () => {
    expect(menuEntries(ROUTES, 'shortcuts', user('wallet.view'))).toEqual([{ key: '/asset/index', to: '/asset/index', pattern: '/asset/index', label: 'common:header.wallet', icon: 'wallet' }]);
    expect(links('shortcuts', user('user.view'))).toEqual([]);
    expect(links('wallet', user('wallet.view'))).toEqual(['/asset/index', '/asset/transaction']);
  });

  it("a coin's pool pages: statistics and getting started for anyone, the account pages by permission", () => {
    expect(links('pool', visitor, { type: 'btc' })).toEqual(['/pool/btc/stat', '/pool/btc/info']);
    expect(links('pool', user('pool.view'), { type: 'btc' })).toEqual(['/pool/btc/home', '/pool/btc/profit', '/pool/btc/stat', '/pool/btc/info']);
    expect(links('pool', user('pool.view', 'miner.view'), { type: 'ltc' })).toEqual(['/pool/ltc/home', '/pool/ltc/miner', '/pool/ltc/profit', '/pool/ltc/stat', '/pool/ltc/info']);
    // Without the coin the menu has nothing to link to.
    expect(links('pool', operator)).toEqual([]);
  });

  it("a coin's address-mining pages: the IP statistics for ALEO only (the coin rules)", () => {
    expect(links('address', visitor, { coin: 'aleo' })).toEqual(['/mining/aleo/dashboard', '/mining/aleo/stats', '/mining/aleo/info', '/mining/aleo/ip-statistics']);
    expect(links('address', visitor, { coin: 'kas' })).toEqual(['/mining/kas/dashboard', '/mining/kas/stats', '/mining/kas/info']);
  });

  it('leaves hidden placements out of the menu but lets them be current', () => {
    const routes: RouteMeta[] = [
      { path: '/a', access: 'public', title: 'common:nav.home', menu: [{ menu: 'main', order: 2 }] },
      { path: '/b', access: 'public', title: 'common:nav.miners', menu: [{ menu: 'main', order: 1, hidden: true }] },
      { path: '/c', access: ['wallet.view'], title: 'common:nav.download', menu: [{ menu: 'main', order: 0 }] },
    ];
    expect(menuEntries(routes, 'main', visitor).map((entry) => entry.to)).toEqual(['/a']);
    expect(menuEntries(routes, 'main', user('wallet.view')).map((entry) => entry.to)).toEqual(['/c', '/a']);
    expect(activeMenuKey(routes, 'main', place('/b'))).toBe('/b');
  });
});

describe('the current menu entry', () => {
  // [menu, place, the key current there]
  const cases: [MenuName, string, string | undefined][] = [
    // The main menu: home, the pools section, and Pools for every coin page.
    ['main', '/', 'home'],
    ['main', '/#pools', 'pools'],
    ['main', '/#other', 'home'],
    ['main', '/pool/btc/home', 'pools'],
    ['main', '/pool/btc/miner/detail?id=3', 'pools'],
    ['main', '/mining/aleo/ip-statistics', 'pools'],
    ['main', '/miners/detail/7', 'miners'],
    ['main', '/download/', 'download'],
    ['main', '/user/setting', undefined],
    ['main', '/nowhere', undefined],
    // Section menus: the page itself, the worker detail under Workers.
    ['user', '/user/logs', '/user/logs'],
    ['user', '/user/mining', '/user/mining'],
    ['wallet', '/asset/transaction?coin=btc', '/asset/transaction'],
    ['pool', '/pool/btc/profit', '/pool/:type/profit'],
    ['pool', '/pool/btc/miner/detail?id=3', '/pool/:type/miner'],
    ['address', '/mining/kas/stats?address=x', '/mining/:coin/stats'],
  ];
  it.each(cases)('%s menu at %s: %s', (menu, path, key) => {
    expect(activeMenuKey(ROUTES, menu, place(path))).toBe(key);
  });
});

const files = import.meta.glob<Record<string, unknown>>('../src/i18n/locales/*/*.json', { eager: true, import: 'default' });

function text(language: string, key: string): unknown {
  const [namespace, path] = key.includes(':') ? key.split(':') : ['common', key];
  let value: unknown = files[`../src/i18n/locales/${language}/${namespace}.json`];
  for (const part of path!.split('.')) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  return value;
}

describe('titles and labels of the table', () => {
  const menuNames: MenuName[] = ['main', 'account', 'shortcuts', 'user', 'wallet', 'pool', 'address'];

  it('gives every route with a menu entry a title', () => {
    for (const route of ROUTES.filter((r) => r.menu?.length)) expect(route.title, route.path).toBeTruthy();
  });

  it('has every title, title frame and menu label in all five languages', () => {
    const keys = new Set<string>();
    for (const route of ROUTES) {
      if (route.title) keys.add(route.title);
      if (route.titleFrame) keys.add(route.titleFrame);
    }
    for (const menu of menuNames) for (const { route, placement } of menuPlacements(ROUTES, menu)) keys.add(placement.label ?? route.title!);
    expect(keys.size).toBeGreaterThan(30);
    for (const key of keys) {
      for (const language of LANGUAGES) {
        const value = text(language, key);
        expect(typeof value === 'string' && value.trim() !== '', `${language} ${key}`).toBe(true);
      }
    }
  });

  it('uses each key once per menu', () => {
    for (const menu of menuNames) {
      const keys = menuPlacements(ROUTES, menu).map(({ route, placement }) => placement.key ?? route.path);
      expect(new Set(keys).size, menu).toBe(keys.length);
    }
  });
});

describe('the tab title', () => {
  const t = i18next.createInstance();
  const resources: Record<string, Record<string, unknown>> = {};
  for (const [file, texts] of Object.entries(files)) {
    const [, namespace] = /\/en\/(\w+)\.json$/.exec(file) ?? [];
    if (namespace) resources[namespace] = texts;
  }
  void t.init({ lng: 'en', resources: { en: resources }, defaultNS: 'common', interpolation: { escapeValue: false }, initAsync: false });
  const titleOf = (path: string, coin?: string) =>
    documentTitle(
      ROUTES.find((route) => route.path === path),
      t.t,
      { site: 'Hashpool', email: 'help@example.com', coin: coin ? findCoin(coin) : undefined },
    );

  it('is the site alone at home, "<page> - <site>" elsewhere, and the coin frame on coin pages', () => {
    expect(titleOf('/')).toBe('Hashpool');
    expect(titleOf('/login')).toBe('Log in - Hashpool');
    expect(titleOf('/about-us')).toBe('About Hashpool - Hashpool');
    expect(titleOf('/user/setting')).toBe('Account settings - Hashpool');
    expect(titleOf('/pool/:type/miner', 'btc')).toBe('Bitcoin pool · Workers - Hashpool');
    expect(titleOf('/mining/:coin/ip-statistics', 'aleo')).toBe('ALEO mining · IP statistics - Hashpool');
    expect(titleOf('/miners/detail/:id')).toBe('Miner catalogue - Hashpool');
  });
});
