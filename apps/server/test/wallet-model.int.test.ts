// A property test of the wallet against a model (fast-check commands): deposits, transfers,
// withdrawals (with operator review), approvals, rejections, chain failures and adjustments run in
// random order on the real services and database; every acceptance or refusal must match what the
// model predicts, and after every step each balance equals the model's and the ledger reconciles.
// The pay password and second factor are tested through HTTP elsewhere (wallet.int.test.ts): the
// commands start where those checks end.
import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { miningAccounts, userRoles, users } from '../src/modules/accounts/accounts.tables';
import { balanceOf, post } from '../src/modules/ledger/ledger';
import { reconcile } from '../src/modules/ledger/reconciliation';
import { walletTick } from '../src/modules/wallet/wallet.jobs';
import { withdrawals } from '../src/modules/wallet/wallet.tables';
import { AppError } from '../src/platform/errors';
import { startTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ demo: false });
});
afterAll(async () => {
  await t?.close();
});

const COIN = 'ltc'; // limits: min 0.01, fee 0.001, single max 500, audit above 1000
const ACCOUNTS = 3;

interface Model {
  available: Decimal[];
  frozen: Decimal[];
  /** Withdrawals by id: account, amount and whether it still waits for review or was sent. */
  pending: Map<string, { account: number; amount: Decimal; status: 'reviewing' | 'sent' }>;
}

interface Real {
  accounts: string[];
  userIds: string[];
  depositAddress: string[];
  adminId: string;
  /** The operator who confirms four-eyes requests (a second one). */
  secondId: string;
}

const keyOf = (error: unknown) => (error instanceof AppError ? error.key : `unexpected: ${String(error)}`);
const amount = fc.integer({ min: 1, max: 1_500_000 }).map((n) => new Decimal(n).div(1000)); // 0.001 .. 1500 LTC
const account = fc.integer({ min: 0, max: ACCOUNTS - 1 });

async function limits() {
  return t.app.modules.wallet.limits.of(COIN);
}

class Deposit implements fc.AsyncCommand<Model, Real> {
  constructor(readonly to: number, readonly value: Decimal) {}
  check = () => true;
  async run(m: Model, r: Real) {
    await t.app.modules.wallet.chain.simulated.receive(COIN, r.depositAddress[this.to]!, this.value.toFixed());
    t.clock.advance(60_000); // one confirmation
    // Deposits only: sending and settling withdrawals is the Settle command's step.
    await t.app.modules.wallet.depositScanner.scan([COIN]);
    m.available[this.to] = m.available[this.to]!.plus(this.value);
  }
  toString = () => `deposit(${this.to}, ${this.value.toFixed()})`;
}

class Transfer implements fc.AsyncCommand<Model, Real> {
  constructor(readonly from: number, readonly to: number, readonly value: Decimal) {}
  check = () => this.from !== this.to;
  async run(m: Model, r: Real) {
    const expectOk = m.available[this.from]!.gte(this.value);
    const result = await post(t.database.db, {
      idempotencyKey: `model:${randomUUID()}`,
      businessType: 'transfer',
      entries: [
        { holder: r.accounts[this.from]!, coin: COIN, amount: this.value.neg().toFixed() },
        { holder: r.accounts[this.to]!, coin: COIN, amount: this.value.toFixed() },
      ],
    }).then(() => 'ok', keyOf);
    expect(result).toBe(expectOk ? 'ok' : 'insufficient_balance');
    if (expectOk) {
      m.available[this.from] = m.available[this.from]!.minus(this.value);
      m.available[this.to] = m.available[this.to]!.plus(this.value);
    }
  }
  toString = () => `transfer(${this.from} -> ${this.to}, ${this.value.toFixed()})`;
}

class Withdraw implements fc.AsyncCommand<Model, Real> {
  constructor(readonly from: number, readonly value: Decimal) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const l = await limits();
    const expected = this.value.lt(l.minWithdraw) ? 'withdraw_below_minimum' : m.available[this.from]!.lt(this.value) ? 'insufficient_balance' : 'ok';
    const result = await t.app.modules.wallet.withdrawals
      .create({ accountId: r.accounts[this.from]!, userId: r.userIds[this.from]!, coin: COIN, address: `simltc1${'0'.repeat(40)}`, publicKey: null, chain: null, amount: this.value, limits: l, key: randomUUID(), origin: 'user' })
      .then((rows) => rows, keyOf);
    // The minimum is the route's rule; the service refuses only parts not above the fee.
    if (expected === 'withdraw_below_minimum') {
      expect(typeof result === 'string' ? result : 'ok').toMatch(/^(ok|withdraw_below_minimum|insufficient_balance)$/);
      if (typeof result === 'string') return;
    } else {
      expect(typeof result === 'string' ? result : 'ok').toBe(expected);
      if (typeof result === 'string') return;
    }
    m.available[this.from] = m.available[this.from]!.minus(this.value);
    m.frozen[this.from] = m.frozen[this.from]!.plus(this.value);
    for (const row of result) m.pending.set(row.id, { account: this.from, amount: new Decimal(row.amount), status: row.status === 'reviewing' ? 'reviewing' : 'sent' });
  }
  toString = () => `withdraw(${this.from}, ${this.value.toFixed()})`;
}

/** Operators decide on the oldest withdrawal under review, or the chain settles what was sent. */
class Review implements fc.AsyncCommand<Model, Real> {
  constructor(readonly approve: boolean) {}
  check = (m: Readonly<Model>) => [...m.pending.values()].some((w) => w.status === 'reviewing');
  async run(m: Model, r: Real) {
    const [id, w] = [...m.pending.entries()].find(([, w]) => w.status === 'reviewing')!;
    if (this.approve) {
      const answer = await t.app.modules.wallet.admin.approve(r.adminId, id);
      // Above the four-eyes threshold (weighed by the whole request) a second operator confirms.
      if (answer.status === 'pending') await t.app.modules.wallet.admin.confirm(r.secondId, answer.approval_id!);
      w.status = 'sent';
    } else {
      await t.app.modules.wallet.admin.reject(r.adminId, id, 'model test');
      m.pending.delete(id);
      m.frozen[w.account] = m.frozen[w.account]!.minus(w.amount);
      m.available[w.account] = m.available[w.account]!.plus(w.amount);
    }
    // A second decision on the same withdrawal is refused.
    expect(await t.app.modules.wallet.admin.approve(r.adminId, id).then(() => 'ok', keyOf)).toBe('withdrawal_state_invalid');
  }
  toString = () => (this.approve ? 'approve' : 'reject');
}

class Settle implements fc.AsyncCommand<Model, Real> {
  /** The chain drops the payments instead of confirming them. */
  constructor(readonly fail: boolean) {}
  check = (m: Readonly<Model>) => [...m.pending.values()].some((w) => w.status === 'sent');
  async run(m: Model) {
    if (this.fail) t.app.modules.wallet.chain.simulated.failNextSendTo(`simltc1${'0'.repeat(40)}`);
    await walletTick(t.app.modules.wallet);
    t.clock.advance(2 * 60_000);
    await walletTick(t.app.modules.wallet);
    const rows = await t.database.db.select().from(withdrawals);
    for (const [id, w] of [...m.pending.entries()]) {
      if (w.status !== 'sent') continue;
      const row = rows.find((x) => x.id === id)!;
      expect(row.status).toMatch(/^(completed|failed)$/);
      m.pending.delete(id);
      m.frozen[w.account] = m.frozen[w.account]!.minus(w.amount);
      if (row.status === 'failed') m.available[w.account] = m.available[w.account]!.plus(w.amount);
    }
  }
  toString = () => (this.fail ? 'settle(fail first)' : 'settle');
}

class Adjust implements fc.AsyncCommand<Model, Real> {
  constructor(readonly to: number, readonly value: Decimal) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const expectOk = m.available[this.to]!.plus(this.value).gte(0);
    const names = await t.database.db.select().from(miningAccounts).where(eq(miningAccounts.id, r.accounts[this.to]!));
    // One operator's adjustments of a day add up against the four-eyes threshold: above it, the
    // second operator confirms (the balance check is then the confirmation's).
    const result = await t.app.modules.wallet.admin
      .adjust(r.adminId, randomUUID(), { account: names[0]!.name, coin: COIN, amount: this.value.toFixed(), reason: 'model' })
      .then(async (answer) => {
        if (answer.status === 'pending') await t.app.modules.wallet.admin.confirm(r.secondId, answer.approval_id!);
      })
      .then(() => 'ok', keyOf);
    expect(result).toBe(expectOk ? 'ok' : 'insufficient_balance');
    if (expectOk) m.available[this.to] = m.available[this.to]!.plus(this.value);
  }
  toString = () => `adjust(${this.to}, ${this.value.toFixed()})`;
}

/** Runs a command, then holds the real balances against the model and reconciles the ledger. */
class Checked implements fc.AsyncCommand<Model, Real> {
  constructor(readonly inner: fc.AsyncCommand<Model, Real>) {}
  check = (m: Readonly<Model>) => this.inner.check(m);
  async run(m: Model, r: Real) {
    await this.inner.run(m, r);
    const now = await Promise.all(r.accounts.map((a) => balanceOf(t.database.db, a, COIN)));
    now.forEach((b, i) => {
      expect(new Decimal(b.available).toFixed(), `available of ${i} after ${this.toString()}`).toBe(m.available[i]!.toFixed());
      expect(new Decimal(b.frozen).toFixed(), `frozen of ${i} after ${this.toString()}`).toBe(m.frozen[i]!.toFixed());
    });
    expect((await reconcile(t.database.db, t.app.modules.wallet.custody)).ok).toBe(true);
  }
  toString = () => this.inner.toString();
}

it('matches the model under random sequences of wallet operations', async () => {
  const db = t.database.db;
  const real: Real = { accounts: [], userIds: [], depositAddress: [], adminId: '', secondId: '' };
  for (let i = 0; i < ACCOUNTS; i++) {
    const [user] = await db.insert(users).values({ email: `model${i}.${randomUUID()}@example.com`, passwordHash: 'x', inviteCode: randomUUID().slice(0, 8) }).returning();
    const [acct] = await db.insert(miningAccounts).values({ userId: user!.id, name: `model${randomUUID().replace(/-/g, '').slice(0, 12)}`, isDefault: true }).returning();
    real.accounts.push(acct!.id);
    real.userIds.push(user!.id);
    real.depositAddress.push((await t.app.modules.wallet.deposits.address(acct!.id, COIN)).address);
  }
  // The two deciding operators (the second confirms four-eyes requests) hold the finance role (a
  // request whose operator has left it cannot be confirmed) and own none of the accounts (an
  // operator never moves their own accounts' money).
  const operators = await db.insert(users).values([0, 1].map((i) => ({ email: `model-operator${i}.${randomUUID()}@example.com`, passwordHash: 'x', inviteCode: randomUUID().slice(0, 8) }))).returning();
  [real.adminId, real.secondId] = [operators[0]!.id, operators[1]!.id];
  await db.insert(userRoles).values(operators.map((o) => ({ userId: o.id, role: 'finance' })));

  const commands = [
    fc.tuple(account, amount).map(([a, v]) => new Deposit(a, v)),
    fc.tuple(account, account, amount).map(([a, b, v]) => new Transfer(a, b, v)),
    fc.tuple(account, amount).map(([a, v]) => new Withdraw(a, v)),
    fc.boolean().map((ok) => new Review(ok)),
    fc.boolean().map((fail) => new Settle(fail)),
    fc.tuple(account, fc.integer({ min: -500_000, max: 500_000 }).filter((n) => n !== 0)).map(([a, n]) => new Adjust(a, new Decimal(n).div(1000))),
  ].map((arbitrary) => arbitrary.map((command) => new Checked(command)));

  // Balances carry over between runs: each run starts its model from the real balances.
  await fc.assert(
    fc.asyncProperty(fc.commands(commands, { maxCommands: 25 }), async (cmds) => {
      // Leftover withdrawals of an earlier run are settled first, so the model starts clean.
      await t.app.modules.wallet.processor.sendPending();
      for (const w of await db.select().from(withdrawals).where(eq(withdrawals.status, 'reviewing'))) await t.app.modules.wallet.admin.reject(real.adminId, w.id, 'reset');
      t.clock.advance(2 * 60_000);
      await walletTick(t.app.modules.wallet);
      const start = await Promise.all(real.accounts.map((a) => balanceOf(db, a, COIN)));
      const model: Model = { available: start.map((b) => new Decimal(b.available)), frozen: start.map((b) => new Decimal(b.frozen)), pending: new Map() };
      await fc.asyncModelRun(() => ({ model, real }), cmds);
    }),
    { numRuns: 12 },
  );
}, 240_000);
