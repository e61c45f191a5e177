// Logging in through the screen (a new device confirms with the mailed code) and the operator's own
// browser: shared by the wallet and contracts tests.
import type { Browser, Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { E2E_OPERATOR_EMAIL } from '../playwright.config';
import { codeFromMail, expect, fillLogin, PASSWORD, registerByEmail } from './accounts-helpers';

/**
 * Logs in through the screen; this browser is a new device for the account, so the server asks
 * for the code it mails (read from the test mailbox). Answers false when the account is unknown.
 */
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

/** An operator (ADMIN_EMAILS of the e2e server; the first by default) in a browser of their own: registered once, then logged in. */
export async function operator(browser: Browser, email = E2E_OPERATOR_EMAIL): Promise<Page> {
  const [a, b] = randomBytes(2);
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': `10.251.${a}.${(b! % 250) + 2}` } });
  const page = await context.newPage();
  if (!(await logIn(page, email))) await registerByEmail(page, email);
  return page;
}
