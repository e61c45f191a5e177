// SQL of the uploaded files' records.
import { and, eq, isNull } from 'drizzle-orm';
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
