// Staking and borrowing in the browser: a new user credited with ALEO by an operator
// reaches the stake page from the wallet's ALEO row, is refused below the minimum, stakes, is
// refused a withdrawal of the staked ALEO, borrows from the demo product (approved at once) and
// repays; the demo user's stake of three days ago (on its second sub-account) shows the rewards
// the daily job accrued and claims them (the simulated days: the demo's stake starts in the past);
// the operator's staking tab; the screens in the dark theme, in Chinese and on a phone (390 px).
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { canonicalSignString, SIGN_HEADERS } from '@hashpool/shared';
import { expect, registerByEmail, saveScreenshot, test } from './accounts-helpers';
import { logIn, operator } from './login-helpers';
import { credit, subAccountName } from './wallet-helpers';

const DEMO_EMAIL = 'demo@hashpool.example';
const DEMO_PASSWORD = 'hashpool-demo';
const DEMO_BATCH = 'DEMO-ALEO-FLEX';
const DEMO_PRODUCT = 'Demo ALEO stake loan';
/** The e2e server's request signing key (REQUEST_SIGN_KEY's default), as the web client signs. */
const SIGN_KEY = 'hashpool-web-request-signing-key';

/** A signed API call with the page's session, for what the screens do not offer (a raw quote). */
async function signedPost(page: Page, path: string, data: Record<string, unknown>) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  const signature = createHmac('sha256', SIGN_KEY).update(canonicalSignString({ ...data, timestamp, nonce })).digest('hex');
  return page.request.post(path, {
    data,
    headers: { authorization: `Bearer ${token}`, [SIGN_HEADERS.timestamp]: timestamp, [SIGN_HEADERS.nonce]: nonce, [SIGN_HEADERS.signature]: signature, 'idempotency-key': createHash('sha256').update(nonce).digest('hex').slice(0, 32) },
  });
}

test('a new user stakes ALEO, cannot withdraw it, borrows into the stake and repays', async ({ page, browser }) => {
  await registerByEmail(page);
  const account = await subAccountName(page);
  const admin = await operator(browser);
  await credit(admin, account, '200', 'ALEO');

  // From the wallet's ALEO row to the stake page.
  await page.goto('/asset/index');
  const row = page.getByRole('table', { name: 'Balances' }).getByRole('row').filter({ has: page.getByText('ALEO', { exact: true }) });
  await row.getByRole('link', { name: 'Stake' }).click();
  await expect(page).toHaveURL('/asset/aleo/stake-now');
  await expect(page.getByRole('heading', { name: 'Stake ALEO', level: 1 })).toBeVisible();
  await expect(page.getByTestId('aleo-available')).toContainText('200');

  await page.getByRole('button', { name: `Stake in ${DEMO_BATCH}` }).click();
  const dialog = page.getByRole('dialog', { name: `Stake in ${DEMO_BATCH}` });
  await dialog.getByLabel('Amount').fill('5');
  await dialog.getByRole('button', { name: 'Stake' }).click();
  await expect(dialog.getByText('The minimum stake is 10 ALEO.')).toBeVisible();
  await dialog.getByLabel('Amount').fill('50');
  await dialog.getByRole('button', { name: 'Stake' }).click();
  await expect(page.getByText('Staked.')).toBeVisible();
  await expect(page.getByTestId('stake-amount')).toHaveText('50 ALEO');
  await expect(page.getByTestId('aleo-locked')).toContainText('50');
  await expect(page.getByTestId('aleo-available')).toContainText('150');
  await saveScreenshot(page, 'staking-stake-light');

  // The staked ALEO cannot leave: more than the available balance is refused for the stake.
  const quote = await signedPost(page, '/api/v2/wallets/withdrawals/quote', { coin: 'aleo', amount: '180' });
  expect(((await quote.json()) as { msg: string }).msg).toBe('Cannot withdraw due to asset staking.');

  // Borrow from the demo product (approved at once below 100 ALEO): the ALEO goes into the stake.
  await page.goto('/asset/aleo/borrow-now');
  const product = page.getByTestId('loan-product').filter({ hasText: DEMO_PRODUCT });
  await product.getByRole('button', { name: 'Borrow' }).click();
  const borrow = page.getByRole('dialog', { name: `Borrow: ${DEMO_PRODUCT}` });
  await borrow.getByLabel('Amount').fill('20');
  await borrow.getByRole('button', { name: 'Borrow' }).click();
  await expect(borrow.getByText('Please agree to the loan terms.')).toBeVisible();
  await borrow.getByRole('checkbox').check();
  await borrow.getByRole('button', { name: 'Borrow' }).click();
  await expect(page.getByText('Loan approved: the ALEO is in your stake.')).toBeVisible();
  await expect(page.getByTestId('loan-debt')).toHaveText('20 ALEO');
  await saveScreenshot(page, 'staking-borrow-light');
  await page.goto('/asset/aleo/stake-now');
  await expect(page.getByTestId('stake-amount')).toHaveText('70 ALEO');

  await page.goto('/asset/aleo/borrow-now');
  await page.getByTestId('open-loan').getByRole('button', { name: 'Repay' }).click();
  const repay = page.getByRole('dialog', { name: 'Repay' });
  await repay.getByRole('button', { name: 'Max' }).click();
  await repay.getByRole('button', { name: 'Repay' }).click();
  await expect(page.getByText('Repayment made.')).toBeVisible();
  await expect(page.getByTestId('open-loan')).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Loans' })).toContainText('Completed');

  // The operator's staking tab: batches, products, loans.
  await admin.goto('/admin/staking');
  await expect(admin.getByRole('table', { name: 'Stake batches' })).toContainText(DEMO_BATCH);
  await expect(admin.getByRole('table', { name: 'Loan products' })).toContainText(DEMO_PRODUCT);
  await saveScreenshot(admin, 'staking-admin');
});

test('the demo stake has accrued rewards over its days and claims them; dark theme and Chinese', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  expect(await logIn(page, DEMO_EMAIL, DEMO_PASSWORD)).toBe(true);
  // demofarm01 is current: its page names the sub-account holding the stake instead of showing
  // demofarm02's figures.
  await page.goto('/asset/aleo/stake-now');
  await expect(page.getByTestId('stake-elsewhere')).toContainText('Your stake is on sub-account demofarm02.');
  await expect(page.getByTestId('active-stake')).toHaveCount(0);
  await expect(page.getByTestId('aleo-locked')).toContainText('0');
  await saveScreenshot(page, 'staking-demo-elsewhere-dark');
  await page.goto('/user/account');
  await page.getByRole('button', { name: 'Switch to demofarm02' }).click();
  await expect(page.getByRole('button', { name: 'Switch to demofarm01' })).toBeVisible();
  try {
    await page.goto('/asset/aleo/stake-now');
    const unclaimed = page.getByTestId('stake-unclaimed');
    // The job's first pass runs a second after the start; the demo stake began three days ago.
    await expect.poll(async () => Number.parseFloat((await unclaimed.textContent()) ?? '0'), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect(page.getByTestId('stake-elsewhere')).toHaveCount(0);
    await saveScreenshot(page, 'staking-demo-dark');
    await page.getByRole('button', { name: 'Claim reward' }).click();
    await expect(page.getByText(/ALEO reward claimed\./)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Claim reward' })).toBeDisabled();

    await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
    await page.reload();
    await expect(page.getByRole('heading', { name: '质押 ALEO', level: 1 })).toBeVisible();
    await expect(page.getByText('质押批次', { exact: true })).toBeVisible();
    await saveScreenshot(page, 'staking-demo-zh');
  } finally {
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto('/user/account');
    await page.getByRole('button', { name: 'Switch to demofarm01' }).click();
    await expect(page.getByRole('button', { name: 'Switch to demofarm02' })).toBeVisible();
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the stake and borrow pages fit the screen', async ({ page }) => {
    expect(await logIn(page, DEMO_EMAIL, DEMO_PASSWORD)).toBe(true);
    await page.goto('/asset/aleo/stake-now');
    await expect(page.getByTestId('stake-elsewhere')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'staking-stake-phone');
    await page.goto('/asset/aleo/borrow-now');
    await expect(page.getByTestId('loan-product').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'staking-borrow-phone');
  });
});
