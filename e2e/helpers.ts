// Shared steps of the end-to-end tests.
import { expect, type Locator, type Page } from '@playwright/test';

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

/**
 * Picks an option of an Ant Design select, again while the dropdown still animates in (a click
 * then can miss the option and leave the old value), and waits until the select shows it.
 * `search` is typed first where the list is long (it renders only the options in view).
 */
export async function chooseOption(page: Page, scope: Page | Locator, name: string, option: RegExp | string, search?: string): Promise<void> {
  const combobox = scope.getByRole('combobox', { name });
  const select = scope.locator('.ant-select', { has: page.getByRole('combobox', { name }) });
  await expect(async () => {
    await combobox.click();
    if (search) await combobox.fill(search);
    await page.locator('.ant-select-item-option', { hasText: option }).first().click({ timeout: 2_000 });
    await expect(select).toContainText(option, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}
