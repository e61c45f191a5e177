// End-to-end tests: Debian's Chromium against the real server, which serves the built web app
// (the root `test:e2e` script builds it first).
import { defineConfig } from '@playwright/test';

/**
 * Two servers, each with its own in-memory database, on E2E_PORT and the next port (E2E_PORT lets
 * two runs share a machine). The test files are split between them (FIRST_SERVER_FILES), one file
 * at a time, so no file sees another's changes (suspended withdrawals, site content, fee rates).
 * The halves run one after the other (workers: 1): run at once on a 2-core CI machine, the two
 * servers and two browsers starved each other, and the same tests failed on their time limits in
 * two CI runs (alerts of the minute job, lazy pages not mounting) while each half alone passed.
 */
const port = Number(process.env.E2E_PORT ?? 8090);
const SERVER_PORTS = [port, port + 1] as const;
/** The server writes mail here (no SMTP_URL); tests read it as the user's mailbox. */
export const e2eMailDir = (serverPort: number) => `test-results/e2e-mail-${serverPort}`;
/**
 * Access tokens live 40 s, so a test can wait past one and see the session refreshed; every other
 * test runs with such short tokens too, which exercises the proactive refresh all along.
 */
export const E2E_ACCESS_TOKEN_TTL_SECONDS = 40;
/**
 * A second code to one address waits this long (60 s in production): a test that sends two
 * (a pay password, then a payment) waits it out instead of a minute.
 */
export const E2E_CODE_RESEND_SECONDS = 15;
/**
 * The local stand-in for WeChat's Open Platform (apps/server/test/fakes/wechat.ts) that
 * e2e/wechat.spec.ts starts on this port; the server's WeChat settings point at it.
 */
export const e2eWechatPort = (serverPort: number) => serverPort + 1000;
export const E2E_WECHAT = { appId: 'wxe2e0000000000001', secret: 'e2e-wechat-app-secret-0001' };
/** Registering with this address makes the user an operator (ADMIN_EMAILS of the server). */
export const E2E_OPERATOR_EMAIL = 'wallet-operator@example.com';
/** A second operator: the four-eyes rule needs one who did not ask. */
export const E2E_SECOND_OPERATOR_EMAIL = 'wallet-operator-2@example.com';

/**
 * The files of the first server, about half of the suite's time (measured per file in a CI run);
 * every other file, and any new one, runs on the second.
 */
const FIRST_SERVER_FILES = /\/(wallet|session|pool|operations|wechat|language|staking|passkeys|contracts|accounts-screens)\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  // Playwright empties its output folder when a run starts: one per port, so two runs sharing the
  // machine do not delete each other's traces, mail folders (e2eMailDir) or screenshots.
  outputDir: `test-results/playwright-${port}`,
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // On CI a failed test runs once more, and a pass then is reported as flaky with the first
  // attempt's page and trace (scripts/test-all.mjs prints both): one flake on a loaded 2-core
  // machine (a dialog's button not found for 88 s, never seen again) kept a whole session's work
  // from landing. A test that fails twice still fails the run.
  retries: process.env.CI ? 1 : 0,
  // A CI run shares the machine's two cores with whatever else runs there: account flows that take
  // 10 s here took 30 s there (argon2id, the ALTCHA proof-of-work, a PGlite server in one thread).
  // The limits leave room for that; a real hang still fails, just later.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    // The browser asks for reduced motion, which the app honours (shell/theme.ts: Ant Design's
    // motion off, the banner carousel still): a dialog is where it ends up at once, so a click
    // cannot land on a button still zooming in. A flaky CI failure of 30 November looked like that
    // (an adjustment's confirm button clicked, the dialog open and idle 15 s later: its confirm
    // never ran). Ant Design's motion is the library's own and not what these tests are about.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
    // A failed test keeps its trace with DOM snapshots and the network, not the screencast: filming
    // every test (a JPEG per frame, most of Chromium's CPU) made the suite a quarter slower
    // (support + theme specs: 137-149 s with it, 107 s without, same machine). On CI only the retry
    // of a failed test is traced: recording every test's DOM cost a tenth of the time (promotions +
    // support specs, alternating: 205 and 201 s traced, 191 and 176 s not, 30 November), and the
    // first attempt's page is still kept (error-context.md, printed by scripts/test-all.mjs).
    trace: { mode: process.env.CI ? 'on-first-retry' : 'retain-on-failure', screenshots: false },
  },
  projects: SERVER_PORTS.map((serverPort, i) => ({
    name: `server-${i + 1}`,
    workers: 1,
    ...(i === 0 ? { testMatch: FIRST_SERVER_FILES } : { testIgnore: FIRST_SERVER_FILES }),
    use: { baseURL: `http://localhost:${serverPort}` },
  })),
  webServer: SERVER_PORTS.map((serverPort) => ({
    command: 'node --import tsx apps/server/src/main.ts',
    env: {
      PORT: String(serverPort),
      PGLITE_DATA_DIR: 'memory',
      LOG_LEVEL: 'warn',
      MAIL_DIR: e2eMailDir(serverPort),
      SMS_DIR: `${e2eMailDir(serverPort)}/sms`,
      ACCESS_TOKEN_TTL_SECONDS: String(E2E_ACCESS_TOKEN_TTL_SECONDS),
      CODE_RESEND_SECONDS: String(E2E_CODE_RESEND_SECONDS),
      // The account tests each act as their own client (X-Forwarded-For from the `test` of e2e/accounts-helpers.ts),
      // trusted from loopback only: the per-IP limits (5 codes a minute) then apply per test
      // instead of to the whole suite.
      TRUST_PROXY: 'loopback',
      // The pool tests post shares as a stratum node would (E2E_INGEST_KEY in e2e/pool.spec.ts),
      // and the minute job runs every few seconds so alerts follow within a test's patience.
      INGEST_KEYS: 'hashpool-e2e-ingest-key-0001',
      MINING_JOB_INTERVAL_SECONDS: '5',
      // The wallet tests (e2e/wallet.spec.ts): this address registers as an operator, a new pay
      // password or withdraw address is usable at once (the holds have their own integration
      // tests), and withdrawals reach the simulated chain within seconds, not the 15-s default.
      ADMIN_EMAILS: `${E2E_OPERATOR_EMAIL},${E2E_SECOND_OPERATOR_EMAIL}`,
      // The red packet credit as if a day had passed (e2e/promotions.spec.ts; never in production).
      E2E_HOOKS: 'true',
      SECURITY_HOLD_HOURS: '0',
      WITHDRAW_ADDRESS_HOLD_HOURS: '0',
      WALLET_JOB_INTERVAL_SECONDS: '2',
      // WeChat login against the stand-in e2e/wechat.spec.ts runs (e2eWechatPort).
      WECHAT_APP_ID: E2E_WECHAT.appId,
      WECHAT_APP_SECRET: E2E_WECHAT.secret,
      WECHAT_CONNECT_BASE: `http://127.0.0.1:${e2eWechatPort(serverPort)}`,
      WECHAT_API_BASE: `http://127.0.0.1:${e2eWechatPort(serverPort)}`,
    },
    url: `http://localhost:${serverPort}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
  })),
});
