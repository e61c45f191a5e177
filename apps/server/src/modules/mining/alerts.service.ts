// Alerts, evaluated after every window refresh. Per sub-account and coin:
// - miner offline: workers inactive (no share for 15 minutes, not yet dead);
// - hashrate alarm: the account's 15-minute hashrate below its threshold.
// Per worker group with a threshold of its own (worker_groups.hashrate_threshold):
// - hashrate alarm: the sum of the group's workers' 15-minute hashrate below it. It uses the
//   repeat interval and email choice of its sub-account and coin, and names the group.
// A message (and an email to the notification mailbox) goes out when an alert starts, and again
// only after `repeat_minutes` while it stays true; when it clears, one recovery message. A worker
// that flaps within the repeat interval therefore sends nothing more. The offline alert also clears
// when its workers turn dead (24 h without a share) or are deleted: "back online" is sent only when
// every worker it last named is sending shares again, otherwise it clears without a message.
import { formatHashrate, type Language, type MessageType, INACTIVE_AFTER_MS } from '@hashpool/shared';
import type { Db } from '../../db/client';
import { isForeignKeyViolation } from '../../db/errors';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../platform/clock';
import type { Mailer } from '../../platform/mailer';
import { translate } from '../../platform/messages';
import type { Notifications } from '../../platform/notifications';
import type { AccountDirectory, AccountRecipient } from '../accounts';
import * as repo from './alerts.repository';

export const DEFAULT_ALERTS = { offlineAlert: true, hashrateThreshold: null as number | null, repeatMinutes: 60, email: true };
const MAX_NAMED_WORKERS = 20;

/** What an alert's state says is due now: its start message, its recovery message, or nothing. */
export type AlertStep = 'start' | 'end' | null;

/**
 * The alert rule shared by every kind: an active alert is sent when it has never been sent or its
 * last message is `repeatMinutes` old; an alert that cleared while firing sends one recovery.
 */
export function alertStep(active: boolean, state: { firing: boolean; lastSentAt: Date } | undefined, now: Date, repeatMinutes: number): AlertStep {
  if (active) return !state || now.getTime() - state.lastSentAt.getTime() >= repeatMinutes * 60_000 ? 'start' : null;
  return state?.firing ? 'end' : null;
}

type Recipient = Pick<AccountRecipient, 'userId' | 'language' | 'mailbox'>;

interface GroupSubject extends Recipient {
  groupId: number;
  groupName: string;
  accountId: string;
  accountName: string;
  coin: string;
  /** Sum of the group's workers' 15-minute hashrate, and how many workers it has. */
  hashrate: number;
  workers: number;
  threshold: number | null;
  repeatMinutes: number;
  email: boolean;
  state: { firing: boolean; lastSentAt: Date } | undefined;
}

interface Subject {
  accountId: string;
  accountName: string;
  coin: string;
  userId: string;
  language: Language;
  mailbox: string | null;
  offline: string[];
  hashrate: number;
  settings: typeof DEFAULT_ALERTS;
}

export class AlertsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deadAfterMs: number,
    private readonly deps: { mailer: Mailer; accounts: AccountDirectory; notifications: Notifications },
  ) {}

  /** Every (account, coin) that has workers, with its settings, offline workers, hashrate and who is told. */
  private async subjects(): Promise<Subject[]> {
    const now = this.clock.now().getTime();
    const rows = await repo.accountSubjects(this.db, { inactiveFrom: new Date(now - INACTIVE_AFTER_MS), deadFrom: new Date(now - this.deadAfterMs) });
    const recipients = await this.deps.accounts.recipients(rows.map((r) => r.accountId!));
    return rows.flatMap((r) => {
      const to = recipients.get(r.accountId!);
      if (!to) return [];
      return [{
        ...to,
        coin: r.coin,
        offline: r.offline ?? [],
        hashrate: r.hashrate,
        settings: r.offlineAlert === null ? DEFAULT_ALERTS : { offlineAlert: r.offlineAlert, hashrateThreshold: r.threshold, repeatMinutes: r.repeat!, email: r.email! },
      }];
    });
  }

  /** Evaluates every alert once; answers how many messages it sent. */
  async evaluate(): Promise<number> {
    const now = this.clock.now();
    const states = await repo.alertStates(this.db);
    const stateOf = (s: Subject, kind: string) => states.find((x) => x.accountId === s.accountId && x.coin === s.coin && x.kind === kind);
    let sent = 0;
    for (const s of await this.subjects()) {
      const checks = [
        { kind: 'offline', active: s.settings.offlineAlert && s.offline.length > 0, start: 'miner_offline', end: 'miner_online' },
        { kind: 'hashrate', active: s.settings.hashrateThreshold !== null && s.hashrate < s.settings.hashrateThreshold, start: 'hashrate_alarm', end: 'hashrate_recovered' },
      ] as const;
      for (const c of checks) {
        const state = stateOf(s, c.kind);
        const step = alertStep(c.active, state, now, s.settings.repeatMinutes);
        if (!step) continue;
        if (step === 'end' && c.kind === 'offline' && !(await this.allBack(s, state!.subjects, now))) {
          await repo.saveAlertState(this.db, { ...state!, firing: false });
          continue;
        }
        const type = step === 'start' ? c.start : c.end;
        const params = {
          coin: s.coin,
          account: s.accountName,
          workers: s.offline.slice(0, MAX_NAMED_WORKERS),
          count: s.offline.length,
          hashrate: s.hashrate,
          threshold: s.settings.hashrateThreshold ?? 0,
        };
        await inTransaction(this.db, async (tx) => {
          await this.deps.notifications.post({ userId: s.userId, accountId: s.accountId, type, params }, tx, now);
          await repo.saveAlertState(tx, { accountId: s.accountId, coin: s.coin, kind: c.kind, firing: c.active, lastSentAt: c.active ? now : (state?.lastSentAt ?? now), subjects: s.offline });
        });
        sent++;
        if (s.settings.email && s.mailbox) await this.mail(s, type, params).catch(() => undefined);
      }
    }
    return sent + (await this.evaluateGroups(now));
  }

  /** Whether every worker the offline alert last named sends shares again (not dead, not deleted). */
  private async allBack(s: Subject, named: readonly string[], now: Date): Promise<boolean> {
    const back = await repo.activeAmong(this.db, s.accountId, s.coin, named, new Date(now.getTime() - INACTIVE_AFTER_MS));
    return back.length === new Set(named).size;
  }

  /**
   * Groups with a threshold or an alarm state, with their sub-account's repeat interval and email,
   * and the sum of their workers' 15-minute hashrate. Few groups have a threshold, so their
   * workers are summed on their own (through the workers' account index), not the whole table.
   */
  private async groupSubjects(): Promise<GroupSubject[]> {
    const rows = await repo.groupSubjects(this.db);
    if (rows.length === 0) return [];
    const [sums, recipients] = await Promise.all([
      repo.groupSums(this.db, [...new Set(rows.map((r) => r.accountId))], rows.map((r) => r.groupId)),
      this.deps.accounts.recipients(rows.map((r) => r.accountId)),
    ]);
    const sumOf = new Map(sums.map((x) => [x.groupId, x]));
    return rows.flatMap((r) => {
      const sum = sumOf.get(r.groupId);
      const to = recipients.get(r.accountId);
      if (!to) return [];
      return [{
        ...to,
        groupId: r.groupId,
        groupName: r.groupName,
        coin: r.coin,
        hashrate: sum?.hashrate ?? 0,
        workers: sum?.workers ?? 0,
        threshold: r.threshold,
        repeatMinutes: r.repeat ?? DEFAULT_ALERTS.repeatMinutes,
        email: r.email ?? DEFAULT_ALERTS.email,
        state: r.firing === null || r.lastSentAt === null ? undefined : { firing: r.firing, lastSentAt: r.lastSentAt },
      }];
    });
  }

  /**
   * The group hashrate alarms. A group is watched while it has a threshold and workers (an empty
   * group is not a farm that stopped): under the threshold it alarms, back over it it recovers.
   * A group that stops being watched (its workers all moved out, its threshold removed) forgets
   * its alarm without a message: nothing recovered, and a later alarm starts afresh.
   */
  private async evaluateGroups(now: Date): Promise<number> {
    let sent = 0;
    for (const g of await this.groupSubjects()) {
      if (g.threshold === null || g.workers === 0) {
        if (g.state) await repo.forgetGroupAlarm(this.db, g.groupId);
        continue;
      }
      const active = g.hashrate < g.threshold;
      const step = alertStep(active, g.state, now, g.repeatMinutes);
      if (!step) continue;
      const type = step === 'start' ? 'hashrate_alarm' : 'hashrate_recovered';
      const params = { coin: g.coin, account: g.accountName, group: g.groupName, group_id: g.groupId, hashrate: g.hashrate, threshold: g.threshold };
      try {
        await inTransaction(this.db, async (tx) => {
          await this.deps.notifications.post({ userId: g.userId, accountId: g.accountId, type, params }, tx, now);
          await repo.saveGroupAlarm(tx, { groupId: g.groupId, firing: active, lastSentAt: active ? now : (g.state?.lastSentAt ?? now) });
        });
      } catch (error) {
        // Deleted meanwhile: its state went with it, and no message is left behind (one transaction).
        if (isForeignKeyViolation(error)) continue;
        throw error;
      }
      sent++;
      if (g.email && g.mailbox) await this.mail(g, type, { ...params, workers: [], count: g.workers }).catch(() => undefined);
    }
    return sent;
  }

  private async mail(s: Recipient, type: MessageType, params: { coin: string; account: string; group?: string; workers: string[]; count: number; hashrate: number; threshold: number }) {
    const lang = s.language;
    const p = {
      coin: params.coin.toUpperCase(),
      account: params.account,
      group: params.group ?? '',
      workers: params.workers.join(', ') + (params.count > params.workers.length ? ' …' : ''),
      count: String(params.count),
      hashrate: formatHashrate(params.hashrate),
      threshold: formatHashrate(params.threshold),
    };
    // A group's alarm has its own wording that names the group.
    const key = params.group === undefined ? `alert_${type}` : `alert_${type}_group`;
    await this.deps.mailer.send({ to: s.mailbox!, subject: translate(lang, 'mail', `${key}_subject`, p), text: translate(lang, 'mail', `${key}_body`, p) });
  }

  // ---- the settings of a sub-account and coin ----------------------------------------------------

  async settings(accountId: string, coin: string) {
    const s = (await repo.findAlertSettings(this.db, accountId, coin)) ?? DEFAULT_ALERTS;
    return { offline_alert: s.offlineAlert, hashrate_threshold: s.hashrateThreshold, repeat_minutes: s.repeatMinutes, email: s.email };
  }

  /** Saves the settings; the change is a "setting update" in the user's message centre, naming the sub-account. */
  async saveSettings(userId: string, accountId: string, coin: string, v: { offline_alert: boolean; hashrate_threshold: number | null; repeat_minutes: number; email: boolean }) {
    const account = await this.deps.accounts.nameOf(accountId);
    await inTransaction(this.db, async (tx) => {
      await repo.saveAlertSettings(tx, { accountId, coin, offlineAlert: v.offline_alert, hashrateThreshold: v.hashrate_threshold, repeatMinutes: v.repeat_minutes, email: v.email });
      await this.deps.notifications.post({ userId, accountId, type: 'setting_update', params: { coin, setting: 'alerts', ...(account ? { account } : {}) } }, tx);
    });
  }
}
