// The dark theme applies to the whole page and survives a reload (localStorage `theme`).
import { expect, test } from '@playwright/test';
import { openHome, pageBackground, saveScreenshot } from './helpers';

test('dark theme persists across a reload', async ({ page }) => {
  await openHome(page);
  const light = await pageBackground(page);
  const themeSwitch = page.getByRole('switch', { name: 'Dark theme' });
  await expect(themeSwitch).not.toBeChecked();

  await themeSwitch.click();
  await expect(themeSwitch).toBeChecked();
  await expect.poll(() => pageBackground(page)).not.toBe(light);
  const dark = await pageBackground(page);
  expect(dark).toBe('rgb(0, 0, 0)');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

  await page.reload();
  await expect(page.locator('#pools')).toContainText('Bitcoin');
  await expect(page.getByRole('switch', { name: 'Dark theme' })).toBeChecked();
  expect(await pageBackground(page)).toBe(dark);
  // The content surfaces are dark too: no light islands.
  const table = await page.locator('#pools table').evaluate((el) => getComputedStyle(el.parentElement!).backgroundColor);
  expect(table).not.toBe('rgb(255, 255, 255)');
  await saveScreenshot(page, 'desktop-dark');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('dark theme on a phone', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await openHome(page);
    expect(await pageBackground(page)).toBe('rgb(0, 0, 0)');
    await saveScreenshot(page, 'mobile-dark');
  });
});
