// Shared steps of the end-to-end tests.
import { expect, type Page } from '@playwright/test';

/** Screenshots are kept as test artefacts under test-results/screenshots/. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}

/** The home page with its pool list loaded. */
export async function openHome(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.locator('#pools')).toContainText('Bitcoin');
}

/** The background colour the visitor sees behind the page. */
export function pageBackground(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.body).backgroundColor);
}
