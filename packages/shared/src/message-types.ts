// The message centre's types (the platform's notifications): a message is one of these types and
// its params, worded by the client (each web feature renders the types its module sends). A module
// that notifies adds its type here. No zod in this file: the web reads these lists without
// the schemas (schemas/messages.ts), which load with the pages that call the API.
export const MESSAGE_TYPES = ['hashrate_alarm', 'hashrate_recovered', 'miner_offline', 'miner_online', 'setting_update', 'ticket_answered', 'contract_order', 'red_packet', 'operations_alert'] as const;
/** The events of a `red_packet` message (its `event` param; modules/promotions). */
export const RED_PACKET_EVENTS = ['received', 'active', 'ended', 'none_left', 'cancelled'] as const;
export type RedPacketEvent = (typeof RED_PACKET_EVENTS)[number];
export type MessageType = (typeof MESSAGE_TYPES)[number];
