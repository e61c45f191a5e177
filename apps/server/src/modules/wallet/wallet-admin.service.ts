// The operators' side of the wallet: the review queue of large withdrawals, balances and ledger
// of an account, system adjustments with a mandatory reason, the reconciliation report and the
// audit log. Every decision and correction is written to admin_audit_log in the same transaction
// as its effect.
import { coinBaseDecimals, maxSupplyOf, type AuditAction, type WithdrawalStatus } from '@hashpool/shared';
import type { Db, Tx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { refuseOwnMoney } from '../../platform/own-money';
import type { AccountDirectory } from '../accounts';
import type { ChainAdapter } from './chain';
import { balancesOf, LedgerDecimal as Decimal, movedSince, pageEntries, post, postingOfKey, custodyCheck, reconcile, SYSTEM, type ReconciliationReport } from '../ledger';
import type { Mailer } from '../../platform/mailer';
import { translate } from '../../platform/messages';
import { metrics } from '../../platform/metrics';
import type { Notifications } from '../../platform/notifications';
import { walletCustody } from './custody';
import { movementType, plain, withdrawalView } from './wallet.presenter';
import * as repo from './wallet.repository';
import { returnFunds } from './withdrawal-processor';

/** The window over which one operator's adjustments of a coin add up against the four-eyes threshold. */
const ADJUSTMENT_WINDOW_MS = 24 * 3600_000;

/** Whether an adjustment request is the one now sent again under its key (other content is idempotency_conflict). */
function sameAdjustment(request: repo.ApprovalRow, accountId: string, coin: string, amount: Decimal, reason: string): boolean {
  return request.coin === coin && request.detail.account_id === accountId && new Decimal(request.amount).eq(amount) && request.detail.reason === reason;
}

export class WalletAdminService {
  /** The last daily reconciliation, for the report page and the alert. */
  lastReport: ReconciliationReport | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly chain: ChainAdapter,
    private readonly deps: { audit: AuditLog; accounts: AccountDirectory; notifications?: Pick<Notifications, 'alertOperators'>; mailer?: Mailer },
  ) {}

  private audit(tx: Tx, adminUserId: string | null, action: AuditAction, target: string, detail: Record<string, string>) {
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
      await this.move(tx, adminUserId, w, to, now, reason);
    });
  }

  private async move(tx: Tx, adminUserId: string, w: repo.WithdrawalRow, to: 'processing' | 'rejected', now: Date, reason?: string, extra: Record<string, string> = {}): Promise<void> {
    // Sending is approving one's own money out; rejecting only gives it back, which anyone may.
    if (to === 'processing') refuseOwnMoney(adminUserId, w.userId);
    if (!(await repo.moveWithdrawal(tx, w.id, 'reviewing', to, { reviewedBy: adminUserId, reviewedAt: now, ...(reason ? { reason } : {}) }, now))) throw new AppError('withdrawal_state_invalid');
    if (to === 'rejected') {
      await returnFunds(tx, w, now);
      // A four-eyes request waiting for it leaves the approvals list: nothing is left to confirm.
      await repo.declineApprovalOf(tx, `withdrawal:${w.id}`, adminUserId, now);
    }
    await this.audit(tx, adminUserId, to === 'processing' ? 'withdrawal_approve' : 'withdrawal_reject', `withdrawal:${w.id}`, { coin: w.coin, amount: plain(w.amount), ...(reason ? { reason } : {}), ...extra });
  }

  /** The coin's four-eyes threshold, when `amount` is above it. */
  private async needsSecond(tx: Tx, coin: string, amount: string): Promise<boolean> {
    const threshold = (await repo.coinLimits(tx, coin))?.fourEyesThreshold;
    return threshold !== null && threshold !== undefined && new Decimal(amount).abs().gt(threshold);
  }

  /**
   * A withdrawal part takes a second operator when its whole request is above the threshold: the
   * parts of a request split at the coin's single maximum would each be below it (the seeded
   * maxima are all below the thresholds), so one operator could send any amount part by part.
   */
  private async partNeedsSecond(tx: Tx, w: repo.WithdrawalRow): Promise<boolean> {
    return this.needsSecond(tx, w.coin, w.parts > 1 ? await repo.requestAmount(tx, w.requestId) : w.amount);
  }

  /**
   * Approves a withdrawal under review. Above the coin's four-eyes threshold the first approval
   * is recorded as pending and a second, different operator's approval sends it.
   */
  async approve(adminUserId: string, id: string): Promise<{ status: 'approved' | 'pending'; approval_id: string | null }> {
    const now = this.clock.now();
    return inTransaction(this.db, async (tx) => {
      // Locked: two operators approving at once take turns, the second finds the first's request
      // (a pending request before it is committed has no row to lock, and two would collide).
      const w = await repo.lockWithdrawal(tx, id);
      if (!w) throw new AppError('withdrawal_not_found');
      if (w.status !== 'reviewing') throw new AppError('withdrawal_state_invalid');
      refuseOwnMoney(adminUserId, w.userId);
      if (!(await this.partNeedsSecond(tx, w))) {
        await this.move(tx, adminUserId, w, 'processing', now);
        return { status: 'approved' as const, approval_id: null };
      }
      const pending = await repo.pendingApprovalOf(tx, `withdrawal:${id}`);
      if (!pending) {
        const row = await repo.insertApproval(tx, { kind: 'withdrawal', target: `withdrawal:${id}`, coin: w.coin, amount: w.amount, detail: { withdrawal: id }, requestedBy: adminUserId, requestedAt: now });
        await this.audit(tx, adminUserId, 'withdrawal_approve_requested', `withdrawal:${id}`, { coin: w.coin, amount: plain(w.amount), approval: row.id });
        return { status: 'pending' as const, approval_id: row.id };
      }
      if (pending.requestedBy === adminUserId) throw new AppError('four_eyes_same_operator');
      if (!(await repo.closeApproval(tx, pending.id, adminUserId, now))) throw new AppError('approval_not_found');
      await this.move(tx, adminUserId, w, 'processing', now, undefined, { approval: pending.id, requested_by: pending.requestedBy });
      return { status: 'approved' as const, approval_id: pending.id };
    });
  }

  reject(adminUserId: string, id: string, reason: string) {
    return this.decide(adminUserId, id, 'rejected', reason);
  }

  /** Four-eyes requests waiting for a second operator, newest first. */
  async approvals() {
    const rows = await repo.pendingApprovals(this.db);
    const emails = await this.deps.accounts.emailsOf([...new Set(rows.map((r) => r.requestedBy))]);
    return {
      list: rows.map((r) => ({ id: r.id, kind: r.kind, target: r.target, coin: r.coin, amount: plain(r.amount), detail: r.detail, requested_by: emails.get(r.requestedBy) ?? null, requested_at: r.requestedAt.toISOString() })),
    };
  }

  /**
   * Declines a pending four-eyes request: any operator of the role may, the one who asked too (a
   * request made by mistake). An adjustment is then not made (its key answers approval_declined);
   * a withdrawal stays under review, to be rejected or approved again (a new request). Audited.
   */
  async decline(adminUserId: string, approvalId: string, reason: string): Promise<{ status: 'declined' }> {
    const now = this.clock.now();
    return inTransaction(this.db, async (tx) => {
      const a = await repo.declineApproval(tx, approvalId, adminUserId, now);
      if (!a) throw new AppError('approval_not_found');
      const target = a.kind === 'withdrawal' ? a.target : `account:${a.detail.account ?? ''}`;
      await this.audit(tx, adminUserId, 'approval_declined', target, { coin: a.coin, amount: plain(a.amount), reason, approval: a.id });
      return { status: 'declined' as const };
    });
  }

  /** A second operator confirms a pending adjustment or withdrawal approval (never the one who asked). */
  async confirm(adminUserId: string, approvalId: string): Promise<{ status: 'approved'; posting_id: number | null }> {
    const now = this.clock.now();
    // Read before the transaction: an embedded database serves one connection at a time.
    const operators = new Set((await this.deps.accounts.operators(['finance'])).map((o) => o.userId));
    return inTransaction(this.db, async (tx) => {
      const a = await repo.findPendingApproval(tx, approvalId);
      if (!a) throw new AppError('approval_not_found');
      if (a.requestedBy === adminUserId) throw new AppError('four_eyes_same_operator');
      // Two operators' decision: one who has left the role since asking is no longer one of them.
      if (!operators.has(a.requestedBy)) throw new AppError('approval_requester_gone');
      if (!(await repo.closeApproval(tx, a.id, adminUserId, now))) throw new AppError('approval_not_found');
      if (a.kind === 'withdrawal') {
        const w = await repo.findWithdrawal(tx, a.detail.withdrawal!);
        if (!w) throw new AppError('withdrawal_not_found');
        await this.move(tx, adminUserId, w, 'processing', now, undefined, { approval: a.id, requested_by: a.requestedBy });
        return { status: 'approved' as const, posting_id: null };
      }
      const d = a.detail;
      refuseOwnMoney(adminUserId, (await this.deps.accounts.byName(d.account!, tx))?.userId);
      // The cap as it is now: one lowered since the request was made holds for its confirmation too.
      const cap = (await repo.coinLimits(tx, a.coin))?.adjustmentCap;
      if (cap !== null && cap !== undefined && new Decimal(d.amount!).abs().gt(cap)) throw new AppError('adjustment_over_cap', { params: { max: plain(cap), coin: a.coin.toUpperCase() } });
      const posting = await this.postAdjustment(tx, a.requestedBy, d.key!, { account: d.account!, accountId: d.account_id!, coin: a.coin, amount: d.amount!, reason: d.reason! }, now, { approval: a.id, confirmed_by: adminUserId });
      return { status: 'approved' as const, posting_id: posting };
    });
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
      pageEntries(this.db, account.id, (page - 1) * pageSize, pageSize),
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
  async adjust(adminUserId: string, key: string, body: { account: string; coin: string; amount: string; reason: string }): Promise<{ posting_id: number | null; approval_id: string | null; status: 'done' | 'pending' }> {
    const account = await this.accountByName(body.account);
    refuseOwnMoney(adminUserId, account.userId);
    const amount = new Decimal(body.amount);
    // Whole base units of the coin (the ledger refuses finer amounts): the satoshi, not the display's 6 decimals.
    if (amount.decimalPlaces() > coinBaseDecimals(body.coin)) throw new AppError('validation_failed', { fields: [{ field: 'body.amount', messageKey: 'amount' }] });
    // No adjustment larger than the coin can have in existence, nor than the cap the operators set.
    const supply = maxSupplyOf(body.coin);
    if (amount.abs().gt(supply)) throw new AppError('adjustment_over_supply', { params: { max: supply, coin: body.coin.toUpperCase() } });
    const now = this.clock.now();
    return inTransaction(this.db, async (tx) => {
      const cap = (await repo.coinLimits(tx, body.coin))?.adjustmentCap;
      if (cap !== null && cap !== undefined && amount.abs().gt(cap)) throw new AppError('adjustment_over_cap', { params: { max: plain(cap), coin: body.coin.toUpperCase() } });
      // A retry of an adjustment made already (at once, or confirmed by a second operator) is
      // answered by its posting (the ledger replays it; other content is idempotency_conflict).
      const target = `adjustment:${adminUserId}:${key}`;
      if (await postingOfKey(tx, target)) {
        const posting = await this.postAdjustment(tx, adminUserId, key, { account: account.name, accountId: account.id, coin: body.coin, amount: amount.toFixed(), reason: body.reason }, now);
        return { posting_id: posting, approval_id: (await repo.adjustmentApprovalOf(tx, target))?.id ?? null, status: 'done' as const };
      }
      // A request made with this key decides, whatever the threshold or the day's sum is now:
      // declined, its key is spent; pending, it still waits (locked: a decline or a confirmation
      // running at once waits for this transaction, or finished first).
      const asked = await repo.lockAdjustmentApprovalOf(tx, target);
      if (asked) {
        if (!sameAdjustment(asked, account.id, body.coin, amount, body.reason)) throw new AppError('idempotency_conflict');
        if (asked.status === 'declined') throw new AppError('approval_declined');
        if (asked.status === 'pending') return { posting_id: null, approval_id: asked.id, status: 'pending' as const };
      }
      // The threshold holds for what this operator adjusted in the coin over the last day, with
      // this one: one operator would otherwise pass any amount in parts just below it. One
      // operator's adjustments take turns, so two parts sent at once do not both pass.
      await repo.lockOperatorAdjustments(tx, adminUserId);
      // Those a second operator confirmed were seen by two already and are left out.
      const since = new Date(now.getTime() - ADJUSTMENT_WINDOW_MS);
      const confirmed = await repo.confirmedAdjustmentTargets(tx, adminUserId, since);
      const lastDay = await movedSince(tx, { reference: `adjustment:${adminUserId}`, businessType: 'system_adjustment', holder: SYSTEM.adjustments, coin: body.coin, since, exceptKeys: confirmed });
      if (await this.needsSecond(tx, body.coin, amount.abs().plus(lastDay).toFixed())) {
        // Four-eyes: the request waits for a second operator. One request per key (a unique index):
        // the same request sent twice at once, or again later, finds the first.
        const detail = { account: account.name, account_id: account.id, amount: amount.toFixed(), reason: body.reason, key };
        const row = await repo.insertAdjustmentApproval(tx, { kind: 'adjustment', target, coin: body.coin, amount: amount.toFixed(), detail, requestedBy: adminUserId, requestedAt: now });
        if (row) {
          await this.audit(tx, adminUserId, 'adjustment_requested', `account:${account.name}`, { coin: body.coin, amount: amount.toFixed(), reason: body.reason, approval: row.id });
          return { posting_id: null, approval_id: row.id, status: 'pending' as const };
        }
        const existing = (await repo.adjustmentApprovalOf(tx, target))!;
        if (!sameAdjustment(existing, account.id, body.coin, amount, body.reason)) throw new AppError('idempotency_conflict');
        if (existing.status === 'pending') return { posting_id: null, approval_id: existing.id, status: 'pending' as const };
        // Declined meanwhile (after the check above): not carried out either.
        if (existing.status === 'declined') throw new AppError('approval_declined');
        // Confirmed already: its posting (the ledger answers it as replayed, audited once).
        const posting = await this.postAdjustment(tx, adminUserId, key, { account: account.name, accountId: account.id, coin: body.coin, amount: amount.toFixed(), reason: body.reason }, now);
        return { posting_id: posting, approval_id: existing.id, status: 'done' as const };
      }
      const posting = await this.postAdjustment(tx, adminUserId, key, { account: account.name, accountId: account.id, coin: body.coin, amount: amount.toFixed(), reason: body.reason }, now);
      return { posting_id: posting, approval_id: null, status: 'done' as const };
    });
  }

  /** The adjustment's posting and its audit entry (none again for a replay). */
  private async postAdjustment(tx: Tx, adminUserId: string, key: string, a: { account: string; accountId: string; coin: string; amount: string; reason: string }, now: Date, extra: Record<string, string> = {}): Promise<number> {
    const amount = new Decimal(a.amount);
    const { postingId, replayed } = await post(
      tx,
      {
        idempotencyKey: `adjustment:${adminUserId}:${key}`,
        businessType: 'system_adjustment',
        reference: `adjustment:${adminUserId}`,
        memo: { reason: a.reason },
        entries: [
          { holder: SYSTEM.adjustments, coin: a.coin, amount: amount.neg().toFixed() },
          { holder: a.accountId, coin: a.coin, amount: amount.toFixed() },
        ],
      },
      now,
    );
    if (!replayed) await this.audit(tx, adminUserId, 'adjustment', `account:${a.account}`, { coin: a.coin, amount: amount.toFixed(), reason: a.reason, posting: String(postingId), ...extra });
    return postingId;
  }

  /** A reconciliation now (the operators' page): not the daily one, whose result the metrics and the report keep. */
  reconciliation(): Promise<ReconciliationReport> {
    return reconcile(this.db, walletCustody(this.chain), this.clock.now());
  }

  /**
   * The daily check. A mismatch is written to the audit log, told to every admin and finance
   * operator (message centre and mail, in their language) and counted in the
   * hashpool_reconciliation_mismatches gauge an alert rule can watch (0 again once clean).
   * The custody check reads the database, then the nodes: a payment sent or a deposit confirmed
   * in between shows as a mismatch that the wallet's next pass clears. So a custody mismatch is
   * checked once more, custody alone, through `recheck` (wallet.jobs.ts: after a wallet pass, with
   * no other pass running) and told only if it stays; a recheck that cannot run (the pass's lease
   * stays taken, a node does not answer) leaves the first finding to be told.
   */
  async dailyReconciliation(recheck?: (check: () => Promise<ReconciliationReport['custody']>) => Promise<ReconciliationReport['custody']>): Promise<ReconciliationReport> {
    let report = await this.reconciliation();
    this.lastReport = report;
    if (recheck && report.custody.some((c) => !c.ok)) {
      const custody = await recheck(() => custodyCheck(this.db, walletCustody(this.chain))).catch(() => report.custody);
      report = { ...report, custody, ok: report.unbalanced.length === 0 && report.balanceMismatches.length === 0 && custody.every((c) => c.ok) };
      this.lastReport = report;
    }
    const custodyOff = report.custody.filter((c) => !c.ok);
    metrics.reconciliationMismatches.set(report.unbalanced.length + report.balanceMismatches.length + custodyOff.length);
    if (!report.ok) {
      const detail = {
        unbalanced: String(report.unbalanced.length),
        balance_mismatches: String(report.balanceMismatches.length),
        custody: custodyOff.map((c) => `${c.coin}: ${c.expected} != ${c.actual}`).join('; '),
      };
      const operators = await this.deps.accounts.operators(['finance']);
      await inTransaction(this.db, async (tx) => {
        await this.audit(tx, null, 'reconciliation_mismatch', 'ledger', detail);
        await this.deps.notifications?.alertOperators(operators, { alert: 'reconciliation_mismatch', unbalanced: detail.unbalanced, balance_mismatches: detail.balance_mismatches, custody: String(custodyOff.length) }, tx);
      });
      // Mail after the commit; a mail server that is down must not undo the alert in the app.
      for (const o of operators) {
        const to = o.notifyEmail ?? o.email;
        if (!to || !this.deps.mailer) continue;
        const params = { unbalanced: detail.unbalanced, balances: detail.balance_mismatches, custody: detail.custody || '0' };
        await this.deps.mailer.send({ to, subject: translate(o.language, 'mail', 'reconciliation_mismatch_subject'), text: translate(o.language, 'mail', 'reconciliation_mismatch_body', params) }).catch(() => undefined);
      }
    }
    return report;
  }

  /** Sub-accounts holding `address` as a withdraw address (the operators' user search). */
  accountsByAddress(address: string): Promise<string[]> {
    return repo.accountIdsByWithdrawAddress(this.db, address);
  }

  /** A user's balances per sub-account and recent withdrawals, for the operators' user page. */
  async userWallet(accounts: Array<{ id: string; name: string }>) {
    const names = new Map(accounts.map((a) => [a.id, a.name]));
    const [balances, withdrawals] = await Promise.all([
      Promise.all(accounts.map(async (a) => (await balancesOf(this.db, a.id)).map((b) => ({ account: a.name, coin: b.coin, available: plain(b.available), frozen: plain(b.frozen), locked: plain(b.locked) })))),
      repo.recentWithdrawalsOf(this.db, accounts.map((a) => a.id), 20),
    ]);
    return {
      balances: balances.flat(),
      withdrawals: withdrawals.map((w) => ({ id: w.id, account: names.get(w.accountId!) ?? '', coin: w.coin, amount: plain(w.amount), status: w.status, created_at: w.createdAt.toISOString() })),
    };
  }

  /** Withdrawals per status, for the metrics. */
  withdrawalCounts() {
    return repo.withdrawalCountsByStatus(this.db);
  }

  /** The operators' audit log, newest first, each operator named by email. */
  auditLog(page: number, pageSize: number) {
    return this.deps.audit.page(page, pageSize, (ids) => this.deps.accounts.namesOf(ids));
  }

}
