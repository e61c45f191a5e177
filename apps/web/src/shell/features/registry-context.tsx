// The features' message renderers as the features see them at run time: the composition root
// (app/router.tsx) provides their loader (app/features.ts) here, so the message centre reads every
// feature's renderers, loaded when first needed, without importing the app or another feature.
import { createContext, use, useContext, type ReactNode } from 'react';
import type { MessageRenderers } from './messages';

export interface FeatureRegistry {
  /** Loads the renderers (once: the same promise on every call). */
  loadMessages: () => Promise<{ renderers: MessageRenderers }>;
}

const NONE = Promise.resolve({ renderers: {} });
const EMPTY: FeatureRegistry = { loadMessages: () => NONE };

const FeatureRegistryContext = createContext<FeatureRegistry>(EMPTY);

export function FeatureRegistryProvider({ registry, children }: { registry: FeatureRegistry; children: ReactNode }) {
  return <FeatureRegistryContext.Provider value={registry}>{children}</FeatureRegistryContext.Provider>;
}

/** Every feature's message renderers, by message type; suspends while they load. */
export function useMessageRenderers(): MessageRenderers {
  return use(useContext(FeatureRegistryContext).loadMessages()).renderers;
}
