// The only code that touches the passkey tables.
import { and, asc, count, eq, gt, lt, sql } from 'drizzle-orm';
import { first, inserted, type DbOrTx } from '../../db/client';
import { passkeyChallenges, passkeys, type PasskeyChallengePurpose } from './passkeys.tables';

export type PasskeyRow = typeof passkeys.$inferSelect;

export function insertPasskey(db: DbOrTx, values: typeof passkeys.$inferInsert): Promise<PasskeyRow> {
  return inserted(db.insert(passkeys).values(values).returning());
}

export function listPasskeys(db: DbOrTx, userId: string): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

/** A transaction-scoped lock of one user's passkeys (released at commit). */
export async function lockPasskeysOf(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`passkeys:${userId}`}, 0))`);
}

export async function countPasskeys(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return Number(row?.n ?? 0);
}

export function findOwnPasskey(db: DbOrTx, userId: string, id: string): Promise<PasskeyRow | undefined> {
  return first(db.select().from(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId))));
}

export function findByCredentialId(db: DbOrTx, credentialId: string): Promise<PasskeyRow | undefined> {
  return first(db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)));
}

export async function renamePasskey(db: DbOrTx, userId: string, id: string, nickname: string): Promise<boolean> {
  const rows = await db.update(passkeys).set({ nickname }).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId))).returning({ id: passkeys.id });
  return rows.length > 0;
}

export async function deletePasskey(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db.delete(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId))).returning({ id: passkeys.id });
  return rows.length > 0;
}

/**
 * Records a verified use: the counter moves only forward, in one conditional update, so two answers
 * racing with the same counter cannot both pass (the second finds the counter already there).
 */
export async function recordUse(db: DbOrTx, id: string, previousCount: number, newCount: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ signCount: newCount, lastUsedAt: at })
    .where(and(eq(passkeys.id, id), eq(passkeys.signCount, previousCount)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

export async function insertChallenge(db: DbOrTx, values: typeof passkeyChallenges.$inferInsert): Promise<void> {
  await db.insert(passkeyChallenges).values(values);
}

/** Spends a challenge: deleted in the same statement that finds it, so it answers once (and only while fresh). */
export async function spendChallenge(db: DbOrTx, challenge: string, purpose: PasskeyChallengePurpose, userId: string | null, now: Date): Promise<boolean> {
  const rows = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.purpose, purpose),
        userId ? eq(passkeyChallenges.userId, userId) : undefined,
        gt(passkeyChallenges.expiresAt, now),
      ),
    )
    .returning({ challenge: passkeyChallenges.challenge });
  return rows.length > 0;
}

export async function deleteExpiredChallenges(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
}
