// The header's main navigation keeps every entry reachable however long the words are: the entries
// that do not fit move into a "More" menu at the end of the row, and none is cut off.
import { expect, test, type Page } from '@playwright/test';
import { openHome, saveScreenshot } from './helpers';

/** The entries in the row (whole, not clipped by the header) and those behind "More", in order. */
async function reachableEntries(page: Page, more: string): Promise<{ row: string[]; inMore: string[] }> {
  const nav = page.getByRole('banner').getByRole('navigation');
  const room = await nav.evaluate((el) => el.parentElement!.getBoundingClientRect().right);
  const row: string[] = [];
  for (const link of await nav.getByRole('link').all()) {
    const box = (await link.boundingBox())!;
    expect(box.x + box.width, `${await link.innerText()} fits`).toBeLessThanOrEqual(room + 0.5);
    row.push((await link.innerText()).trim());
  }
  const button = nav.getByRole('button', { name: more });
  if ((await button.count()) === 0) return { row, inMore: [] };
  await button.click();
  const list = page.locator('#main-navigation-more');
  await expect(list).toBeVisible();
  const inMore = (await list.getByRole('link').allInnerTexts()).map((t) => t.trim());
  return { row, inMore };
}

test('every entry of the main navigation is reachable in Russian and Japanese at 1200 and 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 800 });
  await openHome(page);
  const english = await reachableEntries(page, 'More');
  expect(english.inMore).toEqual([]);

  const cases = [
    { lang: 'ru-RU', more: 'Ещё', support: 'Поддержка' },
    { lang: 'ja', more: 'その他', support: 'サポート' },
  ];
  for (const c of cases) {
    await page.evaluate((lang) => localStorage.setItem('language', lang), c.lang);
    await page.setViewportSize({ width: 1600, height: 800 });
    await openHome(page);
    const wide = await reachableEntries(page, c.more);
    const all = [...wide.row, ...wide.inMore];
    expect(all).toHaveLength(english.row.length);
    for (const width of [1280, 1200]) {
      await page.setViewportSize({ width, height: 800 });
      await openHome(page);
      const { row, inMore } = await reachableEntries(page, c.more);
      expect([...row, ...inMore]).toEqual(all);
      expect([...row, ...inMore]).toContain(c.support);
      if (inMore.length) {
        // An entry of the menu opens its page, and the menu closes.
        await page.locator('#main-navigation-more').getByRole('link', { name: inMore.at(-1)! }).click();
        await expect(page.locator('#main-navigation-more')).toHaveCount(0);
        await saveScreenshot(page, `header-more-${c.lang}-${width}`);
      }
    }
  }
});
