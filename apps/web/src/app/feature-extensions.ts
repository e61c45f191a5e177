// The features' message renderers (features/<name>/messages.ts), found by their file names (each
// default export, by feature) and put together in a lazy chunk (feature-messages.ts), loaded when
// the message centre first needs them: the first screen carries none of them, nor a loader per
// feature (each would cost it its list of chunks to preload).
import type { ComposedMessages } from '../shell/features/extensions';

export const loadMessages = async (): Promise<ComposedMessages> => (await import('./feature-messages')).MESSAGES;
