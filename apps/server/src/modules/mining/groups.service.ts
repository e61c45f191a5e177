// Worker groups of a sub-account and coin, moving workers between them, and clearing workers.
// The default group is "no group" (group_id null): it always exists and cannot be renamed or
// deleted; deleting a group moves its workers back to it (the foreign key sets null) and deletes
// its hashrate alarm (threshold on the row, state by cascade). A group's hashrate alarm threshold
// is set here; alerts.service.ts evaluates it.
import { and, count, eq, inArray, lt, sql } from 'drizzle-orm';
import { INACTIVE_AFTER_MS } from '@hashpool/shared';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { miningAccounts } from '../accounts/accounts.tables';
import { groupAlertState, messages } from './alerts.tables';
import { addWorkerCounts } from './mining.repository';
import { shareMinutes, workerCounts, workerGroups, workerHistory, workers } from './mining.tables';
import { dropWorkerOrders } from './worker-orders.repository';
import { bumpWorkersGeneration } from './worker-windows.repository';

const isUniqueViolation = (e: unknown) => (e as { cause?: { code?: string } }).cause?.code === '23505';

export class GroupsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deadAfterMs: number,
  ) {}

  /** The account's groups, and per group id (null: the default group) its workers, active ones and 15-minute hashrate. */
  private async groupsWithStats(accountId: string, coin: string) {
    const activeFrom = new Date(this.clock.now().getTime() - INACTIVE_AFTER_MS).toISOString();
    const [groups, stats] = await Promise.all([
      this.db.select().from(workerGroups).where(and(eq(workerGroups.accountId, accountId), eq(workerGroups.coin, coin))).orderBy(workerGroups.name),
      this.db
        .select({
          groupId: workers.groupId,
          total: count().mapWith(Number),
          active: sql<number>`count(*) filter (where ${workers.lastShareAt} >= ${activeFrom}::timestamptz)`.mapWith(Number),
          hashrate: sql<number>`coalesce(sum(${workers.hashrate15m}), 0)`.mapWith(Number),
        })
        .from(workers)
        .where(and(eq(workers.accountId, accountId), eq(workers.coin, coin)))
        .groupBy(workers.groupId),
    ]);
    const byId = new Map(stats.map((x) => [x.groupId, x]));
    return { groups, of: (id: number | null) => byId.get(id) ?? { total: 0, active: 0, hashrate: 0 } };
  }

  async list(accountId: string, coin: string) {
    const { groups, of } = await this.groupsWithStats(accountId, coin);
    return [
      { id: null, name: 'default', ...pick(of(null)) },
      ...groups.map((g) => ({ id: g.id, name: g.name, ...pick(of(g.id)) })),
    ];
  }

  async create(accountId: string, coin: string, name: string) {
    try {
      const [g] = await this.db.insert(workerGroups).values({ accountId, coin, name: name.trim(), createdAt: this.clock.now() }).returning();
      return { id: g!.id, name: g!.name, total: 0, active: 0 };
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('group_name_taken');
      throw error;
    }
  }

  /** The account's own groups (not the default one) with their workers' 15-minute hashrate and alarm threshold. */
  async alarms(accountId: string, coin: string) {
    const { groups, of } = await this.groupsWithStats(accountId, coin);
    return groups.map((g) => {
      const { total, active, hashrate } = of(g.id);
      return { id: g.id, name: g.name, total, active, hashrate_15m: hashrate, hashrate_threshold: g.hashrateThreshold };
    });
  }

  /**
   * Sets or removes (null) a group's hashrate alarm threshold. Removing it also forgets the alarm,
   * so no "recovered" follows a threshold the user turned off. Like the account's alert settings,
   * the change is a "setting update" message naming the group.
   */
  async setAlarm(userId: string, groupId: number, threshold: number | null): Promise<void> {
    const group = await this.ownedGroup(userId, groupId);
    await inTransaction(this.db, async (tx) => {
      await tx.update(workerGroups).set({ hashrateThreshold: threshold }).where(eq(workerGroups.id, groupId));
      if (threshold === null) await tx.delete(groupAlertState).where(eq(groupAlertState.groupId, groupId));
      const [account] = await tx.select({ name: miningAccounts.name }).from(miningAccounts).where(eq(miningAccounts.id, group.accountId));
      const params = { coin: group.coin, setting: 'group_alert', group: group.name, ...(account ? { account: account.name } : {}) };
      await tx.insert(messages).values({ userId, accountId: group.accountId, type: 'setting_update', params, createdAt: this.clock.now() });
    });
  }

  /** The group, if it belongs to one of the user's sub-accounts. */
  private async ownedGroup(userId: string, groupId: number) {
    const [row] = await this.db
      .select({ id: workerGroups.id, accountId: workerGroups.accountId, coin: workerGroups.coin, name: workerGroups.name })
      .from(workerGroups)
      .innerJoin(miningAccounts, eq(miningAccounts.id, workerGroups.accountId))
      .where(and(eq(workerGroups.id, groupId), eq(miningAccounts.userId, userId)));
    if (!row) throw new AppError('group_not_found');
    return row;
  }

  async rename(userId: string, groupId: number, name: string): Promise<void> {
    await this.ownedGroup(userId, groupId);
    try {
      await this.db.update(workerGroups).set({ name: name.trim() }).where(eq(workerGroups.id, groupId));
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('group_name_taken');
      throw error;
    }
  }

  async remove(userId: string, groupId: number): Promise<void> {
    const group = await this.ownedGroup(userId, groupId);
    await inTransaction(this.db, async (tx) => {
      const moved = await tx.update(workers).set({ groupId: null }).where(eq(workers.groupId, groupId)).returning({ id: workers.id });
      await tx.delete(workerGroups).where(eq(workerGroups.id, groupId));
      await tx.delete(workerCounts).where(and(eq(workerCounts.coin, group.coin), eq(workerCounts.owner, group.accountId), eq(workerCounts.groupId, groupId)));
      await addWorkerCounts(tx, [{ coin: group.coin, owner: group.accountId, groupId: null, n: moved.length }]);
    });
  }

  /** Moves the account's own workers (others' ids are ignored) into a group of the same account and coin. */
  async move(accountId: string, coin: string, workerIds: number[], groupId: number | null): Promise<number> {
    if (groupId !== null) {
      const [g] = await this.db.select({ id: workerGroups.id }).from(workerGroups).where(and(eq(workerGroups.id, groupId), eq(workerGroups.accountId, accountId), eq(workerGroups.coin, coin)));
      if (!g) throw new AppError('group_not_found');
    }
    return inTransaction(this.db, async (tx) => {
      // Each worker's group before the move (locked, so a concurrent move cannot count it twice).
      const before = await tx
        .select({ id: workers.id, groupId: workers.groupId })
        .from(workers)
        .where(and(eq(workers.accountId, accountId), eq(workers.coin, coin), inArray(workers.id, workerIds)))
        .for('update');
      if (before.length === 0) return 0;
      await tx.update(workers).set({ groupId }).where(inArray(workers.id, before.map((w) => w.id)));
      await addWorkerCounts(tx, [
        ...before.map((w) => ({ coin, owner: accountId, groupId: w.groupId, n: -1 })),
        { coin, owner: accountId, groupId, n: before.length },
      ]);
      return before.length;
    });
  }

  /** Clears selected, all inactive, or all dead workers of the account; their own buckets go too. */
  async clear(accountId: string, coin: string, mode: 'selected' | 'inactive' | 'dead', workerIds: number[] = []): Promise<number> {
    const now = this.clock.now().getTime();
    const which =
      mode === 'selected'
        ? inArray(workers.id, workerIds.length ? workerIds : [-1])
        : lt(workers.lastShareAt, new Date(now - (mode === 'inactive' ? INACTIVE_AFTER_MS : this.deadAfterMs)));
    return inTransaction(this.db, async (tx) => {
      const gone = await tx.delete(workers).where(and(eq(workers.accountId, accountId), eq(workers.coin, coin), which)).returning({ id: workers.id, groupId: workers.groupId });
      const ids = gone.map((w) => w.id);
      if (ids.length) {
        await addWorkerCounts(tx, gone.map((w) => ({ coin, owner: accountId, groupId: w.groupId, n: -1 })));
        await dropWorkerOrders(tx, coin, accountId);
        await tx.delete(shareMinutes).where(inArray(shareMinutes.workerId, ids));
        await tx.delete(workerHistory).where(inArray(workerHistory.workerId, ids));
        // Ingestion forgets the ids it knew, so a cleared worker that mines again comes back new.
        await bumpWorkersGeneration(tx);
      }
      return ids.length;
    });
  }
}

function pick(c: { total: number; active: number }) {
  return { total: c.total, active: c.active };
}

