// Routing behaviour (docs/rules.md, Routes and access) as pure functions over the route table, so every rule is
// unit-tested without a browser (apps/web/test/routing-rules.test.ts). The guard component
// (app/RouteGuard.tsx) only applies their answers; the menus use the same access rule (mayOpen).
import { matchPath } from 'react-router';
import { ADDRESS_MODE_COINS, findCoin, holdsAny, isAddressModeCoin, operatorMay } from '@hashpool/shared';
import type { RouteAccess, RouteMeta, RouteTable } from './route-table';

export const HOME_PATH = '/';
export const LOGIN_PATH = '/login';
/** Where a logged-in visitor of a login, register or reset screen lands: home, flagged. */
export const REDIRECTED_HOME = '/?redirected=1';

/** The part of a location the rules look at. */
export interface Place {
  pathname: string;
  search: string;
  hash?: string;
}

export interface Viewer {
  loggedIn: boolean;
  /** null while the logged-in user's permissions are still loading. */
  permissions: readonly string[] | null;
  /** An operator (is_admin of GET /permissions/current); known once the permissions are. */
  admin?: boolean;
  /** The operator roles held (operator_roles of GET /permissions/current): admin, finance, support, content. */
  operatorRoles?: readonly string[];
  /**
   * Where a login or logout that just happened wants to go: a login's ?redirect=, home after a
   * logout or cancellation. The screen the change leaves (a guest screen, a gated page) then
   * forwards there instead of to the flagged home or /login: the change's own way on, not a bounce.
   */
  returnTo?: string | null;
  /**
   * An observer link's pages (route paths, OBSERVER_PAGES in @hashpool/shared): the only
   * non-public routes this viewer opens, whatever the permissions say.
   */
  observerPaths?: readonly string[];
}

export type RouteDecision<R extends RouteMeta = RouteMeta> = { kind: 'render'; route: R } | { kind: 'redirect'; to: string } | { kind: 'wait' };

const ADDRESS_PAGES = new Set(['dashboard', 'stats', 'info']);
const ADDRESS_COINS = new Set<string>(ADDRESS_MODE_COINS);

/** "/terms/" and "/terms" are one place. */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? HOME_PATH : trimmed;
}

/**
 * The coin rules: /mining/{coin}/{dashboard|stats|info} only for the address-mode coins and
 * ip-statistics only for aleo; /pool/{type}/... never for those coins nor for unknown ones.
 * Returns home when the path breaks a rule, null when the rules have nothing to say.
 */
export function coinRuleRedirect(pathname: string): string | null {
  const [section, coin = '', page, ...rest] = pathname.split('/').filter(Boolean);
  if (section === 'mining') {
    const allowed =
      rest.length === 0 && ADDRESS_COINS.has(coin) && page !== undefined && (ADDRESS_PAGES.has(page) || (page === 'ip-statistics' && coin === 'aleo'));
    return allowed ? null : HOME_PATH;
  }
  if (section === 'pool') {
    return coin === '' || isAddressModeCoin(coin) || !findCoin(coin) ? HOME_PATH : null;
  }
  return null;
}

export function findRoute<R extends RouteMeta>(pathname: string, routes: readonly R[]): R | undefined {
  return routes.find((route) => matchPath({ path: route.path, end: true }, pathname) !== null);
}

/**
 * Whether the viewer may open a route of this access, once known: the guard's rule, and the one
 * that decides which menu entries a viewer sees. Permissions still loading count as none.
 */
export function mayOpen(access: RouteAccess, viewer: Viewer, path?: string): boolean {
  if (access === 'public') return true;
  if (access === 'guest') return !viewer.loggedIn;
  if (!viewer.loggedIn) return false;
  if (viewer.observerPaths) return path !== undefined && viewer.observerPaths.includes(path);
  // A route the user's permissions filter out does not exist for them.
  if (access === 'admin') return viewer.admin === true;
  if ('operator' in access) return viewer.admin === true || operatorMay(viewer.operatorRoles ?? [], access.operator);
  return holdsAny(viewer.permissions ?? [], access);
}

/** Any path containing /activity/red_packet is open without login, whatever the table says. */
export function effectiveAccess(route: RouteMeta, pathname: string): RouteAccess {
  return pathname.includes('/activity/red_packet') ? 'public' : route.access;
}

export function loginRedirect(place: Place): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(place.pathname + place.search)}`;
}

/** What to do with a location: show its route, send the visitor elsewhere, or wait for permissions. */
export function decideRoute<R extends RouteMeta>(place: Place, viewer: Viewer, table: RouteTable<R>): RouteDecision<R> {
  const pathname = normalizePath(place.pathname);
  const forward = table.forwards[pathname];
  if (forward) return { kind: 'redirect', to: forward };

  const coinRule = coinRuleRedirect(pathname);
  if (coinRule) return { kind: 'redirect', to: coinRule };

  const route = findRoute(pathname, table.routes);
  if (!route) return { kind: 'redirect', to: HOME_PATH };

  const access = effectiveAccess(route, pathname);
  if (access === 'public') return { kind: 'render', route };
  if (access === 'guest') return viewer.loggedIn ? { kind: 'redirect', to: viewer.returnTo ?? REDIRECTED_HOME } : { kind: 'render', route };
  if (!viewer.loggedIn) return { kind: 'redirect', to: viewer.returnTo ?? loginRedirect(place) };
  if (viewer.permissions === null) return { kind: 'wait' };
  // A route the user's permissions filter out does not exist for them: like an unknown path.
  return mayOpen(access, viewer, route.path) ? { kind: 'render', route } : { kind: 'redirect', to: HOME_PATH };
}

/** Resolves a link target against the current place, as the browser would. */
export function resolveTarget(current: Place, target: string): Place {
  const url = new URL(target, `http://local${current.pathname}${current.search}${current.hash ?? ''}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

/** Navigating to where one already is does nothing (docs/rules.md, Routes and access). */
export function isSamePlace(current: Place, target: string): boolean {
  const next = resolveTarget(current, target);
  return (
    normalizePath(next.pathname) === normalizePath(current.pathname) &&
    next.search === current.search &&
    (next.hash ?? '') === (current.hash ?? '')
  );
}

/** Scroll to the top on a new path; a change of query (filters, pages) keeps the scroll position. */
export function shouldScrollToTop(previous: Place | null, next: Place): boolean {
  return previous !== null && normalizePath(previous.pathname) !== normalizePath(next.pathname);
}

/** How long a page chunk may take to load before it counts as failed (docs/rules.md, Limits and constants). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/**
 * A page chunk failed to load, usually because a new release replaced it. The first time the page
 * reloads to pick up the new release; if it fails again the user is told the site was updated.
 */
export function chunkFailureAction(alreadyReloaded: boolean): 'reload' | 'alert' {
  return alreadyReloaded ? 'alert' : 'reload';
}
