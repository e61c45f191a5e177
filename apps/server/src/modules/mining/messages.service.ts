// The message centre (/user/message): a user's own messages with unread count; mark read and
// delete only touch the caller's messages. Alert settings per sub-account and coin.
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { miningAccounts } from '../accounts/accounts.tables';
import { alertSettings, messages } from './alerts.tables';
import { DEFAULT_ALERTS } from './alerts.service';

type MessageType = 'hashrate_alarm' | 'hashrate_recovered' | 'miner_offline' | 'miner_online' | 'setting_update';

export class MessagesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async page(userId: string, q: { page: number; page_size: number; type?: MessageType | undefined; unread?: 'true' | 'false' | undefined }) {
    const mine = eq(messages.userId, userId);
    const where = and(mine, q.type ? eq(messages.type, q.type) : undefined, q.unread === 'true' ? isNull(messages.readAt) : undefined);
    const [rows, [total], [unread]] = await Promise.all([
      this.db.select().from(messages).where(where).orderBy(desc(messages.createdAt), desc(messages.id)).limit(q.page_size).offset((q.page - 1) * q.page_size),
      this.db.select({ n: count().mapWith(Number) }).from(messages).where(where),
      this.db.select({ n: count().mapWith(Number) }).from(messages).where(and(mine, isNull(messages.readAt))),
    ]);
    return {
      list: rows.map((m) => ({ id: m.id, type: m.type as MessageType, params: m.params, read: m.readAt !== null, created_at: m.createdAt.toISOString() })),
      total: total?.n ?? 0,
      unread: unread?.n ?? 0,
    };
  }

  async markRead(userId: string, ids: number[] | undefined, all: boolean | undefined): Promise<number> {
    if (!all && !ids?.length) return 0;
    const rows = await this.db
      .update(messages)
      .set({ readAt: this.clock.now() })
      .where(and(eq(messages.userId, userId), isNull(messages.readAt), all ? undefined : inArray(messages.id, ids!)))
      .returning({ id: messages.id });
    return rows.length;
  }

  async remove(userId: string, ids: number[] | undefined, all: boolean | undefined): Promise<number> {
    if (!all && !ids?.length) return 0;
    const rows = await this.db.delete(messages).where(and(eq(messages.userId, userId), all ? undefined : inArray(messages.id, ids!))).returning({ id: messages.id });
    return rows.length;
  }

  async settings(accountId: string, coin: string) {
    const [row] = await this.db.select().from(alertSettings).where(and(eq(alertSettings.accountId, accountId), eq(alertSettings.coin, coin)));
    const s = row ?? DEFAULT_ALERTS;
    return { offline_alert: s.offlineAlert, hashrate_threshold: s.hashrateThreshold, repeat_minutes: s.repeatMinutes, email: s.email };
  }

  async saveSettings(userId: string, accountId: string, coin: string, v: { offline_alert: boolean; hashrate_threshold: number | null; repeat_minutes: number; email: boolean }) {
    const values = { accountId, coin, offlineAlert: v.offline_alert, hashrateThreshold: v.hashrate_threshold, repeatMinutes: v.repeat_minutes, email: v.email };
    await this.db.insert(alertSettings).values(values).onConflictDoUpdate({ target: [alertSettings.accountId, alertSettings.coin], set: values });
    // "Setting update" is one of the message centre's types: the user sees what changed, for
    // which sub-account, and when.
    const [account] = await this.db.select({ name: miningAccounts.name }).from(miningAccounts).where(eq(miningAccounts.id, accountId));
    const params = { coin, setting: 'alerts', ...(account ? { account: account.name } : {}) };
    await this.db.insert(messages).values({ userId, accountId, type: 'setting_update', params, createdAt: this.clock.now() });
  }
}
