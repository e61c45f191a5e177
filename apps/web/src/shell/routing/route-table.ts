// The shape of the route table: per route its path, who may open it, its title and where it sits
// in the menus, as ant-design-pro's route config does. Each feature declares its routes
// (features/<name>/feature.ts, with the helpers at the end of this file); the table is their
// composition, app/routes.ts (it imports the pages, so it belongs to the composition root); it reaches the shell and the features
// through RouteTableProvider (route-table-context.tsx). Everything below it is derived from it:
// the guard (routing-rules.ts decideRoute), the menus (menus.ts) and the tab's title
// (app/document-title.ts).
import type { OperatorRole, Permission } from '@hashpool/shared';

/**
 * public: anyone. guest: anyone not logged in (login, register and reset screens; a logged-in
 * user is sent home). admin: logged in as an operator (is_admin of GET /permissions/current);
 * No permission string covers the operators' area (docs/rules.md, Routes and access), and the
 * server checks the role itself.
 * A permission list: logged in and holding at least one of them.
 * { operator: roles }: an operator holding one of the roles (admin always may; docs/security.md,
 * Operator roles); 'admin' is the admin role alone.
 */
export type RouteAccess = 'public' | 'guest' | 'admin' | readonly Permission[] | { readonly operator: readonly OperatorRole[] };

/**
 * The menus the table fills. main: the header's navigation (a drawer on phones). account: the
 * logged-in user's menu in the header. shortcuts: buttons beside it. user, wallet, pool, address:
 * the tabs of the user centre, the wallet, a coin's pool pages and a coin's address-mining pages.
 * admin: the side menu of the operators' area; a route placed in it is shown in that area's layout.
 */
export type MenuName = 'main' | 'account' | 'shortcuts' | 'user' | 'wallet' | 'pool' | 'address' | 'admin';

/** Icons a menu entry may carry; the layout maps them to components (app/layout/menu-icons.tsx). */
export type MenuIcon = 'wallet';

/** Where a route appears in one menu. */
export interface MenuPlacement {
  menu: MenuName;
  /** Position in the menu, ascending. */
  order: number;
  /** Unique in the menu; the route's path when not given. Other routes name it in `parentKeys`. */
  key?: string;
  /** The entry's label as an i18n key ("namespace:key"); the route's title when not given. */
  label?: string;
  icon?: MenuIcon;
  /** Added to the link: the home page's pools section is "/#pools". */
  hash?: string;
  /** Kept in the table (its key can be the active one) but not shown. */
  hidden?: boolean;
}

export interface RouteMeta {
  /** A React Router path pattern. */
  path: string;
  access: RouteAccess;
  /**
   * The page's name as an i18n key ("namespace:key"): the tab reads "<title> - <site>", and it is
   * the label of the route's menu entries unless they name their own.
   */
  title?: string;
  /**
   * An i18n key that puts the title in its frame, for the pages of one coin ("{{coin}} pool ·
   * {{page}}"): it gets the title as `page`, the coin's name as `coin` and its ticker as `symbol`.
   */
  titleFrame?: string;
  /** The tab shows the site's name alone (the home page). */
  siteTitle?: boolean;
  menu?: readonly MenuPlacement[];
  /** Menu keys this route counts as, in menus it has no entry of its own (ant-design-pro's parentKeys). */
  parentKeys?: readonly string[];
}

export interface RouteTable<R extends RouteMeta = RouteMeta> {
  routes: readonly R[];
  /** Paths that only forward elsewhere (docs/rules.md, Routes and access). */
  forwards: Readonly<Record<string, string>>;
}

// Helpers the features' route lists share (features/<name>/feature.ts).

/** The permission lists most routes ask for. */
export const ACCESS = {
  user: ['user.view'],
  account: ['account.view'],
  wallet: ['wallet.view'],
  contract: ['contract.view'],
  pool: ['pool.view'],
  miner: ['miner.view'],
} as const satisfies Record<string, readonly Permission[]>;

/** What a coin's pool pages share (mining's and earnings'): the title's frame, "Pools" current in the header. */
export const POOL_PAGE = { titleFrame: 'pool:frame.title', parentKeys: ['pools'] } as const;

/** A place in a menu: at `order`, labelled `label` (the route's title when not given). */
export function inMenu(menu: MenuName, order: number, label?: string): MenuPlacement {
  return label === undefined ? { menu, order } : { menu, order, label };
}
