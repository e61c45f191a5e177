// The site parameters an operator edits (SITE_PARAMETER_KEYS: the site's name, the support
// address, the apps' download page). The body's schema has already checked the value by its
// key's rule; the change and its reason go into the audit log in the transaction that makes it.
// Nothing caches these on the server: GET /parameters reads the table, so the next page load
// shows the new value without a restart.
import { SITE_PARAMETER_KEYS, type SiteParameter, type SiteParameterBody } from '@hashpool/shared';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import * as repo from './site-parameters.repository';

const view = (row: repo.SiteParameterRow): SiteParameter => ({ key: row.key as SiteParameter['key'], value: row.value, updated_at: row.updatedAt.toISOString() });

export class SiteParametersService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
  ) {}

  /** Every editable parameter in SITE_PARAMETER_KEYS order; a key without a row reads empty. */
  async list(): Promise<{ list: SiteParameter[] }> {
    const rows = new Map((await repo.listByKeys(this.db, SITE_PARAMETER_KEYS)).map((r) => [r.key, r]));
    return { list: SITE_PARAMETER_KEYS.map((key) => { const row = rows.get(key); return row ? view(row) : { key, value: '', updated_at: null }; }) };
  }

  async update(adminId: string, body: SiteParameterBody): Promise<SiteParameter> {
    return inTransaction(this.db, async (tx) => {
      const old = await repo.findForUpdate(tx, body.key);
      const row = await repo.write(tx, body.key, body.value, this.clock.now());
      await this.audit.record({ adminUserId: adminId, action: 'site_parameter_update', target: `site_parameter:${body.key}`, detail: { from: old?.value ?? '', to: body.value, reason: body.reason } }, tx);
      return view(row);
    });
  }
}
