// SQL of the message centre (notifications.tables.ts). Every read and change is scoped to one user.
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { MessageType } from '@hashpool/shared';
import type { DbOrTx } from '../../db/client';
import { messages, type MessageParams } from './notifications.tables';

export type MessageRow = typeof messages.$inferSelect;

export async function insertMessage(db: DbOrTx, m: { userId: string; accountId: string | null; type: MessageType; params: MessageParams; createdAt: Date }): Promise<void> {
  await db.insert(messages).values(m);
}

/**
 * Deletes up to `limit` of the user's messages created before `before`; rows another transaction
 * holds are left for the next time (never waited on).
 */
export async function deleteMessagesBefore(db: DbOrTx, userId: string, before: Date, limit: number): Promise<void> {
  await db.execute(sql`delete from messages where id in (
    select id from messages where user_id = ${userId} and created_at < ${before.toISOString()} limit ${limit} for update skip locked)`);
}

export async function pageMessages(db: DbOrTx, userId: string, q: { offset: number; limit: number; type?: MessageType | undefined; unreadOnly: boolean }) {
  const mine = eq(messages.userId, userId);
  const where = and(mine, q.type ? eq(messages.type, q.type) : undefined, q.unreadOnly ? isNull(messages.readAt) : undefined);
  const [rows, [total], [unread]] = await Promise.all([
    db.select().from(messages).where(where).orderBy(desc(messages.createdAt), desc(messages.id)).limit(q.limit).offset(q.offset),
    db.select({ n: count().mapWith(Number) }).from(messages).where(where),
    db.select({ n: count().mapWith(Number) }).from(messages).where(and(mine, isNull(messages.readAt))),
  ]);
  return { rows, total: total?.n ?? 0, unread: unread?.n ?? 0 };
}

/** Marks the user's unread messages (the given ones, or all) read; answers how many. */
export async function markMessagesRead(db: DbOrTx, userId: string, ids: number[] | 'all', at: Date): Promise<number> {
  const rows = await db
    .update(messages)
    .set({ readAt: at })
    .where(and(eq(messages.userId, userId), isNull(messages.readAt), ids === 'all' ? undefined : inArray(messages.id, ids)))
    .returning({ id: messages.id });
  return rows.length;
}

export async function deleteMessages(db: DbOrTx, userId: string, ids: number[] | 'all'): Promise<number> {
  const rows = await db.delete(messages).where(and(eq(messages.userId, userId), ids === 'all' ? undefined : inArray(messages.id, ids))).returning({ id: messages.id });
  return rows.length;
}
