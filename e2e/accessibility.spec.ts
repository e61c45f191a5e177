// axe-core over the key screens, in English on the light theme and in Chinese on the dark theme:
// WCAG 2.0–2.2 A and AA must report nothing, so a contrast or naming regression fails here first.
// One browser page per theme walks all screens (logged out, then as the demo user) to stay fast.
// The browser asks for reduced motion (playwright.config.ts), which the app honours by turning Ant
// Design's motion off: axe sees each screen's final colours at once, with no fade-in to wait out.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, fillLogin, logInAsOperator, saveScreenshot, test } from './accounts-helpers';
import { openHome } from './helpers';

const DEMO_EMAIL = 'demo@hashpool.example';
const DEMO_PASSWORD = 'hashpool-demo';
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const LOGGED_OUT = ['/', '/login', '/register/email'];
const LOGGED_IN = ['/pool/btc/home', '/asset/index', '/user/account'];
/** The pages of the operators' area (its side menu), as the admin sees them. */
const ADMIN_PAGES = [
  'review', 'contract-payments', 'loans', 'ledger', 'adjust', 'reconcile', 'audit', 'fees', 'market', 'prices', 'held-blocks', 'stake', 'users', 'approvals', 'coins', 'coin-list', 'parameters',
  'staking', 'contracts', 'support', 'oauth', 'coupons', 'packets', 'content', 'catalogue',
].map((page) => `/admin/${page}`);

/**
 * Rules beyond the WCAG tags that Lighthouse's accessibility score counts, checked on the key
 * screens: headings that skip levels, and a control whose name does not hold its visible text
 * (WCAG 2.5.3, still "experimental" in axe and so off by default).
 */
const LIGHTHOUSE_RULES = ['heading-order', 'label-content-name-mismatch'];

/**
 * Runs axe on the page as it is and answers "rule: target" lines, one per failing node; `within`
 * limits it to one part (a page's <main> once its shell has been checked).
 */
async function violations(page: Page, extraRules: string[] = [], within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(TAGS);
  if (within) builder.include(within);
  // With tags chosen, axe still runs rules enabled by name in its options.
  if (extraRules.length) builder.options({ rules: Object.fromEntries(extraRules.map((rule) => [rule, { enabled: true }])) });
  const result = await builder.analyze();
  return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 220)}`));
}

/** Every page of this browser opens in the theme and language given (as stored by the app). */
async function openIn(page: Page, theme: 'light' | 'dark', language: string): Promise<void> {
  await page.addInitScript(
    ({ t, l }) => {
      localStorage.setItem('theme', t);
      localStorage.setItem('language', l);
    },
    { t: theme, l: language },
  );
}

/** Waits for the screen's content rather than its loading skeleton, so axe sees what users see. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await expect(page.locator('.ant-spin-spinning, .hp-spinner, .ant-skeleton-active')).toHaveCount(0, { timeout: 15_000 }).catch(() => undefined);
}

/**
 * Opens an operators' page: the first by loading it, the next ones as the side menu does (the
 * router follows the history), which spares a whole start of the app per page; answers when the
 * page's own heading has replaced the one before.
 */
async function openAdminPage(page: Page, path: string, first: boolean): Promise<void> {
  const heading = page.getByRole('heading', { level: 1 });
  if (first) {
    await page.goto(path);
    await expect(heading).toBeVisible();
    return;
  }
  const before = await heading.innerText();
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(heading).not.toHaveText(before);
  await expect(heading).toBeVisible();
}

for (const { theme, language } of [
  { theme: 'light', language: 'en' },
  { theme: 'dark', language: 'zh-CN' },
] as const) {
  test(`key screens pass axe in ${language} on the ${theme} theme`, async ({ page }) => {
    test.setTimeout(180_000);
    await openIn(page, theme, language);
    const found: string[] = [];
    const check = async (path: string) => {
      await page.goto(path);
      await settle(page);
      found.push(...(await violations(page, LIGHTHOUSE_RULES)).map((line) => `${path} ${line}`));
    };
    for (const path of LOGGED_OUT) await check(path);
    await saveScreenshot(page, `a11y-register-${theme}`);

    await page.goto(`/login?redirect=${encodeURIComponent('/pool/btc/home')}`);
    if (language === 'en') await fillLogin(page, DEMO_EMAIL, DEMO_PASSWORD);
    else {
      // The Chinese screen: the same fields by their place, the helper knows only English labels.
      await page.locator('input[type="text"], input[type="email"]').first().fill(DEMO_EMAIL);
      await page.locator('input[type="password"]').first().fill(DEMO_PASSWORD);
      await page.locator('button[type="submit"]').first().click();
    }
    await expect(page).toHaveURL('/pool/btc/home');
    for (const path of LOGGED_IN) await check(path);
    await page.goto('/');
    await settle(page);
    await saveScreenshot(page, `a11y-home-${theme}`);

    expect(found, found.join('\n')).toEqual([]);
  });
}

// The miner catalogue, whose three tabs overflowed a phone's width (Ant Design's "…" button then
// sat in the tab list, not a tab): tabs on the desktop, a named select on a phone, axe clean in both.
for (const { theme, language, width, chooser } of [
  { theme: 'light', language: 'en', width: 1280, chooser: { role: 'tablist', name: 'Catalogue view' } },
  { theme: 'dark', language: 'zh-CN', width: 390, chooser: { role: 'combobox', name: '目录视图' } },
] as const) {
  test(`the miner catalogue passes axe in ${language} on the ${theme} theme at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openIn(page, theme, language);
    const found: string[] = [];
    for (const path of ['/miners', '/miners?tab=asic']) {
      await page.goto(path);
      await expect(page.getByRole(chooser.role, { name: chooser.name })).toBeVisible();
      await settle(page);
      found.push(...(await violations(page, LIGHTHOUSE_RULES)).map((line) => `${path} ${line}`));
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width);
    }
    await saveScreenshot(page, `a11y-miners-${theme}-${width}`);
    expect(found, found.join('\n')).toEqual([]);
  });
}

test('by keyboard: the header menus name what they show and move with the arrows; a closed dialog gives the focus back', async ({ page }) => {
  await openHome(page);
  // Label in name (WCAG 2.5.3): each button's name holds the text it shows.
  const language = page.getByRole('button', { name: 'Language: English', exact: true });
  await expect(language).toHaveText('English');
  const currency = page.getByRole('button', { name: /^Display currency: / });
  await expect(currency).toBeVisible();
  await expect(currency).toHaveAccessibleName(`Display currency: ${(await currency.innerText()).trim()}`);

  // Enter opens the menu on its first choice, Arrow Down moves, Enter chooses; the focus stays on the button.
  await language.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu', { name: 'Language' })).toBeVisible();
  await expect(page.getByRole('menuitemradio', { name: 'English' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitemradio', { name: '简体中文' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  const chinese = page.getByRole('button', { name: '语言：简体中文', exact: true });
  await expect(chinese).toBeFocused();
  // Arrow Up opens on the last choice and wraps to the first; Escape closes back on the button.
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('menuitemradio', { name: '한국어' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitemradio', { name: 'English' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(chinese).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // A dialog closed by Escape hands the focus back to the button that opened it.
  await page.goto(`/login?redirect=${encodeURIComponent('/asset/index')}`);
  await fillLogin(page, DEMO_EMAIL, DEMO_PASSWORD);
  await expect(page).toHaveURL('/asset/index');
  const deposit = page.getByRole('button', { name: 'Deposit BTC' });
  await deposit.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Deposit BTC' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(deposit).toBeFocused();
});

// Light at the desktop width (the side menu), dark on a phone's width (the menu as a select); the
// pages in groups of eight, each group a test of its own (axe over a page takes seconds). The
// header and the footer are the same on every page: axe reads them on each group's first page, and
// <main> (the side menu and the page) on the others.
const ADMIN_GROUPS = [0, 8, 16].map((start) => ADMIN_PAGES.slice(start, start + 8));
for (const { theme, language, width } of [
  { theme: 'light', language: 'en', width: 1280 },
  { theme: 'dark', language: 'zh-CN', width: 390 },
] as const) {
  ADMIN_GROUPS.forEach((group, index) => {
    test(`the operators' pages pass axe in ${language} on the ${theme} theme, part ${index + 1}`, async ({ page }) => {
      test.setTimeout(300_000);
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      // The login helper reads the English screen; the language is switched once logged in.
      await logInAsOperator(page);
      await page.evaluate((l) => localStorage.setItem('language', l), language);
      const found: string[] = [];
      for (const [i, path] of group.entries()) {
        await openAdminPage(page, path, i === 0);
        await settle(page);
        found.push(...(await violations(page, [], i === 0 ? undefined : 'main')).map((line) => `${path} ${line}`));
        // Nothing is cut off or scrolls sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width);
      }
      await saveScreenshot(page, `a11y-admin-${theme}-${width}-${index + 1}`);

      expect(found, found.join('\n')).toEqual([]);
    });
  });
}
