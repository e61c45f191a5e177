// The composed features as the features see them at run time: the composition root
// (app/router.tsx) provides app/features.ts here, so the message centre and the operators' area
// read every feature's renderers and tabs without importing the app or another feature.
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { AdminTabDef, AdminTabProps } from './feature';
import type { MessageRenderers } from './messages';

/** An operators' tab with its component made once (lazily loaded, with the chunk-failure rule). */
export interface AdminTab extends Omit<AdminTabDef, 'load'> {
  Component: ComponentType<AdminTabProps>;
}

export interface FeatureRegistry {
  messages: MessageRenderers;
  adminTabs: readonly AdminTab[];
}

const EMPTY: FeatureRegistry = { messages: {}, adminTabs: [] };

const FeatureRegistryContext = createContext<FeatureRegistry>(EMPTY);

export function FeatureRegistryProvider({ registry, children }: { registry: FeatureRegistry; children: ReactNode }) {
  return <FeatureRegistryContext.Provider value={registry}>{children}</FeatureRegistryContext.Provider>;
}

/** Every feature's message renderers, by message type. */
export function useMessageRenderers(): MessageRenderers {
  return useContext(FeatureRegistryContext).messages;
}

/** Every feature's operators' tabs, in order. */
export function useAdminTabs(): readonly AdminTab[] {
  return useContext(FeatureRegistryContext).adminTabs;
}
