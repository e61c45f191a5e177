// The operators' side of the wallet: the review queue of large withdrawals, balances and ledger
// of an account, system adjustments with a mandatory reason, the reconciliation report and the
// audit log. Every decision and correction is written to admin_audit_log in the same transaction
// as its effect.
import { coinBaseDecimals, type WithdrawalStatus } from '@hashpool/shared';
import type { Db, Tx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { AccountDirectory } from '../accounts';
import type { ChainAdapter } from './chain';
import { balancesOf, LedgerDecimal as Decimal, post, SYSTEM } from './ledger';
import { reconcile, type ReconciliationReport } from './reconciliation';
import { movementType, plain, withdrawalView } from './wallet.presenter';
import * as repo from './wallet.repository';
import { returnFunds } from './withdrawal-processor';

export class WalletAdminService {
  /** The last daily reconciliation, for the report page and the alert. */
  lastReport: ReconciliationReport | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly chain: ChainAdapter,
    private readonly deps: { audit: AuditLog; accounts: AccountDirectory },
  ) {}

  private audit(tx: Tx, adminUserId: string | null, action: string, target: string, detail: Record<string, string>) {
    return this.deps.audit.record({ adminUserId, action, target, detail }, tx);
  }

  async withdrawals(status: WithdrawalStatus | undefined, page: number, pageSize: number) {
    const { rows, total } = await repo.pageAllWithdrawals(this.db, status, (page - 1) * pageSize, pageSize);
    const [names, emails] = await Promise.all([
      this.deps.accounts.namesByIds(rows.flatMap((w) => (w.accountId ? [w.accountId] : []))),
      this.deps.accounts.emailsOf(rows.flatMap((w) => (w.userId ? [w.userId] : []))),
    ]);
    const list = rows.map((w) => ({ ...withdrawalView(w), account_name: names.get(w.accountId!) ?? '', user_email: emails.get(w.userId!) ?? null, reviewed_at: w.reviewedAt?.toISOString() ?? null }));
    return { list, total };
  }

  private async decide(adminUserId: string, id: string, to: 'processing' | 'rejected', reason?: string): Promise<void> {
    const now = this.clock.now();
    await inTransaction(this.db, async (tx) => {
      const w = await repo.findWithdrawal(tx, id);
      if (!w) throw new AppError('withdrawal_not_found');
      if (!(await repo.moveWithdrawal(tx, id, 'reviewing', to, { reviewedBy: adminUserId, reviewedAt: now, ...(reason ? { reason } : {}) }, now))) throw new AppError('withdrawal_state_invalid');
      if (to === 'rejected') await returnFunds(tx, w, now);
      await this.audit(tx, adminUserId, to === 'processing' ? 'withdrawal_approve' : 'withdrawal_reject', `withdrawal:${id}`, { coin: w.coin, amount: plain(w.amount), ...(reason ? { reason } : {}) });
    });
  }

  approve(adminUserId: string, id: string) {
    return this.decide(adminUserId, id, 'processing');
  }

  reject(adminUserId: string, id: string, reason: string) {
    return this.decide(adminUserId, id, 'rejected', reason);
  }

  private async accountByName(name: string) {
    const account = await this.deps.accounts.byName(name);
    if (!account) throw new AppError('transfer_account_invalid');
    return account;
  }

  async ledger(accountName: string, page: number, pageSize: number) {
    const account = await this.accountByName(accountName);
    const [balances, entries, emails] = await Promise.all([
      balancesOf(this.db, account.id),
      repo.pageEntries(this.db, account.id, (page - 1) * pageSize, pageSize),
      this.deps.accounts.emailsOf([account.userId]),
    ]);
    return {
      account: { id: account.id, name: account.name, user_email: emails.get(account.userId) ?? null },
      balances: balances.map((b) => ({ coin: b.coin, available: plain(b.available), frozen: plain(b.frozen), locked: plain(b.locked) })),
      entries: {
        list: entries.rows.map((e) => ({
          id: Number(e.id),
          // Transfers are one type in the ledger; lists name their direction (as the user's list does).
          business_type: movementType(e.business_type, e.amount),
          coin: e.coin,
          bucket: e.bucket,
          amount: plain(e.amount),
          txid: null,
          status: 'completed',
          reference: e.reference,
          created_at: new Date(e.created_at).toISOString(),
        })),
        total: entries.total,
      },
    };
  }

  /**
   * A correction: a posting of business type "system adjustment" against the adjustments account.
   * `key` is the operator's Idempotency-Key (docs/security.md item 29), the posting's key within
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

  /** The operators' audit log, newest first, each operator named by email. */
  auditLog(page: number, pageSize: number) {
    return this.deps.audit.page(page, pageSize, (ids) => this.deps.accounts.emailsOf(ids));
  }

}
