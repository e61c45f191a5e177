// Borrowing (docs/rules.md, Borrowing): loan products (operators), a borrow within the
// product's range and the pool's lending capacity, approval (an operator's, or automatic below
// the product's threshold), the borrowed ALEO going straight into the borrower's stake (sys:loans
// to the locked bucket), daily interest, repayment from the balance, cancellation of a pending
// loan, and the settlement at the end of the period from the balance (where mining earnings are
// credited) and then the stake.
import { givenNames, STAKING_COIN, type BorrowingOverview, type LoanProductBody, type LoanStatus } from '@hashpool/shared';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { inTransaction } from '../../db/transaction';
import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { oneRequestPerKey } from '../../platform/idempotency';
import { refuseOwnMoney } from '../../platform/own-money';
import { runEach } from '../../platform/run-each';
import type { AccountDirectory } from '../accounts';
import { balanceOf, LedgerDecimal as D, movement, post, SYSTEM, type Entry } from '../ledger';
import { repaymentSplit, settlementSources } from '../money';
import { plain, userAmount } from '../wallet';
import { adminProductView, loanView, productView } from './staking.presenter';
import * as repo from './staking.repository';
import { addDays, dayInterest, dayOf, dayStart, interestForDays } from './staking.rules';

const COIN = STAKING_COIN;

export class LoansService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly d: { audit: AuditLog; accounts: AccountDirectory },
  ) {}

  async overview(userId: string, accountId: string): Promise<BorrowingOverview> {
    const [products, lent, history, balance] = await Promise.all([repo.products(this.db, true), repo.lentByProduct(this.db), repo.loansOf(this.db, userId), balanceOf(this.db, accountId, COIN)]);
    const names = await this.productNames();
    // The current sub-account's loans; a user's one open loan on another sub-account is named.
    const open = history.find((l) => l.status === 'pending' || l.status === 'active');
    const elsewhere = open && open.accountId !== accountId ? ((await this.d.accounts.nameOf(open.accountId)) ?? null) : null;
    const views = history.filter((l) => l.accountId === accountId).map((l) => loanView(l, names.get(l.productId)));
    return {
      coin: COIN,
      available_balance: plain(balance.available),
      products: products.map((p) => productView(p, lent.get(p.id) ?? '0')),
      loan: views.find((l) => l.status === 'pending' || l.status === 'active') ?? null,
      loan_account: elsewhere,
      history: views,
    };
  }

  private async productNames() {
    return new Map((await repo.products(this.db, false)).map((p) => [p.id, p]));
  }

  private async view(loan: repo.LoanRow) {
    return loanView(loan, await repo.productById(this.db, loan.productId));
  }

  /** Asks for a loan; the terms must be agreed (the schema). Pending, or active at once below the product's threshold. */
  borrow(userId: string, accountId: string, key: string, body: { product_id: string; amount: string }) {
    const amount = userAmount(COIN, body.amount);
    return oneRequestPerKey(this.db, `borrow:${accountId}:${key}`, async () => {
      const previous = await this.loanOfKey(accountId, key, body.product_id, amount);
      if (previous) return this.view(previous);
      const loan = await inTransaction(this.db, async (tx) => {
        const now = this.clock.now();
        const product = await repo.productById(tx, body.product_id, true);
        if (!product || product.status !== 'active' || product.coin !== COIN) throw new AppError('loan_product_not_found');
        if (amount.lt(product.minAmount)) throw new AppError('borrow_too_low', { params: { min: plain(product.minAmount) } });
        if (amount.gt(product.maxAmount)) throw new AppError('borrow_too_high', { params: { max: plain(product.maxAmount) } });
        const left = D.max(0, new D(product.capacity).minus((await repo.lentByProduct(tx)).get(product.id) ?? '0'));
        if (amount.gt(left)) throw new AppError('borrow_no_capacity', { params: { left: plain(left) } });
        if (await repo.openLoanOf(tx, userId)) throw new AppError('loan_open_exists');
        const stake = await repo.activeStakeOf(tx, userId, true);
        // The loan goes into the current sub-account's stake (a stake on another one does not count).
        if (!stake || stake.accountId !== accountId) throw new AppError('borrow_stake_required');
        // The stake's own ALEO must cover the interest of the whole period (the settlement takes it from there).
        await this.requireInterestCovered(tx, stake, interestForDays(amount.toFixed(), product.rate, product.ratePeriod, product.periodDays));
        const created = await repo.insertLoan(tx, {
          userId,
          accountId: stake.accountId,
          productId: product.id,
          stakeId: stake.id,
          status: 'pending',
          amount: amount.toFixed(),
          principalDue: amount.toFixed(),
          rate: product.rate,
          ratePeriod: product.ratePeriod,
          periodDays: product.periodDays,
          idempotencyKey: key,
          createdAt: now,
        });
        if (product.autoApproveBelow !== null && amount.lt(product.autoApproveBelow)) return this.activate(tx, created, now);
        return created;
      }).catch(async (error: unknown) => {
        // The key's first request outlived its lease (10 s) and asked for its loan meanwhile: this
        // one then met that open loan or its key's index. Its answer.
        const raced = await this.loanOfKey(accountId, key, body.product_id, amount);
        if (raced) return raced;
        if (isUniqueViolation(error)) throw new AppError('loan_open_exists');
        throw error;
      });
      return this.view(loan);
    });
  }

  /** The loan asked for with this key, if any; idempotency_conflict when it was for another product or amount. */
  private async loanOfKey(accountId: string, key: string, productId: string, amount: D) {
    const loan = await repo.loanByKey(this.db, accountId, key);
    if (loan && (loan.productId !== productId || !new D(loan.amount).eq(amount))) throw new AppError('idempotency_conflict');
    return loan;
  }

  /**
   * Refuses when the stake's own ALEO (the stake less the principal of an active loan on it) is
   * below `interest`. The stake is locked by the caller.
   */
  private async requireInterestCovered(tx: Tx, stake: repo.StakeRow, interest: D) {
    const active = await repo.activeLoanOfStake(tx, stake.id);
    const own = D.max(0, new D(stake.amount).minus(active?.principalDue ?? 0));
    if (own.lt(interest)) throw new AppError('borrow_interest_uncovered', { params: { own: plain(own), interest: plain(interest) } });
  }

  /**
   * Pending to active: the ALEO goes from sys:loans into the stake the loan was asked for (locked),
   * only while that stake is active and its own ALEO still covers the period's interest.
   */
  private async activate(tx: Tx, loan: repo.LoanRow, now: Date): Promise<repo.LoanRow> {
    const stake = loan.stakeId ? await repo.stakeById(tx, loan.stakeId, true) : undefined;
    if (stake?.status !== 'active' || stake.userId !== loan.userId) throw new AppError('loan_stake_inactive');
    await this.requireInterestCovered(tx, stake, interestForDays(loan.amount, loan.rate, loan.ratePeriod, loan.periodDays));
    const batch = (await repo.batchById(tx, stake.batchId, true))!;
    const staked = (await repo.stakedByBatch(tx, [batch.id])).get(batch.id)?.amount ?? '0';
    const left = D.max(0, new D(batch.maxAmount).minus(staked));
    if (left.lt(loan.amount)) throw new AppError('borrow_no_capacity', { params: { left: plain(left) } });
    await repo.updateStake(tx, stake.id, { amount: new D(stake.amount).plus(loan.amount).toFixed() });
    // No key: the keys of stake changes are the clients' (a user could take `loan:<id>` first);
    // the loan's pending -> active under its lock makes this once.
    const change = await repo.insertChange(tx, { stakeId: stake.id, kind: 'borrow', delta: new D(loan.amount).toFixed(), idempotencyKey: null, at: now });
    await post(tx, movement({ idempotencyKey: `stake:${change.id}`, businessType: 'loan', reference: `loan:${loan.id}`, coin: COIN, amount: loan.amount, from: { holder: SYSTEM.loans }, to: { holder: stake.accountId, bucket: 'locked' } }), now);
    const today = dayOf(now);
    return repo.updateLoan(tx, loan.id, {
      status: 'active',
      stakeId: stake.id,
      accountId: stake.accountId,
      activatedAt: now,
      interestThrough: today,
      // Interest accrues for the period's days, each from 00:00 UTC the day after activation.
      endsAt: dayStart(addDays(today, 1 + loan.periodDays)),
    });
  }

  /** Repays part or all of the debt from the available balance: interest first, then principal. */
  repay(userId: string, key: string, loanId: string, body: { amount: string }) {
    const amount = userAmount(COIN, body.amount);
    return oneRequestPerKey(this.db, `repay:${loanId}:${key}`, async () => {
      const mine = await repo.loanById(this.db, loanId);
      if (!mine || mine.userId !== userId) throw new AppError('loan_not_found');
      if (!(await this.repaidWith(loanId, key, amount))) {
        await inTransaction(this.db, async (tx) => {
          const now = this.clock.now();
          const locked = (await repo.loanById(tx, loanId, true))!;
          if (locked.status !== 'active') throw new AppError('loan_state_invalid');
          // The days before today are owed on the principal they had, before this repayment lowers it.
          const { loan } = await this.accrueDays(tx, locked, addDays(dayOf(now), -1));
          const debt = new D(loan.principalDue).plus(loan.interestDue);
          if (amount.gt(debt)) throw new AppError('loan_repay_exceeds', { params: { debt: plain(debt) } });
          const row = await this.applyRepayment(tx, loan, amount, 'user', key, now);
          await post(tx, movement({ idempotencyKey: `loan-repayment:${row.id}`, businessType: 'loan_repayment', reference: `loan:${loan.id}`, coin: COIN, amount: amount.toFixed(), from: { holder: loan.accountId }, to: { holder: SYSTEM.loans } }), now);
        }).catch(async (error: unknown) => {
          // The key's first request outlived its lease (10 s) and repaid meanwhile: this one then
          // met its key's index, or the loan as that one left it. Its answer.
          if (!(await this.repaidWith(loanId, key, amount))) throw error;
        });
      }
      return this.view((await repo.loanById(this.db, loanId))!);
    });
  }

  /** Whether the user repaid the loan with this key; idempotency_conflict when with another amount. */
  private async repaidWith(loanId: string, key: string, amount: D): Promise<boolean> {
    const row = await repo.repaymentByKey(this.db, loanId, key);
    if (row && !new D(row.interest).plus(row.principal).eq(amount)) throw new AppError('idempotency_conflict');
    return row !== undefined;
  }

  /** Books a repayment on the loan (interest first) and completes it when nothing is owed. */
  private async applyRepayment(tx: Tx, loan: repo.LoanRow, amount: D, source: 'user' | 'settlement', key: string, now: Date) {
    const { interest, principal, principalDue, interestDue } = repaymentSplit(amount, loan.principalDue, loan.interestDue);
    const paidOff = principalDue.isZero() && interestDue.isZero();
    await repo.updateLoan(tx, loan.id, {
      principalDue: principalDue.toFixed(),
      interestDue: interestDue.toFixed(),
      principalRepaid: principal.plus(loan.principalRepaid).toFixed(),
      interestRepaid: interest.plus(loan.interestRepaid).toFixed(),
      ...(paidOff ? { status: 'completed' as const, closedAt: now } : {}),
    });
    return repo.insertRepayment(tx, { loanId: loan.id, source, idempotencyKey: key, interest: interest.toFixed(), principal: principal.toFixed(), at: now });
  }

  /** The borrower cancels a pending loan. */
  async cancel(userId: string, loanId: string) {
    const loan = await inTransaction(this.db, async (tx) => {
      const row = await repo.loanById(tx, loanId, true);
      if (!row || row.userId !== userId) throw new AppError('loan_not_found');
      if (row.status !== 'pending') throw new AppError('loan_state_invalid');
      return repo.updateLoan(tx, loanId, { status: 'cancelled', closedAt: this.clock.now() });
    });
    return this.view(loan);
  }

  /**
   * What an unpaid loan owes at the end of its period (or of its stake's term) is taken from the
   * available balance (mining earnings land there) and then from the stake, in one posting.
   * Returns the stake as it is after.
   */
  async settle(tx: Tx, stake: repo.StakeRow, now: Date): Promise<repo.StakeRow> {
    const locked = await repo.activeLoanOfStake(tx, stake.id, true);
    if (!locked) return stake;
    // Every day of the period is owed, also one the job has not accrued yet (it was down, or
    // this pass began before midnight).
    const { loan } = await this.accrueDays(tx, locked, addDays(dayOf(now), -1));
    const debt = new D(loan.principalDue).plus(loan.interestDue);
    const { available } = await balanceOf(tx, stake.accountId, COIN);
    const { fromBalance, fromStake, total } = settlementSources(debt, available, stake.amount);
    if (total.isZero()) return stake;
    const day = dayOf(now);
    // Several settlements of a day are possible (earnings credited after a partial one): the
    // key names the day, and only the users' keys are unique (loan_repayments_user_key_unique).
    const row = await this.applyRepayment(tx, loan, total, 'settlement', `settlement:${day}`, now);
    const entries: Entry[] = [{ holder: SYSTEM.loans, coin: COIN, amount: total.toFixed() }];
    if (fromBalance.gt(0)) entries.push({ holder: stake.accountId, coin: COIN, amount: fromBalance.neg().toFixed() });
    let updated = stake;
    if (fromStake.gt(0)) {
      entries.push({ holder: stake.accountId, coin: COIN, bucket: 'locked', amount: fromStake.neg().toFixed() });
      updated = await repo.updateStake(tx, stake.id, { amount: new D(stake.amount).minus(fromStake).toFixed() });
      await repo.insertChange(tx, { stakeId: stake.id, kind: 'settle', delta: fromStake.neg().toFixed(), idempotencyKey: null, at: now });
    }
    await post(tx, { idempotencyKey: `loan-repayment:${row.id}`, businessType: 'loan_repayment', reference: `loan:${loan.id}`, entries }, now);
    return updated;
  }

  // Daily job steps

  /**
   * Interest for each full day of the period up to yesterday, one row per loan and day. A loan
   * that fails (its row, a defect) does not stop the others; the pass reports it.
   */
  async accrue(): Promise<number> {
    const yesterday = addDays(dayOf(this.clock.now()), -1);
    let days = 0;
    await runEach(
      'loan interest',
      await repo.loansToAccrue(this.db, yesterday),
      (l) =>
        inTransaction(this.db, async (tx) => {
          const loan = (await repo.loanById(tx, l.id, true))!;
          if (loan.status === 'active') days += (await this.accrueDays(tx, loan, yesterday)).days;
        }),
      (l) => l.id,
    );
    return days;
  }

  /**
   * The interest of each day of the locked, active loan's period up to `through` not accrued
   * yet, each on the principal due then (a repayment or settlement accrues first, so the days
   * before it are owed on the principal before it). One row per loan and day.
   */
  private async accrueDays(tx: Tx, loan: repo.LoanRow, through: string): Promise<{ loan: repo.LoanRow; days: number }> {
    const lastOfPeriod = addDays(dayOf(loan.endsAt!), -1);
    const last = lastOfPeriod < through ? lastOfPeriod : through;
    let current = loan;
    let days = 0;
    for (let day = addDays(loan.interestThrough!, 1); day <= last; day = addDays(day, 1)) {
      const interest = dayInterest(current.principalDue, current.rate, current.ratePeriod);
      const fresh = await repo.insertLoanAccrual(tx, { loanId: loan.id, day, interest: interest.toFixed() });
      current = await repo.updateLoan(tx, loan.id, { interestThrough: day, interestDue: (fresh ? interest : new D(0)).plus(current.interestDue).toFixed() });
      days++;
    }
    return { loan: current, days };
  }

  /** Loans whose period is over: settled from the balance, then the stake. */
  async settleDue(): Promise<number> {
    const due = await repo.loansDue(this.db, this.clock.now());
    await runEach(
      'loan settlement',
      due,
      (l) =>
        inTransaction(this.db, async (tx) => {
          if (!l.stakeId) return;
          const stake = await repo.stakeById(tx, l.stakeId, true);
          if (stake) await this.settle(tx, stake, this.clock.now());
        }),
      (l) => l.id,
    );
    return due.length;
  }

  // Operators

  async adminProducts() {
    const [rows, lent] = await Promise.all([repo.products(this.db, false), repo.lentByProduct(this.db)]);
    return rows.map((p) => adminProductView(p, lent.get(p.id) ?? '0'));
  }

  /** Creates (`id` null) or updates a loan product; `demo` labels a new one demo data (DEMO_SEED, no operator). */
  async saveProduct(adminId: string | null, id: string | null, body: LoanProductBody, { demo = false }: { demo?: boolean } = {}) {
    if (new D(body.min_amount).gt(body.max_amount) || new D(body.max_amount).gt(body.capacity)) throw new AppError('loan_product_invalid');
    const values = {
      name: body.name,
      names: givenNames(body.names),
      coin: COIN,
      minAmount: body.min_amount,
      maxAmount: body.max_amount,
      rate: body.rate,
      ratePeriod: body.rate_period,
      periodDays: body.period_days,
      capacity: body.capacity,
      autoApproveBelow: body.auto_approve_below,
      status: body.status,
      updatedAt: this.clock.now(),
      ...(demo ? { demo } : {}),
    };
    const row = await inTransaction(this.db, async (tx) => {
      const saved = id ? await repo.updateProduct(tx, id, values) : await repo.insertProduct(tx, values);
      if (!saved) throw new AppError('loan_product_not_found');
      await this.d.audit.record({ adminUserId: adminId, action: id ? 'loan_product.update' : 'loan_product.create', target: saved.id, detail: { name: body.name, rate: `${body.rate} ${body.rate_period}`, capacity: body.capacity, status: body.status } }, tx);
      return saved;
    });
    return adminProductView(row, (await repo.lentByProduct(this.db)).get(row.id) ?? '0');
  }

  async adminLoans(status: LoanStatus | undefined) {
    const rows = await repo.loansByStatus(this.db, status);
    const names = await this.productNames();
    const accounts = await this.d.accounts.namesByIds([...new Set(rows.map((l) => l.accountId))]);
    return rows.map((l) => ({ ...loanView(l, names.get(l.productId)), account_name: accounts.get(l.accountId) ?? null }));
  }

  /** An operator approves (the loan becomes active) or rejects (cancelled) a pending loan; audited. */
  async decide(adminId: string, loanId: string, approve: boolean) {
    const loan = await inTransaction(this.db, async (tx) => {
      const now = this.clock.now();
      const row = await repo.loanById(tx, loanId, true);
      if (!row) throw new AppError('loan_not_found');
      if (row.status !== 'pending') throw new AppError('loan_state_invalid');
      // An operator's own loan is approved by another (rejecting it gives nothing).
      if (approve) refuseOwnMoney(adminId, row.userId);
      const decided = approve ? await this.activate(tx, row, now) : await repo.updateLoan(tx, loanId, { status: 'cancelled', closedAt: now });
      await this.d.audit.record({ adminUserId: adminId, action: approve ? 'loan.approve' : 'loan.reject', target: loanId, detail: { amount: row.amount } }, tx);
      return decided;
    });
    return this.view(loan);
  }
}
