// A failed call is shown: a closable toast on desktop, an alert dialog on phones (docs/rules.md, Errors).
import { expect, test } from '@playwright/test';

const SERVER_ERROR = { code: 10000, msg: 'System error. Please try again later.', data: { request_id: 'e2e' } };

test('a server error shows its message as a toast that can be closed', async ({ page }) => {
  await page.route('**/api/pools', (route) => route.fulfill({ status: 500, json: SERVER_ERROR }));
  await page.goto('/');
  const toast = page.locator('.ant-message-notice').filter({ hasText: SERVER_ERROR.msg });
  await expect(toast).toBeVisible();
  await expect(page.locator('#pools').getByRole('button', { name: 'Try again' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/error-toast.png' });
  await toast.getByRole('button', { name: 'Close' }).click();
  await expect(toast).toHaveCount(0);
});

test('a call that gets no answer shows "Network Error"', async ({ page }) => {
  await page.route('**/api/sliders**', (route) => route.abort('connectionrefused'));
  await page.goto('/');
  await expect(page.locator('.ant-message-notice').filter({ hasText: 'Network Error' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('a server error shows an alert dialog', async ({ page }) => {
    await page.route('**/api/pools', (route) => route.fulfill({ status: 500, json: SERVER_ERROR }));
    await page.goto('/');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(SERVER_ERROR.msg);
    const box = await dialog.locator('.ant-modal-container, .ant-modal-content').first().boundingBox();
    expect(box?.width).toBeLessThanOrEqual(350);
    await page.screenshot({ path: 'test-results/screenshots/error-alert-mobile.png' });
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toHaveCount(0);
  });
});
