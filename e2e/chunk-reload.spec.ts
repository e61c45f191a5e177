// A page chunk that fails to load reloads the page once; failing again, it says the website was
// updated (docs/rules.md, Routes and access).
import { expect, test } from '@playwright/test';

test('a failing page chunk reloads once, then asks for a refresh', async ({ page }) => {
  let documentLoads = 0;
  page.on('load', () => documentLoads++);
  await page.route(/\/assets\/TermsPage-[\w-]+\.js$/, (route) => route.abort('failed'));
  await page.goto('/terms');
  await expect(page.getByText('The website has been updated, please refresh.')).toBeVisible();
  expect(documentLoads).toBe(2);
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible();
});
