// The operators' audit log. A change made in the admin area is recorded in the transaction that
// makes it (pass the transaction), so the log holds exactly the changes that happened.
import type { AuditAction } from '@hashpool/shared';
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../clock';
import * as repo from './audit.repository';

export interface AuditEntry {
  /** The operator; null for the system itself. */
  adminUserId: string | null;
  /** What was done: one of the shared AUDIT_ACTIONS, which the web names in every language. */
  action: AuditAction;
  /** What it was done to: withdrawal:<id>, account:<name> ... */
  target: string;
  /** The values that changed and the reason given. */
  detail: Record<string, string>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class AuditLog {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  record(entry: AuditEntry, tx: DbOrTx = this.db): Promise<void> {
    return repo.insertAuditEntry(tx, { ...entry, createdAt: this.clock.now() });
  }

  /**
   * Newest first. `people` names users by id (email, phone or sub-account) in one query for the
   * whole page: the operators, and the users a target (`user:<id>`) or a detail value (a ticket's
   * assignee) names, so the page shows people, never their ids.
   */
  async page(page: number, pageSize: number, people: (ids: string[]) => Promise<Map<string, string | null>>) {
    const { rows, total } = await repo.pageAuditEntries(this.db, (page - 1) * pageSize, pageSize);
    const ids = new Set<string>();
    for (const r of rows) {
      if (r.adminUserId) ids.add(r.adminUserId);
      for (const value of [r.target.replace(/^user:/, ''), ...Object.values(r.detail ?? {})]) if (UUID.test(value)) ids.add(value.toLowerCase());
    }
    const names = await people([...ids]);
    const named: Record<string, string> = {};
    for (const [id, name] of names) if (name) named[id] = name;
    return {
      list: rows.map((r) => ({ id: r.id, admin: r.adminUserId ? (names.get(r.adminUserId) ?? null) : null, action: r.action, target: r.target, detail: r.detail ?? null, created_at: r.createdAt.toISOString() })),
      people: named,
      total,
    };
  }
}
