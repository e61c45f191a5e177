// Each coin's own chain (CHAIN_ADAPTERS): a disabled coin takes no deposits and sends no
// withdrawals whatever its settings say, the other coins keep theirs; the operators' coin settings
// show each coin's chain and node network beside the operator's own switch.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, type CoinSettings } from '@hashpool/shared';
import { auth, inject, registerByEmail, uniqueEmail } from './account-helpers';
import { SmtpInbox } from './smtp-inbox';
import { body, startTestApp, type TestApp } from './test-app';

let t: TestApp;
const inbox = new SmtpInbox();
const ADMIN = uniqueEmail('chains-admin');

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
    const admin = await registerByEmail(t.app, inbox, ADMIN);
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
});
