// A red packet's last fractions when it ends (docs/rules.md, Promotions): each receipt's credits
// are whole satoshis cut from the exact sum of its days, and what that leaves (earned − paid)
// goes to the receiver's carried fraction of the coin (credit_remainders) in the transaction that
// ends the packet, so the receiver's next credit of the coin pays it; a fraction that completes a
// satoshi with the one carried already is credited at once (key redpacket:<packet>:<user>:carry).
// The funder gets the rest of the budget, less those fractions: a user's sub-account its whole
// satoshis with its own fraction carried. The packet's reserve gives up exactly what it held,
// nothing twice however often the job runs, and the ledger reconciles.
import Decimal from 'decimal.js';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletSubject, type Tokens } from '@hashpool/shared';
import { queryRows } from '../src/db/client';
import { FakeClock } from '../src/platform/clock';
import { promotionsTick } from '../src/modules/promotions/promotions.jobs';
import { balanceOf, post as postLedger, SYSTEM } from '../src/modules/ledger/ledger';
import { reconcile } from '../src/modules/ledger/reconciliation';
import { auth, emailOperationCode, inject, login, PASSWORD, registerByEmail, setPayPassword, TEST_PIN, uniqueEmail } from './account-helpers';
import { SmtpInbox } from './smtp-inbox';
import { body, startTestApp, type TestApp } from './test-app';

let t: TestApp;
const inbox = new SmtpInbox();
const clock = new FakeClock('2027-02-01T10:00:00Z');
const ADMIN = uniqueEmail('fraction-admin');
beforeAll(async () => {
  t = await startTestApp({ demo: false, clock, env: { SMTP_URL: await inbox.start(), ALTCHA_COST: '1', ADMIN_EMAILS: ADMIN, ACCESS_TOKEN_TTL_SECONDS: '3600' } });
  admin = await user(ADMIN);
});
afterAll(async () => {
  await t?.close();
  await inbox.stop();
});
const db = () => t.database.db;
const Exact = Decimal.clone({ precision: 60 });
const DAY = 86_400_000;
const SAT = new Exact('0.00000001');
const iso = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();

interface User {
  email: string;
  device: string;
  tokens: Tokens;
  accountId: string;
}
let admin: User;

async function user(email = uniqueEmail('fraction')): Promise<User> {
  const r = await registerByEmail(t.app, inbox, email);
  const mine = body<{ current_account: { id: string } }>(await inject(t.app, { url: '/api/users/mine', headers: auth(r.tokens) })).data;
  return { email, device: r.device, tokens: r.tokens, accountId: mine.current_account.id };
}

/** The user's bearer header: the tests move the clock by days, so the session is refreshed (or logged in again). */
async function as(u: User): Promise<Record<string, string>> {
  const res = await inject(t.app, { method: 'POST', url: '/api/users/refresh/login', payload: { refresh_token: u.tokens.refresh_token } });
  if (res.statusCode === 200) u.tokens = body<Tokens>(res).data;
  else {
    const { result } = await login(t.app, u.email, PASSWORD, u.device);
    if (result?.status !== 'ok') throw new Error(`login again: ${JSON.stringify(result)}`);
    u.tokens = result.tokens;
  }
  return auth(u.tokens);
}

/** The BTC market day with D = 1000: a day of 1 MH/s earns 1e6 x 86400 / (1000 x 2^32) x 3.375 BTC. */
async function market(day: string) {
  await db().execute(sql`insert into market_data (coin, day, network_difficulty, block_subsidy, avg_fees_per_block, source)
    values ('btc', ${day}::date, 1000, 3.125, 0.25, 'operator') on conflict (coin, day) do nothing`);
}
/** What a receipt of 1 MH/s earns in one such day, exact, and its credit (cut to the satoshi). */
const EARNED = new Exact(1e6).times(86_400).div(new Exact(1000).times(2 ** 32)).times('3.375');
const PAID = EARNED.toDecimalPlaces(8, Decimal.ROUND_DOWN);
const FRACTION = EARNED.minus(PAID);

const poolPacket = (budget: string) =>
  t.app.modules.promotions.redPackets.create(null, { name: 'Fractions', names: {}, coin: 'btc', hashrate: 1e6, duration_days: 1, shares: 1, budget, activation_deadline: iso(DAY) });
const receive = async (u: User, id: string) => {
  const res = await inject(t.app, { method: 'POST', url: `/api/red-packets/${id}/receive`, headers: await as(u) });
  expect(res.statusCode, res.body).toBe(200);
};
const tick = () => promotionsTick({ db: db(), ...t.app.modules.promotions });
const balance = async (holder: string, bucket: 'available' | 'frozen' = 'available') => new Exact((await balanceOf(db(), holder, 'btc'))[bucket]);
async function carried(holder: string): Promise<Decimal> {
  const [row] = await queryRows<{ remainder: string }>(db(), sql`select remainder::text from credit_remainders where holder = ${holder} and coin = 'btc'`);
  return new Exact(row?.remainder ?? 0);
}
const ended = async (id: string) => (await queryRows<{ ended: boolean }>(db(), sql`select ended_at is not null as ended from red_packets where id = ${id}`))[0]!.ended;
const postings = async (like: string) => (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from ledger_postings where idempotency_key like ${like}`))[0]!.n;
async function reconciles() {
  const report = await reconcile(db(), t.app.modules.wallet.custody);
  expect(report.ok, JSON.stringify(report)).toBe(true);
}

describe('a red packet\'s last fractions', () => {
  it('go to the receiver\'s carried fraction when the packet ends; the second packet\'s completes a satoshi, credited from the reserve at once; never beyond the budget', async () => {
    expect(FRACTION.gt(0) && FRACTION.lt(SAT)).toBe(true);
    const receiver = await user();
    const [frozenBefore, poolBefore] = [await balance(SYSTEM.promotions, 'frozen'), await balance(SYSTEM.promotions)];

    // First packet: received on 02-01, its one day (02-02) credited and the packet ended on 02-03.
    const first = await poolPacket('1');
    await receive(receiver, first.id);
    await market('2027-02-02');
    clock.set('2027-02-03T00:10:00Z');
    await tick();
    expect(await ended(first.id)).toBe(true);
    expect((await balance(receiver.accountId)).toFixed()).toBe(PAID.toFixed());
    // The day's fraction is the receiver's, carried to their next credit; the pool's budget came
    // back less what was paid (its reserve held whole satoshis: the fraction's satoshi stays the pool's until a credit completes it).
    expect((await carried(receiver.accountId)).toFixed()).toBe(FRACTION.toFixed());
    expect((await balance(SYSTEM.promotions)).minus(poolBefore).toFixed()).toBe(PAID.neg().toFixed());
    expect((await balance(SYSTEM.promotions, 'frozen')).toFixed()).toBe(frozenBefore.toFixed());
    await tick();
    expect((await carried(receiver.accountId)).toFixed()).toBe(FRACTION.toFixed());
    await reconciles();

    // Second packet: its fraction and the carried one make more than a satoshi, paid with this end.
    clock.set('2027-02-03T10:00:00Z');
    const second = await poolPacket('1');
    await receive(receiver, second.id);
    await market('2027-02-04');
    clock.set('2027-02-05T00:10:00Z');
    await tick();
    await tick();
    expect(await ended(second.id)).toBe(true);
    expect(await postings(`redpacket:${second.id}:%:carry`)).toBe(1);
    expect(await postings(`redpacket:${first.id}:%:carry`)).toBe(0);
    expect((await balance(receiver.accountId)).toFixed()).toBe(PAID.times(2).plus(SAT).toFixed());
    expect((await carried(receiver.accountId)).toFixed()).toBe(FRACTION.times(2).minus(SAT).toFixed());
    // Both budgets are gone from the reserve: each went to the receiver (two days and the carried satoshi) or back to the pool.
    expect((await balance(SYSTEM.promotions, 'frozen')).toFixed()).toBe(frozenBefore.toFixed());
    expect((await balance(SYSTEM.promotions)).minus(poolBefore).toFixed()).toBe(PAID.times(2).plus(SAT).neg().toFixed());
    await reconciles();

    // Not beyond the budget: a packet whose day used all of it has nothing to cover the fraction with.
    clock.set('2027-02-10T10:00:00Z');
    const other = await user();
    const spent = await poolPacket(PAID.toFixed());
    await receive(other, spent.id);
    await market('2027-02-11');
    clock.set('2027-02-12T00:10:00Z');
    await tick();
    expect(await ended(spent.id)).toBe(true);
    expect((await balance(other.accountId)).toFixed()).toBe(PAID.toFixed());
    expect((await carried(other.accountId)).toFixed()).toBe('0');
    expect((await balance(SYSTEM.promotions, 'frozen')).toFixed()).toBe(frozenBefore.toFixed());
    await reconciles();
  });

  it('a user\'s packet returns its budget less what was paid and less the receiver\'s fraction; the funder\'s own fraction is carried too', async () => {
    clock.set('2027-02-20T10:00:00Z');
    const funding = await inject(t.app, { method: 'PUT', url: '/api/admin/promotions/user-funding', headers: await as(admin), payload: { all_coins: false, coins: ['btc'] } });
    expect(funding.statusCode, funding.body).toBe(200);
    const [funder, receiver] = [await user(), await user()];
    await setPayPassword(t, inbox, funder);
    await postLedger(db(), { idempotencyKey: `test-give:${funder.accountId}`, businessType: 'system_adjustment', entries: [{ holder: SYSTEM.adjustments, coin: 'btc', amount: '-0.5' }, { holder: funder.accountId, coin: 'btc', amount: '0.5' }] }, clock.now());
    const packet = { name: 'My gift', coin: 'btc', hashrate: 1e6, duration_days: 1, shares: 1, budget: '0.2', activation_deadline: iso(DAY) };
    const code = await emailOperationCode(t, inbox, { email: funder.email, tokens: funder.tokens }, 'transfer', walletSubject.redPacket({ coin: 'btc', budget: '0.2' }));
    const res = await inject(t.app, { method: 'POST', url: '/api/user/red-packets', headers: { ...(await as(funder)), 'idempotency-key': randomUUID() }, payload: { ...packet, pay_password: TEST_PIN, verification: { email_code: code } } });
    expect(res.statusCode, res.body).toBe(200);
    const p = body<{ id: string }>(res).data;
    expect((await balance(funder.accountId)).toFixed()).toBe('0.3');
    const [frozenBefore, poolBefore] = [await balance(SYSTEM.promotions, 'frozen'), await balance(SYSTEM.promotions)];

    await receive(receiver, p.id);
    await market('2027-02-21');
    clock.set('2027-02-22T00:10:00Z');
    await tick();
    await tick();
    expect(await ended(p.id)).toBe(true);
    expect((await balance(receiver.accountId)).toFixed()).toBe(PAID.toFixed());
    expect((await carried(receiver.accountId)).toFixed()).toBe(FRACTION.toFixed());
    // The funder's due is 0.2 − paid − the receiver's fraction: its whole satoshis now, its fraction carried.
    const due = new Exact('0.2').minus(PAID).minus(FRACTION);
    const returned = due.toDecimalPlaces(8, Decimal.ROUND_DOWN);
    expect((await balance(funder.accountId)).toFixed()).toBe(new Exact('0.3').plus(returned).toFixed());
    expect((await carried(funder.accountId)).toFixed()).toBe(due.minus(returned).toFixed());
    // The reserve gives up the whole budget; the satoshi the two fractions stand for goes to the pool, which pays them when they complete one.
    expect((await balance(SYSTEM.promotions, 'frozen')).minus(frozenBefore).toFixed()).toBe('-0.2');
    expect((await balance(SYSTEM.promotions)).minus(poolBefore).toFixed()).toBe(new Exact('0.2').minus(PAID).minus(returned).toFixed());
    expect(new Exact('0.2').minus(PAID).minus(returned).toFixed()).toBe(SAT.toFixed());
    // budget = paid + the fractions handed over + the funder's due.
    expect(PAID.plus(FRACTION).plus(due).toFixed()).toBe('0.2');
    await reconciles();
  });
});
