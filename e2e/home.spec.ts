// The home page as a visitor sees it on a desktop and on a phone.
import { expect, test } from '@playwright/test';
import { openHome, saveScreenshot } from './helpers';

test('home shows the pools, products and announcements', async ({ page }) => {
  await openHome(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hashpool mining pool');
  const pools = page.locator('#pools table');
  await expect(pools.getByRole('row', { name: /BTC.*Bitcoin/ })).toBeVisible();
  await expect(pools.getByRole('row', { name: /ALEO.*Aleo/ })).toContainText('Wallet address');
  await expect(page.getByRole('heading', { name: 'More from the pool' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Announcements' })).toBeVisible();
  // The operators' advertisements of the home position are shown, not only editable.
  const ad = page.getByTestId('home-ads').getByRole('link', { name: /Demo: the Hashpool app/ });
  await expect(ad).toContainText('Watch your workers from your phone.');
  await expect(ad).toHaveAttribute('href', '/download');
  await expect(page.locator('footer')).toContainText('Terms of Service');
  await saveScreenshot(page, 'desktop-light');
});

test('a pool row leads to its statistics route', async ({ page }) => {
  await openHome(page);
  await page.locator('#pools table').getByRole('row', { name: /BTC.*Bitcoin/ }).click();
  await expect(page).toHaveURL('/pool/btc/stat');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bitcoin pool · Pool statistics');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('home renders as cards without sideways scrolling', async ({ page }) => {
    await openHome(page);
    await expect(page.locator('#pools table')).toHaveCount(0);
    await expect(page.locator('#pools').getByRole('link', { name: /BTC.*Bitcoin/ })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'mobile-light');

    await page.getByRole('button', { name: 'Menu' }).click();
    const drawer = page.getByRole('dialog');
    // The drawer slides in from the right edge; wait until it has arrived (300 px wide).
    await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(375 - 300);
    await expect(drawer.getByRole('link', { name: 'Miner catalogue' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Log in' })).toBeVisible();
    await page.screenshot({ path: 'test-results/screenshots/mobile-menu.png' });
  });
});

// The first screen is HTML (apps/web/first-screen.ts): with no JavaScript bundle at all, the header
// and the hero show in the stored language and theme, under the server's Content-Security-Policy
// (its inline script runs by hash); other paths get the header frame only.
test('the first screen shows before any JavaScript bundle, in the stored language and theme', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    localStorage.setItem('language', 'ja');
    localStorage.setItem('theme', 'dark');
  });
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hashpool マイニングプール');
  await expect(page.getByRole('link', { name: 'マイニングを始める' })).toHaveAttribute('href', '/#pools');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('h1')).toHaveCount(1);
  await page.goto('/login');
  await expect(page.getByRole('link', { name: 'Hashpool' })).toBeVisible();
  await expect(page.locator('h1')).toHaveCount(0);
  // The pool dashboard's title row, for a logged-in visitor (a stored token), with the coin's name.
  await page.evaluate(() => localStorage.setItem('token', 'a-stored-token'));
  await page.goto('/pool/ltc/home');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Litecoin プール · ダッシュボード');
  expect(violations).toEqual([]);
});
