// WeChat login end to end against a local stand-in for WeChat's Open Platform (the one the
// integration tests use, on e2eWechatPort; the e2e server's WeChat settings point at it): an
// unbound WeChat account is told to log in and bind first, binding from the settings after the
// emailed code, then logging in with WeChat. Screenshots of the settings line in dark theme and
// in Chinese.
import { FakeWechat } from '../apps/server/test/fakes/wechat';
import { E2E_WECHAT, e2eWechatPort } from '../playwright.config';
import { codeFromMail, expect, logOut, registerByEmail, saveScreenshot, serverPort, test } from './accounts-helpers';

const wechat = new FakeWechat(E2E_WECHAT.appId, E2E_WECHAT.secret);

// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, info) => {
  await wechat.start(e2eWechatPort(serverPort(info)));
});
test.afterAll(() => wechat.stop());

test('binds WeChat in the settings and logs in with it', async ({ page }) => {
  const unionid = `e2e-union-${Date.now().toString(36)}`;

  // Not bound yet: no account is made, the visitor is told what to do.
  wechat.scanAs(unionid);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with WeChat' }).click();
  await expect(page).toHaveURL(/\/bind-wechat\?mode=login/);
  await expect(page.getByTestId('wechat-message')).toHaveText(/not bound to any account/);

  const { email } = await registerByEmail(page);
  await page.goto('/user/setting');
  const action = page.getByTestId('wechat-action');
  await expect(action).toHaveText('Link');
  await action.click();
  const dialog = page.getByRole('dialog', { name: 'Link WeChat' });
  const since = Date.now();
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await dialog.getByLabel('Email verification code').fill(await codeFromMail(email, since));
  await dialog.getByRole('button', { name: 'Continue to WeChat' }).click();
  // WeChat's QR page (the stand-in confirms at once) sends the browser back, which completes the binding.
  await expect(page).toHaveURL('/user/setting');
  await expect(page.getByText('WeChat linked.')).toBeVisible();
  await expect(page.getByTestId('wechat-action')).toHaveText('Unlink');
  await expect(page.getByText('Linked', { exact: true })).toBeVisible();

  await page.getByRole('switch', { name: 'Dark theme' }).click();
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(0, 0, 0)');
  await page.getByText('Linked', { exact: true }).scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'wechat-settings-dark');
  await page.getByRole('switch', { name: 'Dark theme' }).click();
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitemradio', { name: '简体中文' }).click();
  await expect(page.getByText('已绑定', { exact: true })).toBeVisible();
  await saveScreenshot(page, 'wechat-settings-zh-CN');
  await page.getByRole('button', { name: '语言' }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.getByTestId('wechat-action')).toHaveText('Unlink');

  // Logging in with WeChat from this (known) device: straight in, like the password login.
  await logOut(page);
  wechat.scanAs(unionid);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with WeChat' }).click();
  await expect(page).toHaveURL('/');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
  await page.goto('/user/setting');
  await expect(page.getByTestId('wechat-action')).toHaveText('Unlink');
});

test('a WeChat way back this browser did not start is refused, and nothing is posted (login CSRF)', async ({ page, browser, baseURL }) => {
  // Someone else starts a WeChat login in their browser, stops at WeChat's page and sends the way
  // back (their code and state) as a link.
  const theirs = await browser.newContext({ baseURL });
  const them = await theirs.newPage();
  let state = '';
  await them.route('**/connect/qrconnect**', (route) => {
    state = new URL(route.request().url()).searchParams.get('state') ?? '';
    return route.abort();
  });
  await them.goto('/login');
  await them.getByRole('button', { name: 'Continue with WeChat' }).click();
  await expect.poll(() => state).not.toBe('');
  await theirs.close();
  let posted = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/wechat/login')) posted++;
  });
  await page.goto(`/bind-wechat?mode=login&code=their-code&state=${encodeURIComponent(state)}`);
  await expect(page.getByTestId('wechat-message')).toHaveText('The WeChat sign-in has expired or was already used. Please start again.');
  expect(posted).toBe(0);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
