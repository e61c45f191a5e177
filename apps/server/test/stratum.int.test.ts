// The pool's side of its own stratum server, through HTTP: withdraw
// addresses of a coin on regtest (CHAIN_NETWORKS), the sub-account lookup the stratum server makes
// at mining.authorize, the endpoints stratum processes announce and the public list of a coin's
// stratum URLs (live announcements, else the operator's STRATUM_PUBLIC_URLS).
import { createECDH } from 'node:crypto';
import { payments } from 'bitcoinjs-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, walletSubject, type PoolStratum } from '@hashpool/shared';
import { networkParams } from '../src/modules/wallet/chain-networks';
import { auth, emailOperationCode, inject, registerByEmail } from './account-helpers';
import { SmtpInbox } from './smtp-inbox';
import { body, startTestApp, type TestApp } from './test-app';

const KEY = 'ingest-key-for-stratum-tests-0123';
const inbox = new SmtpInbox();
let smtp: string;

/** A regtest Litecoin address (rltc1q…) made from a fixed key, as `litecoin-cli -regtest getnewaddress` would give. */
function regtestLtcAddress(): string {
  const ecdh = createECDH('secp256k1');
  ecdh.setPrivateKey(Buffer.alloc(32, 9));
  return payments.p2wpkh({ pubkey: new Uint8Array(ecdh.getPublicKey(undefined, 'compressed')), network: networkParams('ltc', 'regtest') }).address!;
}
const LTC_MAINNET = 'ltc1qg42tkwuuxefutzxezdkdel39gfstuap288mfea';

beforeAll(async () => {
  smtp = await inbox.start();
});
afterAll(async () => {
  await inbox.stop();
});

async function addAddress(t: TestApp, coin: string, address: string, lang = 'en') {
  const r = await registerByEmail(t.app, inbox);
  const user = { email: r.email, tokens: r.tokens };
  const email_code = await emailOperationCode(t, inbox, user, 'withdraw_address', walletSubject.withdrawAddress({ coin, address }));
  return inject(t.app, { method: 'POST', url: '/api/v2/wallets/addresses', headers: { ...auth(user.tokens), lang }, payload: { coin, alias: 'node', address, verification: { email_code } } });
}

describe('withdraw addresses on a regtest pool (CHAIN_NETWORKS=ltc=regtest)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { SMTP_URL: smtp, ALTCHA_COST: '1', CHAIN_NETWORKS: 'ltc=regtest' } });
  });
  afterAll(async () => t?.close());

  it('takes a regtest address', async () => {
    const res = await addAddress(t, 'ltc', regtestLtcAddress());
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a main-network address, naming the pool\'s network in the caller\'s language', async () => {
    const res = await addAddress(t, 'ltc', LTC_MAINNET, 'zh-CN');
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe(ERRORS.address_wrong_network.code);
    expect(body(res).msg).toBe('这是其他网络的地址：本矿池的 LTC 在 regtest 网络上支付。');
  });

  it('tells the pool pages the network', async () => {
    const res = await inject(t.app, { url: '/api/pools/ltc/stratum' });
    expect(body<PoolStratum>(res).data.network).toBe('regtest');
  });
});

describe('withdraw addresses on a main-network pool (no CHAIN_NETWORKS)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { SMTP_URL: smtp, ALTCHA_COST: '1' } });
  });
  afterAll(async () => t?.close());

  it('refuses a regtest address as of another network, and takes a main-network one', async () => {
    const refused = await addAddress(t, 'ltc', regtestLtcAddress());
    expect(refused.statusCode).toBe(400);
    expect(body(refused).code).toBe(ERRORS.address_wrong_network.code);
    expect(body(refused).msg).toBe('This is an address of another network: this pool pays LTC on mainnet.');
    const taken = await addAddress(t, 'ltc', LTC_MAINNET);
    expect(taken.statusCode, taken.body).toBe(200);
  });
});

describe('the stratum server\'s calls and the public stratum list', () => {
  let t: TestApp;
  const FALLBACK = 'stratum+tcp://ltc.pool.example:3333';
  beforeAll(async () => {
    t = await startTestApp({ env: { SMTP_URL: smtp, ALTCHA_COST: '1', INGEST_KEYS: KEY, STRATUM_PUBLIC_URLS: `ltc=${FALLBACK}` } });
    t.clock.set('2026-06-01T12:00:00Z');
  });
  afterAll(async () => t?.close());

  const announce = (payload: unknown, key: string | undefined = KEY) =>
    t.app.inject({ method: 'POST', url: '/api/internal/stratum/endpoints', headers: key ? { 'x-ingest-key': key } : {}, payload: payload as Record<string, unknown> });
  const endpoint = (url: string, extra: Record<string, unknown> = {}) => ({ coin: 'ltc', url, start_difficulty: 65536, min_difficulty: 1024, max_difficulty: 1e9, ...extra });
  const stratumOf = async (pool: string) => {
    const res = await inject(t.app, { url: `/api/pools/${pool}/stratum` });
    expect(res.statusCode, res.body).toBe(200);
    return body<PoolStratum>(res).data;
  };

  it('answers whether a sub-account exists, whatever its case', async () => {
    const r = await registerByEmail(t.app, inbox);
    const name = body<{ current_account: { name: string } }>(await inject(t.app, { url: '/api/users/mine', headers: auth(r.tokens) })).data.current_account.name;
    const ask = (n: string) => t.app.inject({ url: `/api/internal/accounts/${n}`, headers: { 'x-ingest-key': KEY } });
    expect(body((await ask(name.toUpperCase()))).data).toEqual({ exists: true });
    expect(body((await ask(name.toLowerCase()))).data).toEqual({ exists: true });
    expect(body((await ask('nosuchaccount42'))).data).toEqual({ exists: false });
    const bad = await t.app.inject({ url: '/api/internal/accounts/a.b', headers: { 'x-ingest-key': KEY, lang: 'ru-RU' } });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).code).toBe(ERRORS.validation_failed.code);
    expect(body(bad).msg).toMatch(/[а-я]/);
  });

  it('refuses every internal route without the ingest key', async () => {
    const internal = t.app.routeRecords.filter((r) => r.access?.kind === 'internal');
    expect(internal.map((r) => `${r.method} ${r.url}`)).toEqual(expect.arrayContaining(['GET /api/internal/accounts/:name', 'POST /api/internal/stratum/endpoints']));
    for (const r of internal) {
      for (const key of [undefined, 'wrong-key-of-enough-length-000']) {
        const res = await t.app.inject({ method: r.method as 'GET', url: r.url.replace(':name', 'someaccount'), headers: key ? { 'x-ingest-key': key } : {}, ...(r.method === 'GET' ? {} : { payload: {} }) });
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      }
    }
  });

  it('shows the configured URLs until a process announces, then the live ones, deduplicated by URL', async () => {
    expect(await stratumOf('ltc')).toEqual({
      coin: 'ltc', network: 'mainnet', source: 'configured', username_format: '<sub-account>.<worker>', password_ignored: true,
      endpoints: [{ url: FALLBACK, tls: false, start_difficulty: null, min_difficulty: null, max_difficulty: null }],
    });
    expect((await stratumOf('btc')).source).toBe('none');

    // Two processes behind one load balancer announce the same public URL; one has a TLS port too.
    const a = await announce({ instance: 'stratum-a', endpoints: [endpoint('stratum+tcp://ltc.example.org:3333'), endpoint('stratum+ssl://ltc.example.org:3334', { start_difficulty: 131072 })] });
    expect(a.statusCode, a.body).toBe(200);
    expect(body(a).data).toEqual({ endpoints: 2 });
    t.clock.advance(30_000);
    expect((await announce({ instance: 'stratum-b.eu-1', endpoints: [endpoint('stratum+tcp://ltc.example.org:3333', { start_difficulty: 32768 })] })).statusCode).toBe(200);
    const live = await stratumOf('ltc');
    expect(live.source).toBe('announced');
    expect(live.endpoints).toEqual([
      { url: 'stratum+tcp://ltc.example.org:3333', tls: false, start_difficulty: 32768, min_difficulty: 1024, max_difficulty: 1e9 },
      { url: 'stratum+ssl://ltc.example.org:3334', tls: true, start_difficulty: 131072, min_difficulty: 1024, max_difficulty: 1e9 },
    ]);
  });

  it('replaces a process\'s list at each announcement and forgets processes silent for 5 minutes', async () => {
    await announce({ instance: 'stratum-a', endpoints: [] });
    await announce({ instance: 'stratum-b.eu-1', endpoints: [endpoint('stratum+tcp://ltc.example.org:3335')] });
    expect((await stratumOf('ltc')).endpoints.map((e) => e.url)).toEqual(['stratum+tcp://ltc.example.org:3335']);
    t.clock.advance(5 * 60_000 + 1000);
    expect((await stratumOf('ltc')).source).toBe('configured');
    await announce({ instance: 'stratum-b.eu-1', endpoints: [endpoint('stratum+tcp://ltc.example.org:3335')] });
    expect((await stratumOf('ltc')).source).toBe('announced');
  });

  it.each([
    ['a bad scheme', { instance: 'x', endpoints: [endpoint('http://ltc.example.org:3333')] }],
    ['no port', { instance: 'x', endpoints: [endpoint('stratum+tcp://ltc.example.org')] }],
    ['port 70000', { instance: 'x', endpoints: [endpoint('stratum+tcp://ltc.example.org:70000')] }],
    ['a path', { instance: 'x', endpoints: [endpoint('stratum+tcp://ltc.example.org:3333/x')] }],
    ['an unknown coin', { instance: 'x', endpoints: [endpoint('stratum+tcp://ltc.example.org:3333', { coin: 'nope' })] }],
    ['start below min', { instance: 'x', endpoints: [endpoint('stratum+tcp://ltc.example.org:3333', { start_difficulty: 1 })] }],
    ['a negative difficulty', { instance: 'x', endpoints: [endpoint('stratum+tcp://ltc.example.org:3333', { min_difficulty: -1 })] }],
    ['an instance with a space', { instance: 'a b', endpoints: [] }],
    ['an instance of 65 characters', { instance: 'a'.repeat(65), endpoints: [] }],
    ['an empty instance', { instance: '', endpoints: [] }],
    ['51 endpoints', { instance: 'x', endpoints: Array.from({ length: 51 }, (_, i) => endpoint(`stratum+tcp://ltc.example.org:${3000 + i}`)) }],
  ])('refuses an announcement with %s (400, translated)', async (_what, payload) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/internal/stratum/endpoints', headers: { 'x-ingest-key': KEY, lang: 'ja' }, payload });
    expect(res.statusCode, res.body).toBe(400);
    expect(body(res).code).toBe(ERRORS.validation_failed.code);
  });

  it('answers coin_not_found for a coin that is not mined into sub-accounts', async () => {
    expect((await inject(t.app, { url: '/api/pools/nope/stratum' })).statusCode).toBe(404);
    expect((await inject(t.app, { url: '/api/pools/aleo/stratum' })).statusCode).toBe(404);
  });
});
