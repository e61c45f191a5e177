// Routing rules of docs/rules.md, Routes and access, in the browser: redirects home, login gating.
import { expect, test, type Page } from '@playwright/test';

/**
 * A made-up session for the routing rules: the placeholder token means nothing to the server, so
 * the user calls are answered here (a real token would be refused, and a refused user call ends
 * the session: see session.spec.ts).
 */
async function fakeUser(page: Page): Promise<void> {
  const ok = (data: unknown) => ({ json: { code: 0, msg: 'success', data } });
  await page.route('**/api/users/mine', (route) =>
    route.fulfill(
      ok({
        id: 'u1',
        email: 'someone@example.com',
        phone: null,
        language: 'en',
        timezone: 'UTC+00:00',
        currency: 'USD',
        notify_email: null,
        invite_code: 'ABCDEFGH',
        has_totp: false,
        has_pay_password: false,
        is_demo: false,
        current_account: { id: 'a1', name: 'placeholder' },
        created_at: '2026-01-01T00:00:00.000Z',
        withdraw_hold_until: null,
      }),
    ),
  );
  await page.route('**/api/permissions/current', (route) => route.fulfill(ok({ permissions: ['user.view', 'account.view', 'wallet.view'], is_admin: false })));
  await page.route('**/api/accounts', (route) => route.fulfill(ok([])));
  await page.route('**/api/users/logout', (route) => route.fulfill(ok(null)));
}

for (const path of ['/no/such/page', '/pool/kas/home', '/pool/aleo/stat', '/mining/btc/dashboard', '/mining/kas/ip-statistics']) {
  test(`${path} redirects home`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL('/');
    await expect(page.locator('#pools')).toContainText('Bitcoin');
  });
}

test('address-mining routes of the six coins are kept', async ({ page }) => {
  await page.goto('/mining/aleo/ip-statistics');
  await expect(page).toHaveURL('/mining/aleo/ip-statistics');
  await expect(page.getByRole('heading', { name: 'ALEO mining · IP statistics' })).toBeVisible();
  await page.goto('/mining/zeph/info');
  await expect(page).toHaveURL('/mining/zeph/info');
  await expect(page.getByRole('heading', { name: 'ZEPH mining · Getting started' })).toBeVisible();
});

test('a gated path sends an anonymous visitor to login with the way back', async ({ page }) => {
  await page.goto('/user/setting?tab=security');
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent('/user/setting?tab=security')}`);
});

test('a logged-in visitor is sent home from the login screen, flagged', async ({ page }) => {
  await fakeUser(page);
  await page.addInitScript(() => localStorage.setItem('token', 'e2e-placeholder-token'));
  await page.goto('/register/email');
  await expect(page).toHaveURL('/?redirected=1');
  await expect(page.getByRole('button', { name: 'My account' })).toBeVisible();
});

test('logout clears the session keys', async ({ page }) => {
  await fakeUser(page);
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('token', 'e2e-placeholder-token');
      localStorage.setItem('refresh_token', 'e2e-placeholder-refresh');
      localStorage.setItem('token_expiry', '0');
      localStorage.setItem('token_issued_at', '0');
    }
  });
  await page.goto('/terms');
  // The menu button, once the menu (a lazy chunk) has loaded; the placeholder before it has no menu.
  await page.getByRole('button', { name: 'My account' }).and(page.locator('[aria-haspopup="menu"]')).click();
  await page.getByRole('menuitemradio', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  const left = await page.evaluate(() => ['token', 'refresh_token', 'token_expiry', 'token_issued_at'].map((k) => localStorage.getItem(k)));
  expect(left).toEqual([null, null, null, null]);
});

test('the download page shows what exists: the site on a phone and the operator\'s download page', async ({ page }) => {
  await page.goto('/download');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The pool on your phone');
  // A QR code of this site, to open it on a phone.
  await expect(page.locator('.ant-qrcode canvas')).toBeVisible();
  // One link to the operator's download page (the seeded app_download_url), no app per platform
  // and no app version: Hashpool ships no native apps, and app_version is the server's.
  const link = page.getByRole('link', { name: 'Open the download page' });
  await expect(link).toHaveAttribute('href', /^https?:\/\//);
  await expect(page.getByRole('link', { name: 'Download', exact: true })).toHaveCount(0);
  await expect(page.getByText(/Current version|Android|iOS 15|Windows 10|macOS 12/)).toHaveCount(0);
});
