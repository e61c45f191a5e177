// The message centre (the platform's notifications: apps/server/src/platform/notifications): the
// types of message, a message as the API answers it and the calls' bodies. A message is a type and
// its params; the words are the client's (each web feature renders the types it owns, see
// apps/web/src/README.md, Features). A module that notifies adds its type here.
import { z } from 'zod';
import { V } from '../validation';

export const MESSAGE_TYPES = ['hashrate_alarm', 'hashrate_recovered', 'miner_offline', 'miner_online', 'setting_update', 'ticket_answered', 'contract_order', 'red_packet', 'operations_alert'] as const;
/** The events of a `red_packet` message (its `event` param; modules/promotions). */
export const RED_PACKET_EVENTS = ['received', 'active', 'ended', 'none_left'] as const;
export type RedPacketEvent = (typeof RED_PACKET_EVENTS)[number];
export type MessageType = (typeof MESSAGE_TYPES)[number];
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
