// SQL of the site parameters the operators edit (site_parameters rows by key).
import { eq, inArray } from 'drizzle-orm';
import { first, type DbOrTx } from '../../db/client';
import { siteParameters } from './content.tables';

export type SiteParameterRow = typeof siteParameters.$inferSelect;

export function listByKeys(db: DbOrTx, keys: readonly string[]): Promise<SiteParameterRow[]> {
  return db.select().from(siteParameters).where(inArray(siteParameters.key, [...keys]));
}

/** The row of a key, locked until the transaction ends (two operators' changes apply one after the other). */
export function findForUpdate(db: DbOrTx, key: string): Promise<SiteParameterRow | undefined> {
  return first(db.select().from(siteParameters).where(eq(siteParameters.key, key)).for('update'));
}

export async function write(db: DbOrTx, key: string, value: string, now: Date): Promise<SiteParameterRow> {
  const [row] = await db
    .insert(siteParameters)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: siteParameters.key, set: { value, updatedAt: now } })
    .returning();
  return row!;
}
