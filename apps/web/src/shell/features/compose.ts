// The composition of the features' declarations (app/features.ts gives it the list): one route
// table and the namespaces, at start; one renderer per message type and the operators' tabs in
// order, loaded when the message centre or the operators' area first needs them (the first
// screen carries neither: each lazy import costs it its list of chunks to preload). A claim made
// twice (a namespace, a route's path, a message type, a tab) is a programming error: it throws at
// start in development (checkClaims), or when the renderers or tabs load.
// apps/web/test/features.test.ts checks the real list and loads both.
import { MESSAGE_TYPES, type MessageType } from '@hashpool/shared';
import type { AdminTabDef, FeatureDef, RouteDef } from './feature';
import type { MessageRenderer, MessageRenderers } from './messages';

export interface ComposedMessages {
  renderers: MessageRenderers;
  /** Which feature renders each message type. */
  owners: Readonly<Partial<Record<MessageType, string>>>;
}

export type ComposedAdminTab = AdminTabDef & { feature: string };

export interface ComposedFeatures {
  /** Every feature's routes, in the order of the list. */
  routes: readonly RouteDef[];
  /** Every web namespace: the shell's, then each feature's. */
  namespaces: readonly string[];
  /** Loads every feature's message renderers once (the same promise each call, until one fails). */
  loadMessages: () => Promise<ComposedMessages>;
  /** Loads every feature's operators' tabs, by `order`, once (as loadMessages). */
  loadAdminTabs: () => Promise<readonly ComposedAdminTab[]>;
}

function claim(owners: Map<string, string>, what: string, key: string, owner: string): void {
  const before = owners.get(key);
  if (before !== undefined) throw new Error(`${what} ${key} is claimed by ${before} and ${owner}`);
  owners.set(key, owner);
}

export function composeFeatures(features: readonly FeatureDef[], shellNamespaces: readonly string[]): ComposedFeatures {
  // The claims are checked where they can be fixed: in development and in the tests (the
  // production bundle leaves the check out, and with it bytes of the first screen).
  if (import.meta.env.DEV) checkClaims(features, shellNamespaces);
  return {
    routes: features.flatMap((feature) => feature.routes ?? []),
    namespaces: [...shellNamespaces, ...features.flatMap((feature) => feature.namespaces)],
    loadMessages: once(() => composeMessages(features)),
    loadAdminTabs: once(() => composeAdminTabs(features)),
  };
}

/** Throws when two features (or a feature and the shell) claim one name, namespace or route path; answers who owns each namespace. */
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

async function composeAdminTabs(features: readonly FeatureDef[]): Promise<readonly ComposedAdminTab[]> {
  const loaded = await Promise.all(features.map(async (feature) => ({ feature: feature.name, tabs: feature.adminTabs ? await feature.adminTabs() : [] })));
  const keys = new Map<string, string>();
  const tabs: ComposedAdminTab[] = [];
  for (const { feature, tabs: own } of loaded) {
    for (const tab of own) {
      claim(keys, 'Admin tab', tab.key, feature);
      tabs.push({ ...tab, feature });
    }
  }
  return tabs.sort((a, b) => a.order - b.order);
}

/** Every feature's renderers, each type claimed once and one of MESSAGE_TYPES. */
async function composeMessages(features: readonly FeatureDef[]): Promise<ComposedMessages> {
  const loaded = await Promise.all(features.map(async (feature) => ({ feature: feature.name, renderers: feature.messages ? await feature.messages() : {} })));
  const owners = new Map<string, string>();
  const renderers: Partial<Record<MessageType, MessageRenderer>> = {};
  for (const { feature, renderers: own } of loaded) {
    for (const [type, renderer] of Object.entries(own) as [MessageType, MessageRenderer | undefined][]) {
      if (!renderer) continue;
      if (import.meta.env.DEV && !(MESSAGE_TYPES as readonly string[]).includes(type)) throw new Error(`Message type ${type} of ${feature} is not one of MESSAGE_TYPES (packages/shared)`);
      claim(owners, 'Message type', type, feature);
      renderers[type] = renderer;
    }
  }
  return { renderers, owners: Object.fromEntries(owners) as Partial<Record<MessageType, string>> };
}
