// What the wallet's browser tests and the features on the wallet (staking) share: the current
// sub-account's name, an operator's credit through the adjustment form, and the demo farm's settled
// BTC earnings (logging in and the operator's browser are in login-helpers.ts).
import type { Page } from '@playwright/test';
import { accountButton, expect } from './accounts-helpers';
import { chooseOption } from './helpers';
import { operator } from './login-helpers';
import { E2E_SECOND_OPERATOR_EMAIL } from '../playwright.config';

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

/** The current sub-account's name, from the header's account menu. */
export async function subAccountName(page: Page): Promise<string> {
  // The button says only "My account" until the user's data has loaded: wait for the name.
  await expect(accountButton(page)).toHaveAttribute('aria-label', /^My account: ./);
  const label = await accountButton(page).getAttribute('aria-label');
  return label!.replace(/^My account: /, '');
}

/**
 * The operator credits a sub-account through the adjustment form. One operator's adjustments of a
 * coin add up over a day against its four-eyes threshold (BTC's is 10), and the browser tests
 * share the operator: a credit that waits for a second operator is confirmed by the second one on
 * Approvals.
 */
export async function credit(admin: Page, account: string, amount: string, coin = 'BTC'): Promise<void> {
  await admin.goto('/admin/adjust');
  await admin.getByLabel('Sub-account name').fill(account);
  await chooseOption(admin, admin, 'Coin', new RegExp(`^${coin} · `), coin);
  await admin.getByLabel('Amount').fill(amount);
  await admin.getByLabel('Reason').fill('e2e: starting balance');
  await admin.getByRole('button', { name: 'Post adjustment' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Post this adjustment?' });
  await expect(confirm).toContainText(`Credit ${amount} ${coin} to ${account}`);
  await confirm.getByRole('button', { name: 'Post adjustment' }).click();
  const posted = admin.getByText('The adjustment was posted.');
  const waits = admin.getByText('Above the four-eyes threshold: the adjustment waits for a second operator (Approvals tab).');
  await expect(posted.or(waits).first()).toBeVisible();
  if (await posted.isVisible()) return;
  const second = await operator(admin.context().browser()!, E2E_SECOND_OPERATOR_EMAIL);
  await second.goto('/admin/approvals');
  const row = second.getByRole('table', { name: 'Approvals' }).getByRole('row').filter({ hasText: account });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Confirm' }).click();
  await second.getByRole('dialog', { name: 'Confirm as the second operator' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(row).toHaveCount(0);
  await second.context().close();
}
