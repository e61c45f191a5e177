// The only code that touches the account tables.
import { and, asc, count, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { first, inserted, withTotal, type DbOrTx, type Tx } from '../../db/client';
import { authSessions, knownDevices, miningAccounts, roles, securityEvents, userRoles, users, verificationCodes } from './accounts.tables';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof authSessions.$inferSelect;
export type CodeRow = typeof verificationCodes.$inferSelect;

// ---- users

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  return first(db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`));
}

export async function findUserByPhone(db: DbOrTx, country: string, phone: string): Promise<UserRow | undefined> {
  return first(db.select().from(users).where(and(eq(users.phoneCountry, country), eq(users.phone, phone))));
}

/** The user an email address or phone number belongs to. */
export function findUserByContact(db: DbOrTx, contact: { channel: 'email'; email: string } | { channel: 'sms'; country: string; phone: string }) {
  return contact.channel === 'email' ? findUserByEmail(db, contact.email) : findUserByPhone(db, contact.country, contact.phone);
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  return first(db.select().from(users).where(eq(users.id, id)));
}

export async function findUserByInviteCode(db: DbOrTx, code: string): Promise<UserRow | undefined> {
  return first(db.select().from(users).where(sql`upper(${users.inviteCode}) = upper(${code})`));
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<UserRow> {
  return inserted(db.insert(users).values(values).returning());
}

export async function updateUser(db: DbOrTx, id: string, values: Partial<typeof users.$inferInsert>, now: Date): Promise<void> {
  await db.update(users).set({ ...values, updatedAt: now }).where(eq(users.id, id));
}

// ---- mining accounts

export function listAccounts(db: DbOrTx, userId: string) {
  return db.select().from(miningAccounts).where(eq(miningAccounts.userId, userId)).orderBy(desc(miningAccounts.isDefault), asc(miningAccounts.createdAt), asc(miningAccounts.name));
}

export async function findAccountOfUser(db: DbOrTx, userId: string, accountId: string) {
  return first(db.select().from(miningAccounts).where(and(eq(miningAccounts.id, accountId), eq(miningAccounts.userId, userId))));
}

export async function findAccountOfUserByName(db: DbOrTx, userId: string, name: string) {
  return first(db.select().from(miningAccounts).where(and(eq(miningAccounts.userId, userId), sql`lower(${miningAccounts.name}) = lower(${name})`)));
}

export async function accountNameExists(db: DbOrTx, name: string): Promise<boolean> {
  const [row] = await db.select({ id: miningAccounts.id }).from(miningAccounts).where(sql`lower(${miningAccounts.name}) = lower(${name})`);
  return Boolean(row);
}

export async function countAccounts(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(miningAccounts).where(eq(miningAccounts.userId, userId));
  return row?.n ?? 0;
}

export async function insertAccount(db: DbOrTx, values: typeof miningAccounts.$inferInsert) {
  return inserted(db.insert(miningAccounts).values(values).returning());
}

export async function setAccountHidden(db: DbOrTx, userId: string, accountId: string, hidden: boolean): Promise<boolean> {
  const rows = await db.update(miningAccounts).set({ hidden }).where(and(eq(miningAccounts.id, accountId), eq(miningAccounts.userId, userId))).returning({ id: miningAccounts.id });
  return rows.length > 0;
}

// ---- roles

export async function ensureRoles(db: DbOrTx, defs: Array<{ name: string; permissions: string[]; isAdmin: boolean }>): Promise<void> {
  for (const def of defs) {
    await db.insert(roles).values(def).onConflictDoUpdate({ target: roles.name, set: { permissions: def.permissions, isAdmin: def.isAdmin } });
  }
}

export async function grantRole(db: DbOrTx, userId: string, role: string): Promise<void> {
  await db.insert(userRoles).values({ userId, role }).onConflictDoNothing();
}

export async function rolesOf(db: DbOrTx, userId: string): Promise<Array<{ name: string; permissions: string[]; isAdmin: boolean }>> {
  return db.select({ name: roles.name, permissions: roles.permissions, isAdmin: roles.isAdmin }).from(userRoles).innerJoin(roles, eq(roles.name, userRoles.role)).where(eq(userRoles.userId, userId));
}

// ---- sessions

export async function insertSession(db: DbOrTx, values: typeof authSessions.$inferInsert): Promise<SessionRow> {
  return inserted(db.insert(authSessions).values(values).returning());
}

export async function findSessionByAccessHash(db: DbOrTx, accessHash: string): Promise<SessionRow | undefined> {
  return first(db.select().from(authSessions).where(eq(authSessions.accessHash, accessHash)));
}

export async function findSessionByRefreshHash(db: DbOrTx, refreshHash: string): Promise<SessionRow | undefined> {
  return first(db.select().from(authSessions).where(eq(authSessions.refreshHash, refreshHash)));
}

/**
 * Spends a refresh token: one conditional update, so of two concurrent refreshes with the same
 * token exactly one gets the row (docs/security.md item 15).
 */
export async function spendRefresh(db: DbOrTx, refreshHash: string, now: Date): Promise<SessionRow | undefined> {
  const [row] = await db
    .update(authSessions)
    .set({ rotatedAt: now })
    .where(and(eq(authSessions.refreshHash, refreshHash), isNull(authSessions.rotatedAt), isNull(authSessions.revokedAt), gt(authSessions.refreshExpiresAt, now), gt(authSessions.absoluteExpiresAt, now)))
    .returning();
  return row;
}

/** A transaction-scoped lock of the user's sub-account creations: they take turns, so the count holds. */
export async function lockAccountCreation(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sub-accounts:${userId}`}, 0))`);
}

/**
 * Refreshes and revocations of one user's sessions take turns, on the user's row. Without it a
 * revocation (reuse, logout, a password change) running beside a refresh could miss the successor
 * that refresh inserts, which then lives on: an UPDATE sees only rows committed when it started.
 */
export async function lockUserSessions(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select 1 from users where id = ${userId} for no key update`);
}

export async function revokeFamily(db: DbOrTx, familyId: string, now: Date, reason: string): Promise<void> {
  await db.update(authSessions).set({ revokedAt: now, revokeReason: reason }).where(and(eq(authSessions.familyId, familyId), isNull(authSessions.revokedAt)));
}

export async function revokeUserSessions(db: DbOrTx, userId: string, now: Date, reason: string, keepFamilyId?: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: now, revokeReason: reason })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt), keepFamilyId ? ne(authSessions.familyId, keepFamilyId) : undefined));
}

// ---- verification codes

export async function latestCode(db: DbOrTx, target: string, purpose: string): Promise<CodeRow | undefined> {
  return first(db.select().from(verificationCodes).where(and(eq(verificationCodes.target, target), eq(verificationCodes.purpose, purpose))).orderBy(desc(verificationCodes.createdAt)).limit(1));
}

export async function insertCode(db: DbOrTx, values: typeof verificationCodes.$inferInsert): Promise<void> {
  await db.insert(verificationCodes).values(values);
}

/** Counts a try of a code if it has tries left: the count with this one, or undefined when none was left. */
export async function takeCodeAttempt(db: DbOrTx, id: string, maxAttempts: number): Promise<number | undefined> {
  const [row] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, id), sql`${verificationCodes.attempts} < ${maxAttempts}`))
    .returning({ attempts: verificationCodes.attempts });
  return row?.attempts;
}

/** Consumes a code once: of two concurrent uses only one sees a row. */
export async function consumeCode(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const rows = await db.update(verificationCodes).set({ consumedAt: now }).where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt))).returning({ id: verificationCodes.id });
  return rows.length > 0;
}

// ---- devices and events

export async function isKnownDevice(db: DbOrTx, userId: string, deviceHash: string): Promise<boolean> {
  const [row] = await db.select({ u: knownDevices.userId }).from(knownDevices).where(and(eq(knownDevices.userId, userId), eq(knownDevices.deviceHash, deviceHash)));
  return Boolean(row);
}

export async function rememberDevice(db: DbOrTx, userId: string, deviceHash: string, now: Date): Promise<void> {
  await db.insert(knownDevices).values({ userId, deviceHash, firstSeenAt: now, lastSeenAt: now }).onConflictDoUpdate({ target: [knownDevices.userId, knownDevices.deviceHash], set: { lastSeenAt: now } });
}

export async function recordEvent(db: DbOrTx, values: typeof securityEvents.$inferInsert): Promise<void> {
  await db.insert(securityEvents).values(values);
}

/** Accepts a TOTP step only if it is newer than the last accepted one, atomically. */
export async function acceptTotpStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), sql`(${users.totpLastStep} is null or ${users.totpLastStep} < ${step})`))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function pageEvents(db: DbOrTx, userId: string, page: number, pageSize: number) {
  const [rows, [total]] = await Promise.all([
    db.select().from(securityEvents).where(eq(securityEvents.userId, userId)).orderBy(desc(securityEvents.createdAt), desc(securityEvents.id)).limit(pageSize).offset((page - 1) * pageSize),
    db.select({ n: count().mapWith(Number) }).from(securityEvents).where(eq(securityEvents.userId, userId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// ---- operators (the admin area's users)

/** Users whose email, phone or a sub-account name contains `q`, or who own one of `accountIds`. */
export async function searchUsers(db: DbOrTx, q: string, accountIds: string[], offset: number, limit: number): Promise<{ rows: UserRow[]; total: number }> {
  const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = q.replace(/\D/g, '');
  const where = sql`(lower(${users.email}) like ${like}
    ${digits.length >= 4 ? sql`or (${users.phoneCountry} || ${users.phone}) like ${`%${digits}%`}` : sql``}
    or exists (select 1 from ${miningAccounts} where ${miningAccounts.userId} = ${users.id} and lower(${miningAccounts.name}) like ${like})
    ${accountIds.length ? sql`or exists (select 1 from ${miningAccounts} where ${miningAccounts.userId} = ${users.id} and ${miningAccounts.id} in (${sql.join(accountIds.map((id) => sql`${id}::uuid`), sql`, `)}))` : sql``})`;
  return withTotal(db.select().from(users).where(where).orderBy(desc(users.createdAt)).limit(limit).offset(offset), db.select({ n: count().mapWith(Number) }).from(users).where(where));
}

export async function accountsOfUsers(db: DbOrTx, userIds: string[]): Promise<Array<typeof miningAccounts.$inferSelect>> {
  if (userIds.length === 0) return [];
  return db.select().from(miningAccounts).where(inArray(miningAccounts.userId, userIds)).orderBy(asc(miningAccounts.createdAt));
}

export async function roleNamesOfUsers(db: DbOrTx, userIds: string[]): Promise<Array<{ userId: string; name: string; isAdmin: boolean }>> {
  if (userIds.length === 0) return [];
  return db.select({ userId: userRoles.userId, name: roles.name, isAdmin: roles.isAdmin }).from(userRoles).innerJoin(roles, eq(roles.name, userRoles.role)).where(inArray(userRoles.userId, userIds));
}

export async function setOperatorRoles(db: DbOrTx, userId: string, operatorRoles: readonly string[], all: readonly string[]): Promise<void> {
  await db.delete(userRoles).where(and(eq(userRoles.userId, userId), inArray(userRoles.role, [...all])));
  if (operatorRoles.length) await db.insert(userRoles).values(operatorRoles.map((role) => ({ userId, role }))).onConflictDoNothing();
}

/**
 * How many other users hold the admin role and may sign in (not `except`), with every admin role
 * row locked until the transaction ends: two admins changing each other at once take turns, and
 * the second sees what the first left.
 */
export async function otherActiveAdmins(tx: Tx, except: string): Promise<number> {
  await tx.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, 'admin')).for('update');
  const [row] = await tx
    .select({ n: count() })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.role, 'admin'), ne(userRoles.userId, except), eq(users.status, 'active'), isNull(users.loginDisabledAt)));
  return row?.n ?? 0;
}

export async function recentLoginEvents(db: DbOrTx, userId: string, limit: number) {
  return db
    .select({ event: securityEvents.event, ip: securityEvents.ip, device: securityEvents.device, createdAt: securityEvents.createdAt })
    .from(securityEvents)
    .where(and(eq(securityEvents.userId, userId), inArray(securityEvents.event, ['login', 'login_new_device', 'login_passkey', 'login_failed'])))
    .orderBy(desc(securityEvents.id))
    .limit(limit);
}
