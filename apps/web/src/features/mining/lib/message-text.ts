// Message-centre wording. The server stores a message as a type and its params (coin, account,
// workers, count, hashrate, threshold; group for a worker group's alarm); the words are the
// client's, in the reader's language.
// describeMessage() picks the keys and values (pure, unit-tested); the page passes them to t().
import { findCoin, formatHashrate, MESSAGE_TYPES, RED_PACKET_EVENTS } from '@hashpool/shared';

export type MessageType = (typeof MESSAGE_TYPES)[number];
export type MessageParams = Record<string, string | number | string[]>;

/** A key of the `pool` namespace and its interpolation values. */
export interface Phrase {
  key: string;
  values: Record<string, string>;
}

export interface MessageText {
  title: Phrase;
  body: Phrase;
}

/** Shown for a param the message lacks (an older message, a server that sends fewer). */
export const MISSING = '--';

const text = (value: MessageParams[string] | undefined): string | null => (typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null);
const num = (value: MessageParams[string] | undefined): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : null);

function coinOf(params: MessageParams): string {
  const code = text(params.coin);
  if (!code) return MISSING;
  return findCoin(code)?.symbol ?? code.toUpperCase();
}

/** The server names at most 20 offline workers (alerts.service.ts); `count` says how many in all. */
function workerList(params: MessageParams): { names: string; more: number } {
  const names = Array.isArray(params.workers) ? params.workers.filter((n) => typeof n === 'string' && n !== '') : [];
  const count = num(params.count) ?? names.length;
  return { names: names.join(', '), more: Math.max(0, count - names.length) };
}

export function isMessageType(type: string): type is MessageType {
  return (MESSAGE_TYPES as readonly string[]).includes(type);
}

export function describeMessage(type: string, params: MessageParams): MessageText {
  const coin = coinOf(params);
  const account = text(params.account);
  const base = { coin, account: account ?? MISSING };
  const hashrate = num(params.hashrate);
  const threshold = num(params.threshold);
  const rates = { hashrate: hashrate === null ? MISSING : formatHashrate(hashrate), threshold: threshold === null ? MISSING : formatHashrate(threshold) };

  const group = text(params.group);

  switch (type) {
    case 'hashrate_alarm':
    case 'hashrate_recovered':
      // A worker group's alarm (alerts.service.ts) names the group; the sub-account's does not.
      return group
        ? { title: { key: `messages.types.${type}.title_group`, values: { group } }, body: { key: `messages.types.${type}.body_group`, values: { ...base, ...rates, group } } }
        : { title: { key: `messages.types.${type}.title`, values: {} }, body: { key: `messages.types.${type}.body`, values: { ...base, ...rates } } };
    case 'miner_offline': {
      const { names, more } = workerList(params);
      const total = String(num(params.count) ?? (names ? names.split(', ').length : 0));
      // "s19k1, s19k2 and 3 more" when the server named only some of them; nothing to list at all reads as the count alone.
      const body = !names ? 'body_count' : more > 0 ? 'body_more' : 'body';
      return {
        title: { key: 'messages.types.miner_offline.title', values: { total } },
        body: { key: `messages.types.miner_offline.${body}`, values: { ...base, workers: names, more: String(more), total } },
      };
    }
    case 'miner_online':
      return { title: { key: 'messages.types.miner_online.title', values: {} }, body: { key: 'messages.types.miner_online.body', values: base } };
    case 'setting_update':
      // The server records which settings changed ("alerts", or "group_alert" with the group); the
      // account is named when it says which.
      if (params.setting === 'group_alert' && group) {
        return { title: { key: 'messages.types.setting_update.title', values: {} }, body: { key: 'messages.types.setting_update.group_alert', values: { ...base, group } } };
      }
      return {
        title: { key: 'messages.types.setting_update.title', values: {} },
        body: { key: params.setting === 'alerts' ? (account ? 'messages.types.setting_update.alerts_account' : 'messages.types.setting_update.alerts') : 'messages.types.setting_update.other', values: base },
      };
    case 'ticket_answered': {
      // Support answered a ticket (issue 21): its number and title; "waiting_user" asks the user for something.
      const values = { ticket: text(params.ticket) ?? MISSING, title: text(params.title) ?? MISSING };
      return { title: { key: 'messages.types.ticket_answered.title', values }, body: { key: params.status === 'waiting_user' ? 'messages.types.ticket_answered.body_waiting' : 'messages.types.ticket_answered.body', values } };
    }
    case 'contract_order': {
      // A cloud-mining order changed state (contracts module): the state names the sentence.
      const status = text(params.status);
      const known = ['unpaid', 'checking', 'effect', 'finish', 'cancelled', 'rejected'];
      return {
        title: { key: 'messages.types.contract_order.title', values: {} },
        body: { key: status && known.includes(status) ? `messages.types.contract_order.${status}` : 'messages.types.unknown.body', values: { ...base, product: text(params.product) ?? MISSING, reason: text(params.reason) ?? MISSING } },
      };
    }
    case 'red_packet': {
      // A hashrate gift red packet's event (promotions module): received, active (the gift earns
      // from its first day), ended, none_left; the packet's name in each.
      const event = text(params.event);
      const known: readonly string[] = RED_PACKET_EVENTS;
      return {
        title: { key: 'messages.types.red_packet.title', values: {} },
        body: { key: event && known.includes(event) ? `messages.types.red_packet.${event}` : 'messages.types.unknown.body', values: { ...base, name: text(params.name) ?? MISSING } },
      };
    }
    case 'operations_alert':
      // To operators (wallet module): the daily reconciliation found the books out of balance.
      return {
        title: { key: 'messages.types.operations_alert.title', values: {} },
        body: { key: 'messages.types.operations_alert.reconciliation_mismatch', values: { unbalanced: text(params.unbalanced) ?? '0', balances: text(params.balance_mismatches) ?? '0', custody: text(params.custody) ?? '0' } },
      };
    default:
      return { title: { key: 'messages.types.unknown.title', values: {} }, body: { key: 'messages.types.unknown.body', values: base } };
  }
}
