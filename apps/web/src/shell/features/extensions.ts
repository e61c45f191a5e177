// The features' message renderers put together (app/feature-messages.ts calls this in its lazy
// chunk, so the first screen carries neither the renderers nor this code): one renderer per
// message type. A type two features claim throws when they load.
import { MESSAGE_TYPES, type MessageType } from '@hashpool/shared';
import type { MessageRenderer, MessageRenderers } from './messages';

export interface ComposedMessages {
  renderers: MessageRenderers;
  /** Which feature renders each message type. */
  owners: Readonly<Partial<Record<MessageType, string>>>;
}

function claim(owners: Map<string, string>, what: string, key: string, owner: string): void {
  const before = owners.get(key);
  if (before !== undefined) throw new Error(`${what} ${key} is claimed by ${before} and ${owner}`);
  owners.set(key, owner);
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
