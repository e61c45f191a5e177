// The message centre (the platform's notifications: apps/server/src/platform/notifications): the
// types of message, a message as the API answers it and the calls' bodies. A message is a type and
// its params; the words are the client's (each web feature renders the types it owns, see
// apps/web/src/README.md, Features). The types themselves are in ../message-types.ts.
import { z } from 'zod';
import { V } from '../validation';
import { MESSAGE_TYPES } from '../message-types';

export const messageSchema = z.object({
  id: z.number().int(),
  type: z.enum(MESSAGE_TYPES),
  /** What the message is about: coin, account, workers, hashrate, threshold ... (worded by the client). */
  params: z.record(z.string(), z.union([z.string(), z.number(), z.array(z.string())])),
  read: z.boolean(),
  created_at: z.string(),
});
export const messagePageSchema = z.object({ list: z.array(messageSchema), total: z.number().int(), unread: z.number().int() });
export const messageQuerySchema = z.object({
  page: z.coerce.number().int(V.integer).min(1, V.tooSmall).default(1),
  page_size: z.coerce.number().int(V.integer).min(1, V.tooSmall).max(100, V.tooBig).default(10),
  type: z.enum(MESSAGE_TYPES).optional(),
  unread: z.enum(['true', 'false']).optional(),
});
export const messageIdsBodySchema = z.strictObject({
  /** Empty or absent with all=true: every message of the user. */
  ids: z.array(z.number().int().positive()).max(1000).optional(),
  all: z.boolean().optional(),
});
