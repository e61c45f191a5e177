// How the message centre words the mining module's alerts (its alerts.service.ts): a sub-account's
// or a worker group's hashrate alarm and recovery, workers offline and back, changed alert
// settings. Texts: pool.json, messages.types.<type>.
import { paramHashrate, paramNumber, paramText, type MessageBase, type MessageParams, type MessageRenderer, type MessageText } from '../../shell/features/messages';

const key = (type: string, rest: string) => `pool:messages.types.${type}.${rest}`;

/** The server names at most 20 offline workers (alerts.service.ts); `count` says how many in all. */
function workerList(params: MessageParams): { names: string; more: number } {
  const names = Array.isArray(params.workers) ? params.workers.filter((n) => typeof n === 'string' && n !== '') : [];
  const count = paramNumber(params.count) ?? names.length;
  return { names: names.join(', '), more: Math.max(0, count - names.length) };
}

function hashrateMessage(type: 'hashrate_alarm' | 'hashrate_recovered'): MessageRenderer {
  return {
    name: key(type, 'name'),
    describe: (params: MessageParams, base: MessageBase): MessageText => {
      const rates = { hashrate: paramHashrate(params.hashrate), threshold: paramHashrate(params.threshold) };
      const group = paramText(params.group);
      // A worker group's alarm (alerts.service.ts) names the group; the sub-account's does not.
      return group
        ? { title: { key: key(type, 'title_group'), values: { group } }, body: { key: key(type, 'body_group'), values: { ...base, ...rates, group } } }
        : { title: { key: key(type, 'title'), values: {} }, body: { key: key(type, 'body'), values: { ...base, ...rates } } };
    },
  };
}

export const MINING_MESSAGES = {
  hashrate_alarm: hashrateMessage('hashrate_alarm'),
  hashrate_recovered: hashrateMessage('hashrate_recovered'),
  miner_offline: {
    name: key('miner_offline', 'name'),
    describe: (params, base) => {
      const { names, more } = workerList(params);
      const total = String(paramNumber(params.count) ?? (names ? names.split(', ').length : 0));
      // "s19k1, s19k2 and 3 more" when the server named only some of them; nothing to list at all reads as the count alone.
      const body = !names ? 'body_count' : more > 0 ? 'body_more' : 'body';
      return {
        title: { key: key('miner_offline', 'title'), values: { total } },
        body: { key: key('miner_offline', body), values: { ...base, workers: names, more: String(more), total } },
      };
    },
  },
  miner_online: {
    name: key('miner_online', 'name'),
    describe: (_params, base) => ({ title: { key: key('miner_online', 'title'), values: {} }, body: { key: key('miner_online', 'body'), values: { ...base } } }),
  },
  setting_update: {
    name: key('setting_update', 'name'),
    describe: (params, base) => {
      // The server records which settings changed ("alerts", or "group_alert" with the group); the
      // account is named when it says which.
      const title = { key: key('setting_update', 'title'), values: {} };
      const group = paramText(params.group);
      if (params.setting === 'group_alert' && group) return { title, body: { key: key('setting_update', 'group_alert'), values: { ...base, group } } };
      const body = params.setting === 'alerts' ? (paramText(params.account) ? 'alerts_account' : 'alerts') : 'other';
      return { title, body: { key: key('setting_update', body), values: { ...base } } };
    },
  },
} satisfies Record<string, MessageRenderer>;

export default MINING_MESSAGES;
