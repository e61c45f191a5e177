// Steps of the account tests: a test-only client identity, the user's mailbox (the .eml files the
// server writes to e2eMailDir), registration, login and authenticator codes.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect, test as base, type Page, type TestInfo } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { e2eMailDir, E2E_OPERATOR_EMAIL } from '../playwright.config';

/**
 * Each test is its own client: a random address in X-Forwarded-For (the test server trusts it from
 * loopback), so the server's per-IP limits (5 codes a minute) count per test, not per suite.
 */
export const test = base.extend({
  // Playwright reads the fixtures a fixture needs from this pattern; this one needs none.
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, use) => {
    const [a, b, c] = randomBytes(3);
    await use({ 'x-forwarded-for': `10.${a}.${b}.${(c! % 250) + 2}` });
  },
});
export { expect };

/** The port of the server the running test talks to (each project of playwright.config has its own). */
export function serverPort(info: Pick<TestInfo, 'project'> = base.info()): number {
  return Number(new URL(info.project.use.baseURL!).port);
}

/** The mailbox folder of the running test's server. */
function mailDir(): string {
  return e2eMailDir(serverPort());
}

export const PASSWORD = 'correct horse battery staple';

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.com`;
}

interface Mail {
  file: string;
  at: number;
  to: string;
  subject: string;
}

/** "=?UTF-8?Q?...?=" and "=?UTF-8?B?...?=" words of a header (RFC 2047), as nodemailer writes them. */
function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=\s*/gi, (_all, _charset: string, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
  );
}

function readMail(file: string): Mail {
  const text = readFileSync(file, 'utf8');
  const head = text.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' '); // unfold folded headers
  const header = (name: string) => decodeWords(new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '');
  return { file, at: statSync(file).mtimeMs, to: header('To').replace(/^.*<([^>]+)>.*$/, '$1').toLowerCase(), subject: header('Subject') };
}

/** The newest mail to `address` written after `since` (ms), waiting for it to arrive. */
export async function newestMail(address: string, since: number, timeoutMs = 15_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let files: string[] = [];
    try {
      files = readdirSync(mailDir()).filter((name) => name.endsWith('.eml'));
    } catch {
      // No mail written yet: the folder appears with the first one.
    }
    const mails = files
      .map((name) => readMail(path.join(mailDir(), name)))
      .filter((mail) => mail.to === address.toLowerCase() && mail.at >= since - 1000)
      .sort((x, y) => y.at - x.at);
    if (mails[0]) return mails[0];
    if (Date.now() > deadline) throw new Error(`No mail to ${address} after ${new Date(since).toISOString()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The 6-digit verification code of the newest mail to `address` (it is in the Subject line). */
export async function codeFromMail(address: string, since: number): Promise<string> {
  const mail = await newestMail(address, since);
  const code = /\b(\d{6})\b/.exec(mail.subject)?.[1];
  if (!code) throw new Error(`No code in "${mail.subject}"`);
  return code;
}

/** The code of the newest text message to +country number (the server writes them to SMS_DIR). */
export async function codeFromSms(country: string, number: string, since: number, timeoutMs = 15_000): Promise<string> {
  const dir = path.join(mailDir(), 'sms');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let names: string[] = [];
    try {
      names = readdirSync(dir).filter((name) => name.endsWith(`-${country}${number}.txt`));
    } catch {
      // No message written yet.
    }
    const newest = names
      .map((name) => ({ file: path.join(dir, name), at: statSync(path.join(dir, name)).mtimeMs }))
      .filter((sms) => sms.at >= since - 1000)
      .sort((x, y) => y.at - x.at)[0];
    const code = newest && /\b(\d{6})\b/.exec(readFileSync(newest.file, 'utf8').split('\n\n')[1] ?? '')?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`No text message to +${country} ${number}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Registers a new user by email through the screens; the page ends logged in, on home. */
export async function registerByEmail(page: Page, email = uniqueEmail()): Promise<{ email: string; password: string }> {
  await page.goto('/register/email');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  const since = Date.now();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /Resend in \d+ s/ })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Verification code').fill(await codeFromMail(email, since));
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /agree to the Terms of Service/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
  return { email, password: PASSWORD };
}

/** The header's account menu button ("My account: <sub-account>"), once its menu has loaded. */
export function accountButton(page: Page) {
  return page.getByRole('button', { name: /^My account/ }).and(page.locator('[aria-haspopup="menu"]'));
}

export async function logOut(page: Page): Promise<void> {
  await accountButton(page).click();
  await page.getByRole('menuitemradio', { name: 'Log out' }).click();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
}

export async function fillLogin(page: Page, email: string, password = PASSWORD): Promise<void> {
  // Right after a navigation the lazy login page may still mount and reset its form: wait for it,
  // and check each value took before submitting.
  await expect(page.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible();
  const emailBox = page.getByRole('textbox', { name: 'Email' });
  const passwordBox = page.getByLabel('Password', { exact: true });
  await expect(async () => {
    await emailBox.fill(email);
    await passwordBox.fill(password);
    await expect(emailBox).toHaveValue(email, { timeout: 500 });
    await expect(passwordBox).toHaveValue(password, { timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await page.locator('form').getByRole('button', { name: 'Log in' }).click();
}

export function totpFor(secret: string) {
  return new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')), digits: 6, period: 30, algorithm: 'SHA1' });
}

export const totpStep = (at = Date.now()) => Math.floor(at / 30_000);

/**
 * The code of the first step after `usedStep` (each step's code works once). The server takes one
 * step of clock drift either way, so that code is good from a step before its time, as from an
 * authenticator whose clock runs a little ahead: this waits only while it is further ahead.
 */
export async function codeAfterStep(totp: TOTP, usedStep: number): Promise<{ code: string; step: number }> {
  const step = Math.max(usedStep + 1, totpStep());
  while (step > totpStep() + 1) await new Promise((resolve) => setTimeout(resolve, 250));
  return { code: totp.generate({ timestamp: step * 30_000 }), step };
}

/** Waits until the authenticator shows a code of a later step than `usedStep` (codes work once). */
export async function waitForStepAfter(usedStep: number): Promise<void> {
  while (totpStep() <= usedStep) await new Promise((resolve) => setTimeout(resolve, 250));
}

export function session(page: Page) {
  return page.evaluate(() => ({
    token: localStorage.getItem('token'),
    refresh: localStorage.getItem('refresh_token'),
    expiry: Number(localStorage.getItem('token_expiry')),
    issuedAt: Number(localStorage.getItem('token_issued_at')),
  }));
}

/** Email or phone, the switch above the account forms. */
export async function chooseChannel(page: Page, channel: 'Email' | 'Phone'): Promise<void> {
  await page.locator('.ant-segmented-item', { hasText: new RegExp(`^${channel}$`) }).click();
}

export { saveScreenshot } from './helpers';

/** The operator (ADMIN_EMAILS of the e2e server): registered on first use, logged in after. */
/**
 * The operator's browser: one device id (localStorage `device_id`, apps/web/src/shell/api/device.ts)
 * in every test, as an operator works from their own browser. After the first login (with the
 * mailed code) it is a known device; a new device in each of dozens of tests ran into the cap of
 * new-device login codes per account and hour (LOGIN_CODES_PER_HOUR).
 */
const E2E_OPERATOR_DEVICE = 'e2e-operator-browser-0001';

export async function logInAsOperator(page: Page): Promise<void> {
  await page.addInitScript((id) => localStorage.setItem('device_id', id), E2E_OPERATOR_DEVICE);
  await page.goto('/login');
  const since = Date.now();
  await fillLogin(page, E2E_OPERATOR_EMAIL);
  const confirm = page.getByRole('heading', { name: 'Confirm it is you' });
  const refused = page.getByText('Incorrect account or password.');
  const outcome = async () => ((await confirm.isVisible()) ? 'confirm' : (await refused.isVisible()) ? 'refused' : new URL(page.url()).pathname === '/' ? 'in' : null);
  await expect.poll(outcome, { timeout: 30_000 }).not.toBeNull();
  const result = await outcome();
  if (result === 'refused') {
    await registerByEmail(page, E2E_OPERATOR_EMAIL);
    return;
  }
  if (result === 'confirm') {
    await page.getByLabel('Verification code').fill(await codeFromMail(E2E_OPERATOR_EMAIL, since));
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await expect(page).toHaveURL('/');
}

/** Enables the authenticator from the settings page (confirmed with the mailed code); answers it. */
export async function enableTotp(page: Page, email: string) {
  await page.goto('/user/setting');
  await page.getByRole('button', { name: 'Enable' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enable the authenticator' });
  const secret = (await dialog.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
  const totp = totpFor(secret);
  await dialog.getByLabel('Code shown by the app').fill(totp.generate());
  const step = totpStep();
  const since = Date.now();
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await dialog.getByLabel('Email verification code').fill(await codeFromMail(email, since));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('The authenticator is enabled.')).toBeVisible();
  return { totp, step };
}

/**
 * Sets the pay password from the settings page, confirmed with a mailed code (no authenticator).
 * Answers when the code was asked for: the next security code to that address waits the resend
 * timer (E2E_CODE_RESEND_SECONDS on the e2e servers, 60 s in production).
 */
export async function setPayPasswordByEmail(page: Page, email: string, payPassword: string): Promise<number> {
  await page.goto('/user/setting');
  await page.getByRole('button', { name: 'Set', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Set the pay password' });
  await dialog.getByLabel('Pay password (6 digits)').fill(payPassword);
  await dialog.getByLabel('Confirm pay password').fill(payPassword);
  const since = Date.now();
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await dialog.getByLabel('Email verification code').fill(await codeFromMail(email, since));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Your pay password has been saved.')).toBeVisible();
  return since;
}
