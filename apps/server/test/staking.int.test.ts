// Staking and borrowing through HTTP: operators' batches and loan products, stake /
// add / reduce / unstake / claim with their refusals and messages, the daily accrual under the
// fake clock (idempotent per day), the end of a term, the locked bucket refusing withdrawals,
// loans (range, capacity, approval, cancel, interest, repayment, settlement), idempotency keys
// (sent again with another request, or while the first still runs past its lease), two
// concurrent stakes, an ended stake's last fraction of reward handed to the sub-account's
// carried fraction, and who may call what. The test app's teardown reconciles the ledger.
import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, walletSubject, type Loan, type Stake, type StakeBatch, type StakingOverview, type Tokens } from '@hashpool/shared';
import { queryRows } from '../src/db/client';
import { reconcile } from '../src/modules/ledger/reconciliation';
import { stakingPass } from '../src/modules/staking/staking.jobs';
import { loans } from '../src/modules/staking/staking.tables';
import { auth, emailOperationCode, inject, login, PASSWORD, registerByEmail, uniqueEmail } from './account-helpers';
import { SmtpInbox } from './smtp-inbox';
import { body, startTestApp, type TestApp } from './test-app';

let t: TestApp;
const inbox = new SmtpInbox();
const ADMIN = uniqueEmail('operator');
const DAY = 86_400_000;

interface User {
  email: string;
  tokens: Tokens;
  accountName: string;
  accountId: string;
  device: string;
  /** The fake clock's time of the tokens. */
  at: number;
}

beforeAll(async () => {
  t = await startTestApp({ demo: false, env: { SMTP_URL: await inbox.start(), ALTCHA_COST: '1', ADMIN_EMAILS: ADMIN, ACCESS_TOKEN_TTL_SECONDS: '3600' } });
  admin = await newUser(ADMIN);
});
afterAll(async () => {
  await t?.close();
  await inbox.stop();
});

const codeOf = (key: keyof typeof ERRORS) => ERRORS[key].code;
const errorOf = (res: { body: string }) => body(res).code;

async function newUser(email = uniqueEmail('staker')): Promise<User> {
  const r = await registerByEmail(t.app, inbox, email);
  const mine = body<{ current_account: { name: string; id: string } }>(await inject(t.app, { url: '/api/users/mine', headers: auth(r.tokens) })).data;
  return { email, tokens: r.tokens, accountName: mine.current_account.name, accountId: mine.current_account.id, device: r.device, at: t.clock.now().getTime() };
}

let admin: User;

/** The user's bearer header, refreshed when the fake clock has moved past the access token's life. */
async function h(user: User): Promise<Record<string, string>> {
  if (t.clock.now().getTime() - user.at > 30 * 60_000) {
    const res = await inject(t.app, { method: 'POST', url: '/api/users/refresh/login', payload: { refresh_token: user.tokens.refresh_token } });
    if (res.statusCode === 200) user.tokens = body<Tokens>(res).data;
    else {
      // The session is past its absolute life (30 days of the fake clock): log in again, from the same device.
      expect(errorOf(res), res.body).toBe(codeOf('refresh_invalid'));
      const again = await login(t.app, user.email, PASSWORD, user.device);
      expect(again.result?.status, again.res.body).toBe('ok');
      if (again.result?.status === 'ok') user.tokens = again.result.tokens;
    }
    user.at = t.clock.now().getTime();
  }
  return auth(user.tokens);
}
const asAdmin = () => h(admin);

async function credit(user: User, amount: string) {
  const res = await inject(t.app, { method: 'POST', url: '/api/admin/adjustments', headers: { ...(await asAdmin()), 'idempotency-key': randomUUID() }, payload: { account: user.accountName, coin: 'aleo', amount, reason: 'test funding' } });
  expect(res.statusCode, res.body).toBe(200);
}

const batchBody = (over: Record<string, unknown> = {}) => ({
  code: `B-${randomUUID().slice(0, 8)}`,
  start_day: day(0),
  end_day: day(30),
  annual_rate: '0.365',
  fee_rate: '0',
  status: 'active',
  duration_type: 'flexible',
  stake_type: 'adjustable',
  max_amount: '100000',
  ...over,
});
/** A UTC day relative to the fake clock's today. */
function day(offset: number) {
  return new Date(t.clock.now().getTime() + offset * DAY).toISOString().slice(0, 10);
}

async function createBatch(over: Record<string, unknown> = {}): Promise<StakeBatch> {
  const res = await inject(t.app, { method: 'POST', url: '/api/admin/staking/batches', headers: await asAdmin(), payload: batchBody(over) });
  expect(res.statusCode, res.body).toBe(200);
  return body<StakeBatch>(res).data;
}

const overview = async (user: User) => body<StakingOverview>(await inject(t.app, { url: '/api/v2/staking', headers: await h(user) })).data;
const call = async (user: User, url: string, payload: Record<string, unknown> = {}, key: string = randomUUID()) =>
  inject(t.app, { method: 'POST', url: `/api/v2/${url}`, headers: { ...await h(user), 'idempotency-key': key }, payload });
const stake = (user: User, batchId: string, amount: string, key?: string) => call(user, 'staking/stake', { batch_id: batchId, amount }, key);
const pass = () => stakingPass(t.database.db, t.app.modules.staking);
/** Moves the fake clock to 00:00:30 UTC `days` days later, without a pass (the job down, or not yet run that day). */
function laterDays(days: number) {
  const now = t.clock.now().getTime();
  t.clock.set(new Date(Math.floor(now / DAY) * DAY + days * DAY + 30_000));
}
/** Moves the fake clock to 00:00:30 UTC `days` days later and runs the daily pass. */
async function nextDays(days = 1) {
  laterDays(days);
  await pass();
}

/**
 * Runs `work` with the key leases of keys beginning `lapsed-` lapsing as soon as taken: the same key
 * sent twice at once then runs twice at once, as when the first request outlives its lease (10 s).
 * That race is run on PostgreSQL (TEST_DATABASE_URL); on PGlite's one connection the second request
 * reaches its key's lookup after the first has committed, a plain retry.
 */
async function withLapsedLeases(work: () => Promise<void>) {
  await t.database.db.execute(sql.raw(`create function test_lapsed_leases() returns trigger language plpgsql as $$
    begin
      if new.name like '%:lapsed-%' then new.expires_at := clock_timestamp() - interval '1 second'; end if;
      return new;
    end $$`));
  await t.database.db.execute(sql.raw('create trigger test_lapsed_leases before insert or update on leases for each row execute function test_lapsed_leases()'));
  try {
    await work();
  } finally {
    await t.database.db.execute(sql.raw('drop trigger test_lapsed_leases on leases'));
    await t.database.db.execute(sql.raw('drop function test_lapsed_leases()'));
  }
}
const lapsedKey = () => `lapsed-${randomUUID()}`;

describe('stake batches (operators)', () => {
  it('creates, validates and edits batches; a draft is invisible to users', async () => {
    const draft = await createBatch({ status: 'draft' });
    const user = await newUser();
    expect((await overview(user)).batches.map((b) => b.id)).not.toContain(draft.id);
    const bad = await inject(t.app, { method: 'POST', url: '/api/admin/staking/batches', headers: await asAdmin(), payload: batchBody({ end_day: day(0) }) });
    expect(errorOf(bad)).toBe(codeOf('stake_batch_invalid'));
    const dup = await inject(t.app, { method: 'POST', url: '/api/admin/staking/batches', headers: await asAdmin(), payload: batchBody({ code: draft.code }) });
    expect(errorOf(dup)).toBe(codeOf('stake_batch_code_taken'));
    const edit = await inject(t.app, { method: 'PUT', url: `/api/admin/staking/batches/${draft.id}`, headers: await asAdmin(), payload: batchBody({ code: draft.code, status: 'active' }) });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await overview(user)).batches.map((b) => b.id)).toContain(draft.id);
    const list = body<Array<{ id: string; active_stakes: number }>>(await inject(t.app, { url: '/api/admin/staking/batches', headers: await asAdmin() })).data;
    expect(list.some((b) => b.id === draft.id)).toBe(true);
  });

  it('is for operators only', async () => {
    const user = await newUser();
    expect((await inject(t.app, { url: '/api/admin/staking/batches', headers: await h(user) })).statusCode).toBe(403);
    expect((await inject(t.app, { url: '/api/admin/staking/batches' })).statusCode).toBe(401);
    expect((await inject(t.app, { method: 'POST', url: '/api/admin/loan-products', headers: await h(user), payload: {} })).statusCode).toBe(403);
    expect((await inject(t.app, { url: '/api/v2/staking' })).statusCode).toBe(401);
  });
});

describe('staking', () => {
  it('refuses below the minimum and above the maximum stakable; stakes once per key; locks the ALEO', async () => {
    const batch = await createBatch({ max_amount: '1000' });
    const user = await newUser();
    await credit(user, '500');
    const low = await stake(user, batch.id, '9.5');
    expect(errorOf(low)).toBe(codeOf('stake_below_minimum'));
    expect(body(low).msg).toBe('The minimum stake is 10 ALEO.');
    const high = await stake(user, batch.id, '600');
    expect(errorOf(high)).toBe(codeOf('stake_exceeds_max'));
    expect(body(high).msg).toContain('500 ALEO');
    const key = randomUUID();
    const first = await stake(user, batch.id, '100', key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await stake(user, batch.id, '100', key);
    expect(body<Stake>(again).data.amount).toBe('100');
    const o = await overview(user);
    expect(o.available_balance).toBe('400');
    expect(o.locked_balance).toBe('100');
    expect(o.stake?.amount).toBe('100');
    // An addition to the same batch; another batch is refused.
    expect(body<Stake>(await stake(user, batch.id, '50')).data.amount).toBe('150');
    const other = await createBatch();
    expect(errorOf(await stake(user, other.id, '20'))).toBe(codeOf('stake_one_active'));
    // Capacity of the batch: 1000 - 150 left, balance 350: the balance bounds it.
    expect(errorOf(await stake(user, batch.id, '351'))).toBe(codeOf('stake_exceeds_max'));
    expect(errorOf(await stake(user, randomUUID(), '20'))).toBe(codeOf('stake_batch_not_found'));
  });

  it('bounds an addition by the batch capacity left', async () => {
    const batch = await createBatch({ max_amount: '30' });
    const a = await newUser();
    const b = await newUser();
    await credit(a, '100');
    await credit(b, '100');
    expect((await stake(a, batch.id, '25')).statusCode).toBe(200);
    const res = await stake(b, batch.id, '10');
    expect(errorOf(res)).toBe(codeOf('stake_exceeds_max'));
    expect(body(res).msg).toContain('(5 ALEO)');
  });

  it('refuses a withdrawal or a transfer of staked ALEO with "Cannot withdraw due to asset staking"', async () => {
    const batch = await createBatch();
    const user = await newUser();
    await credit(user, '100');
    await stake(user, batch.id, '80');
    const quote = await inject(t.app, { method: 'POST', url: '/api/v2/wallets/withdrawals/quote', headers: await h(user), payload: { coin: 'aleo', amount: '50' } });
    expect(errorOf(quote)).toBe(codeOf('asset_staking'));
    expect(body(quote).msg).toBe('Cannot withdraw due to asset staking.');
    const more = await inject(t.app, { method: 'POST', url: '/api/v2/wallets/withdrawals/quote', headers: await h(user), payload: { coin: 'aleo', amount: '500' } });
    expect(errorOf(more)).toBe(codeOf('insufficient_balance'));

    // A transfer of staked ALEO, past the pay password and its second factor, is refused the same way.
    const pin = '246810';
    const pinCode = await emailOperationCode(t, inbox, user, 'pay_password');
    const set = await inject(t.app, { method: 'PUT', url: '/api/users/pay-password', headers: await h(user), payload: { pay_password: pin, confirm_pay_password: pin, verification: { email_code: pinCode } } });
    expect(set.statusCode, set.body).toBe(200);
    t.clock.advance(2 * DAY); // past the withdrawal hold the new pay password starts
    const other = await newUser();
    const transfer = { coin: 'aleo', to_account: other.accountName, amount: '50' };
    await h(user); // refreshed after the two days
    const email_code = await emailOperationCode(t, inbox, user, 'transfer', walletSubject.transfer(transfer));
    const res = await inject(t.app, { method: 'POST', url: '/api/v2/wallets/transfers', headers: { ...(await h(user)), 'idempotency-key': randomUUID() }, payload: { ...transfer, pay_password: pin, verification: { email_code } } });
    expect(errorOf(res)).toBe(codeOf('asset_staking'));
    expect((await overview(user)).available_balance).toBe('20');
  });

  it('accrues daily from the next day (idempotent per day), lets a flexible term claim, unstakes from the next day', async () => {
    const batch = await createBatch({ annual_rate: '0.365', fee_rate: '0.2' });
    const user = await newUser();
    await credit(user, '1000');
    await stake(user, batch.id, '500');
    expect(errorOf(await call(user, 'staking/unstake'))).toBe(codeOf('stake_unstake_wait'));
    expect(errorOf(await call(user, 'staking/reduce', { amount: '10' }))).toBe(codeOf('stake_unstake_wait'));
    expect(errorOf(await call(user, 'staking/claim'))).toBe(codeOf('stake_nothing_to_claim'));
    // Added later the same day: earns from the next day too.
    await stake(user, batch.id, '100');
    await nextDays(1); // the staking day itself earns nothing
    expect((await overview(user)).stake?.unclaimed_reward).toBe('0');
    await nextDays(1); // one full day: 600 * 0.365 / 365 * 0.8 = 0.48
    expect((await overview(user)).stake?.unclaimed_reward).toBe('0.48');
    await pass();
    await pass();
    expect((await overview(user)).stake?.unclaimed_reward).toBe('0.48');
    const claimKey = randomUUID();
    const claim = await call(user, 'staking/claim', {}, claimKey);
    expect(body<{ paid: string }>(claim).data.paid).toBe('0.48');
    expect(body<{ paid: string }>(await call(user, 'staking/claim', {}, claimKey)).data.paid).toBe('0.48');
    expect((await overview(user)).available_balance).toBe('400.48');
    // Reduce: at most the stake less 10.
    const tooMuch = await call(user, 'staking/reduce', { amount: '595' });
    expect(errorOf(tooMuch)).toBe(codeOf('stake_reduce_invalid'));
    expect(body(tooMuch).msg).toContain('590 ALEO');
    expect(body<Stake>(await call(user, 'staking/reduce', { amount: '100' })).data.amount).toBe('500');
    // The reduction stops earning the same day: the day's base is 500.
    await nextDays(1);
    expect((await overview(user)).stake?.unclaimed_reward).toBe('0.4');
    // Added and taken back the same day: the day's base is the least the stake held, 500 (not 500
    // less the reduction, as if the addition had not happened).
    await stake(user, batch.id, '200');
    expect(body<Stake>(await call(user, 'staking/reduce', { amount: '200' })).data.amount).toBe('500');
    await nextDays(1);
    expect((await overview(user)).stake?.unclaimed_reward).toBe('0.8');
    const out = await call(user, 'staking/unstake');
    expect(body<Stake>(out).data.status).toBe('unstaked');
    const o = await overview(user);
    expect(o.stake).toBeNull();
    expect(o.locked_balance).toBe('0');
    expect(o.available_balance).toBe('1001.28');
  });

  it('a fixed term pays only at its end; an early unstake loses the rewards after confirmation; full lock refuses reductions', async () => {
    const fixed = await createBatch({ duration_type: 'fixed', stake_type: 'full_lock', end_day: day(3) });
    const user = await newUser();
    await credit(user, '100');
    await stake(user, fixed.id, '100');
    await nextDays(2);
    expect(errorOf(await call(user, 'staking/claim'))).toBe(codeOf('stake_claim_fixed'));
    expect(errorOf(await call(user, 'staking/reduce', { amount: '10' }))).toBe(codeOf('stake_full_lock'));
    expect((await overview(user)).stake?.unclaimed_reward).toBe('0.1');
    await nextDays(1); // the end day: the term's 2 days of reward are paid, the stake returns
    const o = await overview(user);
    expect(o.stake).toBeNull();
    expect(o.available_balance).toBe('100.2');

    const adjustable = await createBatch({ duration_type: 'fixed', stake_type: 'adjustable' });
    const other = await newUser();
    await credit(other, '100');
    await stake(other, adjustable.id, '100');
    await nextDays(2);
    const unconfirmed = await call(other, 'staking/unstake');
    expect(errorOf(unconfirmed)).toBe(codeOf('stake_forfeit_unconfirmed'));
    const out = body<Stake>(await call(other, 'staking/unstake', { accept_forfeit: true })).data;
    expect(out.forfeited_reward).toBe('0.1');
    expect((await overview(other)).available_balance).toBe('100');
  });

  it('an unstake first accrues the days the job has not accrued yet: they are paid, not lost', async () => {
    const batch = await createBatch({ annual_rate: '0.365', fee_rate: '0' });
    const user = await newUser();
    await credit(user, '100');
    await stake(user, batch.id, '100');
    laterDays(2); // one full day staked (0.1), and no pass since
    expect(body<Stake>(await call(user, 'staking/unstake')).data.status).toBe('unstaked');
    expect((await overview(user)).available_balance).toBe('100.1');
    await pass();
    expect((await overview(user)).available_balance).toBe('100.1');
  });

  it('an unstake once the end day of the term has come is the end of the term, as the job makes it: the reward is paid, not forfeited', async () => {
    const fixed = await createBatch({ duration_type: 'fixed', stake_type: 'adjustable', end_day: day(3), annual_rate: '0.365', fee_rate: '0' });
    const user = await newUser();
    await credit(user, '100');
    await stake(user, fixed.id, '100');
    laterDays(3); // the end day, and the job has not ended the stake yet
    const key = randomUUID();
    const out = await call(user, 'staking/unstake', { accept_forfeit: true }, key);
    expect(out.statusCode, out.body).toBe(200);
    expect(body<Stake>(out).data).toMatchObject({ status: 'completed', forfeited_reward: '0', claimed_reward: '0.2' });
    // The two days of the term are paid; a retry of the call and the job's pass add nothing.
    expect((await overview(user)).available_balance).toBe('100.2');
    expect(body<Stake>(await call(user, 'staking/unstake', { accept_forfeit: true }, key)).data.status).toBe('completed');
    await pass();
    expect(await overview(user)).toMatchObject({ available_balance: '100.2', locked_balance: '0', stake: null });
  });

  it('an unstake at the end of a full-lock term with a loan settles the loan and pays the reward, unconfirmed', async () => {
    const res = await inject(t.app, { method: 'POST', url: '/api/admin/loan-products', headers: await asAdmin(), payload: { name: `End ${randomUUID().slice(0, 6)}`, min_amount: '10', max_amount: '100', rate: '0.001', rate_period: 'daily', period_days: 10, capacity: '1000', auto_approve_below: '1000', status: 'active' } });
    expect(res.statusCode, res.body).toBe(200);
    const fixed = await createBatch({ duration_type: 'fixed', stake_type: 'full_lock', end_day: day(3), annual_rate: '0.365', fee_rate: '0' });
    const user = await newUser();
    await credit(user, '50');
    await stake(user, fixed.id, '40');
    const loan = body<Loan>(await call(user, 'borrowing/loans', { product_id: body<{ id: string }>(res).data.id, amount: '20', agree_terms: true })).data;
    expect(loan.status).toBe('active');
    laterDays(3);
    const out = await call(user, 'staking/unstake');
    expect(out.statusCode, out.body).toBe(200);
    expect(body<Stake>(out).data.status).toBe('completed');
    // Interest of days 1 and 2 (0.02 each): 20.04 owed, 10 from the balance and 10.04 from the
    // stake of 60; the rest (49.96) returns with the term's reward (60 x 0.001 x 2 days).
    const done = body<{ history: Loan[] }>(await inject(t.app, { url: '/api/v2/borrowing', headers: await h(user) })).data.history.find((l) => l.id === loan.id);
    expect(done).toMatchObject({ status: 'completed', interest_repaid: '0.04' });
    expect(await overview(user)).toMatchObject({ available_balance: '50.08', locked_balance: '0', stake: null });
    await pass();
    expect((await overview(user)).available_balance).toBe('50.08');
  });

  it('hands an ended stake\'s last fraction of reward to the sub-account\'s carried fraction: the next end completes a base unit with it; the end of a term too', async () => {
    // 100 ALEO at 10 % a year: a day's reward is 100 x 0.1 / 365, below the base unit (6 decimals) in part.
    const carried = async (u: User) => new Decimal((await queryRows<{ r: string }>(t.database.db, sql`select remainder::text as r from credit_remainders where holder = ${u.accountId} and coin = 'aleo'`))[0]?.r ?? 0);
    const floor6 = (d: Decimal) => d.toDecimalPlaces(6, Decimal.ROUND_DOWN);
    const user = await newUser();
    await credit(user, '100');
    const flexible = await createBatch({ annual_rate: '0.1', fee_rate: '0' });
    const twoDays = async () => {
      await stake(user, flexible.id, '100');
      await nextDays(3); // days 1 and 2 accrued
      const reward = new Decimal((await overview(user)).stake!.unclaimed_reward);
      const out = await call(user, 'staking/unstake');
      expect(body<Stake>(out).data).toMatchObject({ status: 'unstaked', unclaimed_reward: '0' });
      return reward;
    };
    const first = await twoDays();
    const fraction = first.minus(floor6(first));
    expect(fraction.gt(0) && fraction.lt('0.000001')).toBe(true);
    // Paid its whole base units; the fraction is the sub-account's, for its next credit of ALEO.
    expect((await overview(user)).available_balance).toBe(new Decimal(100).plus(floor6(first)).toFixed());
    expect((await carried(user)).toFixed()).toBe(fraction.toFixed());
    // A second stake's end: its fraction and the carried one make more than a base unit, paid now from sys:staking.
    const second = await twoDays();
    const both = fraction.plus(second.minus(floor6(second)));
    expect(both.gte('0.000001')).toBe(true);
    expect((await overview(user)).available_balance).toBe(new Decimal(100).plus(floor6(first)).plus(floor6(second)).plus('0.000001').toFixed());
    expect((await carried(user)).toFixed()).toBe(both.minus('0.000001').toFixed());
    const [carry] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ledger_postings where idempotency_key like 'stake-reward:%:carry' and reference in (select 'stake:' || id::text from stakes where account_id = ${user.accountId})`);
    expect(carry?.n).toBe(1);

    // The end of a fixed term (the job's completion): the reward paid, its fraction carried.
    const other = await newUser();
    await credit(other, '100');
    const fixed = await createBatch({ duration_type: 'fixed', stake_type: 'full_lock', end_day: day(3), annual_rate: '0.1', fee_rate: '0' });
    await stake(other, fixed.id, '100');
    await nextDays(2);
    const reward = new Decimal((await overview(other)).stake!.unclaimed_reward).times(2); // day 2 is accrued at the end
    await nextDays(1);
    expect(await overview(other)).toMatchObject({ stake: null, available_balance: new Decimal(100).plus(floor6(reward)).toFixed() });
    expect((await carried(other)).toFixed()).toBe(reward.minus(floor6(reward)).toFixed());
    await pass();
    expect((await carried(other)).toFixed()).toBe(reward.minus(floor6(reward)).toFixed());
    const report = await reconcile(t.database.db, t.app.modules.wallet.custody);
    expect(report.ok, JSON.stringify(report)).toBe(true);
  });

  it('two stakes at once for one user leave one', async () => {
    const a = await createBatch();
    const b = await createBatch();
    const user = await newUser();
    await credit(user, '100');
    const results = await Promise.all([stake(user, a.id, '20'), stake(user, b.id, '30')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const o = await overview(user);
    expect(['20', '30']).toContain(o.stake?.amount);
    expect(o.locked_balance).toBe(o.stake?.amount);
  });

  it('a key sent again with another change, amount or batch is idempotency_conflict and moves nothing; the same request gets the first answer', async () => {
    const batch = await createBatch();
    const other = await createBatch();
    const user = await newUser();
    await credit(user, '500');
    const stakeKey = randomUUID();
    const first = body<Stake>(await stake(user, batch.id, '100', stakeKey)).data;
    // The same request again (its amount written otherwise): the first answer.
    expect(body<Stake>(await stake(user, batch.id, '100.000', stakeKey)).data).toMatchObject({ id: first.id, amount: '100' });
    laterDays(1); // a reduction and an unstake are open from the next day
    for (const res of [
      await stake(user, batch.id, '50', stakeKey),
      await stake(user, other.id, '100', stakeKey),
      await call(user, 'staking/reduce', { amount: '10' }, stakeKey),
      await call(user, 'staking/unstake', { accept_forfeit: true }, stakeKey),
      await call(user, 'staking/claim', {}, stakeKey),
    ]) expect(errorOf(res), res.body).toBe(codeOf('idempotency_conflict'));
    expect(await overview(user)).toMatchObject({ available_balance: '400', locked_balance: '100', stake: { id: first.id, status: 'active', amount: '100' } });

    const reduceKey = randomUUID();
    expect(body<Stake>(await call(user, 'staking/reduce', { amount: '10' }, reduceKey)).data.amount).toBe('90');
    expect(body<Stake>(await call(user, 'staking/reduce', { amount: '10.0' }, reduceKey)).data.amount).toBe('90');
    expect(errorOf(await call(user, 'staking/reduce', { amount: '20' }, reduceKey))).toBe(codeOf('idempotency_conflict'));
    expect(errorOf(await call(user, 'staking/unstake', { accept_forfeit: true }, reduceKey))).toBe(codeOf('idempotency_conflict'));
    const unstakeKey = randomUUID();
    expect(body<Stake>(await call(user, 'staking/unstake', { accept_forfeit: true }, unstakeKey)).data.status).toBe('unstaked');
    expect(body<Stake>(await call(user, 'staking/unstake', { accept_forfeit: true }, unstakeKey)).data).toMatchObject({ id: first.id, status: 'unstaked' });

    // A later stake: the ended stake's keys sent with its changes are refused, not answered with the ended stake.
    const later = body<Stake>(await stake(user, batch.id, '50')).data;
    laterDays(1);
    for (const res of [
      await stake(user, batch.id, '50', stakeKey),
      await call(user, 'staking/unstake', { accept_forfeit: true }, stakeKey),
      await call(user, 'staking/reduce', { amount: '10' }, unstakeKey),
    ]) expect(errorOf(res), res.body).toBe(codeOf('idempotency_conflict'));
    expect(await overview(user)).toMatchObject({ available_balance: '450', locked_balance: '50', stake: { id: later.id, status: 'active', amount: '50' } });
  });

  it('the same key sent again while the first request still runs past its lease gets the first answer, not another change or a refusal', async () => {
    const batch = await createBatch();
    const user = await newUser();
    await credit(user, '500');
    await withLapsedLeases(async () => {
      const twice = async (send: () => Promise<{ statusCode: number; body: string }>) => {
        const results = await Promise.all([send(), send()]);
        for (const res of results) expect(res.statusCode, res.body).toBe(200);
        return results.map((res) => body<Stake & { paid?: string; stake?: Stake }>(res).data);
      };
      const stakeKey = lapsedKey();
      const staked = await twice(() => stake(user, batch.id, '100', stakeKey));
      expect(staked.map((s) => [s.id, s.amount])).toEqual([[staked[0]!.id, '100'], [staked[0]!.id, '100']]);
      // The key sent at once with another request: one is made, the other refused as such.
      const otherKey = lapsedKey();
      const mixed = await Promise.all([stake(user, batch.id, '10', otherKey), stake(user, batch.id, '20', otherKey)]);
      expect(mixed.map((res) => (res.statusCode === 200 ? 'ok' : errorOf(res))).sort()).toEqual([codeOf('idempotency_conflict'), 'ok'].sort());
      const afterAdding = body<Stake>(mixed.find((res) => res.statusCode === 200)!).data.amount;
      await nextDays(2); // one full day's reward on the stake
      const reduceKey = lapsedKey();
      const reduced = new Decimal(afterAdding).minus(10).toFixed();
      expect((await twice(() => call(user, 'staking/reduce', { amount: '10' }, reduceKey))).map((s) => s.amount)).toEqual([reduced, reduced]);
      const claimKey = lapsedKey();
      const claimed = await twice(() => call(user, 'staking/claim', {}, claimKey));
      expect(claimed[1]!.paid).toBe(claimed[0]!.paid);
      const unstakeKey = lapsedKey();
      expect((await twice(() => call(user, 'staking/unstake', {}, unstakeKey))).map((s) => s.status)).toEqual(['unstaked', 'unstaked']);
      // Each change was made once: the stake and its reduction, once each, and one reward paid.
      const o = await overview(user);
      expect(o.locked_balance).toBe('0');
      expect(new Decimal(o.available_balance).minus(500).toFixed()).toBe(claimed[0]!.paid);
    });
  });
});

describe('borrowing', () => {
  const productBody = (over: Record<string, unknown> = {}) => ({ name: `P ${randomUUID().slice(0, 6)}`, min_amount: '10', max_amount: '100', rate: '0.001', rate_period: 'daily', period_days: 3, capacity: '150', auto_approve_below: null, status: 'active', ...over });
  async function product(over: Record<string, unknown> = {}) {
    const res = await inject(t.app, { method: 'POST', url: '/api/admin/loan-products', headers: await asAdmin(), payload: productBody(over) });
    expect(res.statusCode, res.body).toBe(200);
    return body<{ id: string }>(res).data;
  }
  const borrow = (user: User, productId: string, amount: string, key?: string, agree: unknown = true) => call(user, 'borrowing/loans', { product_id: productId, amount, agree_terms: agree }, key);
  const loanOf = async (user: User) => body<{ loan: Loan | null }>(await inject(t.app, { url: '/api/v2/borrowing', headers: await h(user) })).data.loan;

  it('refuses too low, too high, no capacity, without a stake or without agreeing', async () => {
    const p = await product();
    const batch = await createBatch();
    const user = await newUser();
    await credit(user, '100');
    expect(errorOf(await borrow(user, p.id, '50'))).toBe(codeOf('borrow_stake_required'));
    await stake(user, batch.id, '20');
    expect(errorOf(await borrow(user, p.id, '50', undefined, false))).toBe(codeOf('validation_failed'));
    const low = await borrow(user, p.id, '5');
    expect(errorOf(low)).toBe(codeOf('borrow_too_low'));
    expect(body(low).msg).toBe('The amount is too low: the minimum is 10 ALEO.');
    expect(errorOf(await borrow(user, p.id, '101'))).toBe(codeOf('borrow_too_high'));
    const other = await newUser();
    await credit(other, '100');
    await stake(other, batch.id, '20');
    expect((await borrow(other, p.id, '100')).statusCode).toBe(200);
    const none = await borrow(user, p.id, '60');
    expect(errorOf(none)).toBe(codeOf('borrow_no_capacity'));
    expect(body(none).msg).toContain('50 ALEO');
    expect(errorOf(await borrow(other, p.id, '10'))).toBe(codeOf('loan_open_exists'));
  });

  it('the stake and borrow pages show the current sub-account: a stake and loan on another are named, not shown', async () => {
    const p = await product({ auto_approve_below: '1000' });
    const batch = await createBatch();
    const user = await newUser();
    await credit(user, '100');
    await stake(user, batch.id, '40');
    expect((await borrow(user, p.id, '10')).statusCode).toBe(200);
    const created = await inject(t.app, { method: 'POST', url: '/api/accounts', headers: await h(user), payload: { name: `sub${randomUUID().slice(0, 8)}` } });
    expect(created.statusCode, created.body).toBe(200);
    const mainId = body<{ current_account: { id: string } }>(await inject(t.app, { url: '/api/users/mine', headers: await h(user) })).data.current_account.id;
    const switchTo = async (id: string) => expect((await inject(t.app, { method: 'PUT', url: '/api/users/accounts', headers: await h(user), payload: { account_id: id } })).statusCode).toBe(200);
    await switchTo(body<{ id: string }>(created).data.id);

    const o = await overview(user);
    expect(o).toMatchObject({ available_balance: '0', locked_balance: '0', stake: null, stake_account: user.accountName });
    const b = body<{ available_balance: string; loan: Loan | null; loan_account: string | null; history: Loan[] }>(await inject(t.app, { url: '/api/v2/borrowing', headers: await h(user) })).data;
    expect(b).toMatchObject({ available_balance: '0', loan: null, loan_account: user.accountName, history: [] });
    expect(errorOf(await borrow(user, p.id, '10'))).toBe(codeOf('loan_open_exists'));

    await switchTo(mainId);
    const back = await overview(user);
    expect(back).toMatchObject({ available_balance: '60', stake_account: null });
    expect(back.stake?.amount).toBe('50');
    expect((await loanOf(user))?.amount).toBe('10');
  });

  it('an operator does not approve their own loan (it moves the pool’s ALEO to them); another operator does', async () => {
    const p = await product();
    const batch = await createBatch();
    const user = await newUser(uniqueEmail('finance'));
    await credit(user, '200');
    await stake(user, batch.id, '20');
    const loan = body<Loan>(await borrow(user, p.id, '100', randomUUID())).data;
    expect(loan.status).toBe('pending');
    const { id: userId } = body<{ id: string }>(await inject(t.app, { url: '/api/users/mine', headers: await h(user) })).data;
    const granted = await inject(t.app, { method: 'PUT', url: `/api/admin/users/${userId}/roles`, headers: await asAdmin(), payload: { roles: ['finance'], reason: 'own loan' } });
    expect(granted.statusCode, granted.body).toBe(200);
    const own = await inject(t.app, { method: 'POST', url: `/api/admin/loans/${loan.id}/approve`, headers: await h(user) });
    expect(own.statusCode, own.body).toBe(403);
    expect(errorOf(own)).toBe(codeOf('operator_own_money'));
    expect((await loanOf(user))?.status).toBe('pending');
    expect(body<Loan>(await inject(t.app, { method: 'POST', url: `/api/admin/loans/${loan.id}/approve`, headers: await asAdmin() })).data.status).toBe('active');
  });

  it('pending until approved; the ALEO goes into the stake; interest accrues; repaid in parts; completed', async () => {
    const p = await product();
    const batch = await createBatch();
    const user = await newUser();
    await credit(user, '200');
    await stake(user, batch.id, '20');
    const key = randomUUID();
    const loan = body<Loan>(await borrow(user, p.id, '100', key)).data;
    expect(loan.status).toBe('pending');
    expect(body<Loan>(await borrow(user, p.id, '100', key)).data.id).toBe(loan.id);
    // Another user can neither cancel nor repay it.
    const stranger = await newUser();
    expect(errorOf(await call(stranger, `borrowing/loans/${loan.id}/cancel`))).toBe(codeOf('loan_not_found'));
    expect((await inject(t.app, { method: 'POST', url: `/api/admin/loans/${loan.id}/approve`, headers: await h(user) })).statusCode).toBe(403);
    // A finance operator decides loans (audited under their name), as admin does.
    const finance = await newUser(uniqueEmail('finance'));
    const { id: financeId } = body<{ id: string }>(await inject(t.app, { url: '/api/users/mine', headers: await h(finance) })).data;
    const granted = await inject(t.app, { method: 'PUT', url: `/api/admin/users/${financeId}/roles`, headers: await asAdmin(), payload: { roles: ['finance'], reason: 'loan approvals' } });
    expect(granted.statusCode, granted.body).toBe(200);
    const pending = body<Array<{ id: string; account_name: string }>>(await inject(t.app, { url: '/api/admin/loans?status=pending', headers: await h(finance) })).data;
    expect(pending.find((l) => l.id === loan.id)?.account_name).toBe(user.accountName);
    const approved = await inject(t.app, { method: 'POST', url: `/api/admin/loans/${loan.id}/approve`, headers: await h(finance) });
    expect(body<Loan>(approved).data.status).toBe('active');
    const audit = body<{ list: Array<{ action: string; target: string; admin: string | null }> }>(await inject(t.app, { url: '/api/admin/audit-log?page_size=50', headers: await asAdmin() })).data.list;
    expect(audit.find((x) => x.target.includes(loan.id))?.admin).toBe(finance.email);
    expect(errorOf(await call(user, `borrowing/loans/${loan.id}/cancel`))).toBe(codeOf('loan_state_invalid'));
    let o = await overview(user);
    expect(o.stake?.amount).toBe('120');
    expect(o.stake?.borrowed).toBe('100');
    expect(o.locked_balance).toBe('120');
    // The borrowed part cannot be taken out; unstaking waits for the loan.
    await nextDays(2); // one full day of interest: 100 * 0.001
    expect(errorOf(await call(user, 'staking/reduce', { amount: '20' }))).toBe(codeOf('stake_reduce_invalid'));
    expect(errorOf(await call(user, 'staking/unstake'))).toBe(codeOf('stake_loan_outstanding'));
    expect((await loanOf(user))?.interest_due).toBe('0.1');
    const exceeds = await call(user, `borrowing/loans/${loan.id}/repay`, { amount: '101' });
    expect(errorOf(exceeds)).toBe(codeOf('loan_repay_exceeds'));
    const part = body<Loan>(await call(user, `borrowing/loans/${loan.id}/repay`, { amount: '50.1' })).data;
    expect(part).toMatchObject({ interest_due: '0', interest_repaid: '0.1', principal_due: '50', debt: '50' });
    const rest = body<Loan>(await call(user, `borrowing/loans/${loan.id}/repay`, { amount: '50' })).data;
    expect(rest.status).toBe('completed');
    o = await overview(user);
    expect(o.stake?.borrowed).toBe('0');
    // 200 - 20 staked - 100.1 repaid; what was borrowed and repaid is now the user's own stake.
    expect(o.available_balance).toBe('79.9');
    expect(o.locked_balance).toBe('120');
  });

  it('a pending loan can be cancelled, and one below the threshold is approved at once', async () => {
    const p = await product({ auto_approve_below: '50' });
    const batch = await createBatch();
    const user = await newUser();
    await credit(user, '100');
    await stake(user, batch.id, '20');
    const pending = body<Loan>(await borrow(user, p.id, '60')).data;
    expect(pending.status).toBe('pending');
    expect(body<Loan>(await call(user, `borrowing/loans/${pending.id}/cancel`)).data.status).toBe('cancelled');
    const auto = body<Loan>(await borrow(user, p.id, '40')).data;
    expect(auto.status).toBe('active');
    expect((await overview(user)).stake?.amount).toBe('60');
  });

  it('settles an unpaid loan at the end of its period from the balance, then the stake', async () => {
    const p = await product({ auto_approve_below: '1000', period_days: 2 });
    const batch = await createBatch({ annual_rate: '0' });
    const user = await newUser();
    await credit(user, '30');
    await stake(user, batch.id, '20');
    await borrow(user, p.id, '100');
    // Two days of interest (0.1 each), then the period is over.
    await nextDays(3);
    const loan = body<{ history: Loan[] }>(await inject(t.app, { url: '/api/v2/borrowing', headers: await h(user) })).data.history[0]!;
    expect(loan.status).toBe('completed');
    expect(loan.interest_repaid).toBe('0.2');
    const o = await overview(user);
    // Debt 100.2: 10 from the balance, 90.2 from the stake (120 - 90.2).
    expect(o.available_balance).toBe('0');
    expect(o.stake?.amount).toBe('29.8');
    expect(o.locked_balance).toBe('29.8');
  });

  it('a repayment first accrues the days the job has not, each on the principal before the repayment', async () => {
    const p = await product({ auto_approve_below: '1000', period_days: 10 });
    const batch = await createBatch({ annual_rate: '0' });
    const user = await newUser();
    await credit(user, '200');
    await stake(user, batch.id, '20');
    const loan = body<Loan>(await borrow(user, p.id, '100')).data;
    laterDays(3); // days 1 and 2 of the period owed (0.1 each on 100), no pass since
    const part = body<Loan>(await call(user, `borrowing/loans/${loan.id}/repay`, { amount: '50' })).data;
    expect(part).toMatchObject({ interest_repaid: '0.2', interest_due: '0', principal_due: '50.2' });
    await pass();
    expect((await loanOf(user))?.interest_due).toBe('0');
  });

  it('a settlement taken in parts in one day, and a repayment whose client key reads like a settlement’s, stop no pass', async () => {
    const p = await product({ auto_approve_below: '1000', period_days: 2 });
    const batch = await createBatch({ annual_rate: '0' });
    const user = await newUser();
    await credit(user, '11');
    await stake(user, batch.id, '10');
    const loan = body<Loan>(await borrow(user, p.id, '100')).data;
    // A loan made before its period's interest had to be covered by the own stake: 20 % a day.
    await t.database.db.update(loans).set({ rate: '0.2' }).where(eq(loans.id, loan.id));
    // The key of the settlement at the end of the period, taken first by the user.
    expect((await call(user, `borrowing/loans/${loan.id}/repay`, { amount: '1' }, `settlement:${day(3)}`)).statusCode).toBe(200);
    // Interest 19.8 a day on 99: the debt of 138.6 is more than the stake (110): 28.6 stays owed.
    await nextDays(3);
    expect(await loanOf(user)).toMatchObject({ status: 'active', debt: '28.6' });
    expect((await overview(user)).stake?.amount).toBe('0');
    // Earnings credited later that day are taken by the next pass, the same day.
    await credit(user, '30');
    await pass();
    const done = body<{ history: Loan[] }>(await inject(t.app, { url: '/api/v2/borrowing', headers: await h(user) })).data.history.find((l) => l.id === loan.id);
    expect(done?.status).toBe('completed');
    expect((await overview(user)).available_balance).toBe('1.4');
  });

  it('a loan product has a name per language where the operator gives one; the product and the loan carry them', async () => {
    const p = await product({ name: 'Quick loan', names: { 'ru-RU': ' Быстрый займ ', ja: ' ' }, auto_approve_below: '1000' });
    const user = await newUser();
    await credit(user, '100');
    await stake(user, (await createBatch()).id, '20');
    const loan = await borrow(user, p.id, '10');
    expect(loan.statusCode, loan.body).toBe(200);
    expect(body<Loan>(loan).data).toMatchObject({ product_name: 'Quick loan', product_names: { 'ru-RU': 'Быстрый займ' } });
    const o = body<{ products: Array<{ id: string; name: string; names: Record<string, string> }> }>(await inject(t.app, { url: '/api/v2/borrowing', headers: await h(user) })).data;
    expect(o.products.find((x) => x.id === p.id)).toMatchObject({ name: 'Quick loan', names: { 'ru-RU': 'Быстрый займ' } });
    const edited = await inject(t.app, { method: 'PUT', url: `/api/admin/loan-products/${p.id}`, headers: await asAdmin(), payload: productBody({ name: 'Quick loan', names: { ko: '빠른 대출' } }) });
    expect(body<{ names: Record<string, string> }>(edited).data.names).toEqual({ ko: '빠른 대출' });
    for (const names of [{ ko: 'x'.repeat(61) }, { xx: 'y' }]) {
      expect(errorOf(await inject(t.app, { method: 'POST', url: '/api/admin/loan-products', headers: await asAdmin(), payload: productBody({ names }) }))).toBe(codeOf('validation_failed'));
    }
  });

  it('a borrowing needs the own stake to cover the interest of the whole period; rewards wait while a loan is open; a reduction keeps the interest still to come', async () => {
    // The reviewer's case: 10,000 ALEO at 12 % a year for 30 days owes 30 x 3.287671 = 98.63013 ALEO of interest.
    const p = await product({ max_amount: '10000', rate: '0.12', rate_period: 'annual', period_days: 30, capacity: '100000', auto_approve_below: '100000' });
    const batch = await createBatch({ annual_rate: '0.365', fee_rate: '0' });
    const user = await newUser();
    await credit(user, '200');
    await stake(user, batch.id, '10');
    const short = await borrow(user, p.id, '10000');
    expect(errorOf(short)).toBe(codeOf('borrow_interest_uncovered'));
    expect(body(short).msg).toBe("The stake's own ALEO (10 ALEO, borrowed ALEO not counted) must cover the interest of the loan's whole period (98.63013 ALEO): stake more or borrow less.");
    await stake(user, batch.id, '88.63012');
    expect(errorOf(await borrow(user, p.id, '10000'))).toBe(codeOf('borrow_interest_uncovered'));
    await stake(user, batch.id, '0.00001'); // 98.63013: exactly the interest
    const loan = body<Loan>(await borrow(user, p.id, '10000')).data;
    expect(loan.status).toBe('active');
    // One day of reward on 10,098.63013 (10.09863013 ALEO), and one day of interest.
    await nextDays(2);
    expect((await overview(user)).stake?.unclaimed_reward).toBe('10.09863013');
    const claim = await call(user, 'staking/claim');
    expect(errorOf(claim)).toBe(codeOf('stake_claim_loan'));
    expect(body(claim).msg).toContain('while a loan is pending or active');
    // The own 98.63013 covers the interest due (3.287671) and still to come (29 days): nothing can be taken out.
    const none = await call(user, 'staking/reduce', { amount: '1' });
    expect(errorOf(none)).toBe(codeOf('stake_reduce_invalid'));
    expect(body(none).msg).toContain('(0 ALEO at most now)');
    // 50 more: 40 of it can be taken out (the minimum of 10 stays), not a base unit more.
    await stake(user, batch.id, '50');
    expect(body(await call(user, 'staking/reduce', { amount: '40.000001' })).msg).toContain('(40 ALEO at most now)');
    expect(body<Stake>(await call(user, 'staking/reduce', { amount: '40' })).data.amount).toBe('10108.63013');
    // Repaid: the reward can be claimed again.
    await credit(user, '10000');
    const repaid = body<Loan>(await call(user, `borrowing/loans/${loan.id}/repay`, { amount: '10003.287671' })).data;
    expect(repaid.status).toBe('completed');
    expect(body<{ paid: string }>(await call(user, 'staking/claim')).data.paid).toBe('10.09863');
  });

  it('the end of the period takes the whole debt when the own stake covered the interest', async () => {
    const p = await product({ max_amount: '10000', rate: '0.12', rate_period: 'annual', period_days: 30, capacity: '100000', auto_approve_below: '100000' });
    const batch = await createBatch({ annual_rate: '0', end_day: day(60) });
    const user = await newUser();
    await credit(user, '98.63013');
    await stake(user, batch.id, '98.63013');
    await borrow(user, p.id, '10000');
    await nextDays(31); // the 30 days of the period are over
    const loan = body<{ history: Loan[] }>(await inject(t.app, { url: '/api/v2/borrowing', headers: await h(user) })).data.history[0]!;
    expect(loan).toMatchObject({ status: 'completed', debt: '0', principal_repaid: '10000', interest_repaid: '98.63013' });
    expect(await overview(user)).toMatchObject({ available_balance: '0', locked_balance: '0', stake: { amount: '0' } });
    // The emptied stake still ends (it answered a 500: a ledger movement of 0), once per key.
    const key = randomUUID();
    const out = await call(user, 'staking/unstake', {}, key);
    expect(out.statusCode, out.body).toBe(200);
    expect(body<Stake>(out).data.status).toBe('unstaked');
    expect(body<Stake>(await call(user, 'staking/unstake', {}, key)).data.status).toBe('unstaked');
    expect(await overview(user)).toMatchObject({ available_balance: '0', locked_balance: '0' });
  });

  it('a pending loan: no unstake, a reduction keeps its interest; approval uses its own stake, refused once that stake is not active', async () => {
    const p = await product(); // 0.1 % a day for 3 days, approved by an operator
    const first = await createBatch({ end_day: day(2) });
    const user = await newUser();
    await credit(user, '100');
    await stake(user, first.id, '20');
    const loan = body<Loan>(await borrow(user, p.id, '50')).data;
    expect(loan.status).toBe('pending');
    await nextDays(1);
    const unstake = await call(user, 'staking/unstake');
    expect(errorOf(unstake)).toBe(codeOf('stake_loan_pending'));
    expect(body(unstake).msg).toBe('A loan request for this stake is waiting for approval: cancel it before unstaking.');
    // The pending loan's 3 days of interest (0.05 each) stay: 20 - 10 - 0.15.
    expect(body(await call(user, 'staking/reduce', { amount: '9.9' })).msg).toContain('(9.85 ALEO at most now)');
    expect(body<Stake>(await call(user, 'staking/reduce', { amount: '9.85' })).data.amount).toBe('10.15');
    // The term ends (the job completes the stake); a new stake in another batch is not the loan's.
    await nextDays(1);
    expect((await overview(user)).stake).toBeNull();
    const second = await createBatch();
    await stake(user, second.id, '30');
    const approve = await inject(t.app, { method: 'POST', url: `/api/admin/loans/${loan.id}/approve`, headers: await asAdmin() });
    expect(approve.statusCode).toBe(409);
    expect(errorOf(approve)).toBe(codeOf('loan_stake_inactive'));
    expect(body(approve).msg).toBe('The stake this loan was requested for is no longer active: the loan cannot be approved.');
    expect(await overview(user)).toMatchObject({ locked_balance: '30' });
    expect((await overview(user)).stake?.amount).toBe('30');
    expect((await loanOf(user))?.status).toBe('pending');
    const reject = await inject(t.app, { method: 'POST', url: `/api/admin/loans/${loan.id}/reject`, headers: await asAdmin() });
    expect(body<Loan>(reject).data.status).toBe('cancelled');
  });

  it('loan products are validated and audited', async () => {
    const bad = await inject(t.app, { method: 'POST', url: '/api/admin/loan-products', headers: await asAdmin(), payload: productBody({ min_amount: '200' }) });
    expect(errorOf(bad)).toBe(codeOf('loan_product_invalid'));
    const list = body<Array<{ id: string }>>(await inject(t.app, { url: '/api/admin/loan-products', headers: await asAdmin() })).data;
    expect(list.length).toBeGreaterThan(0);
  });

  it('a borrow key sent again with another product or amount, or a repayment key with another amount, is idempotency_conflict; the same request gets the first answer', async () => {
    const p = await product({ auto_approve_below: '1000' });
    const q = await product({ auto_approve_below: '1000' });
    const batch = await createBatch();
    const user = await newUser();
    await credit(user, '200');
    await stake(user, batch.id, '50');
    const key = randomUUID();
    const loan = body<Loan>(await borrow(user, p.id, '10', key)).data;
    expect(loan.status).toBe('active');
    expect(body<Loan>(await borrow(user, p.id, '10.00', key)).data.id).toBe(loan.id);
    expect(errorOf(await borrow(user, p.id, '20', key))).toBe(codeOf('idempotency_conflict'));
    expect(errorOf(await borrow(user, q.id, '10', key))).toBe(codeOf('idempotency_conflict'));
    const repayKey = randomUUID();
    expect(body<Loan>(await call(user, `borrowing/loans/${loan.id}/repay`, { amount: '4' }, repayKey)).data.principal_due).toBe('6');
    expect(body<Loan>(await call(user, `borrowing/loans/${loan.id}/repay`, { amount: '4.0' }, repayKey)).data.principal_due).toBe('6');
    expect(errorOf(await call(user, `borrowing/loans/${loan.id}/repay`, { amount: '5' }, repayKey))).toBe(codeOf('idempotency_conflict'));
    expect(await loanOf(user)).toMatchObject({ id: loan.id, amount: '10', principal_due: '6' });
    expect(await overview(user)).toMatchObject({ available_balance: '146', locked_balance: '60' });
  });

  it('a borrow or repayment key sent again while the first request still runs past its lease gets the first answer', async () => {
    const p = await product({ auto_approve_below: '1000' });
    const batch = await createBatch();
    const user = await newUser();
    await credit(user, '200');
    await stake(user, batch.id, '50');
    await withLapsedLeases(async () => {
      const key = lapsedKey();
      const borrowed = await Promise.all([borrow(user, p.id, '10', key), borrow(user, p.id, '10', key)]);
      for (const res of borrowed) expect(res.statusCode, res.body).toBe(200);
      const [loan, again] = borrowed.map((res) => body<Loan>(res).data);
      expect(again!.id).toBe(loan!.id);
      const repayKey = lapsedKey();
      const repaid = await Promise.all([0, 1].map(() => call(user, `borrowing/loans/${loan!.id}/repay`, { amount: '4' }, repayKey)));
      for (const res of repaid) expect(res.statusCode, res.body).toBe(200);
      expect(repaid.map((res) => body<Loan>(res).data.principal_due)).toEqual(['6', '6']);
    });
    expect(await overview(user)).toMatchObject({ available_balance: '146', locked_balance: '60' });
  });
});
