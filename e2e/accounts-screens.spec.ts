// How the account screens look: light and dark, desktop and phone. The screenshots are kept under
// test-results/screenshots/ for a person to look at; the assertions check what a picture cannot
// prove on its own (no sideways scrolling, dialog width, dark surfaces).
import { chooseChannel, expect, registerByEmail, saveScreenshot, test } from './accounts-helpers';

test('login and registration screens', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await saveScreenshot(page, 'login');
  await page.goto('/register/email?invite=FRIEND42');
  await expect(page.getByLabel('Invitation code (optional)')).toHaveValue('FRIEND42');
  await saveScreenshot(page, 'register');
  await chooseChannel(page, 'Phone');
  await expect(page).toHaveURL('/register/phone?invite=FRIEND42');
  await expect(page.getByLabel('Country calling code')).toHaveValue('86');
  await saveScreenshot(page, 'register-phone');
});

test('settings and sub-accounts, light and dark', async ({ page }) => {
  await registerByEmail(page);
  await page.goto('/user/setting');
  await expect(page.getByRole('heading', { name: 'Security' })).toBeVisible();
  await saveScreenshot(page, 'settings-light');

  await page.getByRole('button', { name: 'Change' }).nth(1).click(); // login password
  const dialog = page.getByRole('dialog', { name: 'Change the login password' });
  await expect(dialog).toBeVisible();
  // Measured once the opening animation (a zoom) has finished.
  await expect.poll(async () => (await dialog.locator('.ant-modal-container, .ant-modal-content').first().boundingBox())?.width).toBe(560);
  await page.screenshot({ path: 'test-results/screenshots/settings-password-dialog.png' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('switch', { name: 'Dark theme' }).click();
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(0, 0, 0)');
  await saveScreenshot(page, 'settings-dark');

  await page.goto('/user/account');
  await expect(page.getByRole('table', { name: 'Sub-accounts' })).toBeVisible();
  await saveScreenshot(page, 'account-dark');
  await page.getByRole('switch', { name: 'Dark theme' }).click();
  await saveScreenshot(page, 'account-light');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('login, settings and sub-accounts fit the width', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await saveScreenshot(page, 'mobile-login');
    await registerByEmail(page).catch(async (error: unknown) => {
      await saveScreenshot(page, 'mobile-register-failed');
      throw error;
    });
    for (const [path, name] of [
      ['/user/setting', 'mobile-settings'],
      ['/user/account', 'mobile-account'],
      ['/user/logs', 'mobile-logs'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('main, .ant-layout-content').first().getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      await saveScreenshot(page, name);
    }
    await page.goto('/user/setting');
    await page.getByRole('button', { name: 'Enable' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enable the authenticator' });
    await expect(dialog.locator('.ant-qrcode')).toBeVisible();
    await expect.poll(async () => (await dialog.locator('.ant-modal-container, .ant-modal-content').first().boundingBox())?.width).toBe(350);
    await page.screenshot({ path: 'test-results/screenshots/mobile-totp-dialog.png' });
  });
});
