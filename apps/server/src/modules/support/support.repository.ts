// The only code that touches the support tables.
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { TicketStatus, TicketType } from '@hashpool/shared';
import { first, inserted, queryRows, withTotal, type DbOrTx, type Tx } from '../../db/client';
import { supportTicketAttachments, supportTicketMessages, supportTickets } from './support.tables';

export type TicketRow = typeof supportTickets.$inferSelect;
export type TicketMessageRow = typeof supportTicketMessages.$inferSelect;
export type AttachmentRow = typeof supportTicketAttachments.$inferSelect;

export function insertTicket(db: DbOrTx, values: typeof supportTickets.$inferInsert): Promise<TicketRow> {
  return inserted(db.insert(supportTickets).values(values).returning());
}

export function insertMessage(db: DbOrTx, values: typeof supportTicketMessages.$inferInsert): Promise<TicketMessageRow> {
  return inserted(db.insert(supportTicketMessages).values(values).returning());
}

/** Attaches the files to a message; answers how many were new (a file already attached is not). */
export async function insertAttachments(db: DbOrTx, rows: Array<typeof supportTicketAttachments.$inferInsert>): Promise<number> {
  if (rows.length === 0) return 0;
  const done = await db.insert(supportTicketAttachments).values(rows).onConflictDoNothing().returning({ id: supportTicketAttachments.fileId });
  return done.length;
}

export function findTicket(db: DbOrTx, id: number): Promise<TicketRow | undefined> {
  return first(db.select().from(supportTickets).where(eq(supportTickets.id, id)));
}

/** The ticket, locked for a change (two answers or an answer and a close never interleave). */
export function lockTicket(db: DbOrTx, id: number): Promise<TicketRow | undefined> {
  return first(db.select().from(supportTickets).where(eq(supportTickets.id, id)).for('update'));
}

export async function updateTicket(db: DbOrTx, id: number, set: Partial<Pick<TicketRow, 'status' | 'assigneeId' | 'updatedAt' | 'closedAt'>>): Promise<void> {
  await db.update(supportTickets).set(set).where(eq(supportTickets.id, id));
}

export function pageTickets(db: DbOrTx, q: { userId?: string; status?: TicketStatus | undefined; type?: TicketType | undefined; assignee?: string | null | undefined; offset: number; limit: number }) {
  const conditions: SQL[] = [];
  if (q.userId) conditions.push(eq(supportTickets.userId, q.userId));
  if (q.status) conditions.push(eq(supportTickets.status, q.status));
  if (q.type) conditions.push(eq(supportTickets.type, q.type));
  if (q.assignee === null) conditions.push(isNull(supportTickets.assigneeId));
  else if (q.assignee) conditions.push(eq(supportTickets.assigneeId, q.assignee));
  const where = and(...conditions);
  return withTotal(
    db.select().from(supportTickets).where(where).orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id)).limit(q.limit).offset(q.offset),
    db.select({ n: count().mapWith(Number) }).from(supportTickets).where(where),
  );
}

export function messagesOf(db: DbOrTx, ticketId: number, withInternal: boolean): Promise<TicketMessageRow[]> {
  return db
    .select()
    .from(supportTicketMessages)
    .where(and(eq(supportTicketMessages.ticketId, ticketId), withInternal ? undefined : eq(supportTicketMessages.internal, false)))
    .orderBy(asc(supportTicketMessages.id));
}

/** How many messages the ticket's user has sent on it. */
export async function countUserMessages(db: DbOrTx, ticketId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(supportTicketMessages).where(and(eq(supportTicketMessages.ticketId, ticketId), eq(supportTicketMessages.author, 'user')));
  return row?.n ?? 0;
}

export function attachmentsOf(db: DbOrTx, messageIds: number[]): Promise<AttachmentRow[]> {
  if (messageIds.length === 0) return Promise.resolve([]);
  return db.select().from(supportTicketAttachments).where(inArray(supportTicketAttachments.messageId, messageIds));
}

export function findAttachment(db: DbOrTx, ticketId: number, fileId: string): Promise<AttachmentRow | undefined> {
  return first(db.select().from(supportTicketAttachments).where(and(eq(supportTicketAttachments.ticketId, ticketId), eq(supportTicketAttachments.fileId, fileId))));
}

/** Whether the attachment's message is an internal note (its file is then the operators' only). */
export async function messageIsInternal(db: DbOrTx, messageId: number): Promise<boolean> {
  const row = await first(db.select({ internal: supportTicketMessages.internal }).from(supportTicketMessages).where(eq(supportTicketMessages.id, messageId)));
  return row?.internal ?? true;
}

/** Of the files a subquery names (platform/files' keptIdsQuery), those on no message. */
const unattached = (files: SQL) =>
  sql`from (${files}) as f where not exists (select 1 from ${supportTicketAttachments} where ${supportTicketAttachments.fileId} = f.id)`;

/** Serializes the recording of one user's ticket uploads (their count and insert) until commit. */
export async function lockUploadsOf(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`ticket-uploads:${userId}`}, 0))`);
}

/** How many of the files the subquery names are on no message. */
export async function countUnattached(db: DbOrTx, files: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n ${unattached(files)}`);
  return row?.n ?? 0;
}

/** At most `limit` ids of the files the subquery names that are on no message. */
export async function unattachedIds(db: DbOrTx, files: SQL, limit: number): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(db, sql`select f.id ${unattached(files)} limit ${limit}`);
  return rows.map((r) => r.id);
}
