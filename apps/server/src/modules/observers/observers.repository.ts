// The only code that touches the observer_links table.
import { and, count, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { observerLinks, type ObserverLinkRow } from './observers.tables';

export async function insertLink(db: DbOrTx, values: typeof observerLinks.$inferInsert): Promise<ObserverLinkRow> {
  const [row] = await db.insert(observerLinks).values(values).returning();
  return row!;
}

export function linksOfUser(db: DbOrTx, userId: string, limit: number): Promise<ObserverLinkRow[]> {
  return db.select().from(observerLinks).where(eq(observerLinks.userId, userId)).orderBy(desc(observerLinks.createdAt), desc(observerLinks.id)).limit(limit);
}

export async function linkOfUser(db: DbOrTx, userId: string, id: string): Promise<ObserverLinkRow | undefined> {
  const [row] = await db.select().from(observerLinks).where(and(eq(observerLinks.id, id), eq(observerLinks.userId, userId)));
  return row;
}

export async function linkByTokenHash(db: DbOrTx, hash: string): Promise<ObserverLinkRow | undefined> {
  const [row] = await db.select().from(observerLinks).where(eq(observerLinks.tokenHash, hash));
  return row;
}

/** Links of the sub-account neither revoked nor expired at `now`. */
/** A transaction-scoped lock of one sub-account's observer links (released at commit). */
export async function lockLinksOf(tx: DbOrTx, accountId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`observer-links:${accountId}`}, 0))`);
}

export async function liveLinkCount(db: DbOrTx, accountId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(observerLinks)
    .where(and(eq(observerLinks.accountId, accountId), isNull(observerLinks.revokedAt), or(isNull(observerLinks.expiresAt), gt(observerLinks.expiresAt, now))));
  return row?.n ?? 0;
}

export async function renameLink(db: DbOrTx, userId: string, id: string, nickname: string): Promise<ObserverLinkRow | undefined> {
  const [row] = await db.update(observerLinks).set({ nickname }).where(and(eq(observerLinks.id, id), eq(observerLinks.userId, userId))).returning();
  return row;
}

/** Revokes a live link; a link already revoked keeps its first revocation time. */
export async function revokeLink(db: DbOrTx, userId: string, id: string, now: Date): Promise<ObserverLinkRow | undefined> {
  const [row] = await db
    .update(observerLinks)
    .set({ revokedAt: now })
    .where(and(eq(observerLinks.id, id), eq(observerLinks.userId, userId), isNull(observerLinks.revokedAt)))
    .returning();
  return row;
}

/** Revokes every live link of the user (a security change that ended their sessions); answers how many. */
export async function revokeLinksOfUser(db: DbOrTx, userId: string, now: Date): Promise<number> {
  const rows = await db.update(observerLinks).set({ revokedAt: now }).where(and(eq(observerLinks.userId, userId), isNull(observerLinks.revokedAt))).returning({ id: observerLinks.id });
  return rows.length;
}

/** Marks the link used when it was last marked before `staleBefore`; true when this call marked it. */
export async function markUsed(db: DbOrTx, id: string, now: Date, staleBefore: Date): Promise<boolean> {
  const rows = await db
    .update(observerLinks)
    .set({ lastUsedAt: now })
    .where(and(eq(observerLinks.id, id), or(isNull(observerLinks.lastUsedAt), lt(observerLinks.lastUsedAt, staleBefore))))
    .returning({ id: observerLinks.id });
  return rows.length > 0;
}
