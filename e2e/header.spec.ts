// The header's main navigation keeps every entry reachable however long the words are: the entries
// that do not fit move into a "More" menu at the end of the row, and none is cut off.
import { expect, test, type Page } from '@playwright/test';
import { fillLogin, registerByEmail } from './accounts-helpers';
import { openHome } from './helpers';

/**
 * The entries in the row and those behind "More", in order, read at one moment once the row has
 * settled (fonts in, measured again); fails when an entry of the row is cut off by the header.
 */
async function reachableEntries(page: Page, more: string): Promise<{ row: string[]; inMore: string[] }> {
  const nav = page.getByRole('banner').getByRole('navigation');
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  const button = nav.getByRole('button', { name: more });
  if ((await button.count()) > 0 && (await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  const seen = await nav.evaluate((el) => {
    const room = el.parentElement!.getBoundingClientRect().right;
    const row = Array.from(el.querySelectorAll(':scope > a'), (a) => ({ text: (a.textContent ?? '').trim(), cut: a.getBoundingClientRect().right > room + 0.5 }));
    const inMore = Array.from(document.querySelectorAll('#main-navigation-more a'), (a) => (a.textContent ?? '').trim());
    return { row, inMore };
  });
  expect(seen.row.filter((entry) => entry.cut).map((entry) => entry.text), 'entries cut off').toEqual([]);
  return { row: seen.row.map((entry) => entry.text), inMore: seen.inMore };
}

/**
 * Home in `lang`, its texts loaded and the header complete: the currency menu and the account
 * arrive with their data and narrow the navigation's room, so it is read once that room has kept
 * its width for a while.
 */
async function openHomeIn(page: Page, lang: string): Promise<void> {
  await openHome(page);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  const room = () => page.getByRole('banner').getByRole('navigation').evaluate((el) => el.parentElement!.getBoundingClientRect().width);
  let last = -1;
  await expect
    .poll(async () => {
      const now = await room();
      const steady = now === last;
      last = now;
      return steady;
    }, { intervals: [500] })
    .toBe(true);
}

test('every entry of the main navigation is reachable in Russian and Japanese at 1200 and 1280 px', async ({ page }) => {
  // Logged in (the demo user): the header also holds the wallet, the messages and the account.
  await page.setViewportSize({ width: 1600, height: 800 });
  await page.goto('/login');
  await fillLogin(page, 'demo@hashpool.example', 'hashpool-demo');
  await expect(page).toHaveURL('/');
  await openHome(page);
  const english = await reachableEntries(page, 'More');
  expect(english.inMore).toEqual([]);

  const cases = [
    { lang: 'ru-RU', more: 'Ещё', support: 'Поддержка' },
    { lang: 'ja', more: 'その他', support: 'サポート' },
  ];
  let overflowed = 0;
  for (const c of cases) {
    await page.evaluate((lang) => localStorage.setItem('language', lang), c.lang);
    // Japanese in the dark theme: the menu on both backgrounds.
    if (c.lang === 'ja') await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.setViewportSize({ width: 1600, height: 800 });
    await openHomeIn(page, c.lang);
    const wide = await reachableEntries(page, c.more);
    const all = [...wide.row, ...wide.inMore];
    expect(all).toHaveLength(english.row.length);
    for (const width of [1280, 1200]) {
      await page.setViewportSize({ width, height: 800 });
      await openHomeIn(page, c.lang);
      const { row, inMore } = await reachableEntries(page, c.more);
      expect([...row, ...inMore], `${c.lang} at ${width} px`).toEqual(all);
      expect([...row, ...inMore]).toContain(c.support);
      if (inMore.length) {
        overflowed++;
        // The window as it is (a full-page screenshot would drop the scroll bar, widen the row and
        // move entries out of the open menu).
        await page.screenshot({ path: `test-results/screenshots/header-more-${c.lang}-${width}.png` });
        // An entry of the menu opens its page, and the menu closes.
        await page.locator('#main-navigation-more').getByRole('link', { name: inMore.at(-1)! }).click();
        await expect(page.locator('#main-navigation-more')).toHaveCount(0);
        await expect(page).not.toHaveURL(/\/$/);
      }
    }
  }
  // Without the menu these words did not fit (Support was cut off): the menu was needed here.
  expect(overflowed).toBeGreaterThan(0);
});

test("the header's language is the account's too, so mails and alerts follow it", async ({ page }) => {
  await registerByEmail(page);
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitemradio', { name: '한국어' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const res = await fetch('/api/users/mine', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
        return ((await res.json()) as { data: { language: string } }).data.language;
      }),
    )
    .toBe('ko');
});
