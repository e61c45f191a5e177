// How the message centre words the alerts to operators: the daily reconciliation found the books
// out of balance (the wallet module's wallet-admin.service.ts), prices went stale or a feed price
// was refused as a jump (the prices module's prices.service.ts), a coin's node could not give a market day, a matured block's
// reward did not check out on the chain (the earnings module), a credited deposit was replaced
// on the chain by a double spend (the wallet module's deposit-scanner.ts), a payment has stayed
// unconfirmed for hours (stuck-payments.ts), or a USDT payment reached a contract order closed
// unpaid (the contracts module's orders.service.ts). Texts: admin.json, message_types.
import { paramText, type MessageParams, type MessageRenderer, type Phrase } from '../../shell/features/messages';
import { BLOCK_HOLD_REASONS } from '@hashpool/shared';

/** The reasons the earnings module holds a block for, each its own text. */
const HOLD_REASONS: ReadonlySet<string> = new Set(BLOCK_HOLD_REASONS);

/** The named params as the message's placeholders, each as text ('' when missing). */
const texts = (params: MessageParams, keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, paramText(params[k]) ?? '']));

export const ADMIN_MESSAGES = {
  operations_alert: {
    name: 'admin:message_types.operations_alert.name',
    describe: (params) => {
      const body: Phrase =
        params.alert === 'prices_stale'
          ? { key: 'admin:message_types.operations_alert.prices_stale', values: { codes: paramText(params.codes) ?? '', minutes: paramText(params.minutes) ?? '' } }
          : params.alert === 'price_jump'
          ? { key: 'admin:message_types.operations_alert.price_jump', values: texts(params, ['prices', 'bound']) }
          : params.alert === 'block_held' && HOLD_REASONS.has(String(params.reason))
          ? { key: `admin:message_types.operations_alert.block_held_${String(params.reason)}`, values: { coin: paramText(params.coin) ?? '', height: paramText(params.height) ?? '' } }
          : params.alert === 'deposit_reversed'
          ? {
              key: 'admin:message_types.operations_alert.deposit_reversed',
              values: texts(params, ['amount', 'coin', 'account', 'txid', 'depth', 'taken', 'unrecovered', 'frozen', 'locked']),
            }
          : params.alert === 'deposit_relisted'
          ? {
              key: 'admin:message_types.operations_alert.deposit_relisted',
              values: texts(params, ['amount', 'coin', 'account', 'txid', 'taken']),
            }
          : params.alert === 'contract_payment_late'
          ? { key: 'admin:message_types.operations_alert.contract_payment_late', values: texts(params, ['amount', 'network', 'address', 'reference', 'account']) }
          : params.alert === 'payment_stuck'
          ? { key: 'admin:message_types.operations_alert.payment_stuck', values: texts(params, ['amount', 'coin', 'address', 'account', 'txid', 'hours']) }
          : params.alert === 'market_data_missing'
          ? { key: 'admin:message_types.operations_alert.market_data_missing', values: { coin: paramText(params.coin) ?? '', day: paramText(params.day) ?? '' } }
          : {
              key: 'admin:message_types.operations_alert.reconciliation_mismatch',
              values: { unbalanced: paramText(params.unbalanced) ?? '0', balances: paramText(params.balance_mismatches) ?? '0', custody: paramText(params.custody) ?? '0' },
            };
      return { title: { key: 'admin:message_types.operations_alert.title', values: {} }, body };
    },
  },
} satisfies Record<string, MessageRenderer>;

export default ADMIN_MESSAGES;
