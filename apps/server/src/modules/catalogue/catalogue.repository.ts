// The only code that touches the catalogue table.
import { and, asc, eq, sql } from 'drizzle-orm';
import { first, type DbOrTx } from '../../db/client';
import { minerModels } from './catalogue.tables';

export type MinerModelRow = typeof minerModels.$inferSelect;
export type MinerModelValues = Omit<typeof minerModels.$inferInsert, 'id'>;

export function listModels(db: DbOrTx, onlyEnabled: boolean): Promise<MinerModelRow[]> {
  return db
    .select()
    .from(minerModels)
    .where(onlyEnabled ? eq(minerModels.enabled, true) : undefined)
    .orderBy(asc(minerModels.vendor), asc(minerModels.name));
}

export function findModel(db: DbOrTx, id: number, onlyEnabled = false): Promise<MinerModelRow | undefined> {
  return first(db.select().from(minerModels).where(and(eq(minerModels.id, id), onlyEnabled ? eq(minerModels.enabled, true) : undefined)));
}

export function findByVendorName(db: DbOrTx, vendor: string, name: string): Promise<MinerModelRow | undefined> {
  return first(db.select().from(minerModels).where(and(sql`lower(${minerModels.vendor}) = ${vendor.toLowerCase()}`, sql`lower(${minerModels.name}) = ${name.toLowerCase()}`)));
}

/** Inserts; undefined when a model of that vendor and name exists (the unique index). */
export async function insertModel(db: DbOrTx, values: MinerModelValues): Promise<MinerModelRow | undefined> {
  const [row] = await db.insert(minerModels).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateModel(db: DbOrTx, id: number, values: MinerModelValues): Promise<MinerModelRow | undefined> {
  const [row] = await db.update(minerModels).set(values).where(eq(minerModels.id, id)).returning();
  return row;
}
