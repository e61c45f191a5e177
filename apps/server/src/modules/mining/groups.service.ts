// Worker groups of a sub-account and coin, moving workers between them, and clearing workers.
// The default group is "no group" (group_id null): it always exists and cannot be renamed or
// deleted; deleting a group moves its workers back to it and deletes its hashrate alarm
// (threshold on the row, state by cascade). A group's hashrate alarm threshold is set here;
// alerts.service.ts evaluates it.
import { INACTIVE_AFTER_MS, MAX_GROUPS_PER_ACCOUNT } from '@hashpool/shared';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { Notifications } from '../../platform/notifications';
import type { AccountDirectory } from '../accounts';
import * as repo from './groups.repository';
import { addWorkerCounts } from './mining.repository';
import { dropWorkerOrders } from './worker-orders.repository';
import { bumpWorkersGeneration } from './worker-windows.repository';

export class GroupsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deadAfterMs: number,
    private readonly deps: { accounts: AccountDirectory; notifications: Notifications },
  ) {}

  /** The account's groups, and per group id (null: the default group) its workers, active ones and 15-minute hashrate. */
  private async groupsWithStats(accountId: string, coin: string) {
    const activeFrom = new Date(this.clock.now().getTime() - INACTIVE_AFTER_MS);
    const [groups, stats] = await Promise.all([repo.listGroups(this.db, accountId, coin), repo.groupStats(this.db, accountId, coin, activeFrom)]);
    const byId = new Map(stats.map((x) => [x.groupId, x]));
    return { groups, of: (id: number | null) => byId.get(id) ?? { total: 0, active: 0, hashrate: 0 } };
  }

  async list(accountId: string, coin: string) {
    const { groups, of } = await this.groupsWithStats(accountId, coin);
    const counts = (id: number | null) => ({ total: of(id).total, active: of(id).active });
    return [{ id: null, name: 'default', ...counts(null) }, ...groups.map((g) => ({ id: g.id, name: g.name, ...counts(g.id) }))];
  }

  async create(accountId: string, coin: string, name: string) {
    try {
      // Counted and inserted under the account's lock: creations sent at once cannot all pass the
      // count (the limit bounds the group alarm job's reads).
      const g = await inTransaction(this.db, async (tx) => {
        await repo.lockGroupsOf(tx, accountId, coin);
        if ((await repo.countGroups(tx, accountId, coin)) >= MAX_GROUPS_PER_ACCOUNT) throw new AppError('group_limit', { params: { max: String(MAX_GROUPS_PER_ACCOUNT) } });
        return repo.insertGroup(tx, { accountId, coin, name: name.trim(), createdAt: this.clock.now() });
      });
      return { id: g.id, name: g.name, total: 0, active: 0 };
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
    const account = await this.deps.accounts.nameOf(group.accountId);
    await inTransaction(this.db, async (tx) => {
      await repo.setGroupThreshold(tx, groupId, threshold);
      const params = { coin: group.coin, setting: 'group_alert', group: group.name, ...(account ? { account } : {}) };
      await this.deps.notifications.post({ userId, accountId: group.accountId, type: 'setting_update', params }, tx);
    });
  }

  /** The group, if it belongs to one of the user's sub-accounts. */
  private async ownedGroup(userId: string, groupId: number): Promise<repo.GroupRow> {
    const group = await repo.findGroup(this.db, groupId);
    if (!group || !(await this.deps.accounts.owns(userId, group.accountId))) throw new AppError('group_not_found');
    return group;
  }

  async rename(userId: string, groupId: number, name: string): Promise<void> {
    await this.ownedGroup(userId, groupId);
    try {
      await repo.renameGroup(this.db, groupId, name.trim());
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('group_name_taken');
      throw error;
    }
  }

  async remove(userId: string, groupId: number): Promise<void> {
    const group = await this.ownedGroup(userId, groupId);
    await inTransaction(this.db, async (tx) => {
      const moved = await repo.deleteGroup(tx, group);
      await addWorkerCounts(tx, [{ coin: group.coin, owner: group.accountId, groupId: null, n: moved }]);
    });
  }

  /** Moves the account's own workers (others' ids are ignored) into a group of the same account and coin. */
  async move(accountId: string, coin: string, workerIds: number[], groupId: number | null): Promise<number> {
    return inTransaction(this.db, async (tx) => {
      // In the transaction, locked: a group deleted meanwhile is group_not_found, not a broken foreign key.
      if (groupId !== null && !(await repo.lockGroupOf(tx, groupId, accountId, coin))) throw new AppError('group_not_found');
      // Each worker's group before the move (locked, so a concurrent move cannot count it twice).
      const before = await repo.lockWorkers(tx, accountId, coin, workerIds);
      if (before.length === 0) return 0;
      await repo.setWorkersGroup(tx, before.map((w) => w.id), groupId);
      await addWorkerCounts(tx, [...before.map((w) => ({ coin, owner: accountId, groupId: w.groupId, n: -1 })), { coin, owner: accountId, groupId, n: before.length }]);
      return before.length;
    });
  }

  /** Clears selected, all inactive, or all dead workers of the account; their own buckets go too. */
  async clear(accountId: string, coin: string, mode: 'selected' | 'inactive' | 'dead', workerIds: number[] = []): Promise<number> {
    const now = this.clock.now().getTime();
    const which: repo.ClearSelection = mode === 'selected' ? { ids: workerIds } : { lastShareBefore: new Date(now - (mode === 'inactive' ? INACTIVE_AFTER_MS : this.deadAfterMs)) };
    return inTransaction(this.db, async (tx) => {
      const gone = await repo.deleteWorkers(tx, accountId, coin, which);
      if (gone.length) {
        await addWorkerCounts(tx, gone.map((w) => ({ coin, owner: accountId, groupId: w.groupId, n: -1 })));
        await dropWorkerOrders(tx, coin, accountId);
        // Ingestion forgets the ids it knew, so a cleared worker that mines again comes back new.
        await bumpWorkersGeneration(tx);
      }
      return gone.length;
    });
  }
}
