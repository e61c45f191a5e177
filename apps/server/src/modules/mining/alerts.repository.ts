// SQL of alerts: every (sub-account, coin) with workers and its settings, offline workers and
// hashrate; the worker groups with an alarm; alert states; the alert settings.
import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import { numberArray, sqlArray, type DbOrTx } from '../../db/client';
import { alertSettings, alertState, groupAlertState } from './alerts.tables';
import { workerGroups, workers } from './mining.tables';

export type AlertSettingsRow = typeof alertSettings.$inferSelect;
export type AlertStateRow = typeof alertState.$inferSelect;

/** Per (sub-account, coin) with workers: the 15-minute hashrate, the offline workers' names, and the settings if saved. */
export function accountSubjects(db: DbOrTx, times: { inactiveFrom: Date; deadFrom: Date }) {
  return db
    .select({
      accountId: workers.accountId,
      coin: workers.coin,
      hashrate: sql<number>`sum(${workers.hashrate15m})`.mapWith(Number),
      offline: sql<string[]>`coalesce(array_agg(${workers.name} order by ${workers.name}) filter (where ${workers.lastShareAt} < ${times.inactiveFrom.toISOString()}::timestamptz and ${workers.lastShareAt} >= ${times.deadFrom.toISOString()}::timestamptz), '{}')`,
      offlineAlert: alertSettings.offlineAlert,
      threshold: alertSettings.hashrateThreshold,
      repeat: alertSettings.repeatMinutes,
      email: alertSettings.email,
    })
    .from(workers)
    .leftJoin(alertSettings, and(eq(alertSettings.accountId, workers.accountId), eq(alertSettings.coin, workers.coin)))
    .where(isNotNull(workers.accountId))
    .groupBy(workers.accountId, workers.coin, alertSettings.accountId, alertSettings.coin);
}

/** Which of the sub-account's workers `names` of the coin sent a share since `inactiveFrom`. */
export async function activeAmong(db: DbOrTx, accountId: string, coin: string, names: readonly string[], inactiveFrom: Date): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await db
    .select({ name: workers.name })
    .from(workers)
    .where(and(eq(workers.accountId, accountId), eq(workers.coin, coin), sql`${workers.name} = any(${sqlArray(names)}::text[])`, sql`${workers.lastShareAt} >= ${inactiveFrom.toISOString()}::timestamptz`));
  return rows.map((r) => r.name);
}

export function alertStates(db: DbOrTx): Promise<AlertStateRow[]> {
  return db.select().from(alertState);
}

export async function saveAlertState(db: DbOrTx, values: typeof alertState.$inferInsert): Promise<void> {
  await db.insert(alertState).values(values).onConflictDoUpdate({ target: [alertState.accountId, alertState.coin, alertState.kind], set: values });
}

/** Groups with a threshold or an alarm state, with their sub-account's settings and the state. */
export function groupSubjects(db: DbOrTx) {
  return db
    .select({
      groupId: workerGroups.id,
      groupName: workerGroups.name,
      accountId: workerGroups.accountId,
      coin: workerGroups.coin,
      threshold: workerGroups.hashrateThreshold,
      repeat: alertSettings.repeatMinutes,
      email: alertSettings.email,
      firing: groupAlertState.firing,
      lastSentAt: groupAlertState.lastSentAt,
    })
    .from(workerGroups)
    .leftJoin(alertSettings, and(eq(alertSettings.accountId, workerGroups.accountId), eq(alertSettings.coin, workerGroups.coin)))
    .leftJoin(groupAlertState, eq(groupAlertState.groupId, workerGroups.id))
    .where(or(isNotNull(workerGroups.hashrateThreshold), isNotNull(groupAlertState.groupId)));
}

/**
 * The groups' workers summed: few groups have a threshold, so their workers are summed on their
 * own (through the workers' account index), not the whole table.
 */
export function groupSums(db: DbOrTx, accountIds: string[], groupIds: number[]) {
  return db
    .select({ groupId: workers.groupId, hashrate: sql<number>`sum(${workers.hashrate15m})`.mapWith(Number), workers: sql<number>`count(*)`.mapWith(Number) })
    .from(workers)
    // Each list as one array parameter: the pool's groups with a threshold can outnumber a statement's 65,535 parameters.
    .where(and(sql`${workers.accountId} = any(${sqlArray([...new Set(accountIds)])}::uuid[])`, sql`${workers.groupId} = any(${numberArray([...new Set(groupIds)])}::bigint[])`))
    .groupBy(workers.groupId);
}

export async function forgetGroupAlarm(db: DbOrTx, groupId: number): Promise<void> {
  await db.delete(groupAlertState).where(eq(groupAlertState.groupId, groupId));
}

export async function saveGroupAlarm(db: DbOrTx, values: typeof groupAlertState.$inferInsert): Promise<void> {
  await db.insert(groupAlertState).values(values).onConflictDoUpdate({ target: groupAlertState.groupId, set: values });
}

export async function findAlertSettings(db: DbOrTx, accountId: string, coin: string): Promise<AlertSettingsRow | undefined> {
  const [row] = await db.select().from(alertSettings).where(and(eq(alertSettings.accountId, accountId), eq(alertSettings.coin, coin)));
  return row;
}

export async function saveAlertSettings(db: DbOrTx, values: AlertSettingsRow): Promise<void> {
  await db.insert(alertSettings).values(values).onConflictDoUpdate({ target: [alertSettings.accountId, alertSettings.coin], set: values });
}
