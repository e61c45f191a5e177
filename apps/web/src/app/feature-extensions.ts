// The features' message renderers (features/<name>/messages.ts) and operators' tabs
// (features/<name>/admin-tabs.ts), found by their file names (each default export, by feature)
// and put together in a lazy chunk each (feature-messages.ts, feature-admin-tabs.ts), loaded when
// the message centre or the operators' area first needs them: the first screen carries none of
// them, nor a loader per feature (each would cost it its list of chunks to preload).
import type { ComposedAdminTab, ComposedMessages } from '../shell/features/extensions';

export const loadMessages = async (): Promise<ComposedMessages> => (await import('./feature-messages')).MESSAGES;
export const loadAdminTabs = async (): Promise<readonly ComposedAdminTab[]> => (await import('./feature-admin-tabs')).ADMIN_TABS;
