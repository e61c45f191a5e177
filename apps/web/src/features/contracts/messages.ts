// How the message centre words the contracts module's notices (orders.service.ts): a cloud-mining
// order changed state, and the state names the sentence. Texts: contracts.json, message_types.
import { MISSING, paramText, UNKNOWN_MESSAGE, type MessageRenderer } from '../../shell/features/messages';

/** The order states a message may name (the others read as the generic notice). */
const ORDER_STATES = ['unpaid', 'checking', 'effect', 'finish', 'cancelled', 'rejected'];

export const CONTRACTS_MESSAGES = {
  contract_order: {
    name: 'contracts:message_types.contract_order.name',
    describe: (params, base) => {
      const status = paramText(params.status);
      // Checking after a USDT payment below the amount (or unconfirmed) at 2 hours, not a certificate.
      const variant = status === 'checking' && paramText(params.reason) === 'payment_to_check' ? 'checking_payment_arrived' : status;
      return {
        title: { key: 'contracts:message_types.contract_order.title', values: {} },
        body: {
          key: status && ORDER_STATES.includes(status) ? `contracts:message_types.contract_order.${variant}` : UNKNOWN_MESSAGE.body,
          values: { ...base, product: paramText(params.product) ?? MISSING, reason: paramText(params.reason) ?? MISSING },
        },
      };
    },
  },
} satisfies Record<string, MessageRenderer>;

export default CONTRACTS_MESSAGES;
