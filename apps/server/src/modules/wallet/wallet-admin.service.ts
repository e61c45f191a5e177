// The operators' side of the wallet: the review queue of large withdrawals, balances and ledger
// of an account, system adjustments with a mandatory reason, the reconciliation report and the
// audit log. Every decision and correction is written to admin_audit_log in the same transaction
// as its effect.
import Decimal from 'decimal.js';
import { and, desc, eq, sql } from 'drizzle-orm';
import { coinBaseDecimals, type BusinessType, type WithdrawalStatus } from '@hashpool/shared';
import { queryRows, type Db, type Tx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { miningAccounts, users } from '../accounts/accounts.tables';
import type { ChainAdapter } from './chain';
import { balancesOf, post, SYSTEM } from './ledger';
import { reconcile, type ReconciliationReport } from './reconciliation';
import { returnFunds } from './withdrawal-processor';
import { withdrawalView } from './wallet.service';
import { adminAuditLog, withdrawals } from './wallet.tables';

export class WalletAdminService {
  /** The last daily reconciliation, for the report page and the alert. */
  lastReport: ReconciliationReport | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly chain: ChainAdapter,
  ) {}

  private audit(tx: Tx, adminUserId: string | null, action: string, target: string, detail: Record<string, string>) {
    return tx.insert(adminAuditLog).values({ adminUserId, action, target, detail, createdAt: this.clock.now() });
  }

  async withdrawals(status: WithdrawalStatus | undefined, page: number, pageSize: number) {
    const where = status ? eq(withdrawals.status, status) : undefined;
    const [rows, [count]] = await Promise.all([
      this.db
        .select({ w: withdrawals, accountName: miningAccounts.name, email: users.email })
        .from(withdrawals)
        .innerJoin(miningAccounts, eq(miningAccounts.id, withdrawals.accountId))
        .innerJoin(users, eq(users.id, withdrawals.userId))
        .where(where)
        .orderBy(status === 'reviewing' ? withdrawals.createdAt : desc(withdrawals.createdAt))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db.select({ n: sql<number>`count(*)::int` }).from(withdrawals).where(where),
    ]);
    return {
      list: rows.map((r) => ({ ...withdrawalView(r.w), account_name: r.accountName, user_email: r.email, reviewed_at: r.w.reviewedAt?.toISOString() ?? null })),
      total: count?.n ?? 0,
    };
  }

  private async decide(adminUserId: string, id: string, to: 'processing' | 'rejected', reason?: string): Promise<void> {
    const now = this.clock.now();
    await inTransaction(this.db, async (tx) => {
      const [w] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id));
      if (!w) throw new AppError('withdrawal_not_found');
      const moved = await tx
        .update(withdrawals)
        .set({ status: to, reviewedBy: adminUserId, reviewedAt: now, updatedAt: now, ...(reason ? { reason } : {}) })
        .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'reviewing')))
        .returning({ id: withdrawals.id });
      if (moved.length === 0) throw new AppError('withdrawal_state_invalid');
      if (to === 'rejected') await returnFunds(tx, w, now);
      await this.audit(tx, adminUserId, to === 'processing' ? 'withdrawal_approve' : 'withdrawal_reject', `withdrawal:${id}`, {
        coin: w.coin,
        amount: new Decimal(w.amount).toFixed(),
        ...(reason ? { reason } : {}),
      });
    });
  }

  approve(adminUserId: string, id: string) {
    return this.decide(adminUserId, id, 'processing');
  }

  reject(adminUserId: string, id: string, reason: string) {
    return this.decide(adminUserId, id, 'rejected', reason);
  }

  private async accountByName(name: string) {
    const [row] = await this.db
      .select({ id: miningAccounts.id, name: miningAccounts.name, email: users.email })
      .from(miningAccounts)
      .innerJoin(users, eq(users.id, miningAccounts.userId))
      .where(sql`lower(${miningAccounts.name}) = ${name.toLowerCase()}`);
    if (!row) throw new AppError('transfer_account_invalid');
    return row;
  }

  async ledger(accountName: string, page: number, pageSize: number) {
    const account = await this.accountByName(accountName);
    const [balances, entries, [count]] = await Promise.all([
      balancesOf(this.db, account.id),
      queryRows<{ id: string | number; business_type: string; coin: string; bucket: string; amount: string; reference: string | null; created_at: Date | string }>(
        this.db,
        sql`select p.id, p.business_type, e.coin, e.bucket, e.amount::text as amount, p.reference, p.created_at
              from ledger_entries e join ledger_postings p on p.id = e.posting_id
             where e.holder = ${account.id} order by e.posting_id desc, e.coin, e.bucket limit ${pageSize} offset ${(page - 1) * pageSize}`,
      ),
      queryRows<{ n: number }>(this.db, sql`select count(*)::int as n from ledger_entries where holder = ${account.id}`),
    ]);
    return {
      account: { id: account.id, name: account.name, user_email: account.email },
      balances: balances.map((b) => ({ coin: b.coin, available: new Decimal(b.available).toFixed(), frozen: new Decimal(b.frozen).toFixed(), locked: new Decimal(b.locked).toFixed() })),
      entries: {
        list: entries.map((e) => ({
          id: Number(e.id),
          // Transfers are one type in the ledger; lists name their direction (as the user's list does).
          business_type: (e.business_type === 'transfer' ? (e.amount.startsWith('-') ? 'transfer_out' : 'transfer_in') : e.business_type) as BusinessType,
          coin: e.coin,
          bucket: e.bucket,
          amount: new Decimal(e.amount).toFixed(),
          txid: null,
          status: 'completed',
          reference: e.reference,
          created_at: new Date(e.created_at).toISOString(),
        })),
        total: count?.n ?? 0,
      },
    };
  }

  /**
   * A correction: a posting of business type "system adjustment" against the adjustments account.
   * `key` is the operator's Idempotency-Key (SECURITY-CHECKLIST item 29), the posting's key within
   * that operator's own: a retry of a call whose answer was lost finds the first posting (the
   * ledger answers it as replayed) and gets its answer, credits nothing and audits nothing again;
   * the same key with another account, coin, amount or reason is refused (idempotency_conflict).
   */
  async adjust(adminUserId: string, key: string, body: { account: string; coin: string; amount: string; reason: string }): Promise<{ posting_id: number }> {
    const account = await this.accountByName(body.account);
    const amount = new Decimal(body.amount);
    // Whole base units of the coin (the ledger refuses finer amounts): the satoshi, not the display's 6 decimals.
    if (amount.decimalPlaces() > coinBaseDecimals(body.coin)) throw new AppError('validation_failed', { fields: [{ field: 'body.amount', messageKey: 'amount' }] });
    const now = this.clock.now();
    return inTransaction(this.db, async (tx) => {
      const { postingId, replayed } = await post(
        tx,
        {
          idempotencyKey: `adjustment:${adminUserId}:${key}`,
          businessType: 'system_adjustment',
          reference: `adjustment:${adminUserId}`,
          memo: { reason: body.reason },
          entries: [
            { holder: SYSTEM.adjustments, coin: body.coin, amount: amount.neg().toFixed() },
            { holder: account.id, coin: body.coin, amount: amount.toFixed() },
          ],
        },
        now,
      );
      if (!replayed) await this.audit(tx, adminUserId, 'adjustment', `account:${account.name}`, { coin: body.coin, amount: amount.toFixed(), reason: body.reason, posting: String(postingId) });
      return { posting_id: postingId };
    });
  }

  async reconciliation(): Promise<ReconciliationReport> {
    this.lastReport = await reconcile(this.db, (coins) => this.chain.custody(coins), this.clock.now());
    return this.lastReport;
  }

  /** The daily check: a mismatch is written to the audit log (the operators' inbox) and returned. */
  async dailyReconciliation(): Promise<ReconciliationReport> {
    const report = await this.reconciliation();
    if (!report.ok) {
      await inTransaction(this.db, (tx) =>
        this.audit(tx, null, 'reconciliation_mismatch', 'ledger', {
          unbalanced: String(report.unbalanced.length),
          balance_mismatches: String(report.balanceMismatches.length),
          custody: report.custody.filter((c) => !c.ok).map((c) => `${c.coin}: ${c.expected} != ${c.actual}`).join('; '),
        }),
      );
    }
    return report;
  }

  async auditLog(page: number, pageSize: number) {
    const [rows, [count]] = await Promise.all([
      this.db
        .select({ a: adminAuditLog, email: users.email })
        .from(adminAuditLog)
        .leftJoin(users, eq(users.id, adminAuditLog.adminUserId))
        .orderBy(desc(adminAuditLog.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db.select({ n: sql<number>`count(*)::int` }).from(adminAuditLog),
    ]);
    return {
      list: rows.map((r) => ({ id: r.a.id, admin: r.email, action: r.a.action, target: r.a.target, detail: r.a.detail ?? null, created_at: r.a.createdAt.toISOString() })),
      total: count?.n ?? 0,
    };
  }
}
