// Address mining's earnings against a real database: a matured ALEO block's PPLNS shares go into
// the addresses' wallets, the calls show them, the daily payment sends each balance above the
// coin's minimum to its address through the simulated chain (once a day, whatever runs twice),
// and the payments list its txid. The ledger reconciliation (with custody) runs at teardown.
import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../src/db/client';
import { FakeClock } from '../src/platform/clock';
import { walletTick } from '../src/modules/wallet/wallet.jobs';
import { movement, post, SYSTEM } from '../src/modules/ledger';
import { windowSettlesAt } from '../src/modules/earnings/block-window';
import { inject } from './account-helpers';
import { body, startTestApp, type TestApp } from './test-app';

let t: TestApp;
const clock = new FakeClock('2026-08-01T10:00:00Z');
beforeAll(async () => {
  t = await startTestApp({ demo: false, clock });
});
afterAll(async () => {
  await t?.close();
});
const db = () => t.database.db;

// Published examples of ALEO addresses (bech32m, "aleo1" and 58 characters).
const A = 'aleo1rhgdu77hgyqd3xjj8ucu3jj9r2krwz6mnzyd80gncr5fxcwlh5rsvzp9px';
const B = 'aleo1qnr4dkkvkgfqph0vzc3y6z2eu975wnpz2925ntjccd5cfqxtyu8s7pyjh9';
/** A Kaspa address that never mined here. */
const KAS = 'kaspa:qqkqkzjvr7zwxxmjxjkmxxdwju9kjs6e9u82uh59z07vgaks6gg62v8707g73';

async function mine(address: string, difficulty: string) {
  const result = await t.app.modules.mining.ingest.submit(`batch-${randomUUID()}`, [{ coin: 'aleo', address, worker: 'rig1', difficulty, result: 'accepted', time: clock.now().getTime() }]);
  expect(result.accepted).toBe(1);
}

describe('address mining earnings and payments', () => {
  it('pays a matured block by PPLNS into the addresses, shows it, and pays each address once a day', async () => {
    const day = '2026-08-01';
    await db().execute(sql`insert into market_data (coin, day, network_difficulty, block_subsidy, avg_fees_per_block, source)
      values ('aleo', ${day}::date, 1000, 10, 0, 'operator') on conflict (coin, day) do nothing`);
    await db().execute(sql`update earning_fee_rates set fee_rate = 1 where coin = 'aleo' and method = 'pplns'`);
    await mine(A, '600');
    await mine(B, '400');
    clock.set(`${day}T10:20:00Z`);
    const hash = `b${randomUUID().replace(/-/g, '')}`;
    await t.app.modules.mining.blocks.record([{ type: 'found', coin: 'aleo', height: 5_000_001, hash, reward: '10', address: A, worker: 'rig1', difficulty: 1000, time: Date.parse(`${day}T10:20:00Z`) }]);
    await t.app.modules.mining.blocks.record([{ type: 'confirmations', coin: 'aleo', hash, confirmations: 1 }]);
    // ALEO blocks mature at once; the window's late shares may come until windowSettlesAt.
    expect(await t.app.modules.earnings.blockSettlement.settleReady()).toBe(0);
    clock.set(new Date(windowSettlesAt(new Date(`${day}T10:20:00Z`))));
    expect(await t.app.modules.earnings.blockSettlement.settleReady()).toBe(1);

    // N = 2 x 1000 x 1 = 2000 hashes; the pool did 1000, so the window is all of it: A 60 %, B 40 %.
    // A: 10 x 0.6 x 0.99 = 5.94; B: 10 x 0.4 x 0.99 = 3.96.
    const profits = await inject(t.app, { url: `/api/address-mining/aleo/miner/${A}/profits` });
    expect(profits.statusCode, profits.body).toBe(200);
    expect(body(profits).data).toMatchObject({ coin: 'aleo', address: A, method: 'pplns', fee_rate: '1', total_earned: '5.94', total_paid: '0', unpaid: '5.94', paying: '0', total: 1 });
    // Today's mean hashrate: its work over the seconds of the day gone so far, not a whole day's.
    expect(body<{ list: unknown[] }>(profits).data.list).toEqual([{ day, hashrate: 600 / ((clock.now().getTime() - Date.parse(`${day}T00:00:00Z`)) / 1000), amount: '5.94' }]);
    // A page past the end keeps the count of days, as the pager needs it.
    const past = await inject(t.app, { url: `/api/address-mining/aleo/miner/${A}/profits?page=3` });
    expect(body<{ list: unknown[]; total: number }>(past).data).toMatchObject({ list: [], total: 1 });

    // The daily payment: above ALEO's minimum (1), minus the network fee (0.1) on the way.
    clock.set('2026-08-02T01:30:00Z');
    // A wallet whose balance moved after it was read (an operator's adjustment) waits for the next
    // run; the others are paid all the same.
    const payouts = t.app.modules.wallet.payouts as unknown as { dueAddressPayouts(): Promise<Array<{ available: string }>> };
    const due = payouts.dueAddressPayouts.bind(payouts);
    const moved = vi.spyOn(payouts, 'dueAddressPayouts').mockImplementationOnce(async () => {
      const list = await due();
      list[0]!.available = '1000';
      return list;
    });
    expect(await t.app.modules.wallet.payouts.runAddressPayouts('2026-08-02')).toBe(1);
    moved.mockRestore();
    expect(await t.app.modules.wallet.payouts.runAddressPayouts('2026-08-02')).toBe(1);
    expect(await t.app.modules.wallet.payouts.runAddressPayouts('2026-08-02')).toBe(0); // once a day
    await walletTick(t.app.modules.wallet); // sent
    clock.set('2026-08-02T01:35:00Z');
    await walletTick(t.app.modules.wallet); // confirmed
    const payments = body<{ list: Array<{ amount: string; fee: string; txid: string | null; status: string }>; total: number }>(await inject(t.app, { url: `/api/address-mining/aleo/payments/${A}` })).data;
    expect(payments.total).toBe(1);
    expect(payments.list[0]).toMatchObject({ amount: '5.94', fee: '0.1', status: 'completed' });
    expect(payments.list[0]!.txid).toMatch(/^[0-9a-f]{64}$/);
    // A page past the end keeps the count, so the pager still shows the pages there are.
    expect(body(await inject(t.app, { url: `/api/address-mining/aleo/payments/${A}?page=3&page_size=10` })).data).toEqual({ list: [], total: 1 });
    const after = body<Record<string, string>>(await inject(t.app, { url: `/api/address-mining/aleo/miner/${B}/profits` })).data;
    expect(after).toMatchObject({ total_earned: '3.96', total_paid: '3.96', unpaid: '0', paying: '0' });
    // On the chain: one payment to each, of what they earned less the fee.
    const sent = await queryRows<{ address: string; amount: string }>(db(), sql`select address, amount::text from sim_chain_txs where direction = 'out' and address in (${A}, ${B}) order by address`);
    expect(sent.map((s) => [s.address, new Decimal(s.amount).toFixed()])).toEqual([[A, '5.84'], [B, '3.86']].sort((x, y) => x[0]!.localeCompare(y[0]!)));
  });

  it("credits each address to the microcredit and carries its fraction into its next payment", async () => {
    // Weeks later: the window (30 days back) holds only these three addresses' work, a third each.
    const day = '2026-09-20';
    clock.set(`${day}T08:00:00Z`);
    await db().execute(sql`insert into market_data (coin, day, network_difficulty, block_subsidy, avg_fees_per_block, source)
      values ('aleo', ${day}::date, 1000, 10, 0, 'operator') on conflict (coin, day) do nothing`);
    // A third address, in ALEO's format (prefix, alphabet, length; the checksum is not checked).
    const C = 'aleo1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq3ljyzc';
    const addresses = [A, B, C];
    for (const address of addresses) await mine(address, '100');
    for (const [n, at] of [['1', '08:10'], ['2', '08:11']] as const) {
      const hash = `c${n}${randomUUID().replace(/-/g, '')}`;
      clock.set(`${day}T${at}:00Z`);
      expect(await t.app.modules.mining.blocks.record([{ type: 'found', coin: 'aleo', height: 5_100_000 + Number(n), hash, reward: '1.000002', address: A, worker: 'rig1', difficulty: 1000, time: clock.now().getTime() }])).toEqual({ recorded: 1, refused: 0 });
      await t.app.modules.mining.blocks.record([{ type: 'confirmations', coin: 'aleo', hash, confirmations: 1 }]);
    }
    clock.set(new Date(windowSettlesAt(new Date(`${day}T08:11:00Z`))));
    expect(await t.app.modules.earnings.blockSettlement.settleReady()).toBe(2);
    // Each block: 1.000002 / 3 x 0.99 = 0.33000066 ALEO a third; ALEO's base unit is the microcredit.
    // First: 0.330000 paid, 0.00000066 carried; second: 0.33000066 + 0.00000066 = 0.33000132 -> 0.330001.
    for (const address of addresses) {
      // (A and B were paid out what they earned before.)
      const earned = body<{ unpaid: string; total_earned: string; list: Array<{ day: string; amount: string }> }>(await inject(t.app, { url: `/api/address-mining/aleo/miner/${address}/profits` })).data;
      expect(earned.unpaid).toBe('0.660001');
      // The list shows the last 30 days; the total earned counts August's block as well.
      expect(earned.list.map((d) => d.day)).toEqual([day]);
      const before = { [A]: '5.94', [B]: '3.96', [C]: '0' }[address]!;
      expect(earned.total_earned).toBe(new Decimal(before).plus(earned.list[0]!.amount).toFixed());
      const [row] = await queryRows<{ remainder: string }>(db(), sql`select r.remainder::text from credit_remainders r join address_wallets w on w.id::text = r.holder and w.coin = r.coin where w.address = ${address} and w.coin = 'aleo'`);
      expect(new Decimal(row!.remainder).toFixed()).toBe('0.00000032');
    }
  });

  it('an address payment above the coin’s review threshold waits for an operator, as a sub-account’s payout does', async () => {
    // A's wallet: made by the first test of this file (the file runs whole, in order).
    const [wallet] = await queryRows<{ id: string }>(db(), sql`select id::text as id from address_wallets where coin = 'aleo' and address = ${A}`);
    expect(wallet, 'the first test makes A’s wallet').toBeDefined();
    await post(db(), movement({ idempotencyKey: `test-credit:${randomUUID()}`, businessType: 'system_adjustment', memo: { reason: 'test' }, coin: 'aleo', amount: '50', from: { holder: SYSTEM.adjustments }, to: { holder: wallet!.id } }), clock.now());
    const [limits] = await queryRows<{ audit: string }>(db(), sql`select audit_threshold::text as audit from wallet_coin_limits where coin = 'aleo'`);
    await db().execute(sql`update wallet_coin_limits set audit_threshold = 20 where coin = 'aleo'`);
    expect(await t.app.modules.wallet.payouts.runAddressPayouts('2026-09-25')).toBeGreaterThanOrEqual(1);
    await db().execute(sql`update wallet_coin_limits set audit_threshold = ${limits!.audit}::numeric where coin = 'aleo'`);
    const [payment] = await queryRows<{ status: string; amount: string }>(db(), sql`select status, amount::text from withdrawals where address_wallet_id = ${wallet!.id} and idempotency_key = 'address-payout:2026-09-25'`);
    expect(payment!.status).toBe('reviewing');
    expect(new Decimal(payment!.amount).gt(20)).toBe(true);
  });

  it('answers an address without data with zeros, and refuses account-mode and unknown coins', async () => {
    const empty = await inject(t.app, { url: `/api/address-mining/kas/miner/${KAS}/profits` });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(body(empty).data).toMatchObject({ total_earned: '0', unpaid: '0', list: [], total: 0 });
    expect(body(await inject(t.app, { url: `/api/address-mining/kas/payments/${KAS}` })).data).toEqual({ list: [], total: 0 });
    // A malformed address is refused with the wallet's message.
    const bad = await inject(t.app, { url: '/api/address-mining/kas/payments/kaspa:nothing' });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).msg).toBe('The address is wrong.');
    for (const coin of ['btc', 'nope']) {
      const res = await inject(t.app, { url: `/api/address-mining/${coin}/payments/x1` });
      expect(res.statusCode).toBe(404);
      expect(body(res).code).toBe(20001);
    }
  });
});
