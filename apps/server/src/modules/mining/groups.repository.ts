// SQL of worker groups: the groups with their workers' counts and hashrate, creating, renaming,
// deleting, moving workers, and clearing workers with their own buckets.
import { and, count, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { numberArray, type DbOrTx } from '../../db/client';
import { groupAlertState } from './alerts.tables';
import { shareMinutes, workerCounts, workerGroups, workerHistory, workers } from './mining.tables';

export type GroupRow = typeof workerGroups.$inferSelect;

export function listGroups(db: DbOrTx, accountId: string, coin: string): Promise<GroupRow[]> {
  return db.select().from(workerGroups).where(and(eq(workerGroups.accountId, accountId), eq(workerGroups.coin, coin))).orderBy(workerGroups.name);
}

/** Per group id (null: the default group): workers, those active since `activeFrom`, and their 15-minute hashrate. */
export function groupStats(db: DbOrTx, accountId: string, coin: string, activeFrom: Date) {
  return db
    .select({
      groupId: workers.groupId,
      total: count().mapWith(Number),
      active: sql<number>`count(*) filter (where ${workers.lastShareAt} >= ${activeFrom.toISOString()}::timestamptz)`.mapWith(Number),
      hashrate: sql<number>`coalesce(sum(${workers.hashrate15m}), 0)`.mapWith(Number),
    })
    .from(workers)
    .where(and(eq(workers.accountId, accountId), eq(workers.coin, coin)))
    .groupBy(workers.groupId);
}

/** A new group; throws a unique violation when the account already has one of that name for the coin. */
export async function insertGroup(db: DbOrTx, g: { accountId: string; coin: string; name: string; createdAt: Date }): Promise<GroupRow> {
  const [row] = await db.insert(workerGroups).values(g).returning();
  return row!;
}

/** A transaction-scoped lock of the sub-account's groups of the coin: creations take turns, so the count holds. */
export async function lockGroupsOf(tx: DbOrTx, accountId: string, coin: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`worker-groups:${accountId}:${coin}`}, 0))`);
}

/** How many groups the sub-account has of the coin. */
export async function countGroups(db: DbOrTx, accountId: string, coin: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(workerGroups).where(and(eq(workerGroups.accountId, accountId), eq(workerGroups.coin, coin)));
  return Number(row?.n ?? 0);
}

export async function findGroup(db: DbOrTx, groupId: number): Promise<GroupRow | undefined> {
  const [row] = await db.select().from(workerGroups).where(eq(workerGroups.id, groupId));
  return row;
}

/** Whether the group is the account's, of the coin; locked (shared) until the transaction ends, so it is not deleted under a move. */
export async function lockGroupOf(tx: DbOrTx, groupId: number, accountId: string, coin: string): Promise<boolean> {
  const [g] = await tx.select({ id: workerGroups.id }).from(workerGroups).where(and(eq(workerGroups.id, groupId), eq(workerGroups.accountId, accountId), eq(workerGroups.coin, coin))).for('share');
  return Boolean(g);
}

export async function renameGroup(db: DbOrTx, groupId: number, name: string): Promise<void> {
  await db.update(workerGroups).set({ name }).where(eq(workerGroups.id, groupId));
}

/** Sets or removes a group's alarm threshold; removing it also forgets the alarm's state. */
export async function setGroupThreshold(db: DbOrTx, groupId: number, threshold: number | null): Promise<void> {
  await db.update(workerGroups).set({ hashrateThreshold: threshold }).where(eq(workerGroups.id, groupId));
  if (threshold === null) await db.delete(groupAlertState).where(eq(groupAlertState.groupId, groupId));
}

/** Moves a group's workers back to the default group and deletes it; answers how many moved. */
export async function deleteGroup(db: DbOrTx, group: { id: number; coin: string; accountId: string }): Promise<number> {
  // The group first, then its workers: the order a move takes them in (no deadlock between the two).
  await db.select({ id: workerGroups.id }).from(workerGroups).where(eq(workerGroups.id, group.id)).for('update');
  const moved = await db.update(workers).set({ groupId: null }).where(eq(workers.groupId, group.id)).returning({ id: workers.id });
  await db.delete(workerGroups).where(eq(workerGroups.id, group.id));
  await db.delete(workerCounts).where(and(eq(workerCounts.coin, group.coin), eq(workerCounts.owner, group.accountId), eq(workerCounts.groupId, group.id)));
  return moved.length;
}

/** Each of the account's listed workers with its group, locked until the transaction ends. */
export function lockWorkers(db: DbOrTx, accountId: string, coin: string, workerIds: number[]) {
  return db
    .select({ id: workers.id, groupId: workers.groupId })
    .from(workers)
    .where(and(eq(workers.accountId, accountId), eq(workers.coin, coin), inArray(workers.id, workerIds)))
    .for('update');
}

export async function setWorkersGroup(db: DbOrTx, workerIds: number[], groupId: number | null): Promise<void> {
  await db.update(workers).set({ groupId }).where(inArray(workers.id, workerIds));
}

/** Which of an account's workers to clear: the listed ones, or those whose last share is before a time. */
export type ClearSelection = { ids: number[] } | { lastShareBefore: Date };

/** Deletes the selected workers of the account and their minutes and points; answers the deleted ones. */
export async function deleteWorkers(db: DbOrTx, accountId: string, coin: string, which: ClearSelection): Promise<Array<{ id: number; groupId: number | null }>> {
  const condition: SQL = 'ids' in which ? inArray(workers.id, which.ids.length ? which.ids : [-1]) : lt(workers.lastShareAt, which.lastShareBefore);
  const gone = await db.delete(workers).where(and(eq(workers.accountId, accountId), eq(workers.coin, coin), condition)).returning({ id: workers.id, groupId: workers.groupId });
  const ids = gone.map((w) => w.id);
  if (ids.length) {
    // One array parameter: a farm's dead workers can be more than a statement's 65,535 parameters.
    await db.delete(shareMinutes).where(sql`${shareMinutes.workerId} = any(${numberArray(ids)}::bigint[])`);
    await db.delete(workerHistory).where(sql`${workerHistory.workerId} = any(${numberArray(ids)}::bigint[])`);
  }
  return gone;
}
