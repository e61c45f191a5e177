// A property test of staking and borrowing against a model (fast-check commands): stake, add,
// reduce, unstake, claim, borrow (approved at once), repay and the passing of days (the daily
// job) run in random order on the real services and database for one sub-account; every
// acceptance or refusal must match the model, and after every step the sub-account's available
// and locked ALEO, the unclaimed reward and the debt equal the model's. The test app's teardown
// reconciles the ledger (postings balance, cached balances equal their entries).
import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { miningAccounts, users } from '../src/modules/accounts/accounts.tables';
import { stakingPass } from '../src/modules/staking/staking.jobs';
import { balanceOf, post } from '../src/modules/ledger/ledger';
import { AppError } from '../src/platform/errors';
import { startTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ demo: false });
});
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;
const RATE = new Decimal('0.001'); // the batch's 36.5 % a year without fee, and the loan's 0.1 % a day
const floor6 = (d: Decimal) => d.toDecimalPlaces(6, Decimal.ROUND_DOWN);
const PERIOD = 365; // the loan's days: longer than a run
/** The interest a loan may still owe: what is due, and each day of the period not accrued yet on the principal due now. */
function interestToCover(m: Model): Decimal {
  const loan = m.loan;
  if (!loan) return new Decimal(0);
  const accrued = Math.max(0, m.day - loan.activatedDay - 1);
  return loan.interest.plus(floor6(loan.principal.times(RATE)).times(PERIOD - accrued));
}

interface Model {
  day: number;
  available: Decimal;
  locked: Decimal;
  stake: { amount: Decimal; createdDay: number; startAmount: Decimal; negToday: Decimal; unclaimed: Decimal } | null;
  loan: { id: string; principal: Decimal; interest: Decimal; activatedDay: number } | null;
}
interface Real {
  userId: string;
  accountId: string;
  batchId: string;
  productId: string;
}

const keyOf = (error: unknown) => (error instanceof AppError ? error.key : `unexpected: ${String(error)}`);
const today = () => Math.floor(t.clock.now().getTime() / DAY);
const api = () => t.app.modules.staking;

async function expectOutcome(run: () => Promise<unknown>, expected: string): Promise<boolean> {
  const outcome = await run().then(() => 'ok', keyOf);
  expect(outcome).toBe(expected);
  return outcome === 'ok';
}

class Stake implements fc.AsyncCommand<Model, Real> {
  constructor(readonly value: Decimal) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const total = this.value.plus(m.stake?.amount ?? 0);
    const expected = total.lt(10) ? 'stake_below_minimum' : this.value.gt(m.available) ? 'stake_exceeds_max' : 'ok';
    if (await expectOutcome(() => api().staking.stake(r.userId, r.accountId, randomUUID(), { batch_id: r.batchId, amount: this.value.toFixed() }), expected)) {
      m.available = m.available.minus(this.value);
      m.locked = m.locked.plus(this.value);
      if (m.stake) m.stake.amount = total;
      else m.stake = { amount: total, createdDay: m.day, startAmount: new Decimal(0), negToday: new Decimal(0), unclaimed: new Decimal(0) };
    }
  }
  toString = () => `stake(${this.value.toFixed()})`;
}

class Reduce implements fc.AsyncCommand<Model, Real> {
  constructor(readonly value: Decimal) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const s = m.stake;
    const max = s ? s.amount.minus(10).minus(m.loan?.principal ?? 0).minus(interestToCover(m)) : new Decimal(0);
    const expected = !s ? 'stake_not_found' : s.createdDay === m.day ? 'stake_unstake_wait' : this.value.gt(max) ? 'stake_reduce_invalid' : 'ok';
    if (await expectOutcome(() => api().staking.reduce(r.userId, randomUUID(), { amount: this.value.toFixed() }), expected)) {
      s!.amount = s!.amount.minus(this.value);
      s!.negToday = s!.negToday.minus(this.value);
      m.available = m.available.plus(this.value);
      m.locked = m.locked.minus(this.value);
    }
  }
  toString = () => `reduce(${this.value.toFixed()})`;
}

class Unstake implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real) {
    const s = m.stake;
    const expected = !s ? 'stake_not_found' : s.createdDay === m.day ? 'stake_unstake_wait' : m.loan ? 'stake_loan_outstanding' : 'ok';
    if (await expectOutcome(() => api().staking.unstake(r.userId, randomUUID(), { accept_forfeit: false }), expected)) {
      m.available = m.available.plus(s!.amount).plus(floor6(s!.unclaimed));
      m.locked = m.locked.minus(s!.amount);
      m.stake = null;
    }
  }
  toString = () => 'unstake';
}

class Claim implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real) {
    const pay = m.stake ? floor6(m.stake.unclaimed) : new Decimal(0);
    const expected = !m.stake ? 'stake_not_found' : m.loan ? 'stake_claim_loan' : pay.isZero() ? 'stake_nothing_to_claim' : 'ok';
    if (await expectOutcome(() => api().staking.claim(r.userId, randomUUID()), expected)) {
      m.stake!.unclaimed = m.stake!.unclaimed.minus(pay);
      m.available = m.available.plus(pay);
    }
  }
  toString = () => 'claim';
}

class Borrow implements fc.AsyncCommand<Model, Real> {
  constructor(readonly value: Decimal) {}
  check = () => true;
  async run(m: Model, r: Real) {
    // The own stake (no loan is open) must cover the whole period's interest.
    const interest = floor6(this.value.times(RATE)).times(PERIOD);
    const expected = m.loan ? 'loan_open_exists' : !m.stake ? 'borrow_stake_required' : m.stake.amount.lt(interest) ? 'borrow_interest_uncovered' : 'ok';
    let id = '';
    const ok = await expectOutcome(async () => {
      id = (await api().loans.borrow(r.userId, r.accountId, randomUUID(), { product_id: r.productId, amount: this.value.toFixed() })).id;
    }, expected);
    if (ok) {
      m.loan = { id, principal: this.value, interest: new Decimal(0), activatedDay: m.day };
      m.stake!.amount = m.stake!.amount.plus(this.value);
      m.locked = m.locked.plus(this.value);
    }
  }
  toString = () => `borrow(${this.value.toFixed()})`;
}

class Repay implements fc.AsyncCommand<Model, Real> {
  constructor(readonly value: Decimal) {}
  check = (m: Readonly<Model>) => m.loan !== null;
  async run(m: Model, r: Real) {
    const loan = m.loan!;
    const debt = loan.principal.plus(loan.interest);
    const expected = this.value.gt(debt) ? 'loan_repay_exceeds' : this.value.gt(m.available) ? 'insufficient_balance' : 'ok';
    if (await expectOutcome(() => api().loans.repay(r.userId, randomUUID(), loan.id, { amount: this.value.toFixed() }), expected)) {
      const interest = Decimal.min(this.value, loan.interest);
      loan.interest = loan.interest.minus(interest);
      loan.principal = loan.principal.minus(this.value.minus(interest));
      m.available = m.available.minus(this.value);
      if (loan.principal.isZero() && loan.interest.isZero()) m.loan = null;
    }
  }
  toString = () => `repay(${this.value.toFixed()})`;
}

class NextDay implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model) {
    t.clock.set(new Date((today() + 1) * DAY + 30_000));
    await stakingPass(t.database.db, api());
    const s = m.stake;
    if (s) {
      s.unclaimed = s.unclaimed.plus(Decimal.max(0, s.startAmount.plus(s.negToday)).times(RATE));
      s.startAmount = s.amount;
      s.negToday = new Decimal(0);
    }
    if (m.loan && m.day > m.loan.activatedDay) m.loan.interest = m.loan.interest.plus(floor6(m.loan.principal.times(RATE)));
    m.day += 1;
  }
  toString = () => 'next day';
}

/** Runs a command, then compares the database with the model. */
class Checked implements fc.AsyncCommand<Model, Real> {
  constructor(readonly inner: fc.AsyncCommand<Model, Real>) {}
  check = (m: Readonly<Model>) => this.inner.check(m);
  async run(m: Model, r: Real) {
    await this.inner.run(m, r);
    const balance = await balanceOf(t.database.db, r.accountId, 'aleo');
    expect(new Decimal(balance.available).eq(m.available), `available ${balance.available} vs ${m.available.toFixed()}`).toBe(true);
    expect(new Decimal(balance.locked).eq(m.locked), `locked ${balance.locked} vs ${m.locked.toFixed()}`).toBe(true);
    const overview = await api().staking.overview(r.userId, r.accountId);
    expect(overview.stake?.amount ?? null).toBe(m.stake ? m.stake.amount.toFixed() : null);
    if (m.stake) expect(new Decimal(overview.stake!.unclaimed_reward).eq(m.stake.unclaimed), `unclaimed ${overview.stake!.unclaimed_reward} vs ${m.stake.unclaimed.toFixed()}`).toBe(true);
    const loan = (await api().loans.overview(r.userId, r.accountId)).loan;
    expect(loan ? loan.debt : null).toBe(m.loan ? m.loan.principal.plus(m.loan.interest).toFixed() : null);
  }
  toString = () => this.inner.toString();
}

const amount = (min: number, max: number) => fc.integer({ min: min * 100, max: max * 100 }).map((n) => new Decimal(n).div(100));

it('matches the model under random sequences of stake, unstake, claim, borrow and repay', async () => {
  const db = t.database.db;
  const admin = (await db.insert(users).values({ email: `op.${randomUUID()}@example.com`, passwordHash: 'x', inviteCode: randomUUID().slice(0, 8) }).returning())[0]!;
  const day = (n: number) => new Date(t.clock.now().getTime() + n * DAY).toISOString().slice(0, 10);
  const batch = await api().staking.saveBatch(admin.id, null, { code: 'MODEL', start_day: day(-1), end_day: day(3650), annual_rate: '0.365', fee_rate: '0', status: 'active', duration_type: 'flexible', stake_type: 'adjustable', max_amount: '100000000' });
  const product = await api().loans.saveProduct(admin.id, null, { name: 'Model loan', names: {}, min_amount: '10', max_amount: '100', rate: '0.001', rate_period: 'daily', period_days: PERIOD, capacity: '100000000', auto_approve_below: '1000', status: 'active' });

  const commands = [
    amount(1, 400).map((v) => new Stake(v)),
    amount(1, 200).map((v) => new Reduce(v)),
    fc.constant(new Unstake()),
    fc.constant(new Claim()),
    amount(10, 100).map((v) => new Borrow(v)),
    amount(0.01, 150).map((v) => new Repay(v)),
    fc.constant(new NextDay()),
  ].map((arbitrary) => arbitrary.map((command) => new Checked(command)));

  await fc.assert(
    fc.asyncProperty(fc.commands(commands, { maxCommands: 30 }), async (cmds) => {
      // A fresh user per run, funded with 1000 ALEO.
      const [user] = await db.insert(users).values({ email: `model.${randomUUID()}@example.com`, passwordHash: 'x', inviteCode: randomUUID().slice(0, 8) }).returning();
      const [acct] = await db.insert(miningAccounts).values({ userId: user!.id, name: `model${randomUUID().replace(/-/g, '').slice(0, 12)}`, isDefault: true }).returning();
      await post(db, { idempotencyKey: `model-fund:${acct!.id}`, businessType: 'system_adjustment', entries: [{ holder: 'sys:adjustments', coin: 'aleo', amount: '-1000' }, { holder: acct!.id, coin: 'aleo', amount: '1000' }] });
      const model: Model = { day: today(), available: new Decimal(1000), locked: new Decimal(0), stake: null, loan: null };
      await fc.asyncModelRun(() => ({ model, real: { userId: user!.id, accountId: acct!.id, batchId: batch.id, productId: product.id } }), cmds);
    }),
    { numRuns: 15 },
  );
}, 300_000);
