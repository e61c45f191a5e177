// The crash test of docs/security.md item 30: the real server process (node apps/server/src/
// main.ts) is killed with SIGKILL at random moments while clients post transfers and withdrawals
// through HTTP, signed and with idempotency keys, and while its wallet job sends withdrawals. After
// each restart every request that got no answer is retried with its key until it gets one. At the
// end every acknowledged operation is in the database exactly once, nothing refused was applied,
// the balances are what the acknowledged operations add up to, and the reconciliation is clean.
//
// The second factor of each operation is an authenticator code (TOTP), as the server checks it
// for real: emailed codes allow one operation a minute per user (the resend timer, and only the
// newest code is valid), an authenticator three steps at once and one more every 30 s. Sixteen
// users, each with one operation in flight at a time, give enough traffic within the time.
//
// PostgreSQL only (TEST_DATABASE_URL): PGlite in memory lives and dies with the server process,
// so after a kill there would be nothing left to check.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Decimal from 'decimal.js';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { Secret, TOTP } from 'otpauth';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalSignString, DEVICE_HEADER, ERRORS, SIGN_HEADERS, type Tokens } from '@hashpool/shared';
import { openDatabase, type Database } from '../src/db/client';
import { systemClock } from '../src/platform/clock';
import { deriveKeys } from '../src/platform/keys';
import type { Config } from '../src/config';
import { SimulatedChain } from '../src/modules/wallet/chain';
import { walletCustody } from '../src/modules/wallet/custody';
import { reconcile } from '../src/modules/ledger/reconciliation';
import { SmtpInbox } from './smtp-inbox';
import { adminQuery, databaseUrl, TEST_DB_PREFIX } from './test-db';

const serverUrl = process.env.TEST_DATABASE_URL;
const root = fileURLToPath(new URL('../../..', import.meta.url));
const PASSWORD = 'correct horse battery staple';
const PIN = '246810';
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const USERS = 16;
const ROUNDS = 4;
const FUNDING = '2';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The server as production runs it; kill() is the power cut, kill('SIGTERM') the orderly stop. */
class ServerProcess {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  output = '';

  constructor(
    readonly base: string,
    private readonly env: Record<string, string>,
  ) {}

  async start(): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, env: { ...process.env, ...this.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    child.stdout!.on('data', (d: Buffer) => (this.output = (this.output + d.toString()).slice(-4000)));
    child.stderr!.on('data', (d: Buffer) => (this.output = (this.output + d.toString()).slice(-4000)));
    this.exited = new Promise((resolve) => child.on('exit', () => resolve()));
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(100)) {
      if (child.exitCode !== null) break;
      const health = await fetch(`${this.base}/api/health`).then((r) => r.ok, () => false);
      if (health) return;
    }
    throw new Error(`server did not start:\n${this.output}`);
  }

  async kill(signal: 'SIGKILL' | 'SIGTERM' = 'SIGKILL'): Promise<void> {
    this.child?.kill(signal);
    await this.exited;
    this.child = undefined;
  }
}

interface Answer {
  status: number;
  code: number;
  data: unknown;
}

/** A browser-like client: JSON, signed like the web client signs (docs/rules.md, The API), its own address. */
class Http {
  constructor(
    readonly base: string,
    private readonly signKey: string,
  ) {}

  /** The answer, or undefined when the connection broke before one arrived. */
  async call(method: string, url: string, options: { tokens?: Tokens; payload?: Record<string, unknown>; headers?: Record<string, string> } = {}): Promise<Answer | undefined> {
    const headers: Record<string, string> = { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}`, ...options.headers };
    if (options.tokens) headers.authorization = `Bearer ${options.tokens.token}`;
    if (method !== 'GET') {
      const timestamp = String(Math.floor(Date.now() / 1000));
      const nonce = randomBytes(16).toString('hex');
      const query = Object.fromEntries(new URL(url, 'http://x').searchParams);
      headers[SIGN_HEADERS.timestamp] = timestamp;
      headers[SIGN_HEADERS.nonce] = nonce;
      headers[SIGN_HEADERS.signature] = createHmac('sha256', this.signKey).update(canonicalSignString({ ...query, ...options.payload, timestamp, nonce })).digest('hex');
      headers['content-type'] = 'application/json';
    }
    try {
      const res = await fetch(`${this.base}${url}`, { method, headers, body: method === 'GET' ? undefined : JSON.stringify(options.payload ?? {}), signal: AbortSignal.timeout(15_000) });
      const json = (await res.json()) as { code: number; data: unknown };
      return { status: res.status, code: json.code, data: json.data };
    } catch {
      return undefined;
    }
  }

  /** For the setup, when the server is up: an answer of 200 or the test stops. */
  async ok<T>(method: string, url: string, options: Parameters<Http['call']>[2] = {}): Promise<T> {
    const answer = await this.call(method, url, options);
    if (answer?.status !== 200) throw new Error(`${method} ${url}: ${JSON.stringify(answer)}`);
    return answer.data as T;
  }
}

interface Client {
  email: string;
  userId: string;
  accountId: string;
  accountName: string;
  tokens: Tokens;
  totp: TOTP;
  /** The last authenticator step this client used: each code works once, in increasing steps. */
  lastStep: number;
  addressId: string;
}

/**
 * The next authenticator code this client may use now, or undefined. The server accepts the steps
 * next to the current one, each once, in increasing order (step s until the end of step s + 1);
 * the step picked stays valid for at least `marginMs`: the retries after a restart need 15 s.
 */
function nextCode(c: Client, marginMs = 15_000): string | undefined {
  const now = Date.now();
  const current = Math.floor(now / 30_000);
  const step = Math.max(c.lastStep + 1, Math.ceil((now + marginMs) / 30_000) - 2);
  if (step > current + 1) return undefined;
  c.lastStep = step;
  return c.totp.generate({ timestamp: step * 30_000 });
}

interface Operation {
  kind: 'transfer' | 'withdraw';
  from: Client;
  to?: Client;
  key: string;
  amount: string;
  payload: Record<string, unknown>;
  attempts: number;
  answer?: Answer;
}

describe.skipIf(!serverUrl)('the wallet across crashes of the server process', () => {
  const dbName = `${TEST_DB_PREFIX}_crash_${randomBytes(6).toString('hex')}`;
  const dbUrl = databaseUrl(serverUrl ?? 'postgres://x/x', dbName);
  const inbox = new SmtpInbox();
  let dir = '';
  const admin = `operator.${randomBytes(4).toString('hex')}@example.com`;
  let server: ServerProcess;
  let http: Http;
  let database: Database;

  const serverQuery = (text: string) => adminQuery(serverUrl!, text);
  const secretsKey = randomBytes(32).toString('base64');
  /** The server's simulated chain (same key), to ask whether a withdrawal was paid. */
  const serverChain = () => new SimulatedChain(database.db, systemClock, deriveKeys({ SECRETS_KEY: secretsKey } as Config).chain);

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'hp-crash-'));
    await serverQuery(`create database "${dbName}"`);
    const port = await freePort();
    server = new ServerProcess(`http://127.0.0.1:${port}`, {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: dbUrl,
      DEMO_SEED: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent-web-dist',
      MAIL_DIR: path.join(dir, 'mail'),
      SMS_DIR: path.join(dir, 'sms'),
      SMTP_URL: await inbox.start(),
      // The same keys after every restart: sealed authenticator secrets and tokens stay valid.
      SECRETS_KEY: secretsKey,
      ADMIN_EMAILS: admin,
      ALTCHA_COST: '1',
      ACCESS_TOKEN_TTL_SECONDS: '3600',
      // Each request comes from its own address (X-Forwarded-For, trusted from loopback), so the
      // per-address limits of the code and wallet routes do not stop the clients.
      TRUST_PROXY: 'loopback',
      RATE_LIMIT_PER_MINUTE: '100000',
      // Withdrawals are sent every second, so kills also land in the middle of sending one.
      WALLET_JOB_INTERVAL_SECONDS: '1',
      WITHDRAW_ADDRESS_HOLD_HOURS: '0',
    });
    await server.start();
    const { request_sign_key } = await new Http(server.base, '').ok<{ request_sign_key: string }>('GET', '/api/parameters?keys=request_sign_key');
    http = new Http(server.base, request_sign_key);
    database = await openDatabase({ databaseUrl: dbUrl, pgliteDataDir: 'memory' });
  }, 60_000);

  afterAll(async () => {
    await server?.kill();
    await database?.close();
    await inbox.stop();
    await serverQuery(`drop database if exists "${dbName}" with (force)`);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function register(email: string): Promise<{ tokens: Tokens; userId: string; accountId: string; accountName: string }> {
    const { challenge } = await http.ok<{ challenge: Challenge }>('GET', '/api/captcha/challenge');
    const solution = await solveChallenge({ challenge, deriveKey });
    const since = inbox.mails.length;
    await http.ok('POST', '/api/v3/auth/validation/code', { payload: { captcha: { provider: 'altcha', challenge, solution }, purpose: 'register', channel: 'email', email } });
    const code = SmtpInbox.code(await inbox.next(email, since));
    const tokens = await http.ok<Tokens>('POST', '/api/users/register', {
      headers: { [DEVICE_HEADER]: randomBytes(16).toString('hex') },
      payload: { channel: 'email', email, code, password: PASSWORD, confirm_password: PASSWORD, agree_terms: true },
    });
    const mine = await http.ok<{ id: string; current_account: { id: string; name: string } }>('GET', '/api/users/mine', { tokens });
    return { tokens, userId: mine.id, accountId: mine.current_account.id, accountName: mine.current_account.name };
  }

  /** A user with an authenticator, a pay password (set with it) and a withdraw address. */
  async function newClient(i: number): Promise<Client> {
    const email = `crash.${i}.${randomBytes(4).toString('hex')}@example.com`;
    const r = await register(email);
    const { secret } = await http.ok<{ secret: string }>('POST', '/api/users/totp/secret', { tokens: r.tokens });
    const c: Client = { email, ...r, totp: new TOTP({ secret: Secret.fromBase32(secret) }), lastStep: 0, addressId: '' };
    const since = inbox.mails.length;
    await http.ok('POST', '/api/auth/validation/verified-email', { tokens: c.tokens, payload: { operation: 'totp_bind' } });
    const email_code = SmtpInbox.code(await inbox.next(email, since));
    const code = async () => {
      for (let next = nextCode(c, 3000); ; next = nextCode(c, 3000)) {
        if (next) return next;
        await sleep(30_000 - (Date.now() % 30_000) + 50); // the next step
      }
    };
    await http.ok('POST', '/api/users/totp/bind', { tokens: c.tokens, payload: { code: await code(), verification: { email_code } } });
    await http.ok('PUT', '/api/users/pay-password', { tokens: c.tokens, payload: { pay_password: PIN, confirm_pay_password: PIN, verification: { totp_code: await code() } } });
    c.addressId = (await http.ok<{ id: string }>('POST', '/api/v2/wallets/addresses', { tokens: c.tokens, payload: { coin: 'btc', alias: 'cold', address: BTC_ADDRESS, verification: { totp_code: await code() } } })).id;
    return c;
  }

  /** One attempt; on an answer, the operation keeps it. */
  async function attempt(op: Operation): Promise<void> {
    op.attempts++;
    const url = op.kind === 'transfer' ? '/api/v2/wallets/transfers' : '/api/v2/wallets/withdrawals';
    const answer = await http.call('POST', url, { tokens: op.from.tokens, headers: { 'idempotency-key': op.key }, payload: op.payload });
    if (answer) op.answer = answer;
  }

  function newOperation(from: Client, clients: Client[]): Operation | undefined {
    const totp_code = nextCode(from);
    if (!totp_code) return undefined;
    const key = randomUUID();
    if (randomInt(2) === 0) {
      const amount = new Decimal(randomInt(100, 5000)).div(100_000).toFixed();
      const payload = { coin: 'btc', address_id: from.addressId, amount, pay_password: PIN, verification: { totp_code } };
      return { kind: 'withdraw', from, key, amount, payload, attempts: 0 };
    }
    const others = clients.filter((c) => c !== from);
    const to = others[randomInt(others.length)]!;
    const amount = new Decimal(randomInt(100, 5000)).div(100_000).toFixed();
    const payload = { coin: 'btc', to_account: to.accountName, amount, pay_password: PIN, verification: { totp_code } };
    return { kind: 'transfer', from, to, key, amount, payload, attempts: 0 };
  }

  it('keeps every acknowledged operation exactly once and applies nothing twice', async () => {
    // Setup through HTTP as users do it, a few users at a time.
    const adminUser = await register(admin);
    const clients: Client[] = [];
    for (let i = 0; i < USERS; i += 4) clients.push(...(await Promise.all([0, 1, 2, 3].map((j) => newClient(i + j)))));
    // The funding is one operator's 32 BTC in a day, which the four-eyes rule would hold for a
    // second operator (tested in operations.int.test.ts); the withdrawals below are far under it.
    await database.pgPool!.query(`update wallet_coin_limits set four_eyes_threshold = null where coin = 'btc'`);
    for (const c of clients) {
      await http.ok('POST', '/api/admin/adjustments', { tokens: adminUser.tokens, headers: { 'idempotency-key': `funding-${c.accountName}` }, payload: { account: c.accountName, coin: 'btc', amount: FUNDING, reason: 'crash test funding' } });
    }
    // What the test skips instead of waiting: the 24-hour hold the pay password started (tested
    // in wallet.int.test.ts), and the rest of the half-minute whose authenticator steps the setup
    // spent (each client then uses every step once, in order, as an authenticator app would).
    const ids = clients.map((c) => c.userId);
    await database.pgPool!.query(`update users set security_changed_at = now() - interval '2 days', totp_last_step = null where id = any($1::uuid[])`, [ids]);
    for (const c of clients) c.lastStep = 0;

    const operations: Operation[] = [];
    let killedInFlight = 0;
    let lastKilledAt = new Date(0);
    for (let round = 0; round < ROUNDS; round++) {
      // The power goes out 1.5 to 3.5 s into the round. Each client sends one operation before
      // that, at a random moment weighted towards the cut (u squared), so several requests are
      // in flight when it comes and others have been answered.
      const killAt = 1500 + randomInt(2000);
      let down = false;
      const inFlight = new Set<Operation>();
      const traffic = clients.map(async (c) => {
        // Some send just after the moment too, so the cut (which waits for one on its way) finds one.
        await sleep(killAt + 500 - Math.floor((killAt + 500) * Math.random() ** 2));
        const op = down ? undefined : newOperation(c, clients);
        if (!op) return;
        operations.push(op);
        inFlight.add(op);
        await attempt(op);
        inFlight.delete(op);
      });
      await sleep(killAt);
      // On a fast or a loaded machine every request sent so far may have been answered by then:
      // the cut waits for one on its way, so each round tests what it is about.
      for (const until = Date.now() + 3000; inFlight.size === 0 && Date.now() < until; ) await sleep(2);
      down = true;
      killedInFlight += inFlight.size;
      await server.kill();
      lastKilledAt = new Date();
      await Promise.all(traffic);
      await server.start();
      // Every request without an answer, again with its key, until it gets one.
      await Promise.all(
        operations
          .filter((op) => !op.answer)
          .map(async (op) => {
            while (!op.answer && op.attempts < 20) {
              await attempt(op);
              if (!op.answer) await sleep(200);
            }
          }),
      );
    }
    // The cuts did hit requests on their way.
    expect(killedInFlight).toBeGreaterThan(0);
    expect(operations.filter((op) => !op.answer)).toEqual([]);
    const acknowledged = operations.filter((op) => op.answer!.status === 200);
    const refused = operations.filter((op) => op.answer!.status !== 200);
    // A request whose second factor was spent when the power went out, before its operation was
    // written, is refused on retry (nothing applied): the user confirms it again. Nothing else.
    const expectedRefusals = new Set<number>([ERRORS.totp_reused.code, ERRORS.totp_invalid.code]);
    expect(refused.map((op) => op.answer!.code).filter((code) => !expectedRefusals.has(code))).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(operations.length / 2);

    // The answers survive restarts too: the same key gives the first answer again.
    await Promise.all(
      acknowledged.map(async (op) => {
        const first = op.answer!;
        op.answer = undefined;
        await attempt(op);
        if (op.kind === 'transfer') expect(op.answer!.data).toEqual({ ...(first.data as Record<string, unknown>), replayed: true });
        else expect((op.answer!.data as { request_id: string }).request_id).toBe((first.data as { request_id: string }).request_id);
        op.answer = first;
      }),
    );
    // The wallet job sends what was frozen, also what a kill interrupted while sending (once the
    // killed process's job lease has lapsed: 10 s). One exception: a kill between marking a send
    // started and the payment leaves a send the pool cannot know the fate of; it waits
    // UNKNOWN_SEND_WAIT_MS (10 min) before sending again, and must not have been paid.
    // Only a killed process can have left one (the last server instance sends what it marks), at
    // most one per kill (a pass sends one withdrawal at a time).
    const unsentStarted = async (id: string, startedAt: Date | null) => startedAt !== null && startedAt < lastKilledAt && (await serverChain().findSent('btc', id)) === null;
    const waitingToSend = async () => {
      const { rows } = await database.pgPool!.query<{ id: string; send_started_at: Date | null }>(`select id, send_started_at from withdrawals where status = 'processing'`);
      const waiting = [];
      for (const w of rows) if (!(await unsentStarted(w.id, w.send_started_at))) waiting.push(w.id);
      return waiting;
    };
    for (const deadline = Date.now() + 40_000; Date.now() < deadline && (await waitingToSend()).length > 0; ) await sleep(250);
    expect(await waitingToSend()).toEqual([]);
    await server.kill('SIGTERM');

    // Every acknowledged operation exactly once, with what was asked; nothing else applied.
    const q = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await database.pgPool!.query<T>(text, values)).rows;
    const withdrawn = await q<{ id: string; account_id: string; idempotency_key: string; amount: string; status: string; request_id: string; send_started_at: Date | null; freezes: number; settles: number }>(
      `select w.id, w.account_id, w.idempotency_key, w.amount::text, w.status, w.request_id, w.send_started_at,
              (select count(*)::int from ledger_postings p where p.idempotency_key = 'withdraw:' || w.id) as freezes,
              (select count(*)::int from ledger_postings p where p.idempotency_key = 'withdraw-settle:' || w.id) as settles
         from withdrawals w`,
    );
    const transferred = await q<{ from_account_id: string; to_account_id: string; idempotency_key: string; amount: string; postings: number }>(
      `select t.from_account_id, t.to_account_id, t.idempotency_key, t.amount::text,
              (select count(*)::int from ledger_postings p where p.idempotency_key = 'transfer:' || t.id) as postings
         from internal_transfers t`,
    );
    const acknowledgedWithdrawals = acknowledged.filter((op) => op.kind === 'withdraw');
    const acknowledgedTransfers = acknowledged.filter((op) => op.kind === 'transfer');
    expect(withdrawn).toHaveLength(acknowledgedWithdrawals.length);
    expect(transferred).toHaveLength(acknowledgedTransfers.length);
    for (const op of acknowledgedWithdrawals) {
      const rows = withdrawn.filter((w) => w.account_id === op.from.accountId && w.idempotency_key === op.key);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ request_id: (op.answer!.data as { request_id: string }).request_id, freezes: 1, settles: rows[0]!.status === 'completed' ? 1 : 0 });
      expect(new Decimal(rows[0]!.amount).eq(op.amount)).toBe(true);
      if (rows[0]!.status === 'processing') expect(await unsentStarted(rows[0]!.id, rows[0]!.send_started_at)).toBe(true);
      else expect(['broadcast', 'completed']).toContain(rows[0]!.status);
    }
    for (const op of acknowledgedTransfers) {
      const rows = transferred.filter((t) => t.from_account_id === op.from.accountId && t.idempotency_key === op.key);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ to_account_id: op.to!.accountId, postings: 1 });
      expect(new Decimal(rows[0]!.amount).eq(op.amount)).toBe(true);
    }
    const appliedKeys = new Set([...withdrawn.map((w) => w.idempotency_key), ...transferred.map((t) => t.idempotency_key)]);
    expect(refused.filter((op) => appliedKeys.has(op.key))).toEqual([]);
    // Each sent withdrawal paid once on the chain.
    const paid = await q<{ n: number }>(`select count(*)::int as n from sim_chain_txs where direction = 'out'`);
    expect(paid[0]!.n).toBe(withdrawn.filter((w) => w.status !== 'processing').length);
    expect(withdrawn.filter((w) => w.status === 'processing').length).toBeLessThanOrEqual(ROUNDS);

    // Balances: funding, minus what was withdrawn and sent, plus what was received; frozen what is
    // on its way out and not yet confirmed.
    const balances = await q<{ holder: string; available: string; frozen: string }>(`select holder, available::text, frozen::text from ledger_balances where coin = 'btc'`);
    for (const c of clients) {
      const mine = acknowledged.filter((op) => op.from === c);
      const withdrawnByMe = mine.filter((op) => op.kind === 'withdraw');
      const available = new Decimal(FUNDING)
        .minus(mine.reduce((sum, op) => sum.plus(op.amount), new Decimal(0)))
        .plus(acknowledgedTransfers.filter((op) => op.to === c).reduce((sum, op) => sum.plus(op.amount), new Decimal(0)));
      const frozen = withdrawnByMe
        .filter((op) => withdrawn.find((w) => w.idempotency_key === op.key)!.status !== 'completed')
        .reduce((sum, op) => sum.plus(op.amount), new Decimal(0));
      const b = balances.find((row) => row.holder === c.accountId)!;
      expect([new Decimal(b.available).toFixed(), new Decimal(b.frozen).toFixed()], c.accountName).toEqual([available.toFixed(), frozen.toFixed()]);
    }

    const report = await reconcile(database.db, walletCustody(new SimulatedChain(database.db, systemClock, Buffer.alloc(32))));
    expect(report).toMatchObject({ ok: true, unbalanced: [], balanceMismatches: [] });

  }, 180_000);
});
