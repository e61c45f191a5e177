// The operators' Prices tab on the embedded default, where prices come from the demo market: the
// source is labelled demo, each coin and currency shows its value with the demo source and is
// never stale, and no override is offered (the server refuses one: prices.service.test.ts). Looked
// at in Chinese and on a phone. (The feed, staleness and the override are tested through HTTP against
// a local CoinGecko stand-in: apps/server/test/prices.int.test.ts.)
import { expect, logInAsOperator, saveScreenshot, test } from './accounts-helpers';

test('the Prices tab shows the demo market, labelled demo, and offers no override', async ({ page }) => {
  await logInAsOperator(page);
  await page.goto('/admin/prices');
  await expect(page.getByTestId('prices-source')).toContainText('Demo market');
  await expect(page.getByText('Demo: prices come from the demo market')).toBeVisible();
  const table = page.getByRole('table', { name: 'Coin prices and currency rates' });
  const btc = table.getByRole('row', { name: /^BTC/ });
  await expect(btc).toContainText('$');
  await expect(btc).toContainText('Demo market');
  await expect(btc).toContainText('Fresh');
  await expect(table.getByRole('row', { name: /^USD/ })).toContainText('Rate (per 1 CNY)');
  await expect(table.getByRole('button', { name: /Set the price of/ })).toHaveCount(0);
  await saveScreenshot(page, 'prices-admin-demo');

  // In Chinese, on a phone: the rows become cards and nothing runs off the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  await page.reload();
  await expect(page.getByTestId('prices-source')).toContainText('演示行情');
  await expect(page.getByTestId('price-row').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreenshot(page, 'prices-admin-demo-mobile-zh');
});
