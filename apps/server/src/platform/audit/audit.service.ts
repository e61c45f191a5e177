// The operators' audit log. A change made in the admin area is recorded in the transaction that
// makes it (pass the transaction), so the log holds exactly the changes that happened.
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../clock';
import * as repo from './audit.repository';

export interface AuditEntry {
  /** The operator; null for the system itself. */
  adminUserId: string | null;
  /** What was done: withdrawal_approve, adjustment, fee_rate_update ... */
  action: string;
  /** What it was done to: withdrawal:<id>, account:<name> ... */
  target: string;
  /** The values that changed and the reason given. */
  detail: Record<string, string>;
}

export class AuditLog {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  record(entry: AuditEntry, tx: DbOrTx = this.db): Promise<void> {
    return repo.insertAuditEntry(tx, { ...entry, createdAt: this.clock.now() });
  }

  /** Newest first; `operators` names the operators' ids (their emails) for the page. */
  async page(page: number, pageSize: number, operators: (ids: string[]) => Promise<Map<string, string | null>>) {
    const { rows, total } = await repo.pageAuditEntries(this.db, (page - 1) * pageSize, pageSize);
    const names = await operators([...new Set(rows.flatMap((r) => (r.adminUserId ? [r.adminUserId] : [])))]);
    return {
      list: rows.map((r) => ({ id: r.id, admin: r.adminUserId ? (names.get(r.adminUserId) ?? null) : null, action: r.action, target: r.target, detail: r.detail ?? null, created_at: r.createdAt.toISOString() })),
      total,
    };
  }
}
