// The feature registry (app/features.ts, shell/features/): composeFeatures refuses a claim two
// features make; the real composition has a declaration for every feature folder, loads every
// namespace in every language, renders every message type in every language from the owning
// feature's namespace, and gives the operators' area its pages (routes in the `admin` menu) with
// the roles that may open them.
// The ui/ pieces read only the shell's namespace.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, MESSAGE_TYPES, RED_PACKET_EVENTS } from '@hashpool/shared';
import { COMPOSED, FEATURES, webNamespaces } from '../src/app/features';
import { ROUTES } from '../src/app/routes';
import { loadMessages } from '../src/app/feature-extensions';
import { checkClaims, composeFeatures, type FeatureExtensions } from '../src/shell/features/compose';
import { composeMessages } from '../src/shell/features/extensions';
import { defineFeature, type RouteDef } from '../src/shell/features/feature';
import { describeMessage, namespaceOf, type MessageParams, type MessageRenderer, type MessageRenderers } from '../src/shell/features/messages';
import { SHARED_NAMESPACES, SHELL_NAMESPACES } from '../src/i18n/namespaces';
import { loadTexts } from '../src/i18n/resources';
import { adminHomeTarget } from '../src/features/admin/lib/admin-home';
import { menuEntries, menuPlacements } from '../src/shell/routing/menus';
import type { Viewer } from '../src/shell/routing/routing-rules';

const SRC = path.resolve(import.meta.dirname, '../src');
const files = import.meta.glob<Record<string, unknown>>('../src/i18n/locales/*/*.json', { eager: true, import: 'default' });

/** The text at "namespace:a.b.c" in a language, or undefined. */
function textOf(language: string, key: string): unknown {
  const ns = namespaceOf(key);
  let node: unknown = files[`../src/i18n/locales/${language}/${ns}.json`];
  for (const part of key.slice(ns.length + 1).split('.')) node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return node;
}

/** Every leaf key below "namespace:a.b" as "namespace:a.b.x.y". */
function leavesBelow(language: string, key: string): string[] {
  const walk = (node: unknown, prefix: string): string[] =>
    node !== null && typeof node === 'object' ? Object.entries(node as Record<string, unknown>).flatMap(([k, v]) => walk(v, `${prefix}.${k}`)) : [prefix];
  return walk(textOf(language, key), key);
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*([\w.]+)\s*}}/g)].map((m) => m[1]!);

const noPage = () => Promise.resolve({ default: () => null });
const route = (path: string): RouteDef => ({ path, access: 'public', page: noPage });
const renderer: MessageRenderer = { name: 'x:name', describe: () => ({ title: { key: 'x:t', values: {} }, body: { key: 'x:b', values: {} } }) };

describe('composeFeatures', () => {
  const a = defineFeature({ name: 'a', namespaces: ['a'], routes: [route('/a')] });
  const b = defineFeature({ name: 'b', namespaces: ['b'], routes: [route('/b')] });
  const extensions = (messages: Record<string, MessageRenderers>): FeatureExtensions => ({
    loadMessages: () => Promise.resolve(composeMessages(messages)),
  });

  it('puts the routes in the order of the list, the namespaces after the shell’s', async () => {
    const composed = composeFeatures([a, b], ['common'], extensions({ a: { miner_online: renderer }, b: { red_packet: renderer } }));
    expect(composed.routes.map((r) => r.path)).toEqual(['/a', '/b']);
    expect(checkClaims([a, b], ['common']).namespaceOwners).toEqual({ common: 'shell', a: 'a', b: 'b' });
    const messages = await composed.loadMessages();
    expect(messages.owners).toEqual({ miner_online: 'a', red_packet: 'b' });
    expect(messages.renderers.red_packet).toBe(renderer);
    expect(composed.loadMessages()).toBe(composed.loadMessages());
  });

  it('refuses a namespace, a route, a message type or a name that two claim', () => {
    expect(() => checkClaims([a, { name: 'c', namespaces: ['a'] }], [])).toThrow(/Namespace a is claimed by a and c/);
    expect(() => checkClaims([a], ['a'])).toThrow(/Namespace a is claimed by shell and a/);
    expect(() => checkClaims([a, { name: 'c', namespaces: [], routes: [route('/a')] }], [])).toThrow(/Route \/a is claimed by a and c/);
    expect(() => checkClaims([{ name: 'c', namespaces: [], routes: [route('/c'), route('/c')] }], [])).toThrow(/Route \/c/);
    expect(() => checkClaims([a, { name: 'a', namespaces: [] }], [])).toThrow(/Feature a/);
    expect(() => composeMessages({ a: { miner_online: renderer }, c: { miner_online: renderer } })).toThrow(/Message type miner_online is claimed by a and c/);
  });

  it('refuses a renderer for a type the server does not send', () => {
    expect(() => composeMessages({ c: { coffee_ready: renderer } as MessageRenderers })).toThrow(/coffee_ready of c is not one of MESSAGE_TYPES/);
  });

  it('loads the renderers again after a failed load', async () => {
    let fail = true;
    const composed = composeFeatures([a], [], { loadMessages: () => (fail ? Promise.reject(new Error('chunk')) : Promise.resolve(composeMessages({ a: { miner_online: renderer } }))) });
    await expect(composed.loadMessages()).rejects.toThrow('chunk');
    fail = false;
    expect((await composed.loadMessages()).owners).toEqual({ miner_online: 'a' });
  });
});

describe('the features of the app', () => {
  it('lists every folder of features/ once, each with its declaration', () => {
    const folders = readdirSync(path.join(SRC, 'features'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
    expect(FEATURES.map((f) => f.name).sort()).toEqual(folders);
    for (const folder of folders) expect(existsSync(path.join(SRC, 'features', folder, 'feature.ts')), folder).toBe(true);
  });

  it('finds the message renderers of the listed features only', async () => {
    const names = FEATURES.map((f) => f.name);
    const messages = await loadMessages();
    const withMessages = [...new Set(Object.values(messages.owners))].sort();
    expect(withMessages).toEqual(['admin', 'contracts', 'mining', 'promotions', 'support']);
    for (const name of withMessages) expect(names).toContain(name);
  });

  it('claims each namespace, name and path once', () => {
    expect(() => checkClaims(FEATURES, SHELL_NAMESPACES)).not.toThrow();
  });

  it('composes the route table from the features’ routes', () => {
    expect(ROUTES).toBe(COMPOSED.routes);
    expect(ROUTES.length).toBe(FEATURES.reduce((n, f) => n + (f.routes?.length ?? 0), 0));
  });

  it("loads every namespace (the shell's, each feature's, the shared catalogue) in every language", async () => {
    expect(webNamespaces().slice(0, SHELL_NAMESPACES.length)).toEqual([...SHELL_NAMESPACES]);
    for (const language of LANGUAGES) {
      for (const ns of [...webNamespaces(), ...SHARED_NAMESPACES]) {
        const texts = await loadTexts(language, ns);
        expect(Object.keys(texts).length, `${language}/${ns}`).toBeGreaterThan(0);
      }
    }
    await expect(loadTexts('en', 'nobody')).rejects.toThrow(/No texts for en\/nobody/);
    await expect(loadTexts('en', '../en/common')).rejects.toThrow();
  });
});

const { renderers, owners: messageOwners } = await COMPOSED.loadMessages();

describe('message renderers', () => {
  const owners: Record<string, string> = {
    hashrate_alarm: 'mining',
    hashrate_recovered: 'mining',
    miner_offline: 'mining',
    miner_online: 'mining',
    setting_update: 'mining',
    ticket_answered: 'support',
    contract_order: 'contracts',
    red_packet: 'promotions',
    operations_alert: 'admin',
  };

  it('renders every message type, each by the feature of the module that sends it', () => {
    expect(Object.keys(owners).sort()).toEqual([...MESSAGE_TYPES].sort());
    expect(messageOwners).toEqual(owners);
  });

  // Params that reach every branch of every renderer: with and without the optional params, each
  // known status, event and setting, and an unknown one.
  const full: MessageParams = { coin: 'btc', account: 'farm', workers: ['w1', 'w2'], count: 5, hashrate: 1e12, threshold: 2e12, group: 'Rack A', ticket: 7, title: 'Help', product: 'S19', reason: 'no', name: 'Gift', unbalanced: 1, balance_mismatches: 0, custody: 0 };
  const variants: MessageParams[] = [
    {},
    full,
    { ...full, group: '', workers: [], count: 0 },
    { ...full, workers: ['w1', 'w2'], count: 2 },
    { ...full, account: '' },
    ...['unpaid', 'checking', 'effect', 'finish', 'cancelled', 'rejected', 'waiting_user', 'answered', 'bogus'].map((status) => ({ ...full, status })),
    { ...full, status: 'checking', reason: 'payment_to_check' },
    ...[...RED_PACKET_EVENTS, 'bogus'].map((event) => ({ ...full, event })),
    { ...full, alert: 'prices_stale', codes: 'btc, USD', minutes: 30 },
    { ...full, alert: 'price_jump', prices: 'btc 68000.5 → 272002.5', bound: '3' },
    { ...full, alert: 'market_data_missing', coin: 'LTC', day: '2026-11-27' },
    { ...full, alert: 'contract_payment_late', amount: '81', network: 'TRC20', address: 'TXYZ', reference: 'HP0123456789' },
    { ...full, alert: 'payment_stuck', coin: 'BTC', amount: '0.2995', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', txid: 'cd'.repeat(32), hours: '7' },
    { ...full, alert: 'deposit_relisted', coin: 'LTC', amount: '2.5', txid: 'ab'.repeat(32), taken: '0.5' },
    { ...full, alert: 'deposit_reversed', coin: 'LTC', amount: '2.5', txid: 'ab'.repeat(32), depth: '6', taken: '0.5', unrecovered: '2', frozen: '0', locked: '0' },
    ...['not_in_chain', 'not_pool_coinbase', 'amount_differs', 'no_wallet_node', 'time_differs'].map((reason) => ({ ...full, alert: 'block_held', reason, coin: 'LTC', height: '2811' })),
    ...['alerts', 'group_alert', 'payout'].flatMap((setting) => [{ ...full, setting }, { ...full, setting, account: '', group: '' }]),
  ];

  for (const type of MESSAGE_TYPES) {
    it(`${type}: its texts are its feature's, in all five languages, with every placeholder given`, () => {
      const renderer = renderers[type]!;
      const feature = FEATURES.find((f) => f.name === messageOwners[type])!;
      expect(feature.namespaces).toContain(namespaceOf(renderer.name));
      const used = new Set<string>();
      for (const params of variants) {
        const text = describeMessage(renderers, type, params);
        for (const phrase of [text.title, text.body]) {
          used.add(phrase.key);
          for (const language of LANGUAGES) {
            const value = textOf(language, phrase.key);
            expect(typeof value, `${language} ${phrase.key}`).toBe('string');
            for (const name of placeholders(String(value))) expect(phrase.values, `${language} ${phrase.key} {{${name}}}`).toHaveProperty(name);
          }
        }
      }
      for (const language of LANGUAGES) expect(typeof textOf(language, renderer.name), `${language} ${renderer.name}`).toBe('string');
      // Every text of the type is used by some params: no text is left behind by a renamed branch.
      const subtree = renderer.name.replace(/\.name$/, '');
      expect(leavesBelow('en', subtree).filter((key) => key !== renderer.name && !used.has(key))).toEqual([]);
    });
  }
});

describe("the operators' pages", () => {
  const ALL = [
    'review', 'contract-payments', 'loans', 'ledger', 'adjust', 'reconcile', 'audit', 'fees', 'market', 'prices', 'held-blocks', 'stake', 'users', 'approvals', 'coins', 'coin-list', 'parameters',
    'coupons', 'packets', 'staking', 'contracts', 'support', 'content', 'catalogue', 'oauth',
  ];
  const pages = menuPlacements(ROUTES, 'admin');
  const viewer = (roles: string[]): Viewer => ({ loggedIn: true, permissions: [], admin: roles.includes('admin'), operatorRoles: roles });
  const keys = (roles: string[]) => menuEntries(ROUTES, 'admin', viewer(roles)).map((entry) => entry.to.replace('/admin/', ''));
  const ownerOf = (path: string) => FEATURES.find((f) => f.routes?.some((r) => r.path === path))!.name;

  it('are routes of their features under /admin/, in order, titled in each feature’s namespace in all five languages', () => {
    expect(pages.map(({ route }) => route.path.replace('/admin/', ''))).toEqual(ALL);
    for (const { route, placement } of pages) {
      const feature = FEATURES.find((f) => f.name === ownerOf(route.path))!;
      for (const key of [route.title!, placement.label ?? route.title!]) {
        expect([...feature.namespaces, 'common'], route.path).toContain(namespaceOf(key));
        for (const language of LANGUAGES) expect(typeof textOf(language, key), `${language} ${key}`).toBe('string');
      }
    }
    expect(Object.fromEntries(pages.map(({ route }) => [route.path.replace('/admin/', ''), ownerOf(route.path)]))).toMatchObject({
      fees: 'earnings', market: 'earnings', prices: 'earnings', stake: 'address-mining', coupons: 'promotions', packets: 'promotions',
      staking: 'staking', loans: 'staking', contracts: 'contracts', 'contract-payments': 'contracts', review: 'admin',
    });
  });

  it('show each role the pages its server routes allow; admin sees all', () => {
    expect(keys(['admin'])).toEqual(ALL);
    expect(keys(['finance'])).toEqual(['review', 'contract-payments', 'loans', 'ledger', 'adjust', 'reconcile', 'audit', 'prices', 'held-blocks', 'users', 'approvals']);
    expect(keys(['support'])).toEqual(['users', 'support']);
    expect(keys(['content'])).toEqual(['content', 'catalogue']);
    expect(keys([])).toEqual([]);
  });

  it('/admin and the old /admin/wallet?tab= open the page named when allowed, else the first allowed', () => {
    const allowed = (roles: string[]) => menuEntries(ROUTES, 'admin', viewer(roles)).map((entry) => entry.to);
    expect(adminHomeTarget(allowed(['admin']), null)).toBe('/admin/review');
    expect(adminHomeTarget(allowed(['admin']), 'staking')).toBe('/admin/staking');
    expect(adminHomeTarget(allowed(['admin']), 'coin_list')).toBe('/admin/coin-list');
    expect(adminHomeTarget(allowed(['support']), null)).toBe('/admin/users');
    expect(adminHomeTarget(allowed(['finance']), 'coins')).toBe('/admin/review');
    expect(adminHomeTarget(allowed(['content']), 'review')).toBe('/admin/content');
    expect(adminHomeTarget(allowed([]), null)).toBeNull();
  });
});

describe('ui/', () => {
  const uiFiles = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? uiFiles(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));

  it("reads only the shell's namespace (common): a feature's words arrive by props", () => {
    const features = webNamespaces().filter((ns) => !(SHELL_NAMESPACES as readonly string[]).includes(ns));
    const offending = uiFiles(path.join(SRC, 'ui')).flatMap((file) => {
      const code = readFileSync(file, 'utf8');
      const calls = [...code.matchAll(/useTranslation\(([^)]*)\)/g)].map((m) => m[1]!.trim()).filter((arg) => arg !== '' && arg !== "'common'");
      const keys = features.filter((ns) => new RegExp(`['"\`]${ns}:`).test(code));
      return [...calls, ...keys].map((what) => `${path.relative(SRC, file)}: ${what}`);
    });
    expect(offending).toEqual([]);
  });
});
