// The ledger's rules against a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL):
// postings balance, balances never go negative, keys give one effect, entries cannot be edited,
// and reconciliation notices when a cached balance disagrees with its entries.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { inTransaction } from '../src/db/transaction';
import { AppError } from '../src/platform/errors';
import { balanceOf, post, postAll, postCredits, SYSTEM, type PostingInput } from '../src/modules/ledger/ledger';
import { reconcile } from '../src/modules/ledger/reconciliation';
import { startTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ demo: false });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const key = () => `test:${randomUUID()}`;
const errorKey = (error: unknown) => (error instanceof AppError ? error.key : String(error));

function credit(holder: string, amount: string, coin = 'btc', idempotencyKey = key()) {
  return post(db(), { idempotencyKey, businessType: 'system_adjustment', entries: [{ holder: SYSTEM.adjustments, coin, amount: `-${amount}` }, { holder, coin, amount }] });
}

describe('post()', () => {
  it('moves money between holders and keeps the cached balance', async () => {
    const a = randomUUID();
    const b = randomUUID();
    await credit(a, '1.5');
    await post(db(), { idempotencyKey: key(), businessType: 'transfer', entries: [{ holder: a, coin: 'btc', amount: '-0.4' }, { holder: b, coin: 'btc', amount: '0.4' }] });
    expect((await balanceOf(db(), a, 'btc')).available).toMatch(/^1\.10*$/);
    expect((await balanceOf(db(), b, 'btc')).available).toMatch(/^0\.40*$/);
  });

  it('refuses a debit below zero and moves nothing', async () => {
    const a = randomUUID();
    // ETH: its base unit, the wei, is the ledger's 10^-18.
    await credit(a, '1', 'eth');
    const k = key();
    const attempt = post(db(), { idempotencyKey: k, businessType: 'transfer', entries: [{ holder: a, coin: 'eth', amount: '-1.000000000000000001' }, { holder: SYSTEM.fees, coin: 'eth', amount: '1.000000000000000001' }] });
    await expect(attempt.catch(errorKey)).resolves.toBe('insufficient_balance');
    expect((await balanceOf(db(), a, 'eth')).available).toMatch(/^1(\.0*)?$/);
    // The refused posting left no trace, so its key is still free.
    expect(await queryRows(db(), sql`select 1 from ledger_postings where idempotency_key = ${k}`)).toHaveLength(0);
  });

  it('gives one effect per idempotency key, and refuses the key with other content', async () => {
    const a = randomUUID();
    const k = key();
    const first = await credit(a, '2', 'ltc', k);
    const again = await credit(a, '2', 'ltc', k);
    expect(again).toEqual({ postingId: first.postingId, replayed: true });
    expect((await balanceOf(db(), a, 'ltc')).available).toMatch(/^2(\.0*)?$/);
    await expect(credit(a, '3', 'ltc', k).catch(errorKey)).resolves.toBe('idempotency_conflict');
  });

  it('refuses postings that do not balance, and malformed ones', async () => {
    const a = randomUUID();
    await expect(post(db(), { idempotencyKey: key(), businessType: 'x', entries: [{ holder: a, coin: 'btc', amount: '1' }, { holder: SYSTEM.fees, coin: 'btc', amount: '-0.9' }] })).rejects.toThrow(/sum to 0\.1/);
    await expect(post(db(), { idempotencyKey: key(), businessType: 'x', entries: [{ holder: a, coin: 'btc', amount: '1' }, { holder: SYSTEM.fees, coin: 'ltc', amount: '-1' }] })).rejects.toThrow(/not zero/);
    await expect(post(db(), { idempotencyKey: key(), businessType: 'x', entries: [{ holder: 'alice', coin: 'btc', amount: '1' }, { holder: SYSTEM.fees, coin: 'btc', amount: '-1' }] })).rejects.toThrow(/bad holder/);
    await expect(post(db(), { idempotencyKey: key(), businessType: 'x', entries: [{ holder: a, coin: 'btc', amount: '1e3' }, { holder: SYSTEM.fees, coin: 'btc', amount: '-1000' }] })).rejects.toThrow(/bad amount/);
  });

  it("refuses amounts finer than the coin's base unit", async () => {
    const a = randomUUID();
    const entries = (coin: string, amount: string) => [{ holder: SYSTEM.adjustments, coin, amount: `-${amount}` }, { holder: a, coin, amount }];
    // A tenth of a satoshi, of a microcredit (ALEO) and of a dollarydoo (HNS): not money on their chains.
    for (const [coin, amount] of [['btc', '0.000000001'], ['btc', '1.000000015'], ['aleo', '0.0000001'], ['hns', '2.0000005']] as const) {
      await expect(post(db(), { idempotencyKey: key(), businessType: 'x', entries: entries(coin, amount) }), `${amount} ${coin}`).rejects.toThrow(/base unit/);
      await expect(postCredits(db(), [{ idempotencyKey: key(), businessType: 'x', entries: entries(coin, amount) }]), `${amount} ${coin}`).rejects.toThrow(/base unit/);
    }
    // Whole base units pass: a satoshi, a microcredit, a wei; trailing zeros are no decimals.
    for (const [coin, amount] of [['btc', '0.00000001'], ['btc', '1.000000010000'], ['aleo', '0.000001'], ['eth', '0.000000000000000001']] as const) {
      await post(db(), { idempotencyKey: key(), businessType: 'x', entries: entries(coin, amount) });
    }
    expect((await balanceOf(db(), a, 'btc')).available).toMatch(/^1\.00000002(0*)$/);
  });

  it('rolls back with the caller transaction', async () => {
    const a = randomUUID();
    await inTransaction(db(), async (tx) => {
      await post(tx, { idempotencyKey: key(), businessType: 'x', entries: [{ holder: SYSTEM.adjustments, coin: 'btc', amount: '-5' }, { holder: a, coin: 'btc', amount: '5' }] });
      throw new Error('changed my mind');
    }).catch(() => undefined);
    expect((await balanceOf(db(), a, 'btc')).available).toBe('0');
  });

  it('keeps entries and postings append-only', async () => {
    const a = randomUUID();
    const { postingId } = await credit(a, '1');
    await expect(db().execute(sql`update ledger_entries set amount = 100 where posting_id = ${postingId}`)).rejects.toThrow();
    await expect(db().execute(sql`delete from ledger_entries where posting_id = ${postingId}`)).rejects.toThrow();
    await expect(db().execute(sql`update ledger_postings set business_type = 'x' where id = ${postingId}`)).rejects.toThrow();
    await expect(db().execute(sql`delete from ledger_postings where id = ${postingId}`)).rejects.toThrow();
  });

  it('lets exactly k of concurrent debits of X through from a balance of k*X + r', async () => {
    const a = randomUUID();
    await credit(a, '10.3'); // k = 10 debits of 1, r = 0.3
    const results = await Promise.allSettled(
      Array.from({ length: 25 }, () => post(db(), { idempotencyKey: key(), businessType: 'withdraw', entries: [{ holder: a, coin: 'btc', amount: '-1' }, { holder: SYSTEM.fees, coin: 'btc', amount: '1' }] })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(results.filter((r) => r.status === 'rejected').map((r) => errorKey((r as PromiseRejectedResult).reason))).toEqual(Array(15).fill('insufficient_balance'));
    expect((await balanceOf(db(), a, 'btc')).available).toMatch(/^0\.30*$/);
  });

  it('moves money both ways between two holders at once without deadlock or loss', async () => {
    const a = randomUUID();
    const b = randomUUID();
    await credit(a, '100');
    await credit(b, '100');
    const move = (from: string, to: string) => post(db(), { idempotencyKey: key(), businessType: 'transfer', entries: [{ holder: from, coin: 'btc', amount: '-1' }, { holder: to, coin: 'btc', amount: '1' }] });
    await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? move(a, b) : move(b, a))));
    expect(Number((await balanceOf(db(), a, 'btc')).available)).toBe(100);
    expect(Number((await balanceOf(db(), b, 'btc')).available)).toBe(100);
  });

  it('postAll: transactions making several postings in opposite orders do not deadlock, and each posting is idempotent', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    // Each pays one holder from a system account and then the other: posted one by one, two such
    // transactions in opposite orders would each hold a holder and the system account's balance.
    const pay = (to: string): PostingInput => ({ idempotencyKey: key(), businessType: 'system_adjustment', entries: [{ holder: SYSTEM.adjustments, coin: 'ltc', amount: '-1' }, { holder: to, coin: 'ltc', amount: '1' }] });
    await Promise.all(Array.from({ length: 20 }, (_, i) => inTransaction(db(), (tx) => postAll(tx, i % 2 ? [pay(a), pay(b)] : [pay(b), pay(a)]))));
    expect(Number((await balanceOf(db(), a, 'ltc')).available)).toBe(20);
    expect(Number((await balanceOf(db(), b, 'ltc')).available)).toBe(20);
    const again = pay(a);
    await inTransaction(db(), (tx) => postAll(tx, [again]));
    const [replayed] = await inTransaction(db(), (tx) => postAll(tx, [again]));
    expect(replayed!.replayed).toBe(true);
    expect(Number((await balanceOf(db(), a, 'ltc')).available)).toBe(21);
  });
});

describe('settlement-sized postings (more than 16 balances)', () => {
  it('credits many holders at once, new and existing', async () => {
    const holders = Array.from({ length: 30 }, () => randomUUID());
    await credit(holders[0]!, '1');
    await post(db(), { idempotencyKey: key(), businessType: 'mining_profit', entries: [{ holder: SYSTEM.poolRevenue, coin: 'btc', amount: '-0.3' }, ...holders.map((holder) => ({ holder, coin: 'btc', amount: '0.01' }))] });
    expect((await balanceOf(db(), holders[0]!, 'btc')).available).toMatch(/^1\.010*$/);
    expect((await balanceOf(db(), holders[29]!, 'btc')).available).toMatch(/^0\.010*$/);
  });

  it('refuses the whole posting when one of many debits goes below zero', async () => {
    const holders = Array.from({ length: 20 }, () => randomUUID());
    for (const h of holders) await credit(h, '1');
    const debits = holders.map((holder, i) => ({ holder, coin: 'btc', amount: i === 7 ? '-1.5' : '-0.5' }));
    const attempt = post(db(), { idempotencyKey: key(), businessType: 'x', entries: [...debits, { holder: SYSTEM.fees, coin: 'btc', amount: '11' }] });
    await expect(attempt.catch(errorKey)).resolves.toBe('insufficient_balance');
    for (const h of holders) expect((await balanceOf(db(), h, 'btc')).available).toMatch(/^1(\.0*)?$/);
  });
});

describe('postCredits(): one posting per account, written in chunks', () => {
  const profit = (holder: string, amount: string, day: string) => ({
    idempotencyKey: `test:profit:${day}:${holder}`,
    businessType: 'mining_profit',
    reference: `settlement:${day}`,
    entries: [{ holder: SYSTEM.poolRevenue, coin: 'btc', amount: `-${amount}` }, { holder, coin: 'btc', amount }],
  });

  it('credits every account once, across chunks, and a second run posts nothing', async () => {
    const day = randomUUID();
    const holders = Array.from({ length: 23 }, () => randomUUID());
    await credit(holders[0]!, '1');
    const revenueBefore = (await balanceOf(db(), SYSTEM.poolRevenue, 'btc')).available;
    // The first holder twice in one run (two coins' worth in one coin would be two postings too).
    const inputs = holders.map((h, i) => profit(h, `0.0000000${(i % 9) + 1}`, day));
    inputs.push({ ...profit(holders[0]!, '0.5', day), idempotencyKey: `test:profit:${day}:extra` });
    const first = await postCredits(db(), inputs, new Date(), { chunkSize: 5 });
    expect(first.every((r) => !r.replayed)).toBe(true);
    expect(new Set(first.map((r) => r.postingId)).size).toBe(inputs.length);
    expect((await balanceOf(db(), holders[0]!, 'btc')).available).toMatch(/^1\.500000010*$/);
    expect((await balanceOf(db(), holders[22]!, 'btc')).available).toMatch(/^0\.000000050*$/);
    const paid = inputs.reduce((sum, p) => sum + Math.round(Number(p.entries[1]!.amount) * 1e8), 0);
    const revenueAfter = (await balanceOf(db(), SYSTEM.poolRevenue, 'btc')).available;
    expect(Math.round((Number(revenueBefore) - Number(revenueAfter)) * 1e8)).toBe(paid);

    const again = await postCredits(db(), inputs, new Date(), { chunkSize: 7 });
    expect(again).toEqual(first.map((r) => ({ ...r, replayed: true })));
    expect((await balanceOf(db(), SYSTEM.poolRevenue, 'btc')).available).toBe(revenueAfter);
    const [entries] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from ledger_entries e join ledger_postings p on p.id = e.posting_id where p.reference = ${`settlement:${day}`}`);
    expect(entries!.n).toBe(inputs.length * 2);
  });

  it('refuses a key posted before with other content, and a posting that debits a user', async () => {
    const day = randomUUID();
    const a = randomUUID();
    await postCredits(db(), [profit(a, '0.1', day)]);
    await expect(postCredits(db(), [profit(a, '0.2', day)]).catch(errorKey)).resolves.toBe('idempotency_conflict');
    const debit = { idempotencyKey: key(), businessType: 'mining_profit', entries: [{ holder: a, coin: 'btc', amount: '-0.1' }, { holder: SYSTEM.poolRevenue, coin: 'btc', amount: '0.1' }] };
    await expect(postCredits(db(), [debit])).rejects.toThrow(/debits user/);
    expect((await balanceOf(db(), a, 'btc')).available).toMatch(/^0\.10*$/);
  });
});

describe('reconcile()', () => {
  it('is clean after postings and reports a cached balance that disagrees with its entries', async () => {
    const a = randomUUID();
    await credit(a, '7');
    expect((await reconcile(db())).ok).toBe(true);
    await db().execute(sql`update ledger_balances set available = available + 1 where holder = ${a}`);
    const report = await reconcile(db());
    expect(report.ok).toBe(false);
    expect(report.balanceMismatches).toEqual([{ holder: a, coin: 'btc', bucket: 'available', cached: expect.stringMatching(/^8/), entries: expect.stringMatching(/^7/) }]);
    await db().execute(sql`update ledger_balances set available = available - 1 where holder = ${a}`);
    expect((await reconcile(db())).ok).toBe(true);
  });
});
