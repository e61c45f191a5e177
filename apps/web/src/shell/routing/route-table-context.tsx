// The route table as the shell and the features see it. The composition root (app/router.tsx)
// provides app/routes.ts here, so menus, frames and the login's way back read the one table
// without importing the app (which imports them).
import { createContext, useContext, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useViewer } from '../session/viewer';
import type { MenuName, RouteMeta, RouteTable } from './route-table';
import { activeMenuKey, menuEntries, type MenuEntry, type MenuParams } from './menus';
import { findRoute, mayOpen, normalizePath } from './routing-rules';

const EMPTY: RouteTable = { routes: [], forwards: {} };

const RouteTableContext = createContext<RouteTable>(EMPTY);

export function RouteTableProvider({ table, children }: { table: RouteTable; children: ReactNode }) {
  return <RouteTableContext.Provider value={table}>{children}</RouteTableContext.Provider>;
}

export function useRouteTable(): RouteTable {
  return useContext(RouteTableContext);
}

/** The entries of a menu the current viewer sees; `params` fill the routes' parameters (a coin). */
export function useMenu(menu: MenuName, params?: MenuParams): MenuEntry[] {
  // A few dozen routes: cheap enough to derive on every render.
  return menuEntries(useRouteTable().routes, menu, useViewer(), params);
}

/** The key of the menu's entry for the current location, if it has one. */
export function useActiveMenuKey(menu: MenuName): string | undefined {
  const { routes } = useRouteTable();
  const location = useLocation();
  return activeMenuKey(routes, menu, location);
}

/** Whether the current viewer may open the route at `path` (a known path of the table). */
export function useMayOpen(path: string): boolean {
  const { routes } = useRouteTable();
  const viewer = useViewer();
  const route: RouteMeta | undefined = findRoute(normalizePath(path), routes);
  return route !== undefined && mayOpen(route.access, viewer, route.path);
}
