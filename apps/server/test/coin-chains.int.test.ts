// Each coin's own chain (CHAIN_ADAPTERS): a disabled coin takes no deposits and sends no
// withdrawals whatever its settings say, the other coins keep theirs; the operators' coin settings
// show each coin's chain and node network beside the operator's own switch.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, ERRORS, utcDay, type CoinSettings } from '@hashpool/shared';
import { earningsTick } from '../src/modules/earnings/earnings.jobs';
import { auth, inject, registerByEmail, uniqueEmail } from './account-helpers';
import { SmtpInbox } from './smtp-inbox';
import { body, startTestApp, type TestApp } from './test-app';

let t: TestApp;
const inbox = new SmtpInbox();
const ADMIN = uniqueEmail('chains-admin');
let admin: Awaited<ReturnType<typeof registerByEmail>>;

beforeAll(async () => {
  t = await startTestApp({
    env: {
      SMTP_URL: await inbox.start(),
      ALTCHA_COST: '1',
      ADMIN_EMAILS: ADMIN,
      ACCESS_TOKEN_TTL_SECONDS: '3600',
      // The default stays simulated; DOGE has no chain; LTC is a wallet node on regtest (never
      // reached here: nothing below calls it).
      // USDT on ERC20 is not taken: contract orders offer TRC20 only.
      CHAIN_ADAPTERS: 'doge=disabled, LTC=jsonrpc, usdt_erc20=disabled',
      WALLET_RPC_URLS: '{"ltc":"http://user:pass@127.0.0.1:9"}',
      CHAIN_NETWORKS: 'ltc=regtest',
    },
  });
  admin = await registerByEmail(t.app, inbox, ADMIN);
});
afterAll(async () => {
  await t?.close();
  await inbox.stop();
});

describe('per-coin chains', () => {
  it('a disabled coin refuses a deposit address and shows closed; a simulated coin gives one', async () => {
    const user = await registerByEmail(t.app, inbox);
    const deposit = (coin: string) => inject(t.app, { url: `/api/v2/wallets/deposit-address?coin=${coin}`, headers: auth(user.tokens) });
    expect(body(await deposit('doge')).code).toBe(ERRORS.deposit_disabled.code);
    const btc = await deposit('btc');
    expect(btc.statusCode, btc.body).toBe(200);
    expect(body<{ address: string }>(btc).data.address).toMatch(/^simbtc1[0-9a-f]{40}$/);
    const balances = body<{ list: Array<{ coin: string; withdraw_enabled: boolean; deposit_enabled: boolean }> }>(await inject(t.app, { url: '/api/v2/wallets/balances', headers: auth(user.tokens) })).data.list;
    expect(balances.find((b) => b.coin === 'doge')).toMatchObject({ withdraw_enabled: false, deposit_enabled: false });
    expect(balances.find((b) => b.coin === 'btc')).toMatchObject({ withdraw_enabled: true, deposit_enabled: true });
  });

  it('the coin settings show each coin\'s chain and network beside the operator\'s own switch', async () => {
    const list = body<{ list: CoinSettings[] }>(await inject(t.app, { url: '/api/admin/coin-settings', headers: auth(admin.tokens) })).data.list;
    const of = (coin: string) => list.find((c) => c.coin === coin)!;
    // The operator's switch stays as set: re-enabling the chain restores the coin as it was.
    expect(of('doge')).toMatchObject({ chain: 'disabled', network: 'mainnet', withdraw_enabled: true });
    expect(of('ltc')).toMatchObject({ chain: 'jsonrpc', network: 'regtest' });
    expect(of('btc')).toMatchObject({ chain: 'simulated', network: 'mainnet' });
    expect(list.find((c) => c.network === null)?.chain).toBe('simulated');
  });

  it('contract products offer only the USDT networks that have a chain; an order on the other is refused', async () => {
    const user = await registerByEmail(t.app, inbox);
    const products = body<{ list: Array<{ id: string; status: string; usdt_networks: string[] }> }>(await inject(t.app, { url: '/api/contracts/products', headers: auth(user.tokens) })).data.list;
    const onSale = products.find((p) => p.status === 'on_sale')!;
    expect(onSale.usdt_networks).toEqual(['usdt_trc20']);
    const order = (pay_method: string) =>
      inject(t.app, { method: 'POST', url: '/api/contracts/orders', headers: { ...auth(user.tokens), 'idempotency-key': randomUUID() }, payload: { product_id: onSale.id, units: 1, pay_method, agree_terms: true } });
    expect(body(await order('usdt_erc20')).code).toBe(ERRORS.contract_network_unavailable.code);
    const trc = await order('usdt_trc20');
    expect(trc.statusCode, trc.body).toBe(200);
  });

  it('a node coin\'s market day waits for its node: not written, the settlement waits, the operators are told once', async () => {
    const { earnings, settlement, blockSettlement, referral } = t.app.modules.earnings;
    // The first start seeded today; the next day is the first a node measures.
    const day = addDays(utcDay(t.clock.now()), 1);
    // That day ends; LTC's node (nothing listens at its port) cannot give it, BTC walks on.
    t.clock.set(`${addDays(day, 1)}T00:06:00Z`);
    await earningsTick({ db: t.database.db, clock: t.clock, earnings, settlement, blockSettlement, referral, log: t.app.log });
    await earningsTick({ db: t.database.db, clock: t.clock, earnings, settlement, blockSettlement, referral, log: t.app.log });
    // The access token ran out with the day: a fresh one from the refresh token.
    const refreshed = await inject(t.app, { method: 'POST', url: '/api/users/refresh/login', payload: { refresh_token: admin.tokens.refresh_token } });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    admin.tokens = body<typeof admin.tokens>(refreshed).data;
    const market = async (coin: string) =>
      body<{ list: Array<{ day: string; source: string }> }>(await inject(t.app, { url: `/api/admin/earnings/market-data?coin=${coin}&page=1&page_size=5`, headers: auth(admin.tokens) })).data.list.map((d) => d.day);
    expect(await market('ltc')).not.toContain(day);
    expect(await market('btc')).toContain(addDays(day, 1));
    expect((await settlement.settleDay(day)).find((r) => r.coin === 'ltc')?.outcome).toBe('no_market_data');
    const alerts = body<{ list: Array<{ params: Record<string, string> }> }>(await inject(t.app, { url: '/api/messages?page=1&page_size=50', headers: auth(admin.tokens) })).data.list.filter((m) => m.params.alert === 'market_data_missing');
    expect(alerts.map((m) => m.params)).toEqual([{ alert: 'market_data_missing', coin: 'LTC', day }]);
  });
});
