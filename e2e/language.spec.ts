// Switching the language through the header menu changes our texts, Ant Design's own texts and
// <html lang>, and the choice survives a reload.
import { expect, test } from '@playwright/test';
import { openHome, saveScreenshot } from './helpers';

const CASES = [
  // `terms` is a footer link title the server translates from the `lang` header.
  { lang: 'en', name: 'English', pools: 'Pools', heading: 'Announcements', perPage: '10 / page', terms: 'Terms of Service' },
  { lang: 'zh-CN', name: '简体中文', pools: '矿池', heading: '公告', perPage: '10 条/页', terms: '服务条款' },
  { lang: 'ru-RU', name: 'Русский', pools: 'Пулы', heading: 'Объявления', perPage: '10 / стр.', terms: 'Условия использования' },
  { lang: 'ja', name: '日本語', pools: 'プール', heading: 'お知らせ', perPage: '10 件 / ページ', terms: '利用規約' },
  { lang: 'ko', name: '한국어', pools: '풀', heading: '공지사항', perPage: '10 / 페이지', terms: '서비스 약관' },
] as const;

for (const c of CASES) {
  test(`switches to ${c.name}`, async ({ page }) => {
    await openHome(page);
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitemradio', { name: c.name }).click();

    await expect(page.locator('html')).toHaveAttribute('lang', c.lang);
    await expect(page.getByRole('navigation').getByRole('link', { name: c.pools, exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: c.heading })).toBeVisible();
    // Ant Design's own pagination text, from its locale for this language.
    await expect(page.locator('.ant-pagination-options')).toContainText(c.perPage);
    await expect(page.locator('footer').getByRole('link', { name: c.terms })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe(c.lang);

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', c.lang);
    await expect(page.getByRole('heading', { name: c.heading })).toBeVisible();
    await expect(page.locator('.ant-pagination-options')).toContainText(c.perPage);
    await saveScreenshot(page, `desktop-${c.lang}`);
  });
}

test('switching back to English restores the English texts of Ant Design', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'zh-CN'));
  await page.goto('/');
  await expect(page.locator('.ant-pagination-options')).toContainText('10 条/页');
  await page.getByRole('button', { name: '语言' }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('.ant-pagination-options')).toContainText('10 / page');
  await expect(page.getByRole('heading', { name: 'Announcements' })).toBeVisible();
});

test('the terms are translated in full', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'ja'));
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('利用規約');
  await expect(page.getByRole('heading', { name: '5. 収益と支払い' })).toBeVisible();
  await saveScreenshot(page, 'terms-ja');
});
