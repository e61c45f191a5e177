// SQL of the audit log: append, and read newest first.
import { count, desc } from 'drizzle-orm';
import { withTotal, type DbOrTx } from '../../db/client';
import { adminAuditLog } from './audit.tables';

export type AuditRow = typeof adminAuditLog.$inferSelect;

export async function insertAuditEntry(db: DbOrTx, entry: typeof adminAuditLog.$inferInsert): Promise<void> {
  await db.insert(adminAuditLog).values(entry);
}

export async function pageAuditEntries(db: DbOrTx, offset: number, limit: number): Promise<{ rows: AuditRow[]; total: number }> {
  return withTotal(db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.id)).limit(limit).offset(offset), db.select({ n: count().mapWith(Number) }).from(adminAuditLog));
}
