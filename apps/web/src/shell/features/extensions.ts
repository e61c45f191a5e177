// The features' message renderers and operators' tabs put together (app/feature-messages.ts and
// app/feature-admin-tabs.ts call these in their lazy chunks, so the first screen carries neither
// the renderers nor this code): one renderer per message type, the tabs in order. A type or tab
// two features claim throws when they load.
import { MESSAGE_TYPES, type MessageType } from '@hashpool/shared';
import type { AdminTabDef } from './feature';
import type { MessageRenderer, MessageRenderers } from './messages';

export interface ComposedMessages {
  renderers: MessageRenderers;
  /** Which feature renders each message type. */
  owners: Readonly<Partial<Record<MessageType, string>>>;
}

export type ComposedAdminTab = AdminTabDef & { feature: string };

function claim(owners: Map<string, string>, what: string, key: string, owner: string): void {
  const before = owners.get(key);
  if (before !== undefined) throw new Error(`${what} ${key} is claimed by ${before} and ${owner}`);
  owners.set(key, owner);
}

export function composeAdminTabs(byFeature: Readonly<Record<string, readonly AdminTabDef[]>>): readonly ComposedAdminTab[] {
  const keys = new Map<string, string>();
  const tabs: ComposedAdminTab[] = [];
  for (const [feature, own] of Object.entries(byFeature)) {
    for (const tab of own) {
      claim(keys, 'Admin tab', tab.key, feature);
      tabs.push({ ...tab, feature });
    }
  }
  return tabs.sort((a, b) => a.order - b.order);
}

/** Every feature's renderers, each type claimed once and one of MESSAGE_TYPES. */
export function composeMessages(byFeature: Readonly<Record<string, MessageRenderers>>): ComposedMessages {
  const owners = new Map<string, string>();
  const renderers: Partial<Record<MessageType, MessageRenderer>> = {};
  for (const [feature, own] of Object.entries(byFeature)) {
    for (const [type, renderer] of Object.entries(own) as [MessageType, MessageRenderer | undefined][]) {
      if (!renderer) continue;
      if (!(MESSAGE_TYPES as readonly string[]).includes(type)) throw new Error(`Message type ${type} of ${feature} is not one of MESSAGE_TYPES (packages/shared)`);
      claim(owners, 'Message type', type, feature);
      renderers[type] = renderer;
    }
  }
  return { renderers, owners: Object.fromEntries(owners) as Partial<Record<MessageType, string>> };
}
