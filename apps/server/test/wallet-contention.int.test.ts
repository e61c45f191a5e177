// The wallet under contention (docs/security.md items 27-29): many withdrawals of one balance at
// once freeze exactly what it holds, one Idempotency-Key sent many times at once has one effect
// and one answer, and transfers both ways between two accounts at once neither deadlock nor lose
// money. It means most on PostgreSQL (TEST_DATABASE_URL), where the requests run on the pool's ten
// connections at once; PGlite has one connection, where transactions queue and requests interleave
// only between them.
import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, walletSubject, type Tokens } from '@hashpool/shared';
import { AppError } from '../src/platform/errors';
import { balanceOf, post } from '../src/modules/ledger/ledger';
import { reconcile } from '../src/modules/ledger/reconciliation';
import { internalTransfers, withdrawals } from '../src/modules/wallet/wallet.tables';
import { auth, emailOperationCode, inject, registerByEmail, uniqueEmail } from './account-helpers';
import { SmtpInbox } from './smtp-inbox';
import { body, startTestApp, type TestApp } from './test-app';

let t: TestApp;
const inbox = new SmtpInbox();
const ADMIN = uniqueEmail('operator');
const PIN = '246810';
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

interface User {
  email: string;
  userId: string;
  tokens: Tokens;
  accountId: string;
  accountName: string;
}
let admin: User;

beforeAll(async () => {
  t = await startTestApp({ env: { SMTP_URL: await inbox.start(), ALTCHA_COST: '1', ADMIN_EMAILS: ADMIN, ACCESS_TOKEN_TTL_SECONDS: '3600' } });
  admin = await walletUser(ADMIN);
});
afterAll(async () => {
  await t?.close();
  await inbox.stop();
});

const errorOf = (res: { body: string }) => body(res).code;
const errorKey = (error: unknown) => (error instanceof AppError ? error.key : String(error));

const emailCode = (user: { email: string; tokens: Tokens }, operation: string, subject?: string) => emailOperationCode(t, inbox, user, operation, subject);

/** A registered user with a pay password, a BTC withdraw address and its holds over. */
async function walletUser(email = uniqueEmail('contention')): Promise<User & { addressId: string }> {
  const r = await registerByEmail(t.app, inbox, email);
  const mine = body<{ id: string; current_account: { id: string; name: string } }>(await inject(t.app, { url: '/api/users/mine', headers: auth(r.tokens) })).data;
  const user = { email, userId: mine.id, tokens: r.tokens, accountId: mine.current_account.id, accountName: mine.current_account.name };
  const pay = await inject(t.app, { method: 'PUT', url: '/api/users/pay-password', headers: auth(user.tokens), payload: { pay_password: PIN, confirm_pay_password: PIN, verification: { email_code: await emailCode(user, 'pay_password') } } });
  expect(pay.statusCode, pay.body).toBe(200);
  const email_code = await emailCode(user, 'withdraw_address', walletSubject.withdrawAddress({ coin: 'btc', address: BTC_ADDRESS }));
  const added = await inject(t.app, { method: 'POST', url: '/api/v2/wallets/addresses', headers: auth(user.tokens), payload: { coin: 'btc', alias: 'cold', address: BTC_ADDRESS, verification: { email_code } } });
  expect(added.statusCode, added.body).toBe(200);
  // The holds (24 h after the pay password, the address hold) are tested in wallet.int.test.ts.
  const past = new Date(t.clock.now().getTime() - 2 * 86_400_000).toISOString();
  await t.database.db.execute(sql`update users set security_changed_at = ${past} where id = ${user.userId}`);
  await t.database.db.execute(sql`update withdraw_addresses set created_at = ${past} where account_id = ${user.accountId}`);
  return { ...user, addressId: body<{ id: string }>(added).data.id };
}

async function credit(user: User, amount: string) {
  const res = await inject(t.app, { method: 'POST', url: '/api/admin/adjustments', headers: { ...auth(admin.tokens), 'idempotency-key': randomUUID() }, payload: { account: user.accountName, coin: 'btc', amount, reason: 'test funding' } });
  expect(res.statusCode, res.body).toBe(200);
}

async function btcBalance(user: User) {
  const list = body<{ list: Array<{ coin: string; available: string; frozen: string }> }>(await inject(t.app, { url: '/api/v2/wallets/balances', headers: auth(user.tokens) })).data.list;
  return list.find((b) => b.coin === 'btc')!;
}

/**
 * What a verified withdrawal request does: the rows and the freezing posting (WalletService.
 * createWithdrawal, the step after the pay password and second factor). Fifty verified requests
 * of one user cannot be in flight at once through HTTP: only the newest emailed code is valid and
 * an authenticator code works once per 30-second step, so each user has one verified request in
 * flight at a time. The race on the balance is in this step, so this is where it is run.
 */
async function freeze(user: User & { addressId: string }, amount: string, key = randomUUID()) {
  const wallet = t.app.modules.wallet;
  return wallet.withdrawals.create({ accountId: user.accountId, userId: user.userId, coin: 'btc', address: BTC_ADDRESS, publicKey: null, chain: null, amount: new Decimal(amount), limits: await wallet.limits.of('btc'), key, origin: 'user' });
}

describe('one balance, many withdrawals at once', () => {
  it('freezes exactly k of 50 concurrent withdrawals of X from k*X + r and refuses the rest', async () => {
    const user = await walletUser();
    await credit(user, '0.074'); // k = 7 withdrawals of X = 0.01, r = 0.004
    const outcomes = await Promise.all(Array.from({ length: 50 }, () => freeze(user, '0.01').then(() => 'accepted', errorKey)));
    expect(outcomes.filter((o) => o === 'accepted')).toHaveLength(7);
    expect(outcomes.filter((o) => o !== 'accepted')).toEqual(Array(43).fill('insufficient_balance'));
    expect(await btcBalance(user)).toMatchObject({ available: '0.004', frozen: '0.07' });
    // A refused request leaves no withdrawal behind: its rows rolled back with its posting.
    const page = body<{ total: number }>(await inject(t.app, { url: '/api/v2/wallets/withdrawals?page_size=100', headers: auth(user.tokens) })).data;
    expect(page.total).toBe(7);
    // The next request through HTTP gets the error code the client shows.
    const code = await emailCode(user, 'withdraw', walletSubject.withdraw({ coin: 'btc', address_id: user.addressId, amount: '0.01' }));
    const refused = await inject(t.app, {
      method: 'POST',
      url: '/api/v2/wallets/withdrawals',
      headers: { ...auth(user.tokens), 'idempotency-key': randomUUID() },
      payload: { coin: 'btc', address_id: user.addressId, amount: '0.01', pay_password: PIN, verification: { email_code: code } },
    });
    expect(errorOf(refused)).toBe(ERRORS.insufficient_balance.code);
  });

  it('gives one effect and ten identical answers to one key sent ten times at once to two instances', async () => {
    const user = await walletUser();
    const other = await walletUser();
    await credit(user, '1');
    // A double click, or a client that retries while its first request still runs: the same
    // request ten times, same key, same second-factor code, to two instances of the server.
    const instances = [t.app, await t.sibling()];
    const tenTimes = async (url: string, payload: Record<string, unknown>) => {
      const key = randomUUID();
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => inject(instances[i % 2]!, { method: 'POST', url, headers: { ...auth(user.tokens), 'idempotency-key': key }, payload })));
      expect(answers[0]!.statusCode, answers[0]!.body).toBe(200);
      // The same answer ten times; one made it, the nine others say they were answered by it.
      const made = answers.filter((a) => !body<{ replayed: boolean }>(a).data.replayed);
      expect(made).toHaveLength(1);
      const first = { ...body<Record<string, unknown>>(made[0]!).data, replayed: true };
      expect(answers.map((a) => [a.statusCode, { ...body<Record<string, unknown>>(a).data, replayed: true }])).toEqual(Array(10).fill([200, first]));
      return key;
    };

    const withdrawal = { coin: 'btc', address_id: user.addressId, amount: '0.25' };
    const withdrawKey = await tenTimes('/api/v2/wallets/withdrawals', { ...withdrawal, pay_password: PIN, verification: { email_code: await emailCode(user, 'withdraw', walletSubject.withdraw(withdrawal)) } });
    const rows = await t.database.db.select().from(withdrawals).where(and(eq(withdrawals.accountId, user.accountId), eq(withdrawals.idempotencyKey, withdrawKey)));
    expect(rows).toHaveLength(1);

    const transfer = { coin: 'btc', to_account: other.accountName, amount: '0.125' };
    const transferKey = await tenTimes('/api/v2/wallets/transfers', { ...transfer, pay_password: PIN, verification: { email_code: await emailCode(user, 'transfer', walletSubject.transfer(transfer)) } });
    const moved = await t.database.db.select().from(internalTransfers).where(and(eq(internalTransfers.fromAccountId, user.accountId), eq(internalTransfers.idempotencyKey, transferKey)));
    expect(moved).toHaveLength(1);

    expect(await btcBalance(user)).toMatchObject({ available: '0.625', frozen: '0.25' });
    expect(await btcBalance(other)).toMatchObject({ available: '0.125', frozen: '0' });
  });
});

describe('two accounts, transfers both ways at once', () => {
  it('neither deadlocks nor loses money, withdrawals racing in as well', async () => {
    const a = await walletUser();
    const b = await walletUser();
    await credit(a, '1');
    await credit(b, '1');
    // Each transfer in a transaction of its own, as the service posts one with its row. Through
    // drizzle's transaction directly: inTransaction() would retry a deadlock and hide it.
    const move = (from: User, to: User) =>
      t.database.db.transaction((tx) =>
        post(tx, {
          idempotencyKey: `test:transfer:${randomUUID()}`,
          businessType: 'transfer',
          entries: [
            { holder: from.accountId, coin: 'btc', amount: '-0.01' },
            { holder: to.accountId, coin: 'btc', amount: '0.01' },
          ],
        }),
      );
    const work = [
      ...Array.from({ length: 20 }, () => move(a, b)),
      ...Array.from({ length: 20 }, () => move(b, a)),
      ...Array.from({ length: 5 }, () => freeze(a, '0.02')),
      ...Array.from({ length: 5 }, () => freeze(b, '0.02')),
    ];
    const failures = (await Promise.allSettled(work)).filter((r) => r.status === 'rejected');
    expect(failures.map((f) => errorKey((f as PromiseRejectedResult).reason))).toEqual([]);
    for (const user of [a, b]) {
      expect(await btcBalance(user)).toMatchObject({ available: '0.9', frozen: '0.1' });
      expect(await balanceOf(t.database.db, user.accountId, 'btc')).toMatchObject({ available: expect.stringMatching(/^0\.90*$/) });
    }
    const report = await reconcile(t.database.db, t.app.modules.wallet.custody);
    expect(report).toMatchObject({ ok: true, unbalanced: [], balanceMismatches: [] });
  });
});
