// Cloud-mining contracts in the browser: a new user buys units of the demo BTC product
// with USDT (an address of the order's own), uploads a payment certificate, an operator confirms the
// payment from the review queue and the order takes effect; the demo user's running demo contract
// gets its daily profit from the server's job, shown on the order's profit page and as "contract
// profit" in the wallet of its sub-account (demofarm02). Screens in light and dark themes, in Chinese, and at phone width.
import { expect, registerByEmail, saveScreenshot, test } from './accounts-helpers';
import { logIn, operator } from './login-helpers';

const DEMO_EMAIL = 'demo@hashpool.example';
const DEMO_PASSWORD = 'hashpool-demo';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6a3a60000000049454e44ae426082', 'hex');

test('buy with USDT, upload a certificate, the operator confirms', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await registerByEmail(page);
  await page.goto('/contract/list');
  const card = page.getByTestId('contract-product').filter({ hasText: 'Demo BTC S21' });
  await expect(card).toContainText('45 USDT per unit');
  await saveScreenshot(page, 'contracts-list-light');
  await card.getByRole('button', { name: 'Buy' }).click();
  await expect(page).toHaveURL(/\/contract\/detail\?id=/);
  await page.getByTestId('order-units').fill('2');
  await expect(page.getByTestId('order-submit')).toBeDisabled();
  await page.getByTestId('order-agree').check();
  await page.getByTestId('order-submit').click();
  await expect(page).toHaveURL(/\/contract\/order\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').pop()!;
  await expect(page.getByTestId('pay-amount')).toHaveText('90 USDT');
  await expect(page.getByTestId('order-status')).toHaveText('Unpaid');
  await expect(page.getByText(/cancelled automatically then/)).toBeVisible();
  await saveScreenshot(page, 'contracts-order-light');

  await page.getByTestId('certificate-input').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('order-status')).toHaveText('Checking payment');

  const admin = await operator(browser);
  await admin.goto('/admin/wallet?tab=contracts');
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
