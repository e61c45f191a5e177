// What a feature declares (apps/web/src/README.md, Features): the web's counterpart of the
// server's module definition (apps/server/src/platform/modules.ts). Each folder under features/
// has its declaration, `feature.ts` (namespaces and routes: what the app needs at start), listed
// in app/features.ts, and may have two more files of fixed names that the app finds by them and
// loads only when needed (the first screen carries neither, nor a loader per feature):
// `messages.ts`, whose default export is its MessageRenderers, and `admin-tabs.ts`, whose default
// export is its AdminTabDef list. So a new feature touches one central file.
import type { ComponentType } from 'react';
import type { OperatorRole } from '@hashpool/shared';
import type { RouteMeta } from '../routing/route-table';

export type PageModule = { default: ComponentType };

/** A route of the table: its meta (route-table.ts) and its lazily loaded page. The feature that declares it owns it. */
export interface RouteDef extends RouteMeta {
  page: () => Promise<PageModule>;
}

/** What every tab of the operators' area gets. */
export interface AdminTabProps {
  /** The operator's timezone, for the times the tab shows. */
  timezone: string;
}

/**
 * A tab of the operators' area (/admin/wallet, ?tab=<key>). `roles`: the operator roles that may
 * use it (admin always may; [] is admin only), the same roles as the server routes it calls
 * (their `access.operator(...)` / `access.admin`; the server does not publish its policies, so the
 * owning feature states them here, once, and the server still checks every call).
 */
export interface AdminTabDef {
  key: string;
  /** Position among the tabs, ascending; the lowest is the tab shown when the address names none. */
  order: number;
  /** The tab's label as an i18n key ("namespace:key"), in the owning feature's namespace. */
  label: string;
  roles: readonly OperatorRole[];
  component: ComponentType<AdminTabProps>;
}

export interface FeatureDef {
  /** The folder's name under features/. */
  name: string;
  /** The i18n namespaces the feature owns: i18n/locales/<lang>/<namespace>.json in each language. */
  namespaces: readonly string[];
  /** Its part of the route table (app/routes.ts composes them). */
  routes?: readonly RouteDef[];
}

/** Typed identity: `export const walletFeature = defineFeature({ ... })`. */
export function defineFeature<const F extends FeatureDef>(feature: F): F {
  return feature;
}
