// Withdrawals through a bitcoind-style wallet node (CHAIN_ADAPTER=jsonrpc), against a local server
// that speaks the node's JSON-RPC (Basic auth; sendtoaddress with a comment, listtransactions,
// gettransaction, getbalance, getnewaddress, listsinceblock; errors as HTTP 500 with a JSON-RPC
// error). A payment must go out once whatever fails between asking the node and recording the
// answer: a node that answers after the time-out, a process that dies after asking, a send that
// never reached the node. The node's balance is minus what it sent, so the reconciliation after
// this file (custody against the ledger) also fails on a payment sent twice.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tokens } from '@hashpool/shared';
import { queryRows } from '../src/db/client';
import { LedgerDecimal as Decimal } from '../src/modules/ledger';
import { walletTick } from '../src/modules/wallet/wallet.jobs';
import { UNKNOWN_SEND_WAIT_MS } from '../src/modules/wallet/withdrawal-processor';
import { auth, inject, registerByEmail } from './account-helpers';
import { SmtpInbox } from './smtp-inbox';
import { body, startTestApp, type TestApp } from './test-app';

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const RPC_USER = 'hashpool';
const RPC_PASSWORD = 'node-secret-1234';

/** The node's wallet: what it sent, with comment and confirmations, and how its next calls behave. */
class FakeNode {
  readonly sent: Array<{ txid: string; address: string; amount: string; comment: string; confirmations: number }> = [];
  refuseNextSend = false;
  /** Sends the next payment, then answers only after this many milliseconds (past the adapter's time-out). */
  answerNextSendAfterMs = 0;
  /** Loses the next send on the way: no payment, no answer. */
  dropNextSend = false;
  private server: Server | undefined;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => void this.answer(req.headers.authorization, raw, res));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://${RPC_USER}:${RPC_PASSWORD}@127.0.0.1:${(this.server!.address() as AddressInfo).port}/`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server!.close(() => resolve()));
  }

  private async answer(authorization: string | undefined, raw: string, res: ServerResponse) {
    const reply = (status: number, result: unknown, error: { code: number; message: string } | null = null, id: unknown = null) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ result, error, id }));
    if (authorization !== `Basic ${Buffer.from(`${RPC_USER}:${RPC_PASSWORD}`).toString('base64')}`) return res.writeHead(401).end();
    const { method, params, id } = JSON.parse(raw) as { method: string; params: unknown[]; id: unknown };
    switch (method) {
      case 'sendtoaddress': {
        const [address, amount, comment] = params as [string, string, string];
        if (this.dropNextSend) {
          this.dropNextSend = false;
          return; // the connection hangs up without a word: nothing was sent
        }
        if (this.refuseNextSend) {
          this.refuseNextSend = false;
          return reply(500, null, { code: -6, message: 'Insufficient funds' }, id);
        }
        const txid = randomBytes(32).toString('hex');
        this.sent.push({ txid, address, amount: String(amount), comment, confirmations: 0 });
        const delay = this.answerNextSendAfterMs;
        this.answerNextSendAfterMs = 0;
        if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
        return reply(200, txid, null, id);
      }
      case 'listtransactions': {
        const [, count] = params as [string, number];
        return reply(200, this.sent.slice(-count).map((t) => ({ category: 'send', address: t.address, amount: -Number(t.amount), txid: t.txid, comment: t.comment, confirmations: t.confirmations })), null, id);
      }
      case 'gettransaction': {
        const tx = this.sent.find((t) => t.txid === params[0]);
        return tx ? reply(200, { txid: tx.txid, confirmations: tx.confirmations }, null, id) : reply(500, null, { code: -5, message: 'Invalid or non-wallet transaction id' }, id);
      }
      case 'getbalance':
        return reply(200, this.sent.reduce((sum, t) => sum.minus(t.amount), new Decimal(0)).toFixed(8), null, id);
      case 'getnewaddress':
        return reply(200, `bc1q${randomBytes(19).toString('hex')}`, null, id);
      case 'listsinceblock':
        return reply(200, { transactions: [] }, null, id);
      default:
        return reply(500, null, { code: -32601, message: 'Method not found' }, id);
    }
  }

  confirmAll(): void {
    for (const t of this.sent) t.confirmations = Math.max(1, t.confirmations);
  }

  sendsOf(withdrawalId: string) {
    return this.sent.filter((t) => t.comment === withdrawalId);
  }
}

let t: TestApp;
const node = new FakeNode();
const inbox = new SmtpInbox();
let user: { tokens: Tokens; accountId: string; accountName: string; userId: string };

beforeAll(async () => {
  const url = await node.start();
  t = await startTestApp({ env: { SMTP_URL: await inbox.start(), ALTCHA_COST: '1', CHAIN_ADAPTER: 'jsonrpc', WALLET_RPC_URLS: JSON.stringify({ btc: url }), WALLET_RPC_TIMEOUT_SECONDS: '0.5' } });
  const r = await registerByEmail(t.app, inbox);
  const mine = body<{ id: string; current_account: { id: string; name: string } }>(await inject(t.app, { url: '/api/users/mine', headers: auth(r.tokens) })).data;
  user = { tokens: r.tokens, accountId: mine.current_account.id, accountName: mine.current_account.name, userId: mine.id };
  await t.app.modules.wallet.admin.adjust(randomUUID(), randomUUID(), { account: user.accountName, coin: 'btc', amount: '10', reason: 'test funding' });
});
afterAll(async () => {
  await t?.close(); // the reconciliation: custody (the node's balance) against the ledger
  await node.stop();
  await inbox.stop();
});

async function withdrawal(amount = '0.1') {
  const wallet = t.app.modules.wallet;
  const [row] = await wallet.withdrawals.create({ accountId: user.accountId, userId: user.userId, coin: 'btc', address: BTC_ADDRESS, publicKey: null, chain: null, amount: new Decimal(amount), limits: await wallet.limits.of('btc'), key: randomUUID(), origin: 'user' });
  return row!;
}

async function stateOf(id: string) {
  const [row] = await queryRows<{ status: string; txid: string | null }>(t.database.db, sql`select status, txid from withdrawals where id = ${id}`);
  return row!;
}

async function available(): Promise<string> {
  const list = body<{ list: Array<{ coin: string; available: string }> }>(await inject(t.app, { url: '/api/v2/wallets/balances', headers: auth(user.tokens) })).data.list;
  return list.find((b) => b.coin === 'btc')!.available;
}

describe('sending through a wallet node', () => {
  it('sends once with the withdrawal id as its comment, and settles when the node confirms it', async () => {
    const w = await withdrawal();
    await walletTick(t.app.modules.wallet);
    const sent = node.sendsOf(w.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ address: BTC_ADDRESS, amount: new Decimal(w.amount).minus(w.fee).toFixed() });
    expect(await stateOf(w.id)).toMatchObject({ status: 'broadcast', txid: sent[0]!.txid });
    node.confirmAll();
    await walletTick(t.app.modules.wallet);
    expect((await stateOf(w.id)).status).toBe('completed');
  });

  it('records a payment the node sent but answered after the time-out, without sending it again', async () => {
    const w = await withdrawal();
    node.answerNextSendAfterMs = 1_500; // the adapter gives up after 0.5 s
    await walletTick(t.app.modules.wallet);
    // Unknown outcome: neither failed (the funds would return though the coins left) nor sent again.
    expect((await stateOf(w.id)).status).toBe('processing');
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await walletTick(t.app.modules.wallet);
    expect(node.sendsOf(w.id)).toHaveLength(1);
    expect(await stateOf(w.id)).toMatchObject({ status: 'broadcast', txid: node.sendsOf(w.id)[0]!.txid });
  });

  it('finds the payment of a process that died after asking the node, instead of paying twice', async () => {
    const w = await withdrawal();
    // The dead process marked the send and asked the node; the node paid; nothing was recorded.
    await t.database.db.execute(sql`update withdrawals set send_started_at = ${t.clock.now().toISOString()} where id = ${w.id}`);
    await t.app.modules.wallet.chain.send('btc', BTC_ADDRESS, new Decimal(w.amount).minus(w.fee).toFixed(), w.id);
    await walletTick(t.app.modules.wallet);
    expect(node.sendsOf(w.id)).toHaveLength(1);
    expect((await stateOf(w.id)).status).toBe('broadcast');
  });

  it('sends again only when the node has no such payment long after the lost send', async () => {
    const w = await withdrawal();
    node.dropNextSend = true;
    await walletTick(t.app.modules.wallet);
    expect(node.sendsOf(w.id)).toHaveLength(0);
    expect((await stateOf(w.id)).status).toBe('processing');
    // A minute on: the node may still be at it, so nothing is sent.
    t.clock.advance(60_000);
    await walletTick(t.app.modules.wallet);
    expect(node.sendsOf(w.id)).toHaveLength(0);
    // Past the wait, with no such payment on the node: sent, once.
    t.clock.advance(UNKNOWN_SEND_WAIT_MS);
    await walletTick(t.app.modules.wallet);
    await walletTick(t.app.modules.wallet);
    expect(node.sendsOf(w.id)).toHaveLength(1);
    expect((await stateOf(w.id)).status).toBe('broadcast');
  });

  it('fails a withdrawal the node refuses and returns its funds, once', async () => {
    const before = new Decimal(await available());
    const w = await withdrawal('0.2');
    expect(new Decimal(await available()).eq(before.minus('0.2'))).toBe(true);
    node.refuseNextSend = true;
    await walletTick(t.app.modules.wallet);
    expect(node.sendsOf(w.id)).toHaveLength(0);
    expect((await stateOf(w.id)).status).toBe('failed');
    await walletTick(t.app.modules.wallet);
    expect(new Decimal(await available()).eq(before)).toBe(true);
  });
});
