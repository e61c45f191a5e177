// The composition of the features' declarations (app/features.ts gives it the list): one route
// table, the namespaces to load, one renderer per message type and the operators' tabs in order.
// A claim made twice (a namespace, a route's path, a message type, a tab) is a programming error
// and throws while the app starts, so a test that composes the real list catches it.
import { MESSAGE_TYPES, type MessageType } from '@hashpool/shared';
import type { AdminTabDef, FeatureDef, RouteDef } from './feature';
import type { MessageRenderer } from './messages';

export interface ComposedFeatures {
  /** Every feature's routes, in the order of the list. */
  routes: readonly RouteDef[];
  /** Every web namespace: the shell's, then each feature's. */
  namespaces: readonly string[];
  /** Which feature owns each namespace ('shell' for the shell's own). */
  namespaceOwners: Readonly<Record<string, string>>;
  messages: Readonly<Partial<Record<MessageType, MessageRenderer>>>;
  /** Which feature renders each message type. */
  messageOwners: Readonly<Partial<Record<MessageType, string>>>;
  /** The operators' tabs by `order`. */
  adminTabs: readonly (AdminTabDef & { feature: string })[];
}

function claim(owners: Map<string, string>, what: string, key: string, owner: string): void {
  const before = owners.get(key);
  if (before !== undefined) throw new Error(`${what} ${key} is claimed by ${before} and ${owner}`);
  owners.set(key, owner);
}

export function composeFeatures(features: readonly FeatureDef[], shellNamespaces: readonly string[]): ComposedFeatures {
  const names = new Map<string, string>();
  const namespaces = new Map<string, string>();
  const paths = new Map<string, string>();
  const types = new Map<string, string>();
  const tabs = new Map<string, string>();
  for (const ns of shellNamespaces) claim(namespaces, 'Namespace', ns, 'shell');

  const routes: RouteDef[] = [];
  const messages: Partial<Record<MessageType, MessageRenderer>> = {};
  const adminTabs: (AdminTabDef & { feature: string })[] = [];
  for (const feature of features) {
    claim(names, 'Feature', feature.name, feature.name);
    for (const ns of feature.namespaces) claim(namespaces, 'Namespace', ns, feature.name);
    for (const route of feature.routes ?? []) {
      claim(paths, 'Route', route.path, feature.name);
      routes.push(route);
    }
    for (const [type, renderer] of Object.entries(feature.messages ?? {}) as [MessageType, MessageRenderer | undefined][]) {
      if (!renderer) continue;
      if (!(MESSAGE_TYPES as readonly string[]).includes(type)) throw new Error(`Message type ${type} of ${feature.name} is not one of MESSAGE_TYPES (packages/shared)`);
      claim(types, 'Message type', type, feature.name);
      messages[type] = renderer;
    }
    for (const tab of feature.adminTabs ?? []) {
      claim(tabs, 'Admin tab', tab.key, feature.name);
      adminTabs.push({ ...tab, feature: feature.name });
    }
  }
  adminTabs.sort((a, b) => a.order - b.order);
  return {
    routes,
    namespaces: [...namespaces.keys()],
    namespaceOwners: Object.fromEntries(namespaces),
    messages,
    messageOwners: Object.fromEntries(types) as Partial<Record<MessageType, string>>,
    adminTabs,
  };
}
