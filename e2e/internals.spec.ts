// Pages in Chinese show people and words, not the system's codes: the operators' audit log (action
// names, labelled details), a ledger record (a description, not its reference), and the security
// log (browser and system, not the User-Agent). At phone width, light and dark.
import { expect, saveScreenshot, test } from './accounts-helpers';
import { logIn, operator } from './login-helpers';

test('the Chinese audit log, ledger record and security log show no raw codes', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const admin = await operator(browser);
  // An audited change: the bank details for contract orders.
  await admin.goto('/admin/contracts');
  await admin.getByText('Bank details', { exact: true }).click();
  await admin.getByLabel('Account number').fill('6222 0000 2222');
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Saved.')).toBeVisible();

  await admin.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.goto('/admin/audit');
  const entry = admin.getByTestId('audit-entry').filter({ hasText: '合约收款银行信息已设置' }).first();
  await expect(entry).toBeVisible({ timeout: 60_000 });
  await expect(entry).toContainText('账号');
  await expect(entry).toContainText('6222 0000 2222');
  // The action, the detail fields and the target (a setting) by name.
  const text = await entry.innerText();
  expect(text).toContain('设置：合约收款银行信息');
  expect(text).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
  expect(text).not.toContain('account_number');
  await saveScreenshot(admin, 'internals-audit-zh-light-phone');
  await admin.evaluate(() => localStorage.setItem('theme', 'dark'));
  await admin.reload();
  await expect(entry).toBeVisible({ timeout: 60_000 });
  await saveScreenshot(admin, 'internals-audit-zh-dark-phone');

  // The security log: the browser and the system; the User-Agent only in the title.
  await admin.goto('/user/logs');
  const device = admin.getByTitle(/Mozilla\/5\.0/).first();
  await expect(device).toBeVisible({ timeout: 60_000 });
  await expect(device).toHaveText(/Chrome \d+/);
  expect(await admin.getByRole('main').innerText()).not.toContain('Mozilla');
  await saveScreenshot(admin, 'internals-security-log-zh-dark-phone');

  // A ledger record of the demo user: a description, not the settlement reference.
  expect(await logIn(page, 'demo@hashpool.example', 'hashpool-demo')).toBe(true);
  await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/asset/transaction');
  await page.getByText('挖矿收益').first().click({ timeout: 60_000 });
  await expect(page).toHaveURL(/\/fund\/\d+$/);
  const description = page.getByTestId('fund-description');
  await expect(description).toContainText('挖矿收益，');
  await expect(description).toHaveText(/\d{4}年\d{1,2}月\d{1,2}日/);
  const detail = await page.getByTestId('fund-detail').innerText();
  expect(detail).not.toMatch(/settlement:|method|day:/);
  await saveScreenshot(page, 'internals-fund-zh-light-phone');
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(description).toBeVisible({ timeout: 60_000 });
  await saveScreenshot(page, 'internals-fund-zh-dark-phone');
});
