// The route table: every route of docs/rules.md, Routes and access, with who may open it, its
// title and its places in the menus (the fields are described in shell/routing/route-table.ts). Each feature declares its own routes (features/<name>/feature.ts);
// this is their composition (app/features.ts), in the order of the features' list. The guard, the
// menus (header, account menu, phone drawer, the tabs of the user centre, wallet and coin pages)
// and the tab's title all come from here; nothing else lists routes. Every route has its page.
// Routing rules live in shell/routing/routing-rules.ts.
import type { RouteTable } from '../shell/routing/route-table';
import type { RouteDef } from '../shell/features/feature';
import { COMPOSED } from './features';

export type { PageModule, RouteDef } from '../shell/features/feature';

export const ROUTES: readonly RouteDef[] = COMPOSED.routes;

/** Paths that only forward elsewhere (docs/rules.md, Routes and access). */
export const FORWARDS: Readonly<Record<string, string>> = {
  '/user': '/user/setting',
  '/contract': '/contract/list',
};

export const ROUTE_TABLE: RouteTable<RouteDef> = { routes: ROUTES, forwards: FORWARDS };
