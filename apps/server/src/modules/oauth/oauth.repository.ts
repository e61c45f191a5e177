// Every query of the oauth module.
import { and, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { oauthAuthorizations, oauthClients, oauthKeys, oauthPayloads } from './oauth.tables';

export type PayloadRow = typeof oauthPayloads.$inferSelect;
export type ClientRow = typeof oauthClients.$inferSelect;
export type AuthorizationRow = typeof oauthAuthorizations.$inferSelect;

// oidc-provider's models ---------------------------------------------------------------------------

export async function upsertPayload(db: DbOrTx, row: typeof oauthPayloads.$inferInsert): Promise<void> {
  await db
    .insert(oauthPayloads)
    .values(row)
    .onConflictDoUpdate({
      target: [oauthPayloads.model, oauthPayloads.id],
      set: { payload: row.payload, grantId: row.grantId, uid: row.uid, userCode: row.userCode, expiresAt: row.expiresAt, consumedAt: null },
    });
}

export async function findPayload(db: DbOrTx, model: string, where: { id?: string; uid?: string; userCode?: string }): Promise<PayloadRow | undefined> {
  const key = where.id !== undefined ? eq(oauthPayloads.id, where.id) : where.uid !== undefined ? eq(oauthPayloads.uid, where.uid) : eq(oauthPayloads.userCode, where.userCode ?? '');
  const [row] = await db.select().from(oauthPayloads).where(and(eq(oauthPayloads.model, model), key)).limit(1);
  return row;
}

/** Marks a payload consumed; false when it was consumed already (or is gone): one use wins a race. */
export async function consumePayload(db: DbOrTx, model: string, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(oauthPayloads)
    .set({ consumedAt: at })
    .where(and(eq(oauthPayloads.model, model), eq(oauthPayloads.id, id), isNull(oauthPayloads.consumedAt)))
    .returning({ id: oauthPayloads.id });
  return rows.length === 1;
}

export async function deletePayload(db: DbOrTx, model: string, id: string): Promise<void> {
  await db.delete(oauthPayloads).where(and(eq(oauthPayloads.model, model), eq(oauthPayloads.id, id)));
}

/** Every token, code and the grant itself of one grant. */
export async function deletePayloadsOfGrant(db: DbOrTx, grantId: string): Promise<void> {
  await db.delete(oauthPayloads).where(or(eq(oauthPayloads.grantId, grantId), and(eq(oauthPayloads.model, 'Grant'), eq(oauthPayloads.id, grantId))));
}

export async function deleteExpiredPayloads(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(oauthPayloads).where(lt(oauthPayloads.expiresAt, before));
}

// Signing keys --------------------------------------------------------------------------------------

export async function findKeys(db: DbOrTx): Promise<string | undefined> {
  const [row] = await db.select().from(oauthKeys).where(eq(oauthKeys.id, 'signing')).limit(1);
  return row?.jwksSealed;
}

/** Stores the keys unless another instance did first; answers the stored ones either way. */
export async function insertKeysOnce(db: DbOrTx, jwksSealed: string, at: Date): Promise<string> {
  await db.insert(oauthKeys).values({ id: 'signing', jwksSealed, createdAt: at }).onConflictDoNothing();
  return (await findKeys(db))!;
}

// Clients ------------------------------------------------------------------------------------------

export async function insertClient(db: DbOrTx, row: typeof oauthClients.$inferInsert): Promise<ClientRow> {
  const [created] = await db.insert(oauthClients).values(row).returning();
  return created!;
}

export async function findClient(db: DbOrTx, id: string): Promise<ClientRow | undefined> {
  const [row] = await db.select().from(oauthClients).where(eq(oauthClients.id, id)).limit(1);
  return row;
}

export async function listClients(db: DbOrTx): Promise<Array<ClientRow & { authorizations: number }>> {
  const rows = await db.select().from(oauthClients).orderBy(desc(oauthClients.createdAt));
  const counts = await db
    .select({ clientId: oauthAuthorizations.clientId, n: count() })
    .from(oauthAuthorizations)
    .where(isNull(oauthAuthorizations.revokedAt))
    .groupBy(oauthAuthorizations.clientId);
  const byClient = new Map(counts.map((c) => [c.clientId, Number(c.n)]));
  return rows.map((r) => ({ ...r, authorizations: byClient.get(r.id) ?? 0 }));
}

export async function disableClient(db: DbOrTx, id: string, at: Date): Promise<ClientRow | undefined> {
  const [row] = await db.update(oauthClients).set({ disabledAt: at }).where(and(eq(oauthClients.id, id), isNull(oauthClients.disabledAt))).returning();
  return row;
}

// Authorizations -----------------------------------------------------------------------------------

export async function insertAuthorization(db: DbOrTx, row: typeof oauthAuthorizations.$inferInsert): Promise<AuthorizationRow> {
  const [created] = await db.insert(oauthAuthorizations).values(row).returning();
  return created!;
}

export async function findAuthorizationByGrant(db: DbOrTx, grantId: string): Promise<AuthorizationRow | undefined> {
  const [row] = await db.select().from(oauthAuthorizations).where(eq(oauthAuthorizations.grantId, grantId)).limit(1);
  return row;
}

export async function activeAuthorizationsOf(db: DbOrTx, userId: string, clientId?: string): Promise<AuthorizationRow[]> {
  return db
    .select()
    .from(oauthAuthorizations)
    .where(and(eq(oauthAuthorizations.userId, userId), isNull(oauthAuthorizations.revokedAt), clientId ? eq(oauthAuthorizations.clientId, clientId) : sql`true`))
    .orderBy(desc(oauthAuthorizations.createdAt));
}

export async function activeAuthorizationsOfClient(db: DbOrTx, clientId: string): Promise<AuthorizationRow[]> {
  return db.select().from(oauthAuthorizations).where(and(eq(oauthAuthorizations.clientId, clientId), isNull(oauthAuthorizations.revokedAt)));
}

/** A transaction-scoped lock of one user's consents to one client (released at commit). */
export async function lockConsentsOf(tx: DbOrTx, userId: string, clientId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`oauth-consent:${userId}:${clientId}`}, 0))`);
}

/** Marks the authorization of a grant revoked (the provider revoked the grant: a code or refresh token used again). */
export async function revokeAuthorizationOfGrant(db: DbOrTx, grantId: string, at: Date): Promise<void> {
  await db.update(oauthAuthorizations).set({ revokedAt: at }).where(and(eq(oauthAuthorizations.grantId, grantId), isNull(oauthAuthorizations.revokedAt)));
}

/** Marks the authorizations revoked and deletes their grants' payloads; call it in a transaction, so both happen or neither. */
export async function revokeAuthorizations(tx: DbOrTx, ids: string[], at: Date): Promise<AuthorizationRow[]> {
  if (ids.length === 0) return [];
  const revoked = await tx.update(oauthAuthorizations).set({ revokedAt: at }).where(and(inArray(oauthAuthorizations.id, ids), isNull(oauthAuthorizations.revokedAt))).returning();
  for (const r of revoked) await deletePayloadsOfGrant(tx, r.grantId);
  return revoked;
}

export async function clientsByIds(db: DbOrTx, ids: string[]): Promise<Map<string, ClientRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(oauthClients).where(inArray(oauthClients.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}
