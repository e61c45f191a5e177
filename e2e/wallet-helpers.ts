// What the wallet's browser tests and the features on the wallet (staking) share: logging in
// through the screen (the new-device code read from the test mailbox), the operator's browser,
// the current sub-account's name, an operator's credit through the adjustment form, and the demo
// farm's settled BTC earnings.
import type { Browser, Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { E2E_OPERATOR_EMAIL } from '../playwright.config';
import { accountButton, codeFromMail, expect, fillLogin, PASSWORD, registerByEmail } from './accounts-helpers';
import { chooseOption } from './helpers';

/**
 * Logs in through the screen; this browser is a new device for the account, so the server asks
 * for the code it mails (read from the test mailbox). Answers false when the account is unknown.
 */
/**
 * The demo farm's BTC earnings as the server settled them (a week of demo history, settled by the
 * real settlement at the demo start): the balance (their sum) and the newest day's amount, with
 * BTC's 6 decimals as the pages show them (cut toward zero; the ledger holds satoshis). Call after
 * logging in.
 */
export async function demoEarnings(page: Page): Promise<{ balance: string; newest: string }> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get('/api/pools/btc/accounts/demofarm01/profits?page_size=20', { headers: { authorization: `Bearer ${token}` } });
  const list = ((await res.json()) as { data: { list: Array<{ amount: string }> } }).data.list;
  expect(list.length).toBe(7);
  const sats = (amount: string) => Math.round(Number(amount) * 1e8); // exact: BTC amounts are whole satoshis
  const text = (units: number) => (Math.floor(units / 100) / 1e6).toFixed(6); // shown cut to 6 decimals
  return { balance: text(list.reduce((sum, r) => sum + sats(r.amount), 0)), newest: text(sats(list[0]!.amount)) };
}

export async function logIn(page: Page, email: string, password = PASSWORD): Promise<boolean> {
  await page.goto('/login');
  const since = Date.now();
  await fillLogin(page, email, password);
  const confirm = page.getByRole('heading', { name: 'Confirm it is you' });
  const refused = page.getByText('Incorrect account or password.');
  const outcome = async () =>
    (await confirm.isVisible()) ? 'confirm' : (await refused.isVisible()) ? 'refused' : new URL(page.url()).pathname === '/' ? 'in' : null;
  await expect.poll(outcome, { timeout: 30_000 }).not.toBeNull();
  const result = await outcome();
  if (result === 'refused') return false;
  if (result === 'confirm') {
    await page.getByLabel('Verification code').fill(await codeFromMail(email, since));
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await expect(page).toHaveURL('/');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
  return true;
}

/** The operator (ADMIN_EMAILS of the e2e server) in a browser of their own: registered once, then logged in. */
export async function operator(browser: Browser): Promise<Page> {
  const [a, b] = randomBytes(2);
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': `10.251.${a}.${(b! % 250) + 2}` } });
  const page = await context.newPage();
  if (!(await logIn(page, E2E_OPERATOR_EMAIL))) await registerByEmail(page, E2E_OPERATOR_EMAIL);
  return page;
}

/** The current sub-account's name, from the header's account menu. */
export async function subAccountName(page: Page): Promise<string> {
  // The button says only "My account" until the user's data has loaded: wait for the name.
  await expect(accountButton(page)).toHaveAttribute('aria-label', /^My account: ./);
  const label = await accountButton(page).getAttribute('aria-label');
  return label!.replace(/^My account: /, '');
}

/** The operator credits a sub-account through the adjustment form. */
export async function credit(admin: Page, account: string, amount: string, coin = 'BTC'): Promise<void> {
  await admin.goto('/admin/wallet?tab=adjust');
  await admin.getByLabel('Sub-account name').fill(account);
  await chooseOption(admin, admin, 'Coin', new RegExp(`^${coin} · `), coin);
  await admin.getByLabel('Amount').fill(amount);
  await admin.getByLabel('Reason').fill('e2e: starting balance');
  await admin.getByRole('button', { name: 'Post adjustment' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Post this adjustment?' });
  await expect(confirm).toContainText(`Credit ${amount} ${coin} to ${account}`);
  await confirm.getByRole('button', { name: 'Post adjustment' }).click();
  await expect(admin.getByText('The adjustment was posted.')).toBeVisible();
}
