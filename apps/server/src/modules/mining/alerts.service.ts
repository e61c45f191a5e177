// Alerts, evaluated after every window refresh. Per sub-account and coin:
// - miner offline: workers inactive (no share for 15 minutes, not yet dead);
// - hashrate alarm: the account's 15-minute hashrate below its threshold.
// Per worker group with a threshold of its own (worker_groups.hashrate_threshold):
// - hashrate alarm: the sum of the group's workers' 15-minute hashrate below it. It uses the
//   repeat interval and email choice of its sub-account and coin, and names the group.
// A message (and an email to the notification mailbox) goes out when an alert starts, and again
// only after `repeat_minutes` while it stays true; when it clears, one recovery message. A worker
// that flaps within the repeat interval therefore sends nothing more.
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { formatHashrate, type Language, INACTIVE_AFTER_MS } from '@hashpool/shared';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../platform/clock';
import type { Mailer } from '../../platform/mailer';
import { translate } from '../../platform/messages';
import { miningAccounts, users } from '../accounts/accounts.tables';
import { alertSettings, alertState, groupAlertState, messages } from './alerts.tables';
import { workerGroups, workers } from './mining.tables';

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

/** Postgres' foreign-key violation: the group went away while its alert was being sent. */
const isForeignKeyViolation = (e: unknown) => {
  for (let x = e as { code?: unknown; cause?: unknown } | undefined; x; x = x.cause as typeof x) if (x.code === '23503') return true;
  return false;
};

interface Recipient {
  userId: string;
  language: string;
  mailbox: string | null;
}

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
  language: string;
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
    private readonly mailer: Mailer,
  ) {}

  /** Every (account, coin) that has workers, with its settings, offline workers and hashrate. */
  private async subjects(): Promise<Subject[]> {
    const now = this.clock.now().getTime();
    const inactiveFrom = new Date(now - INACTIVE_AFTER_MS);
    const deadFrom = new Date(now - this.deadAfterMs);
    const rows = await this.db
      .select({
        accountId: workers.accountId,
        coin: workers.coin,
        hashrate: sql<number>`sum(${workers.hashrate15m})`.mapWith(Number),
        offline: sql<string[]>`coalesce(array_agg(${workers.name} order by ${workers.name}) filter (where ${workers.lastShareAt} < ${inactiveFrom.toISOString()}::timestamptz and ${workers.lastShareAt} >= ${deadFrom.toISOString()}::timestamptz), '{}')`,
        accountName: miningAccounts.name,
        userId: users.id,
        language: users.language,
        mailbox: sql<string | null>`coalesce(${users.notifyEmail}, ${users.email})`,
        offlineAlert: alertSettings.offlineAlert,
        threshold: alertSettings.hashrateThreshold,
        repeat: alertSettings.repeatMinutes,
        email: alertSettings.email,
      })
      .from(workers)
      .innerJoin(miningAccounts, eq(miningAccounts.id, workers.accountId))
      .innerJoin(users, eq(users.id, miningAccounts.userId))
      .leftJoin(alertSettings, and(eq(alertSettings.accountId, workers.accountId), eq(alertSettings.coin, workers.coin)))
      .groupBy(workers.accountId, workers.coin, miningAccounts.name, users.id, alertSettings.accountId, alertSettings.coin);
    return rows.map((r) => ({
      accountId: r.accountId!,
      accountName: r.accountName,
      coin: r.coin,
      userId: r.userId,
      language: r.language,
      mailbox: r.mailbox,
      offline: r.offline ?? [],
      hashrate: r.hashrate,
      settings: r.offlineAlert === null ? DEFAULT_ALERTS : { offlineAlert: r.offlineAlert, hashrateThreshold: r.threshold, repeatMinutes: r.repeat!, email: r.email! },
    }));
  }

  /** Evaluates every alert once; answers how many messages it sent. */
  async evaluate(): Promise<number> {
    const now = this.clock.now();
    const states = await this.db.select().from(alertState);
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
          await tx.insert(messages).values({ userId: s.userId, accountId: s.accountId, type, params, createdAt: now });
          const values = { accountId: s.accountId, coin: s.coin, kind: c.kind, firing: c.active, lastSentAt: c.active ? now : (state?.lastSentAt ?? now), subjects: s.offline };
          await tx.insert(alertState).values(values).onConflictDoUpdate({ target: [alertState.accountId, alertState.coin, alertState.kind], set: values });
        });
        sent++;
        if (s.settings.email && s.mailbox) await this.mail(s, type, params).catch(() => undefined);
      }
    }
    return sent + (await this.evaluateGroups(now));
  }

  /**
   * Groups with a threshold or an alarm state, with their sub-account's repeat interval and email,
   * and the sum of their workers' 15-minute hashrate. Few groups have a threshold, so their
   * workers are summed on their own (through the workers' account index), not the whole table.
   */
  private async groupSubjects(): Promise<GroupSubject[]> {
    const rows = await this.db
      .select({
        groupId: workerGroups.id,
        groupName: workerGroups.name,
        accountId: workerGroups.accountId,
        coin: workerGroups.coin,
        threshold: workerGroups.hashrateThreshold,
        accountName: miningAccounts.name,
        userId: users.id,
        language: users.language,
        mailbox: sql<string | null>`coalesce(${users.notifyEmail}, ${users.email})`,
        repeat: alertSettings.repeatMinutes,
        email: alertSettings.email,
        firing: groupAlertState.firing,
        lastSentAt: groupAlertState.lastSentAt,
      })
      .from(workerGroups)
      .innerJoin(miningAccounts, eq(miningAccounts.id, workerGroups.accountId))
      .innerJoin(users, eq(users.id, miningAccounts.userId))
      .leftJoin(alertSettings, and(eq(alertSettings.accountId, workerGroups.accountId), eq(alertSettings.coin, workerGroups.coin)))
      .leftJoin(groupAlertState, eq(groupAlertState.groupId, workerGroups.id))
      .where(or(isNotNull(workerGroups.hashrateThreshold), isNotNull(groupAlertState.groupId)));
    if (rows.length === 0) return [];
    const sums = await this.db
      .select({
        groupId: workers.groupId,
        hashrate: sql<number>`sum(${workers.hashrate15m})`.mapWith(Number),
        workers: sql<number>`count(*)`.mapWith(Number),
      })
      .from(workers)
      .where(and(inArray(workers.accountId, [...new Set(rows.map((r) => r.accountId))]), inArray(workers.groupId, rows.map((r) => r.groupId))))
      .groupBy(workers.groupId);
    const sumOf = new Map(sums.map((x) => [x.groupId, x]));
    return rows.map((r) => {
      const sum = sumOf.get(r.groupId);
      return {
        groupId: r.groupId,
        groupName: r.groupName,
        accountId: r.accountId,
        accountName: r.accountName,
        coin: r.coin,
        userId: r.userId,
        language: r.language,
        mailbox: r.mailbox,
        hashrate: sum?.hashrate ?? 0,
        workers: sum?.workers ?? 0,
        threshold: r.threshold,
        repeatMinutes: r.repeat ?? DEFAULT_ALERTS.repeatMinutes,
        email: r.email ?? DEFAULT_ALERTS.email,
        state: r.firing === null || r.lastSentAt === null ? undefined : { firing: r.firing, lastSentAt: r.lastSentAt },
      };
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
        if (g.state) await this.db.delete(groupAlertState).where(eq(groupAlertState.groupId, g.groupId));
        continue;
      }
      const active = g.hashrate < g.threshold;
      const step = alertStep(active, g.state, now, g.repeatMinutes);
      if (!step) continue;
      const type = step === 'start' ? 'hashrate_alarm' : 'hashrate_recovered';
      const params = { coin: g.coin, account: g.accountName, group: g.groupName, group_id: g.groupId, hashrate: g.hashrate, threshold: g.threshold };
      try {
        await inTransaction(this.db, async (tx) => {
          await tx.insert(messages).values({ userId: g.userId, accountId: g.accountId, type, params, createdAt: now });
          const values = { groupId: g.groupId, firing: active, lastSentAt: active ? now : (g.state?.lastSentAt ?? now) };
          await tx.insert(groupAlertState).values(values).onConflictDoUpdate({ target: groupAlertState.groupId, set: values });
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

  private async mail(s: Recipient, type: string, params: { coin: string; account: string; group?: string; workers: string[]; count: number; hashrate: number; threshold: number }) {
    const lang = s.language as Language;
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
    await this.mailer.send({ to: s.mailbox!, subject: translate(lang, 'mail', `${key}_subject`, p), text: translate(lang, 'mail', `${key}_body`, p) });
  }
}
