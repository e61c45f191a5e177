// Demo only (DEMO_SEED): the demo user's message centre as the alert job would have filled it over
// the last hours of the simulator's on/off pattern (simulator.ts: s19k7 and l7n4 go quiet on a
// fixed clock): offline alerts and their recoveries, the older ones read; and the story of an LTC
// hashrate alarm the user set (a "setting update"), which the flapping l7n4 set off and cleared
// several times, and which they then turned off again (another setting update, the settings as
// they are left). No threshold is left set: a live one would alarm at every demo start, before
// the simulator's first 15 minutes fill the window. From then on the live alert job adds its own
// offline alerts. Once: a message centre with any message is left as it is.
import { INACTIVE_AFTER_MS } from '@hashpool/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { Notifications } from '../../platform/notifications';
import { DEMO_ACCOUNTS, type AccountDirectory } from '../accounts';
import { saveAlertSettings } from './alerts.repository';
import { DEMO_WORKERS, type SimulatedWorker } from './simulator';

/** The story's LTC alarm: the four workers make about 38 GH/s, 28 GH/s while l7n4 is off. */
export const DEMO_LTC_THRESHOLD = 32e9;
/** How far back the seeded messages go. */
const HISTORY_MS = 6 * 3600_000;
/** Messages older than this are seeded read. */
const READ_BEFORE_MS = 2 * 3600_000;
/** When the seeded story turns the LTC alarm off again. */
const ALARM_OFF_BEFORE_MS = 45 * 60_000;

interface Seeded {
  at: number;
  accountId: string;
  type: 'miner_offline' | 'miner_online' | 'hashrate_alarm' | 'hashrate_recovered' | 'setting_update';
  params: Record<string, string | number | string[]>;
}

/** The periods in [from, to) when a flaky worker sends nothing (the simulator's `to % cycle` rule). */
export function offPeriods(w: SimulatedWorker, from: number, to: number): Array<{ start: number; end: number }> {
  const cycle = (w.onMinutes + w.offMinutes) * 60_000;
  const periods: Array<{ start: number; end: number }> = [];
  for (let base = Math.floor(from / cycle) * cycle; base < to; base += cycle) {
    const start = base + w.onMinutes * 60_000;
    const end = base + cycle;
    if (start >= from && end <= to) periods.push({ start, end });
  }
  return periods;
}

/** The sum of a sub-account's demo workers' mean hashrates, with or without one of them. */
function farmHashrate(account: string, without?: string): number {
  return DEMO_WORKERS.filter((w) => w.account === account && w.worker !== without).reduce((sum, w) => sum + w.hashrate, 0);
}

export async function seedDemoAlerts(p: { db: Db; clock: Clock; notifications: Notifications; accounts: AccountDirectory }): Promise<void> {
  const ids = await p.accounts.idsByNames(DEMO_ACCOUNTS);
  const [btcName, ltcName] = DEMO_ACCOUNTS as [string, string];
  const btcAccount = ids.get(btcName);
  const ltcAccount = ids.get(ltcName);
  if (!btcAccount || !ltcAccount) return;
  const userId = (await p.accounts.ownersOf([btcAccount])).get(btcAccount)!;
  if ((await p.notifications.page(userId, { page: 1, page_size: 1 })).total > 0) return;
  const now = p.clock.now().getTime();
  const from = now - HISTORY_MS;
  // The settings as the story leaves them (the alarm off), written first: a start that fails
  // half-way through the messages leaves no live threshold behind.
  await saveAlertSettings(p.db, { accountId: ltcAccount, coin: 'ltc', offlineAlert: true, hashrateThreshold: null, repeatMinutes: 60, email: true });
  // The alarm is set before the history starts, and turned off again 45 minutes ago.
  const alarmOff = now - ALARM_OFF_BEFORE_MS;
  const settingUpdate = { coin: 'ltc', setting: 'alerts', account: ltcName };
  const seeded: Seeded[] = [
    { at: from - 60_000, accountId: ltcAccount, type: 'setting_update', params: settingUpdate },
    { at: alarmOff, accountId: ltcAccount, type: 'setting_update', params: settingUpdate },
  ];
  for (const w of DEMO_WORKERS.filter((x) => x.offMinutes > 0 && x.account)) {
    const accountId: string = w.account === btcName ? btcAccount : ltcAccount;
    const base = { coin: w.coin, account: w.account! };
    for (const off of offPeriods(w, from, now - 60_000)) {
      // The alert job's view: offline 15 minutes after the last share, back a minute after shares resume.
      if (off.start + INACTIVE_AFTER_MS < off.end) {
        seeded.push({ at: off.start + INACTIVE_AFTER_MS, accountId, type: 'miner_offline', params: { ...base, workers: [w.worker], count: 1, hashrate: farmHashrate(w.account!, w.worker), threshold: 0 } });
        seeded.push({ at: off.end + 60_000, accountId, type: 'miner_online', params: { ...base, workers: [], count: 0, hashrate: farmHashrate(w.account!), threshold: 0 } });
      }
      if (accountId === ltcAccount && off.end + 5 * 60_000 < alarmOff) {
        // The 15-minute mean falls below the threshold about 10 minutes into the pause, and is back 5 minutes after it.
        const alarm = { ...base, workers: [], count: 0, threshold: DEMO_LTC_THRESHOLD };
        seeded.push({ at: off.start + 10 * 60_000, accountId, type: 'hashrate_alarm', params: { ...alarm, hashrate: farmHashrate(w.account!, w.worker) } });
        seeded.push({ at: off.end + 5 * 60_000, accountId, type: 'hashrate_recovered', params: { ...alarm, hashrate: farmHashrate(w.account!) } });
      }
    }
  }
  const inOrder = seeded.filter((m) => m.at < now).sort((a, b) => a.at - b.at);
  const post = (m: Seeded) => p.notifications.post({ userId, accountId: m.accountId, type: m.type, params: m.params }, undefined, new Date(m.at));
  for (const m of inOrder.filter((x) => x.at < now - READ_BEFORE_MS)) await post(m);
  await p.notifications.markRead(userId, undefined, true);
  for (const m of inOrder.filter((x) => x.at >= now - READ_BEFORE_MS)) await post(m);
}
