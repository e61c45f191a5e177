// The operators' coin list: whether the site lists a coin, its place in the lists, and the stratum
// address its connection guide shows until a stratum process announces its own. The change and its
// reason go into the audit log in the transaction that makes it; GET /pools reads the table, so
// the next page load shows it without a restart. At least one coin stays listed: a pool site
// without a single pool has nothing to show its visitors.
import { coinMaturity, type AdminCoin, type AdminCoinBody } from '@hashpool/shared';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import * as repo from './coin-list.repository';

const view = (c: repo.CoinRow): AdminCoin => ({
  code: c.code,
  name: c.name,
  symbol: c.symbol,
  algorithm: c.algorithm,
  mode: c.mode as AdminCoin['mode'],
  enabled: c.enabled,
  sort_order: c.sortOrder,
  stratum_url: c.stratumUrl,
  maturity: coinMaturity(c.code),
  updated_at: c.updatedAt.toISOString(),
});

export class CoinListService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
  ) {}

  async list(): Promise<{ list: AdminCoin[] }> {
    return { list: (await repo.listAll(this.db)).map(view) };
  }

  async update(adminId: string, code: string, body: AdminCoinBody): Promise<AdminCoin> {
    return inTransaction(this.db, async (tx) => {
      // Listing changes take turns: two admins hiding the last two coins at once would each see
      // the other's still listed (each locks only its own row) and leave none.
      await repo.lockListing(tx);
      const before = await repo.findForUpdate(tx, code);
      if (!before) throw new AppError('coin_not_found');
      if (before.enabled && !body.enabled) {
        const listed = (await repo.listAll(tx)).filter((c) => c.enabled && c.code !== code);
        if (listed.length === 0) throw new AppError('coin_last_listed');
      }
      const after = (await repo.update(tx, code, { enabled: body.enabled, sortOrder: body.sort_order, stratumUrl: body.stratum_url, updatedAt: this.clock.now() }))!;
      const changes: Record<string, string> = {};
      if (before.enabled !== after.enabled) changes.enabled = `${before.enabled} -> ${after.enabled}`;
      if (before.sortOrder !== after.sortOrder) changes.sort_order = `${before.sortOrder} -> ${after.sortOrder}`;
      if (before.stratumUrl !== after.stratumUrl) changes.stratum_url = `${before.stratumUrl} -> ${after.stratumUrl}`;
      await this.audit.record({ adminUserId: adminId, action: 'coin_listing_update', target: `coin:${code}`, detail: { ...changes, reason: body.reason } }, tx);
      return view(after);
    });
  }
}
