// How the message centre words the support module's notices (tickets.service.ts): support answered
// a ticket, or asks the user for something ("waiting_user"). Texts: support.json, message_types.
import { MISSING, paramText, type MessageRenderer } from '../../shell/features/messages';

export const SUPPORT_MESSAGES = {
  ticket_answered: {
    name: 'support:message_types.ticket_answered.name',
    describe: (params) => {
      const values = { ticket: paramText(params.ticket) ?? MISSING, title: paramText(params.title) ?? MISSING };
      return {
        title: { key: 'support:message_types.ticket_answered.title', values },
        body: { key: params.status === 'waiting_user' ? 'support:message_types.ticket_answered.body_waiting' : 'support:message_types.ticket_answered.body', values },
      };
    },
  },
} satisfies Record<string, MessageRenderer>;

export default SUPPORT_MESSAGES;
