// Mining through our own stratum server, proved on a real chain: two Litecoin Core regtest nodes, Hashpool (PGlite, or
// PostgreSQL with TEST_DATABASE_URL), our stratum server as its own process, and a miner written
// for the test that really hashes (Scrypt) and speaks Stratum V1 with version rolling, logged in
// as <sub-account>.rig1. It checks the refusals (stale, duplicate, low difficulty, unauthorized),
// that the worker appears with the work it was credited, that a block found through the stratum
// is accepted by the node paying the pool's address and listed by the pool as pending, that
// after 100 more blocks it is confirmed and pays the sub-account's PPLNS credit exactly, that a
// block the other node outmines while the two are apart is orphaned and pays nothing, and that the
// user withdraws to another wallet through the jsonrpc chain adapter with the exact amount on the
// chain and a clean reconciliation, also when the operator bumps the payment's fee on the node
// (bumpfee, or psbtbumpfee signed and sent by hand);
// and that a deposit a reorganisation replaced with a double spend is taken back once it is deep.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, emailOperationCode, inject, registerByEmail, setPayPassword, TEST_PIN } from '../../server/test/account-helpers';
import { addDays, utcDay, walletSubject } from '@hashpool/shared';
import { LedgerDecimal as Decimal } from '../../server/src/modules/ledger';
import { balanceOf } from '../../server/src/modules/ledger/ledger';
import { pricesTick } from '../../server/src/modules/prices/prices.jobs';
import { FakeCoingecko } from '../../server/test/fakes/coingecko';
import { walletTick } from '../../server/src/modules/wallet/wallet.jobs';
import { SETTLE_AFTER_MS } from '../../server/src/modules/earnings';
import { reconcile } from '../../server/src/modules/ledger/reconciliation';
import { randomUUID } from 'node:crypto';
import { SmtpInbox } from '../../server/test/smtp-inbox';
import { body, startTestApp, type TestApp } from '../../server/test/test-app';
import { FakeClock } from '../../server/src/platform/clock';
import { queryRows } from '../../server/src/db/client';
import { sql } from 'drizzle-orm';
import { TestMiner, shareTarget, targetFromNbits } from './miner';
import { payMethods } from '../../server/src/modules/earnings/earnings.tables';
import { RpcClient } from '../src/coin/rpc';
import { freePort, startRegtestPair, waitForSync, type RegtestNode, type RegtestPair } from './regtest';
import { startStratumProcess, until as waitFor, type StratumProcess } from './stratum-process';

const KEY = 'stratum-chain-test-ingest-key-0123';
let pair: RegtestPair;
let t: TestApp;
let stratum: StratumProcess | undefined;
let port = 0;
let metricsPort = 0;
let poolAddress = '';
let account = '';
let tokens: Parameters<typeof auth>[0];
let email = '';
const inbox = new SmtpInbox();
/** The price feed: a local server speaking CoinGecko's simple price call. */
const feed = new FakeCoingecko('chain-test-feed-key');
const dataDir = mkdtempSync(path.join(tmpdir(), 'hp-stratum-'));

/** The node's wallet "w" (created on first use): its own RPC path. */
const wallets = new Map<RegtestNode, RpcClient>();
async function wallet(node: RegtestNode): Promise<RpcClient> {
  let client = wallets.get(node);
  if (!client) {
    await node.rpc.call('createwallet', ['w']);
    client = new RpcClient({ url: `${node.rpcUrl}wallet/w`, user: node.rpcUser, password: node.rpcPassword });
    wallets.set(node, client);
  }
  return client;
}

beforeAll(async () => {
  pair = await startRegtestPair();
  poolAddress = await (await wallet(pair.nodes[0])).call<string>('getnewaddress', ['pool', 'bech32']);
  const other = await (await wallet(pair.nodes[1])).call<string>('getnewaddress', ['', 'bech32']);
  // 101 blocks to the other node's wallet: a chain the template can build on, none of it the pool's.
  await pair.nodes[1].rpc.call('generatetoaddress', [101, other]);
  await until('both nodes at height 101', async () => (await pair.nodes[0].rpc.call<number>('getblockcount')) === 101);

  // Hashpool at the real time (shares are stamped by the stratum process's clock), with node 0's
  // wallet "w" as its LTC wallet node: the pool's coinbase lands there and withdrawals leave from it.
  const walletUrl = new URL('wallet/w', pair.nodes[0].rpcUrl);
  walletUrl.username = pair.nodes[0].rpcUser;
  walletUrl.password = pair.nodes[0].rpcPassword;
  t = await startTestApp({
    clock: new FakeClock(new Date().toISOString()),
    env: {
      SMTP_URL: await inbox.start(),
      ALTCHA_COST: '1',
      INGEST_KEYS: KEY,
      ACCESS_TOKEN_TTL_SECONDS: '3600',
      CHAIN_ADAPTER: 'jsonrpc',
      WALLET_RPC_URLS: JSON.stringify({ ltc: walletUrl.toString() }),
      CHAIN_NETWORKS: 'ltc=regtest',
      PRICES_SOURCE: 'coingecko',
      PRICES_COINGECKO_BASE: await feed.start(),
      PRICES_COINGECKO_KEY: 'chain-test-feed-key',
      PRICES_STALE_MINUTES: '30',
    },
    demo: false,
  });
  // The feed's prices were last updated at the pool's (test) time, which the test moves.
  feed.now = () => t.clock.now();
  const poolUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const user = await registerByEmail(t.app, inbox);
  tokens = user.tokens;
  email = user.email;
  account = body<{ current_account: { name: string } }>(await inject(t.app, { url: '/api/users/mine', headers: auth(tokens) })).data.current_account.name;
  // PPLNS from now (a switch through the API takes effect the next day).
  const [row] = await queryRows<{ id: string }>(t.database.db, sql`select id from mining_accounts where name = ${account}`);
  await t.database.db.insert(payMethods).values({ accountId: row!.id, coin: 'ltc', method: 'pplns' });

  const config = path.join(dataDir, 'stratum.json');
  port = await freePort();
  metricsPort = await freePort();
  const dogePort = await freePort();
  const dogeNodePort = await freePort();
  const node = pair.nodes[0];
  stratum = await startStratumProcess(config, {
    instanceId: 'chaintest',
    instancePrefix: 7,
    // A process group, as an operator runs one per core: the whole proof goes through its primary.
    processes: 2,
    poolUrl,
    ingestKey: KEY,
    dataDir: path.join(dataDir, 'data'),
    listenHost: '127.0.0.1',
    publicHost: '127.0.0.1',
    metricsPort,
    coins: [
      { coin: 'ltc', network: 'regtest', rpc: { url: node.rpcUrl, user: node.rpcUser, password: node.rpcPassword }, payoutAddress: poolAddress, coinbaseTag: '/hashpool-test/', ports: [{ port, startDifficulty: 0.01, minDifficulty: 0.000001, maxDifficulty: 1000 }] },
      // A second coin whose node is down for the whole test (nothing listens there): LTC is served
      // all the same, from the moment its own node gave a template.
      { coin: 'doge', network: 'regtest', rpc: { url: `http://127.0.0.1:${dogeNodePort}/` }, payoutAddress: 'mzBc4XEFSdzCDcTxAgf6EZXgsZWpztRhef', ports: [{ port: dogePort, startDifficulty: 1, minDifficulty: 1, maxDifficulty: 1000 }] },
    ],
  }, (log) => {
    // LTC's port open, and both processes with LTC work (the port opens with the first of them; the
    // tests below count on connections going to both).
    const lines = log.split('\n');
    const has = (...parts: string[]) => lines.some((line) => parts.every((p) => line.includes(p)));
    return has('"msg":"stratum port open"', '"coin":"ltc"') && has('"process":0', '"coin":"ltc"', '"msg":"new block to mine on"') && has('"process":1', '"coin":"ltc"', '"msg":"new block to mine on"');
  });
}, 180_000);

afterAll(async () => {
  await stratum?.stop();
  await t?.close();
  await pair?.stop();
  await inbox.stop();
  await feed.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('mining for real on a Litecoin regtest chain', () => {
  it('serves LTC while the DOGE node is down, and announces only what it serves', async () => {
    const announced = await waitFor('the LTC endpoint announced', async () => {
      const stratumInfo = body<{ endpoints: Array<{ url: string }>; source: string }>(await inject(t.app, { url: '/api/pools/ltc/stratum' })).data;
      return stratumInfo.source === 'announced' && stratumInfo.endpoints;
    });
    expect(announced.map((e) => e.url)).toEqual([`stratum+tcp://127.0.0.1:${port}`]);
    expect(body<{ source: string }>(await inject(t.app, { url: '/api/pools/doge/stratum' })).data.source).not.toBe('announced');
    expect(stratum!.log()).toMatch(/"coin":"doge".*"msg":"node not ready to check the payout address: retrying"/);
    // Not every coin is served: the instance does not say it has started.
    expect(stratum!.log()).not.toContain('stratum started');
    // One long poll on the node for the two processes: process 0's (each holds an RPC thread).
    const longPolls = async () =>
      (await pair.nodes[0].rpc.call<{ active_commands: Array<{ method: string }> }>('getrpcinfo')).active_commands.filter((c) => c.method === 'getblocktemplate').length;
    await waitFor('the long poll', async () => (await longPolls()) > 0);
    // The fewest of a few looks: a template refresh of either process can run beside the long poll.
    const looks: number[] = [];
    for (let i = 0; i < 5; i++) looks.push(await longPolls());
    expect(Math.min(...looks)).toBe(1);
  });

  it('answers stale, duplicate, low-difficulty and unauthorized shares with their error codes', async () => {
    const miner = new TestMiner('127.0.0.1', port, 'scrypt');
    await miner.connect();
    // Not subscribed yet: a submit is refused (25).
    expect(((await miner.call('mining.submit', [`${account}.rig1`, '1', '00000000', '00000000', '00000000'])).error as unknown[] | null)?.[0]).toBe(25);
    // Regtest's network target passes about every other hash, so a share at the start difficulty
    // is nearly always a block: this miner asks for a difficulty low enough to make plain shares.
    expect((await miner.call('mining.suggest_difficulty', [0.00001])).result).toBe(true);
    const login = await miner.login(`${account}.rig1`);
    expect(login.authorized).toBe(true);
    expect(miner.versionMask).toBe(0x1fffe000);
    expect(miner.difficulty).toBe(0.00001);
    const job = miner.currentJob!;
    const network = targetFromNbits(job.nbits);
    // A name that is not <sub-account>.<worker>: refused at authorize.
    expect(((await miner.call('mining.authorize', ['x!.rig1', 'x'])).error as unknown[] | null)?.[0]).toBe(24);
    // Unauthorized worker (24).
    expect(((await miner.submit('someoneelse.rig9', { jobId: job.jobId, extranonce2: '00000001', ntime: job.ntime, nonce: '00000000' })).error as unknown[] | null)?.[0]).toBe(24);
    // Unknown job (21).
    expect(((await miner.submit(`${account}.rig1`, { jobId: 'ffffff', extranonce2: '00000001', ntime: job.ntime, nonce: '00000000' })).error as unknown[] | null)?.[0]).toBe(21);
    // A plain share (not a block), then the same again (22).
    const share = miner.solve(job, { extranonce2: '000000aa', target: shareTarget('scrypt', miner.difficulty), above: network });
    const first = await miner.submit(`${account}.rig1`, share);
    expect(first.result, JSON.stringify(first.error)).toBe(true);
    expect(((await miner.submit(`${account}.rig1`, share)).error as unknown[] | null)?.[0]).toBe(22);

    // Low difficulty (23): a second miner at the port's start difficulty sends a hash above both targets.
    const other = new TestMiner('127.0.0.1', port, 'scrypt');
    await other.connect();
    expect((await other.login(`${account}.rig2`)).authorized).toBe(true);
    const weak = other.weakShare(other.currentJob!, [shareTarget('scrypt', other.difficulty), network].reduce((a, b) => (a > b ? a : b)));
    expect(((await other.submit(`${account}.rig2`, weak)).error as unknown[] | null)?.[0]).toBe(23);

    // The group's primary serves the metrics of its processes, each series labelled with its process.
    // A process busy past the scrape's 2 s (a loaded machine) is left out of that scrape: ask again.
    const metrics = await waitFor('a scrape both processes answered', async () => {
      const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      return text.includes('stratum_group_processes{state="answering"} 2\n') && text;
    });
    expect(metrics).toMatch(/stratum_shares_total\{coin="ltc",result="accepted",process="[01]"\} [1-9]/);
    const open = [...metrics.matchAll(/^stratum_connections\{coin="ltc",port="\d+",process="([01])"\} (\d+)$/gm)];
    expect(open.map((m) => m[1]).sort()).toEqual(['0', '1']);
    expect(open.reduce((n, m) => n + Number(m[2]), 0)).toBe(2);
    expect(metrics).toContain('stratum_group_processes{state="answering"} 2\n');
    // Work is fresh in both processes; the DOGE node, down, shows in the RPC error counter.
    expect([...metrics.matchAll(/^stratum_template_age_seconds\{coin="ltc",process="[01]"\} ([\d.]+)$/gm)].map((m) => Number(m[1]) < 60)).toEqual([true, true]);
    expect(metrics).toMatch(/stratum_node_rpc_errors_total\{coin="doge",method="validateaddress",process="[01]"\} [1-9]/);
    other.close();
    miner.close();
  }, 120_000);

  it('finds a block the node accepts, paying the pool; the pool lists it and pays the PPLNS credit once it matures', async () => {
    const miner = new TestMiner('127.0.0.1', port, 'scrypt');
    await miner.connect();
    expect((await miner.login(`${account}.rig1`)).authorized).toBe(true);
    const job = miner.currentJob!;
    const heightBefore = await pair.nodes[0].rpc.call<number>('getblockcount');
    const block = miner.solve(job, { extranonce2: '0000beef', target: targetFromNbits(job.nbits) });
    const answer = await miner.submit(`${account}.rig1`, block);
    expect(answer.result, JSON.stringify(answer.error)).toBe(true);
    // On the node, one higher: its coinbase pays the pool's address the whole 50 LTC.
    await until('the block on the node', async () => (await pair.nodes[0].rpc.call<number>('getblockcount')) > heightBefore);
    const best = await pair.nodes[0].rpc.call<string>('getblockhash', [heightBefore + 1]);
    const found = await pair.nodes[0].rpc.call<{ tx: Array<{ vout: Array<{ value: number; scriptPubKey: { address?: string; addresses?: string[] } }> }> }>('getblock', [best, 2]);
    const payout = found.tx[0]!.vout.find((o) => (o.scriptPubKey.address ?? o.scriptPubKey.addresses?.[0]) === poolAddress);
    expect(payout?.value).toBe(50);
    expect(stratum!.log()).toContain('"msg":"block found"');
    // The pool learns it as pending (found event through the outbox), with its finder.
    const listed = await until('the block on the pool', async () => {
      const list = body<{ list: Array<{ hash: string; status: string; height: number }> }>(await inject(t.app, { url: '/api/pools/ltc/blocks?page=1&page_size=10' })).data.list;
      return list.find((b) => b.hash === best);
    });
    expect(listed.height).toBe(heightBefore + 1);
    // The worker is on the pool with the work it was credited: rig1's two accepted shares (the
    // plain share at 0.00001 and the block at the port's 0.01), k = 2^16 hashes per Scrypt
    // difficulty (docs/stratum-integration.md §5), over the 15-minute window as the minute job
    // computes it at this moment.
    const credited = await until('rig1 credited with both shares', async () => {
      t.clock.set(new Date());
      await t.app.modules.mining.ingest.refreshWindows();
      const res = await inject(t.app, { url: `/api/pools/ltc/accounts/${account}/miners?page=1&page_size=10`, headers: auth(tokens) });
      const rig = body<{ list: Array<{ worker_name: string; accepted_shares: number; accept_15m: { value: number } }> }>(res).data.list.find((w) => w.worker_name === 'rig1');
      return rig && rig.accepted_shares === 2 ? rig : undefined;
    });
    const now = t.clock.now().getTime();
    const window = 15 * 60 + (now % 60_000) / 1000;
    expect(credited.accept_15m.value).toBeCloseTo(((0.00001 + 0.01) * 65_536) / window, 6);

    // 100 more blocks (to the other node's wallet): the tracker reports the confirmations; mature.
    const other = await (await wallet(pair.nodes[1])).call<string>('getnewaddress', ['', 'bech32']);
    await pair.nodes[1].rpc.call('generatetoaddress', [100, other]);
    const confirmed = await until('the block confirmed on the pool', async () => {
      const list = body<{ list: Array<{ hash: string; status: string; confirmations: number }> }>(await inject(t.app, { url: '/api/pools/ltc/blocks?page=1&page_size=10' })).data.list;
      const b = list.find((x) => x.hash === best);
      return b && b.status !== 'pending' ? b : undefined;
    }, 90_000);
    expect(confirmed.confirmations).toBeGreaterThanOrEqual(100);
    // Matured in seconds on regtest; the window's late shares may come for SETTLE_AFTER_MS (an hour
    // and 5 minutes) after the end of the block's 10-minute point, so the pool waits that long.
    t.clock.set(new Date());
    expect(await t.app.modules.earnings.blockSettlement.settleReady()).toBe(0);
    t.clock.advance(SETTLE_AFTER_MS + 600_000);
    expect(await t.app.modules.earnings.blockSettlement.settleReady()).toBeGreaterThanOrEqual(1);
    t.clock.set(new Date()); // back to the stratum's clock, which stamps the shares
    // Settled: the sub-account's PPLNS credit. It mined the whole window, so it gets the block's
    // 50 LTC less the PPLNS fee, to the base unit, and the settlement paid exactly that.
    const [run] = await queryRows<{ paid: string; outcome: string }>(t.database.db, sql`select s.paid::text, s.outcome from block_settlements s join blocks b on b.id = s.block_id where b.hash = ${best}`);
    expect(run?.outcome).toBe('paid');
    // The node's difficulty of the block, in the pool's unit, is the one the stratum reported:
    // the two conversions (the stratum's from the template, the settlement's from getblock) agree.
    const [diff] = await queryRows<{ reported: number; chain: number | null }>(t.database.db, sql`select b.network_difficulty as reported, c.difficulty as chain from blocks b join block_chain_checks c on c.block_id = b.id where b.hash = ${best}`);
    expect(diff?.chain).not.toBeNull();
    expect(Math.abs(diff!.chain! - diff!.reported)).toBeLessThanOrEqual(diff!.chain! * 1e-9);
    const balances = body<{ list: Array<{ coin: string; available: string }> }>(await inject(t.app, { url: '/api/v2/wallets/balances', headers: auth(tokens) })).data.list;
    const ltc = balances.find((b) => b.coin === 'ltc');
    expect(Number(ltc?.available)).toBeGreaterThan(49);
    expect(Number(ltc?.available)).toBeLessThan(50);
    expect(Number(ltc?.available)).toBe(Number(run!.paid));
    miner.close();
  }, 240_000);

  it('orphans a block the other node outmines while the two are apart; it pays nothing', async () => {
    const [a, b] = pair.nodes;
    await a.rpc.call('setnetworkactive', [false]);
    await until('the nodes apart', async () => (await a.rpc.call<number>('getconnectioncount')) === 0);
    const miner = new TestMiner('127.0.0.1', port, 'scrypt');
    await miner.connect();
    expect((await miner.login(`${account}.rig1`)).authorized).toBe(true);
    const job = miner.currentJob!;
    const heightBefore = await a.rpc.call<number>('getblockcount');
    const answer = await miner.submit(`${account}.rig1`, miner.solve(job, { extranonce2: '0000dead', target: targetFromNbits(job.nbits) }));
    expect(answer.result, JSON.stringify(answer.error)).toBe(true);
    await until('our block on node 0', async () => (await a.rpc.call<number>('getblockcount')) > heightBefore);
    const ours = await a.rpc.call<string>('getblockhash', [heightBefore + 1]);
    await until('our block on the pool', async () => poolBlock(ours));
    // Node 1 mines two blocks of its own; together again, its longer chain wins.
    const other = await (await wallet(b)).call<string>('getnewaddress', ['', 'bech32']);
    await b.rpc.call('generatetoaddress', [2, other]);
    await a.rpc.call('setnetworkactive', [true]);
    await a.rpc.call('addnode', [`127.0.0.1:${b.p2pPort}`, 'onetry']);
    await waitForSync(a.rpc, b.rpc, 60_000);
    // The tracker calls it orphaned only 3 blocks past it (a shallow fork can still turn).
    await b.rpc.call('generatetoaddress', [2, other]);
    await waitForSync(a.rpc, b.rpc, 60_000);
    const orphaned = await until('the block orphaned on the pool', async () => {
      const block = await poolBlock(ours);
      return block?.status === 'orphaned' ? block : undefined;
    });
    expect(orphaned.height).toBe(heightBefore + 1);
    const before = await ltcBalance();
    await t.app.modules.earnings.blockSettlement.settleReady();
    const runs = await queryRows<{ outcome: string; paid: string }>(t.database.db, sql`select s.outcome, s.paid::text from block_settlements s join blocks b on b.id = s.block_id where b.hash = ${ours}`);
    expect(runs.every((r) => Number(r.paid) === 0)).toBe(true);
    expect(await ltcBalance()).toBe(before);
    miner.close();
  }, 120_000);

  it('holds a matured block the node does not show paying the pool: nothing paid, whatever the event said', async () => {
    const node = pair.nodes[0];
    // Block 1, mined in the set-up to the other node's wallet; and a block the chain never had.
    const theirs = await node.rpc.call<string>('getblockhash', [1]);
    const unknown = 'ab'.repeat(32);
    t.clock.set(new Date());
    const time = Date.now() - SETTLE_AFTER_MS - 600_000; // found long enough ago for the window's shares to be in
    await t.app.modules.mining.blocks.record([
      { type: 'found', coin: 'ltc', height: 1, hash: theirs, reward: '50', account, worker: 'rig1', difficulty: 1, time },
      { type: 'found', coin: 'ltc', height: 2, hash: unknown, reward: '50', account, worker: 'rig1', difficulty: 1, time },
      { type: 'confirmations', coin: 'ltc', hash: theirs, confirmations: 101 },
      { type: 'confirmations', coin: 'ltc', hash: unknown, confirmations: 101 },
    ]);
    const before = await ltcBalance();
    expect(await t.app.modules.earnings.blockSettlement.settleReady()).toBe(0);
    const holds = await queryRows<{ hash: string; reason: string }>(t.database.db, sql`select b.hash, h.reason from block_holds h join blocks b on b.id = h.block_id order by b.height`);
    expect(holds).toEqual([
      { hash: theirs, reason: 'not_pool_coinbase' },
      { hash: unknown, reason: 'not_in_chain' },
    ]);
    const booked = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ledger_postings where reference in ('block:ltc:1', 'block:ltc:2')`);
    expect(booked).toEqual([{ n: 0 }]);
    expect(await ltcBalance()).toBe(before);
  }, 60_000);

  it('withdraws to another wallet through the jsonrpc adapter: the exact amount on chain, a clean reconciliation', async () => {
    const [a, b] = pair.nodes;
    const user = { email, tokens };
    await setPayPassword(t, inbox, user);
    const to = await (await wallet(b)).call<string>('getnewaddress', ['', 'bech32']);
    const addressCode = await emailOperationCode(t, inbox, user, 'withdraw_address', walletSubject.withdrawAddress({ coin: 'ltc', address: to }));
    const added = await inject(t.app, { method: 'POST', url: '/api/v2/wallets/addresses', headers: auth(tokens), payload: { coin: 'ltc', alias: 'regtest', address: to, verification: { email_code: addressCode } } });
    expect(added.statusCode, added.body).toBe(200);
    const addressId = body<{ id: string }>(added).data.id;
    // The new address's hold is over (as if added two days ago).
    await t.database.db.execute(sql`update withdraw_addresses set created_at = ${new Date(t.clock.now().getTime() - 2 * 86_400_000).toISOString()} where id = ${addressId}`);
    const amount = '1.5';
    const code = await emailOperationCode(t, inbox, user, 'withdraw', walletSubject.withdraw({ coin: 'ltc', address_id: addressId, amount }));
    const asked = await inject(t.app, {
      method: 'POST',
      url: '/api/v2/wallets/withdrawals',
      headers: { ...auth(tokens), 'idempotency-key': randomUUID() },
      payload: { coin: 'ltc', address_id: addressId, amount, pay_password: TEST_PIN, verification: { email_code: code } },
    });
    expect(asked.statusCode, asked.body).toBe(200);

    await walletTick(t.app.modules.wallet);
    const [sent] = body<{ list: Array<{ status: string; txid: string; amount: string; fee: string }> }>(await inject(t.app, { url: '/api/v2/wallets/withdrawals', headers: auth(tokens) })).data.list;
    expect(sent, JSON.stringify(sent)).toMatchObject({ status: 'broadcast', txid: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // On node 0's chain once mined, paying the address exactly the amount less the pool's fee.
    await a.rpc.call('generatetoaddress', [1, await (await wallet(a)).call<string>('getnewaddress', ['', 'bech32'])]);
    await waitForSync(a.rpc, b.rpc);
    const { blockhash } = await (await wallet(a)).call<{ blockhash?: string }>('gettransaction', [sent!.txid]);
    expect(blockhash).toBeTruthy();
    const tx = await a.rpc.call<{ vout: Array<{ value: number; scriptPubKey: { address?: string; addresses?: string[] } }> }>('getrawtransaction', [sent!.txid, true, blockhash]);
    const paid = tx.vout.find((o) => (o.scriptPubKey.address ?? o.scriptPubKey.addresses?.[0]) === to);
    expect(paid?.value).toBe(Number(amount) - Number(sent!.fee));

    await walletTick(t.app.modules.wallet);
    const [done] = body<{ list: Array<{ status: string }> }>(await inject(t.app, { url: '/api/v2/wallets/withdrawals', headers: auth(tokens) })).data.list;
    expect(done?.status).toBe('completed');
    // The node's wallet holds exactly what the ledger says the pool holds.
    const report = await reconcile(t.database.db, t.app.modules.wallet.custody);
    expect(report.custody, JSON.stringify(report)).toEqual([expect.objectContaining({ coin: 'ltc', ok: true })]);
    expect(report.ok).toBe(true);
  }, 120_000);

  // bumpfee names its replacement (replaced_by_txid); psbtbumpfee signed and sent by hand does
  // not: the pool finds that one among the payment's walletconflicts, as paying the same.
  const replacements: Array<[string, (node: RpcClient, txid: string) => Promise<string>]> = [
    ['bumpfee', async (node, txid) => (await node.call<{ txid: string }>('bumpfee', [txid])).txid],
    [
      'psbtbumpfee, signed and sent by hand',
      async (node, txid) => {
        const { psbt } = await node.call<{ psbt: string }>('psbtbumpfee', [txid]);
        const signed = await node.call<{ psbt: string }>('walletprocesspsbt', [psbt]);
        const { hex } = await node.call<{ hex: string }>('finalizepsbt', [signed.psbt]);
        return node.call<string>('sendrawtransaction', [hex]);
      },
    ],
  ];
  it.each(replacements)('follows a fee bump the operator makes on the node (%s): the withdrawal completes once, under the replacement’s txid, and nothing returns', async (_how, replace) => {
    const [a, b] = pair.nodes;
    const mine = body<{ id: string; current_account: { id: string } }>(await inject(t.app, { url: '/api/users/mine', headers: auth(tokens) })).data;
    const to = await (await wallet(b)).call<string>('getnewaddress', ['', 'bech32']);
    const before = new Decimal((await ltcBalance())!);
    const pool = t.app.modules.wallet;
    const [row] = await pool.withdrawals.create({ accountId: mine.current_account.id, userId: mine.id, coin: 'ltc', address: to, publicKey: null, chain: null, amount: new Decimal('1'), limits: await pool.limits.of('ltc'), key: randomUUID(), origin: 'user' });
    await walletTick(pool);
    const sent = await withdrawalState(row!.id);
    expect(sent.status).toBe('broadcast');
    // The operator bumps the fee of a payment stuck in the mempool: a new transaction replaces it.
    const replacement = await replace(await wallet(a), sent.txid);
    await a.rpc.call('getmempoolentry', [replacement]); // in the mempool (throws if not), the original out of it
    await walletTick(pool);
    expect(await withdrawalState(row!.id)).toEqual({ status: 'broadcast', txid: sent.txid });
    // In flight with the replacement's higher fee: custody and the ledger agree meanwhile.
    const inFlight = await reconcile(t.database.db, t.app.modules.wallet.custody);
    expect(inFlight.ok, JSON.stringify(inFlight)).toBe(true);
    await a.rpc.call('generatetoaddress', [1, await (await wallet(a)).call<string>('getnewaddress', ['', 'bech32'])]);
    await waitForSync(a.rpc, b.rpc);
    // The original is now conflicted on the chain (negative confirmations) …
    expect((await (await wallet(a)).call<{ confirmations: number }>('gettransaction', [sent.txid])).confirmations).toBeLessThan(0);
    await walletTick(pool);
    // … but the replacement paid the user: completed, and the funds do not come back.
    expect(await withdrawalState(row!.id)).toEqual({ status: 'completed', txid: replacement });
    expect(new Decimal((await ltcBalance())!).toFixed()).toBe(before.minus(1).toFixed());
    const report = await reconcile(t.database.db, t.app.modules.wallet.custody);
    expect(report.ok, JSON.stringify(report)).toBe(true);
  }, 60_000);
});

describe('a deposit on the Litecoin regtest chain', () => {
  it('credits a deposit, then reverses it once a reorganisation has put a double spend of it 6 blocks deep', async () => {
    const [a, b] = pair.nodes;
    const address = body<{ address: string }>(await inject(t.app, { url: '/api/v2/wallets/deposit-address?coin=ltc', headers: auth(tokens) })).data.address;
    const before = new Decimal((await ltcBalance())!);
    const sender = await wallet(b);
    // Apart, the sender pays the deposit address; the pool's node alone mines the payment.
    await a.rpc.call('setnetworkactive', [false]);
    await until('the nodes apart', async () => (await a.rpc.call<number>('getconnectioncount')) === 0);
    const paid = await sender.call<string>('sendtoaddress', [address, 2]);
    const { hex } = await sender.call<{ hex: string }>('gettransaction', [paid]);
    await a.rpc.call('sendrawtransaction', [hex]);
    const elsewhere = await sender.call<string>('getnewaddress', ['', 'bech32']);
    await a.rpc.call('generatetoaddress', [1, elsewhere]);
    await walletTick(t.app.modules.wallet);
    expect(new Decimal((await ltcBalance())!).minus(before).toFixed()).toBe('2');
    // Meanwhile the sender spends the same coins again, to itself, with a higher fee (the payment
    // signals replacement), and its node mines 7 blocks: a longer chain without the payment.
    const decoded = await b.rpc.call<{ vin: Array<{ txid: string; vout: number }>; vout: Array<{ value: number }> }>('decoderawtransaction', [hex]);
    const spent = decoded.vout.reduce((sum, o) => sum.plus(o.value), new Decimal(0));
    const valueOf = async (txid: string, n: number) => {
      const prev = await b.rpc.call<{ vout: Array<{ value: number }> }>('decoderawtransaction', [(await sender.call<{ hex: string }>('gettransaction', [txid])).hex]);
      return new Decimal(prev.vout[n]!.value);
    };
    const inputs = await Promise.all(decoded.vin.map((i) => valueOf(i.txid, i.vout)));
    const fee = inputs.reduce((sum, v) => sum.plus(v), new Decimal(0)).minus(spent);
    const back = inputs.reduce((sum, v) => sum.plus(v), new Decimal(0)).minus(fee.times(10)).toFixed(8);
    const raw = await b.rpc.call<string>('createrawtransaction', [decoded.vin.map((i) => ({ txid: i.txid, vout: i.vout })), { [elsewhere]: back }]);
    const signed = await sender.call<{ hex: string; complete: boolean }>('signrawtransactionwithwallet', [raw]);
    expect(signed.complete).toBe(true);
    const doubleSpend = await b.rpc.call<string>('sendrawtransaction', [signed.hex]);
    await b.rpc.call('generatetoaddress', [7, elsewhere]);
    await a.rpc.call('setnetworkactive', [true]);
    await a.rpc.call('addnode', [`127.0.0.1:${b.p2pPort}`, 'onetry']);
    await waitForSync(a.rpc, b.rpc, 60_000);
    // The pool's wallet no longer lists the payment; asked for it, it gives the double spend's depth, negated.
    const seen = await (await wallet(a)).call<{ transactions: Array<{ txid: string }> }>('listsinceblock', []);
    expect(seen.transactions.some((x) => x.txid === paid)).toBe(false);
    expect((await (await wallet(a)).call<{ confirmations: number }>('gettransaction', [paid])).confirmations).toBe(-7);
    expect((await sender.call<{ confirmations: number }>('gettransaction', [doubleSpend])).confirmations).toBe(7);
    await walletTick(t.app.modules.wallet);
    await walletTick(t.app.modules.wallet);
    const [row] = await queryRows<{ status: string; unrecovered: string }>(t.database.db, sql`select status, unrecovered::float8::text as unrecovered from deposits where txid = ${paid}`);
    expect(row).toEqual({ status: 'reversed', unrecovered: '0' });
    expect(new Decimal((await ltcBalance())!).toFixed()).toBe(before.toFixed());
    const report = await reconcile(t.database.db, t.app.modules.wallet.custody);
    expect(report.ok, JSON.stringify(report)).toBe(true);
  }, 120_000);
});

async function withdrawalState(id: string) {
  const [row] = await queryRows<{ status: string; txid: string }>(t.database.db, sql`select status, txid from withdrawals where id = ${id}`);
  return row!;
}

describe('market data from the Litecoin node', () => {
  it('settles a day of FPPS from the node\'s own difficulty and reward and the feed\'s price, as a hand computation does', async () => {
    const node = pair.nodes[0];
    t.clock.set(new Date());
    const today = utcDay(t.clock.now());
    const start = Date.parse(`${today}T00:00:00Z`) / 1000;
    // A miner on FPPS (the default method) with 0.000005 difficulty of accepted shares today (4 ×
    // 0.00000125): regtest's network difficulty is tiny, so that is about a sixth of a block.
    const miner = await registerByEmail(t.app, inbox);
    const minerAccount = body<{ current_account: { id: string; name: string } }>(await inject(t.app, { url: '/api/users/mine', headers: auth(miner.tokens) })).data.current_account;
    const shares = Array.from({ length: 4 }, () => ({ coin: 'ltc', account: minerAccount.name, worker: 'rig1', difficulty: '0.00000125', result: 'accepted' as const, time: t.clock.now().getTime() }));
    expect((await t.app.modules.mining.ingest.submit(`fpps-${randomUUID()}`, shares)).accepted).toBe(4);
    // The first start seeded today's market day; as yesterday's, today is the first day the node measures.
    await t.database.db.execute(sql`update market_data set day = ${addDays(today, -1)} where coin = 'ltc' and day = ${today}`);
    t.clock.set(`${addDays(today, 1)}T00:06:00Z`);
    // The feed's quote minutes after midnight prices the day that just ended.
    feed.prices = { litecoin: { usd: 84.5 }, tether: { usd: 1, cny: 7.2 } };
    await pricesTick({ db: t.database.db, prices: t.app.modules.prices.prices, log: t.app.log });
    await t.app.modules.earnings.earnings.extendMarketData();
    const day = await t.app.modules.earnings.earnings.marketDay('ltc', today);
    expect(day.source).toBe('node');
    expect(new Decimal(day.priceUsd!).toFixed()).toBe('84.5');

    // By hand. Regtest's proof-of-work limit 0x7fffff·2^232 against difficulty 1 (0xffff·2^208):
    // node difficulty 65,535 / (8,388,607 · 2^24) for every block, × 2^16 in the pool's Scrypt unit.
    const difficulty = new Decimal(65535).times(65536).div(new Decimal(8388607).times(2 ** 24));
    expect(new Decimal(day.networkDifficulty).toFixed()).toBe(difficulty.toSignificantDigits(12, Decimal.ROUND_HALF_UP).toFixed());
    // The subsidy: 50 LTC, halved every 150 blocks on regtest; the day's last block is the tip.
    const tip = await node.rpc.call<number>('getblockcount');
    const subsidyAt = (height: number) => new Decimal(50).div(2 ** Math.floor(height / 150));
    expect(new Decimal(day.blockSubsidy).toFixed()).toBe(subsidyAt(tip).toFixed());
    // The fees: what each of the day's coinbases pays above its subsidy (the withdrawal above paid one).
    let fees = new Decimal(0);
    let blocks = 0;
    for (let height = 1; height <= tip; height++) {
      const block = await node.rpc.call<{ time: number; tx: Array<{ vout: Array<{ value: number }> }> }>('getblock', [await node.rpc.call<string>('getblockhash', [height]), 2]);
      if (block.time < start) continue;
      blocks++;
      const coinbase = block.tx[0]!.vout.reduce((sum, out) => sum.plus(new Decimal(out.value)), new Decimal(0));
      fees = fees.plus(coinbase.minus(subsidyAt(height)));
    }
    expect(blocks).toBeGreaterThan(100);
    expect(fees.gt(0)).toBe(true);
    expect(new Decimal(day.avgFeesPerBlock).toFixed()).toBe(fees.div(blocks).toDecimalPlaces(8, Decimal.ROUND_HALF_UP).toFixed());

    // The day settles: W / (D · k) · (B + F) · (1 − fee), in whole litoshis (the fraction carried).
    const fee = new Decimal((await t.app.modules.earnings.earnings.feeRatesOn(['ltc'], today)).get('ltc')!.get('fpps')!);
    const work = new Decimal('0.000005').times(65536);
    const byHand = work
      .div(difficulty.toSignificantDigits(12, Decimal.ROUND_HALF_UP).times(65536))
      .times(subsidyAt(tip).plus(fees.div(blocks).toDecimalPlaces(8, Decimal.ROUND_HALF_UP)))
      .times(new Decimal(1).minus(fee.div(100)));
    const [settled] = (await t.app.modules.earnings.settlement.settleDay(today)).filter((r) => r.coin === 'ltc');
    expect(settled?.outcome).toBe('settled');
    const credited = new Decimal((await balanceOf(t.database.db, minerAccount.id, 'ltc')).available);
    expect(credited.toFixed()).toBe(byHand.toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed());
    // About a sixth of the day's block reward: W / (D · k) = 0.000005 / 0.0000305175747… = 0.16384…
    expect(credited.gt(3) && credited.lt(9)).toBe(true);
  }, 60_000);
});

async function poolBlock(hash: string) {
  const list = body<{ list: Array<{ hash: string; status: string; height: number }> }>(await inject(t.app, { url: '/api/pools/ltc/blocks?page=1&page_size=20' })).data.list;
  return list.find((b) => b.hash === hash);
}

/** Waits for `probe`, showing the stratum's log on a time-out. */
function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 60_000): Promise<T> {
  return waitFor(what, probe, timeoutMs, () => stratum?.log() ?? '');
}

async function ltcBalance(): Promise<string | undefined> {
  const balances = body<{ list: Array<{ coin: string; available: string }> }>(await inject(t.app, { url: '/api/v2/wallets/balances', headers: auth(tokens) })).data.list;
  return balances.find((b) => b.coin === 'ltc')?.available;
}
