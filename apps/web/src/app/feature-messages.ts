// Every feature's message renderers: the default export of features/<name>/messages.ts, one
// renderer per message type (a lazy chunk: feature-extensions.ts).
import { composeMessages } from '../shell/features/extensions';
import type { MessageRenderers } from '../shell/features/messages';
import { byFeature } from './feature-files';

export const MESSAGES = composeMessages(byFeature(import.meta.glob<MessageRenderers>('../features/*/messages.ts', { eager: true, import: 'default' })));
