// The composition of the features (app/features.ts gives the list of declarations and the loaders
// of the features' message renderers and operators' tabs): one route table and the namespaces at
// start; one renderer per message type and the operators' tabs in order when the message centre
// or the operators' area first needs them (extensions.ts). A claim made twice (a namespace, a
// route's path, a message type, a tab) is a programming error: checkClaims throws at start in
// development, the loaders when they load. apps/web/test/features.test.ts checks the real list
// and loads both.
import type { FeatureDef, RouteDef } from './feature';
import type { ComposedAdminTab, ComposedMessages } from './extensions';

export interface ComposedFeatures {
  /** Every feature's routes, in the order of the list. */
  routes: readonly RouteDef[];
  /** Loads every feature's message renderers once (the same promise each call, until one fails). */
  loadMessages: () => Promise<ComposedMessages>;
  /** Loads every feature's operators' tabs, by `order`, once (as loadMessages). */
  loadAdminTabs: () => Promise<readonly ComposedAdminTab[]>;
}

/** Loaders of the features' message renderers and operators' tabs, put together (extensions.ts), as app/ has them. */
export interface FeatureExtensions {
  loadMessages: () => Promise<ComposedMessages>;
  loadAdminTabs: () => Promise<readonly ComposedAdminTab[]>;
}

export function composeFeatures(features: readonly FeatureDef[], shellNamespaces: readonly string[], extensions: FeatureExtensions): ComposedFeatures {
  // The claims are checked where they can be fixed: in development and in the tests (the
  // production bundle leaves the check out, and with it bytes of the first screen).
  if (import.meta.env.DEV) checkClaims(features, shellNamespaces);
  return {
    routes: features.flatMap((feature) => feature.routes ?? []),
    loadMessages: once(extensions.loadMessages),
    loadAdminTabs: once(extensions.loadAdminTabs),
  };
}

function claim(owners: Map<string, string>, what: string, key: string, owner: string): void {
  const before = owners.get(key);
  if (before !== undefined) throw new Error(`${what} ${key} is claimed by ${before} and ${owner}`);
  owners.set(key, owner);
}

/**
 * Throws when two features (or a feature and the shell) claim one name, namespace or route path;
 * answers every web namespace (the shell's, then each feature's) and its owner.
 */
export function checkClaims(features: readonly FeatureDef[], shellNamespaces: readonly string[]): { namespaceOwners: Readonly<Record<string, string>> } {
  const names = new Map<string, string>();
  const namespaces = new Map<string, string>();
  const paths = new Map<string, string>();
  for (const ns of shellNamespaces) claim(namespaces, 'Namespace', ns, 'shell');
  for (const feature of features) {
    claim(names, 'Feature', feature.name, feature.name);
    for (const ns of feature.namespaces) claim(namespaces, 'Namespace', ns, feature.name);
    for (const route of feature.routes ?? []) claim(paths, 'Route', route.path, feature.name);
  }
  return { namespaceOwners: Object.fromEntries(namespaces) };
}

/** `load` run once: the same promise on every call, until it fails (a failed chunk may load on the next try). */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
