// How the message centre words the promotions module's notices (red-packets.service.ts): a
// hashrate gift red packet was received, took effect (it earns from its first day), ended, or has
// no share left; the packet's name in each, in the reader's language where the operator gave one
// (else the name as written). Texts: promotions.json, message_types.
import { RED_PACKET_EVENTS } from '@hashpool/shared';
import { MISSING, paramText, UNKNOWN_MESSAGE, type MessageRenderer } from '../../shell/features/messages';

export const PROMOTIONS_MESSAGES = {
  red_packet: {
    name: 'promotions:message_types.red_packet.name',
    describe: (params, base, language) => {
      const event = paramText(params.event);
      const known: readonly string[] = RED_PACKET_EVENTS;
      return {
        title: { key: 'promotions:message_types.red_packet.title', values: {} },
        body: { key: event && known.includes(event) ? `promotions:message_types.red_packet.${event}` : UNKNOWN_MESSAGE.body, values: { ...base, name: paramText(params[`name_${language}`]) ?? paramText(params.name) ?? MISSING } },
      };
    },
  },
} satisfies Record<string, MessageRenderer>;

export default PROMOTIONS_MESSAGES;
