// Observer links' table (docs/security.md, Observer links): permission → pages → the API
// routes each page reads, read by both sides: the server lets an observer call exactly the API
// routes of its link's pages (platform/access.ts), the web opens exactly those pages. Without zod,
// so the web's shell can read it on the first screen (scripts/bench-bundle.mjs).
import type { Permission } from './permissions';

export const OBSERVER_PERMISSIONS = ['read_only', 'pool', 'profit'] as const;
/** read_only: the dashboard; pool: pool management (dashboard, workers, worker detail); profit: profits (dashboard, earnings). */
export type ObserverPermission = (typeof OBSERVER_PERMISSIONS)[number];

export const OBSERVER_EXPIRIES = ['day', 'week', 'month', 'forever'] as const;
export type ObserverExpiry = (typeof OBSERVER_EXPIRIES)[number];
const DAY_MS = 86_400_000;
/** How long a link lives from its creation; null: until revoked. */
export const OBSERVER_EXPIRY_MS: Record<ObserverExpiry, number | null> = { day: DAY_MS, week: 7 * DAY_MS, month: 30 * DAY_MS, forever: null };

/** The query parameter that carries an observer token, on pages and on API calls. */
export const OBSERVER_TOKEN_PARAM = 'observer_token';
/** Links a user may hold alive (not revoked, not expired) per sub-account. */
export const OBSERVER_LINKS_PER_ACCOUNT = 20;

const ACCOUNT = '/pools/:pool/accounts/:account';

export interface ObserverPageDef {
  /** The web route (apps/web/src/app/routes.ts). */
  path: string;
  /** The permission that route asks of a logged-in user; an observer holds it through the link. */
  permission: Permission;
  /** The API routes (under /api, GET) the page reads of the sub-account. */
  api: readonly string[];
}

export const OBSERVER_PAGES = {
  dashboard: { path: '/pool/:type/home', permission: 'pool.view', api: [`${ACCOUNT}/stats`, `${ACCOUNT}/hashrates`] },
  miners: { path: '/pool/:type/miner', permission: 'miner.view', api: [`${ACCOUNT}/miners`, `${ACCOUNT}/miners/stats`, `${ACCOUNT}/groups`] },
  miner_detail: { path: '/pool/:type/miner/detail', permission: 'miner.view', api: [`${ACCOUNT}/miners/:miner`, `${ACCOUNT}/miners/:miner/hashrates`] },
  profits: {
    path: '/pool/:type/profit',
    permission: 'pool.view',
    api: [
      `${ACCOUNT}/profits/stats`,
      `${ACCOUNT}/profits`,
      `${ACCOUNT}/profits/hashrates`,
      `${ACCOUNT}/profits/unit/hashrates`,
      `${ACCOUNT}/profits/solo`,
      `${ACCOUNT}/rates`,
      `${ACCOUNT}/profits/export`,
      '/accounts/:account/pay-method',
    ],
  },
} as const satisfies Record<string, ObserverPageDef>;
export type ObserverPage = keyof typeof OBSERVER_PAGES;

/** Which pages each permission opens, in menu order (the first is where a link lands). */
export const OBSERVER_PERMISSION_PAGES: Record<ObserverPermission, readonly ObserverPage[]> = {
  read_only: ['dashboard'],
  pool: ['dashboard', 'miners', 'miner_detail'],
  profit: ['dashboard', 'profits'],
};

/** The API routes (without /api) an observer of this permission may read. */
export function observerApiRoutes(permission: ObserverPermission): string[] {
  return OBSERVER_PERMISSION_PAGES[permission].flatMap((page) => [...OBSERVER_PAGES[page].api]);
}

/** The user permissions the link's pages stand for (the web's route guard, the server's policies). */
export function observerPermissionsOf(permission: ObserverPermission): Permission[] {
  return [...new Set(OBSERVER_PERMISSION_PAGES[permission].map((page) => OBSERVER_PAGES[page].permission))];
}

/** The web paths an observer of this permission may open. */
export function observerPaths(permission: ObserverPermission): string[] {
  return OBSERVER_PERMISSION_PAGES[permission].map((page) => OBSERVER_PAGES[page].path);
}

const ALL_OBSERVER_API = [...new Set(Object.values(OBSERVER_PAGES).flatMap((page) => [...page.api]))].map(
  (pattern) => new RegExp(`^${pattern.replace(/:[A-Za-z_]+/g, '[^/]+')}$`),
);

/** True when an API path (without /api, e.g. "/pools/btc/accounts/a1/stats") is one an observer page reads. */
export function isObserverApiPath(path: string): boolean {
  return ALL_OBSERVER_API.some((pattern) => pattern.test(path));
}
