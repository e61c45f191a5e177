// The menus as the route table makes them: a menu lists the routes placed in it, in their order,
// that the viewer may open (the guard's own rule, mayOpen) and whose path the coin rules allow
// (the IP statistics tab exists for ALEO only). Pure functions, unit-tested in
// apps/web/test/menus.test.ts; route-table-context.tsx gives them to components.
import { generatePath } from 'react-router';
import type { MenuIcon, MenuName, MenuPlacement, RouteMeta } from './route-table';
import { coinRuleRedirect, findRoute, mayOpen, normalizePath, type Place, type Viewer } from './routing-rules';

export interface MenuEntry {
  key: string;
  /** The link: the route's path with the given parameters, and the placement's hash. */
  to: string;
  /** The route's path pattern ("/pool/:type/miner"). */
  pattern: string;
  /** An i18n key ("namespace:key"). */
  label: string;
  icon?: MenuIcon;
}

/** Path parameters of the menu's routes: a coin's pages take the coin. */
export type MenuParams = Readonly<Record<string, string>>;

function placementKey(route: RouteMeta, placement: MenuPlacement): string {
  return placement.key ?? route.path;
}

/** Every placement in a menu, hidden ones too, in order. */
export function menuPlacements(routes: readonly RouteMeta[], menu: MenuName): { route: RouteMeta; placement: MenuPlacement }[] {
  return routes
    .flatMap((route) => (route.menu ?? []).filter((placement) => placement.menu === menu).map((placement) => ({ route, placement })))
    .sort((a, b) => a.placement.order - b.placement.order);
}

/** The path of a route with these parameters; null when one is missing. */
function fillPath(pattern: string, params: MenuParams): string | null {
  try {
    return generatePath(pattern, params);
  } catch {
    return null;
  }
}

/** The entries of a menu this viewer sees. */
export function menuEntries(routes: readonly RouteMeta[], menu: MenuName, viewer: Viewer, params: MenuParams = {}): MenuEntry[] {
  const entries: MenuEntry[] = [];
  for (const { route, placement } of menuPlacements(routes, menu)) {
    if (placement.hidden || !mayOpen(route.access, viewer, route.path)) continue;
    const path = fillPath(route.path, params);
    if (path === null || coinRuleRedirect(path) !== null) continue;
    const label = placement.label ?? route.title;
    if (!label) throw new Error(`Menu entry of ${route.path} in ${menu} has neither a label nor a title`);
    entries.push({ key: placementKey(route, placement), to: path + (placement.hash ?? ''), pattern: route.path, label, icon: placement.icon });
  }
  return entries;
}

/**
 * The key of the menu's entry that is current at a place: the route's own entry in the menu (the
 * one with the place's hash, if several: "/" and "/#pools"), else one the route names in
 * `parentKeys` (the worker detail is under "Workers", every coin page under "Pools").
 */
export function activeMenuKey(routes: readonly RouteMeta[], menu: MenuName, place: Place): string | undefined {
  const route = findRoute(normalizePath(place.pathname), routes);
  if (!route) return undefined;
  const own = (route.menu ?? []).filter((placement) => placement.menu === menu);
  if (own.length > 0) {
    const hash = place.hash ?? '';
    const chosen = own.find((placement) => placement.hash !== undefined && placement.hash === hash) ?? own.find((placement) => placement.hash === undefined) ?? own[0]!;
    return placementKey(route, chosen);
  }
  const keys = new Set(menuPlacements(routes, menu).map(({ route: other, placement }) => placementKey(other, placement)));
  return route.parentKeys?.find((key) => keys.has(key));
}
