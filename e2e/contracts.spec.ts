// Cloud-mining contracts in the browser: a new user chooses how to pay before ordering
// units of the demo BTC product. USDT gives an address of the order's own and no certificate; the
// wallet balance opens its payment at once (a new user's wallet is empty: it says so); a bank
// transfer shows the pool's bank details and takes a payment certificate, which an operator
// confirms from the review queue, and the order takes effect. The demo user's running demo contract
// gets its daily profit from the server's job, shown on the order's profit page and as "contract
// profit" in the wallet of its sub-account (demofarm02). Screens in light and dark themes, in
// Chinese, and at phone width.
import type { Page } from '@playwright/test';
import { expect, registerByEmail, saveScreenshot, test } from './accounts-helpers';
import { logIn, operator } from './login-helpers';

const DEMO_EMAIL = 'demo@hashpool.example';
const DEMO_PASSWORD = 'hashpool-demo';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6a3a60000000049454e44ae426082', 'hex');

/** Opens the demo BTC product and places an order of two units paid the given way. */
async function orderTwo(page: Page, way: 'Wallet balance' | 'USDT transfer' | 'Bank transfer', shot?: string) {
  await page.goto('/contract/list');
  const card = page.getByTestId('contract-product').filter({ hasText: 'Demo BTC S21' });
  await expect(card).toContainText('45 USDT per unit', { timeout: 60_000 });
  await card.getByRole('button', { name: 'Buy' }).click();
  await expect(page).toHaveURL(/\/contract\/detail\?id=/);
  const ways = page.getByRole('radiogroup', { name: 'How to pay' });
  await expect(ways.getByRole('radio')).toHaveCount(3);
  await ways.getByRole('radio', { name: new RegExp(`^${way}`) }).check();
  await page.getByTestId('order-units').fill('2');
  await expect(page.getByTestId('order-submit')).toBeDisabled();
  await page.getByTestId('order-agree').check();
  if (shot) await saveScreenshot(page, shot);
  await page.getByTestId('order-submit').click();
  await expect(page).toHaveURL(/\/contract\/order\/[0-9a-f-]{36}(\?pay=balance)?$/);
  await expect(page.getByTestId('order-status')).toHaveText('Unpaid');
  return new URL(page.url()).pathname.split('/').pop()!;
}

test('the buyer chooses how to pay before ordering: USDT, the wallet balance, or a bank transfer with a certificate', async ({ page, browser }) => {
  test.setTimeout(360_000);
  const admin = await operator(browser);
  await admin.goto('/admin/contracts');
  await admin.getByText('Bank details', { exact: true }).click();
  await admin.getByLabel('Bank', { exact: true }).fill('Demo Bank');
  await admin.getByLabel('Account name').fill('Hashpool Ltd');
  await admin.getByLabel('Account number').fill('6222 0000 1111');
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Saved.')).toBeVisible();

  await registerByEmail(page);
  await page.goto('/contract/list');
  await saveScreenshot(page, 'contracts-list-light');

  // USDT: an address of the order's own, no certificate to upload.
  await orderTwo(page, 'USDT transfer');
  await expect(page.getByTestId('pay-amount')).toHaveText('90 USDT');
  await expect(page.getByText(/cancelled automatically then/)).toBeVisible();
  await expect(page.getByRole('button', { name: /certificate/ })).toHaveCount(0);
  await expect(page.getByTestId('pay-balance')).toHaveCount(0);
  await saveScreenshot(page, 'contracts-order-light');
  await page.getByTestId('cancel-order').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Cancelled');

  // The wallet balance: the order's page opens its payment; an empty wallet cannot pay.
  await orderTwo(page, 'Wallet balance', 'contracts-order-form-light');
  await expect(page.getByTestId('pay-amount')).toHaveText(/^[0-9.]+ BTC$/);
  await expect(page.getByTestId('balance-short')).toBeVisible();
  await expect(page.getByTestId('pay-balance')).toBeDisabled();
  await expect(page.getByRole('button', { name: /certificate/ })).toHaveCount(0);
  await saveScreenshot(page, 'contracts-order-balance-light');
  await page.getByTestId('cancel-order').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Cancelled');

  // Bank transfer: the pool's bank details, the reference, and the certificate.
  const orderId = await orderTwo(page, 'Bank transfer');
  await expect(page.getByTestId('pay-amount')).toHaveText('90 USD');
  await expect(page.getByText('6222 0000 1111')).toBeVisible();
  await expect(page.getByTestId('pay-balance')).toHaveCount(0);
  await page.getByTestId('certificate-input').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('order-status')).toHaveText('Checking payment');

  await admin.goto('/admin/contract-payments');
  const reference = `HP${orderId.replace(/-/g, '').slice(0, 10).toUpperCase()}`;
  const row = admin.getByRole('row').filter({ hasText: reference });
  await expect(row).toBeVisible();
  await saveScreenshot(admin, 'contracts-admin-queue');
  await row.getByTestId('admin-confirm').click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Confirm payment' }).click();
  await expect(row).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId('order-status')).toHaveText('In effect');
  await expect(page.getByRole('button', { name: 'Daily profit' })).toBeVisible();

  // The choice in Chinese, dark, at phone width.
  await page.evaluate(() => {
    localStorage.setItem('language', 'zh-CN');
    localStorage.setItem('theme', 'dark');
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/contract/list');
  await page.getByTestId('contract-product').filter({ hasText: 'Demo BTC S21' }).getByRole('button').first().click();
  await expect(page.getByRole('radiogroup', { name: '付款方式' }).getByRole('radio')).toHaveCount(3);
  await expect(page.getByText('钱包余额', { exact: true })).toBeVisible();
  await saveScreenshot(page, 'contracts-order-form-dark-zh-phone');
  await page.evaluate(() => {
    localStorage.setItem('language', 'en');
    localStorage.setItem('theme', 'light');
  });
});

test('the demo contract earns a daily profit: the profit page and the wallet show it', async ({ page }) => {
  test.setTimeout(150_000);
  expect(await logIn(page, DEMO_EMAIL, DEMO_PASSWORD)).toBe(true);
  await page.goto('/contract/order');
  await page.getByRole('row').filter({ hasText: 'Demo BTC S21' }).filter({ hasText: 'In effect' }).first().click();
  await expect(page).toHaveURL(/\/contract\/order\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: 'Daily profit' }).click();
  // The contracts job credits the complete days within its first pass (every 30 s).
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('profit-total')).not.toHaveText('Credited in total: 0 BTC', { timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
  await expect(page.getByRole('table').getByRole('row')).not.toHaveCount(1);
  await saveScreenshot(page, 'contracts-profit-light');

  // The demo contract credits the demo user's second sub-account: its wallet shows the credits.
  await page.goto('/user/account');
  await page.getByRole('button', { name: 'Switch to demofarm02' }).click();
  try {
    await page.goto('/asset/transaction');
    await expect(page.getByText('Contract profit').first()).toBeVisible();
    await saveScreenshot(page, 'contracts-wallet-transactions');
  } finally {
    await page.goto('/user/account');
    await page.getByRole('button', { name: 'Switch to demofarm01' }).click();
    await expect(page.getByRole('button', { name: 'Switch to demofarm02' })).toBeVisible();
  }

  await page.goto('/contract/dashboard');
  await expect(page.getByTestId('contracts-running')).toContainText('1');

  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Contract dashboard' })).toBeVisible();
  await page.waitForTimeout(1_500); // the chart's bars grow in
  await saveScreenshot(page, 'contracts-dashboard-dark');

  await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  await page.goto('/contract/list');
  await expect(page.getByRole('heading', { name: '云算力合约' })).toBeVisible();
  await saveScreenshot(page, 'contracts-list-dark-zh');

  await page.evaluate(() => {
    localStorage.setItem('language', 'en');
    localStorage.setItem('theme', 'light');
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/contract/order');
  await expect(page.getByTestId('contract-order').first()).toBeVisible();
  await saveScreenshot(page, 'contracts-orders-phone');
});
