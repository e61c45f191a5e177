// The composition of the features (app/features.ts gives the list of declarations and the loader
// of the features' message renderers): one route table and the namespaces at start; one renderer
// per message type when the message centre first needs them (extensions.ts). A claim made twice
// (a namespace, a route's path, a message type) is a programming error: checkClaims throws at
// start in development, the loader when it loads. apps/web/test/features.test.ts checks the real
// list and loads the renderers.
import type { FeatureDef, RouteDef } from './feature';
import type { ComposedMessages } from './extensions';

export interface ComposedFeatures {
  /** Every feature's routes, in the order of the list. */
  routes: readonly RouteDef[];
  /** Loads every feature's message renderers once (the same promise each call, until one fails). */
  loadMessages: () => Promise<ComposedMessages>;
}

/** The loader of the features' message renderers, put together (extensions.ts), as app/ has it. */
export interface FeatureExtensions {
  loadMessages: () => Promise<ComposedMessages>;
}

export function composeFeatures(features: readonly FeatureDef[], shellNamespaces: readonly string[], extensions: FeatureExtensions): ComposedFeatures {
  // The claims are checked where they can be fixed: in development and in the tests (the
  // production bundle leaves the check out, and with it bytes of the first screen).
  if (import.meta.env.DEV) checkClaims(features, shellNamespaces);
  return {
    routes: features.flatMap((feature) => feature.routes ?? []),
    loadMessages: once(extensions.loadMessages),
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
