// The features' message renderers and operators' tabs as the features see them at run time: the
// composition root (app/router.tsx) provides their loaders (app/features.ts) here, so the message
// centre and the operators' area read every feature's renderers and tabs, loaded when first
// needed, without importing the app or another feature.
import { createContext, use, useContext, type ReactNode } from 'react';
import type { AdminTabDef } from './feature';
import type { MessageRenderers } from './messages';

export type AdminTab = AdminTabDef;

export interface FeatureRegistry {
  /** Loads the renderers (once: the same promise on every call). */
  loadMessages: () => Promise<{ renderers: MessageRenderers }>;
  /** Loads the operators' tabs, in order (once: the same promise on every call). */
  loadAdminTabs: () => Promise<readonly AdminTab[]>;
}

const NONE = Promise.resolve({ renderers: {} });
const NO_TABS = Promise.resolve([]);
const EMPTY: FeatureRegistry = { loadMessages: () => NONE, loadAdminTabs: () => NO_TABS };

const FeatureRegistryContext = createContext<FeatureRegistry>(EMPTY);

export function FeatureRegistryProvider({ registry, children }: { registry: FeatureRegistry; children: ReactNode }) {
  return <FeatureRegistryContext.Provider value={registry}>{children}</FeatureRegistryContext.Provider>;
}

/** Every feature's message renderers, by message type; suspends while they load. */
export function useMessageRenderers(): MessageRenderers {
  return use(useContext(FeatureRegistryContext).loadMessages()).renderers;
}

/** Every feature's operators' tabs, in order; suspends while they load. */
export function useAdminTabs(): readonly AdminTab[] {
  return use(useContext(FeatureRegistryContext).loadAdminTabs());
}
