// Alerts, evaluated after every window refresh. Per sub-account and coin:
// - miner offline: workers inactive (no share for 15 minutes, not yet dead);
// - hashrate alarm: the account's 15-minute hashrate below its threshold.
// A message (and an email to the notification mailbox) goes out when an alert starts, and again
// only after `repeat_minutes` while it stays true; when it clears, one recovery message. A worker
// that flaps within the repeat interval therefore sends nothing more.
import { and, eq, sql } from 'drizzle-orm';
import { formatHashrate, type Language } from '@hashpool/shared';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../platform/clock';
import type { Mailer } from '../../platform/mailer';
import { translate } from '../../platform/messages';
import { miningAccounts, users } from '../accounts/accounts.tables';
import { alertSettings, alertState, messages } from './alerts.tables';
import { workers } from './mining.tables';
import { INACTIVE_AFTER_MS } from './workers.service';

export const DEFAULT_ALERTS = { offlineAlert: true, hashrateThreshold: null as number | null, repeatMinutes: 60, email: true };
const MAX_NAMED_WORKERS = 20;

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
        const due = !state || now.getTime() - state.lastSentAt.getTime() >= s.settings.repeatMinutes * 60_000;
        let type: string | null = null;
        if (c.active && due) type = c.start;
        else if (!c.active && state?.firing) type = c.end;
        if (!type) continue;
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
    return sent;
  }

  private async mail(s: Subject, type: string, params: { coin: string; account: string; workers: string[]; count: number; hashrate: number; threshold: number }) {
    const lang = s.language as Language;
    const p = {
      coin: params.coin.toUpperCase(),
      account: params.account,
      workers: params.workers.join(', ') + (params.count > params.workers.length ? ' …' : ''),
      count: String(params.count),
      hashrate: formatHashrate(params.hashrate),
      threshold: formatHashrate(params.threshold),
    };
    await this.mailer.send({ to: s.mailbox!, subject: translate(lang, 'mail', `alert_${type}_subject`, p), text: translate(lang, 'mail', `alert_${type}_body`, p) });
  }
}
