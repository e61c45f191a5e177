// A held block end to end, on a pool of its own: this spec starts a second Hashpool server (in
// memory, PORT = the project's server + 3000) whose Litecoin chain is a wallet node
// (CHAIN_ADAPTERS=ltc=jsonrpc) answered by a local stand-in (+3001) that knows no block, and whose
// block settlement runs every 2 s. A stratum's `found` block of the operator's sub-account matures;
// the settlement asks the node, which does not know it: the block is held. The finance operator
// sees it under Held blocks with the node's word, voids it with a reason (the dialog refuses
// none), and the public block list says Void. The shared e2e servers keep the simulated chain.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { e2eMailDir } from '../playwright.config';
import { accountButton, expect, registerByEmail, serverPort, test, uniqueEmail } from './accounts-helpers';

const INGEST_KEY = 'hashpool-e2e-held-blocks-key-0001';
const OPERATOR = uniqueEmail('held-operator');
let server: ChildProcess | undefined;
let node: Server | undefined;
let base = '';

/** Bitcoin Core's JSON-RPC as far as this pool asks: no block is known, the wallet is empty. */
function startNode(port: number): Promise<Server> {
  const answer = (method: string): { result?: unknown; error?: { code: number; message: string } } => {
    switch (method) {
      case 'getblock':
        return { error: { code: -5, message: 'Block not found' } };
      case 'getbalance':
        return { result: 0 };
      case 'listsinceblock':
        return { result: { transactions: [], lastblock: '00'.repeat(32) } };
      case 'getnewaddress':
        return { result: `rltc1q${randomBytes(19).toString('hex')}` };
      default:
        return { error: { code: -32601, message: 'Method not found' } };
    }
  };
  const http = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const { id, method } = JSON.parse(body || '{}') as { id?: unknown; method?: string };
      const { result = null, error = null } = answer(method ?? '');
      res.statusCode = error ? 500 : 200;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ result, error, id }));
    });
  });
  return new Promise((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, '127.0.0.1', () => resolve(http));
  });
}

/** Ends the pool's server and waits until it is gone, so a retry does not find the old one on its port. */
async function stopServer(): Promise<void> {
  const child = server;
  server = undefined;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const late = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(late);
}

// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, info) => {
  // As long as the shared servers get to start (playwright.config.ts: 120 s), and then some.
  test.setTimeout(150_000);
  const port = serverPort(info) + 3000;
  // A server still answering on the port (one a killed run left behind) would not be this one.
  expect(await fetch(`http://localhost:${port}/api/health`).then(() => 'taken', () => 'free'), `port ${port}`).toBe('free');
  node = await startNode(port + 1);
  base = `http://localhost:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      // Its own database in memory, nothing shared with the environment's services.
      DATABASE_URL: '',
      REDIS_URL: '',
      NATS_URL: '',
      SMTP_URL: '',
      PORT: String(port),
      PGLITE_DATA_DIR: 'memory',
      LOG_LEVEL: 'error',
      DEMO_SEED: 'false',
      // The mailbox of the project's server: the helpers read the registration code there.
      MAIL_DIR: e2eMailDir(serverPort(info)),
      SMS_DIR: `${e2eMailDir(serverPort(info))}/sms`,
      TRUST_PROXY: 'loopback',
      INGEST_KEYS: INGEST_KEY,
      ADMIN_EMAILS: OPERATOR,
      CHAIN_ADAPTERS: 'ltc=jsonrpc',
      WALLET_RPC_URLS: JSON.stringify({ ltc: `http://e2e:e2e@127.0.0.1:${port + 1}` }),
      WALLET_RPC_TIMEOUT_SECONDS: '2',
      EARNINGS_JOB_INTERVAL_SECONDS: '2',
    },
  });
  server = child;
  await expect
    .poll(async () => {
      if (child.exitCode !== null) throw new Error(`the held-blocks pool's server exited (${child.exitCode}) before it answered`);
      return (await fetch(`${base}/api/health`).catch(() => undefined))?.status;
    }, { timeout: 120_000, intervals: [500] })
    .toBe(200);
});

test.afterAll(async () => {
  await stopServer();
  await new Promise<void>((resolve) => (node ? node.close(() => resolve()) : resolve()));
});

test('a block the wallet node does not know is held, shown to finance, and voided with a reason', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: base, extraHTTPHeaders: { 'x-forwarded-for': `10.252.${randomBytes(1)[0]}.7` } });
  const page = await context.newPage();
  await registerByEmail(page, OPERATOR);
  // The header names the sub-account once it has loaded: "My account: <name>".
  await expect(accountButton(page)).toHaveAttribute('aria-label', /^My account: \S+/);
  const account = (await accountButton(page).getAttribute('aria-label'))!.replace(/^My account: /, '');

  // A stratum's word: a block of the operator's sub-account, matured (101 confirmations).
  const hash = randomBytes(32).toString('hex');
  const height = 2_000_000 + randomBytes(2).readUInt16BE();
  const events = [
    { type: 'found', coin: 'ltc', height, hash, reward: '6.25', account, worker: 'rig1', difficulty: 2_000_000, time: Date.now() - 2 * 3_600_000 }, // past the 65 to 75 minutes a block waits for its window's late shares
    { type: 'confirmations', coin: 'ltc', hash, confirmations: 101 },
  ];
  const sent = await page.request.post('/api/internal/blocks', { headers: { 'x-ingest-key': INGEST_KEY }, data: { events } });
  expect((await sent.json()) as unknown).toMatchObject({ data: { recorded: 2, refused: 0 } });

  // The settlement asks the node, which does not know the block: held, with the node's word.
  await page.goto('/admin/held-blocks');
  const row = page.getByRole('row').filter({ hasText: `LTC ${height}` });
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(row).toContainText("Not on the node's main chain at this height");
  await expect(row).toContainText('Block not found');

  // Void: a reason is needed.
  await row.getByRole('button', { name: `Void block ${height} of LTC` }).click();
  const dialog = page.getByRole('dialog', { name: `Void block ${height} of LTC` });
  await dialog.getByRole('button', { name: 'Void block' }).click();
  await expect(dialog.getByText('Please give a reason.')).toBeVisible();
  await dialog.getByRole('textbox').fill('Not our block: the node never saw it.');
  await dialog.getByRole('button', { name: 'Void block' }).click();
  await expect(page.getByText('Block voided')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('No block is held')).toBeVisible();

  // The public list says so; the audit log has who and why.
  await page.goto('/pool/ltc/stat');
  await expect(page.getByRole('row').filter({ hasText: String(height) }).getByText('Void', { exact: true })).toBeVisible();
  await page.goto('/admin/audit');
  await expect(page.getByRole('row').filter({ hasText: `Block LTC ${height}` })).toContainText('Not our block: the node never saw it.');
  await context.close();
});
