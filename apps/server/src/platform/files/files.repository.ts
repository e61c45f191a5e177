// SQL of the uploaded files' records.
import { and, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { uploadedFiles } from './files.tables';

export type FileRow = typeof uploadedFiles.$inferSelect;

export async function insertFile(db: DbOrTx, values: typeof uploadedFiles.$inferInsert): Promise<FileRow> {
  const [row] = await db.insert(uploadedFiles).values(values).returning();
  return row!;
}

export async function findFile(db: DbOrTx, id: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(uploadedFiles).where(and(eq(uploadedFiles.id, id), isNull(uploadedFiles.deletedAt)));
  return row;
}

export async function markFileDeleted(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(uploadedFiles).set({ deletedAt: at }).where(eq(uploadedFiles.id, id));
}

/** The bytes of the kept files of a purpose (an owner's, created since a time). */
export async function keptBytes(db: DbOrTx, q: { purpose: string; ownerUserId: string; createdSince: Date }): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${uploadedFiles.size}), 0)::float8` })
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.purpose, q.purpose), isNull(uploadedFiles.deletedAt), eq(uploadedFiles.ownerUserId, q.ownerUserId), gte(uploadedFiles.createdAt, q.createdSince)));
  return Number(row?.n ?? 0);
}

/**
 * A subquery of the kept files' ids (column `id`) of a purpose, an owner's only when named, created
 * since or before a time: the owning module embeds it in its own statement (which of them it uses).
 */
export function keptIdsQuery(q: { purpose: string; ownerUserId?: string | undefined; createdSince?: Date | undefined; createdBefore?: Date | undefined }): SQL {
  const where = and(
    eq(uploadedFiles.purpose, q.purpose),
    isNull(uploadedFiles.deletedAt),
    q.ownerUserId === undefined ? undefined : eq(uploadedFiles.ownerUserId, q.ownerUserId),
    q.createdSince === undefined ? undefined : gte(uploadedFiles.createdAt, q.createdSince),
    q.createdBefore === undefined ? undefined : lt(uploadedFiles.createdAt, q.createdBefore),
  );
  return sql`select ${uploadedFiles.id} as id from ${uploadedFiles} where ${where}`;
}
