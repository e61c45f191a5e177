// What a feature declares (apps/web/src/README.md, Features): the web's counterpart of the
// server's module definition (apps/server/src/platform/modules.ts). Each folder under features/
// has its declaration, `feature.ts` (namespaces and routes: what the app needs at start), listed
// in app/features.ts, and may have one more file of a fixed name that the app finds by it and
// loads only when needed (the first screen does not carry it, nor a loader per feature):
// `messages.ts`, whose default export is its MessageRenderers. Its pages of the operators' area
// are routes like any other (admin-page.ts). So a new feature touches one central file.
import type { ComponentType } from 'react';
import type { RouteMeta } from '../routing/route-table';

export type PageModule = { default: ComponentType };

/** A route of the table: its meta (route-table.ts) and its lazily loaded page. The feature that declares it owns it. */
export interface RouteDef extends RouteMeta {
  page: () => Promise<PageModule>;
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
