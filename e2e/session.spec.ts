// The session outlives its access token (docs/rules.md, States and transitions; tokens live 40 s in these tests):
// refreshed in the last third of its life, once for all tabs, and on 40001 by refresh and reload.
import { accountButton, expect, registerByEmail, session, test } from './accounts-helpers';

/**
 * Two users in one test, so that their waits for a token's lifetime overlap (about 45 s of the
 * end-to-end stage's time): the first keeps two tabs open past it, the second's browser is made to
 * believe its token is young so that the server is the one to say it expired.
 */
test('past the token lifetime: two open tabs keep the session with one refresh; a token answered 40001 is refreshed and the page reloaded', async ({ page, context, browser, baseURL, extraHTTPHeaders, reducedMotion }) => {
  test.setTimeout(150_000);
  // The second user: its own browser context (tabs of one context share localStorage), with the
  // test's options (a new context takes none of them by itself) and client identity (accounts-helpers.ts).
  const other = await browser.newContext({ baseURL, extraHTTPHeaders, reducedMotion });
  const otherPage = await other.newPage();
  await registerByEmail(otherPage);
  await otherPage.evaluate(() => {
    localStorage.setItem('token_issued_at', String(Date.now()));
    localStorage.setItem('token_expiry', String(Date.now() + 3_600_000));
  });
  const otherBefore = await session(otherPage);
  await otherPage.close();
  const otherClosedAt = Date.now();

  // The first user: two tabs.
  const refreshes: string[] = [];
  context.on('request', (request) => {
    if (request.url().endsWith('/api/users/refresh/login')) refreshes.push(request.frame().page()?.url() ?? '');
  });
  await registerByEmail(page);
  const before = await session(page);
  const second = await context.newPage();
  await second.goto('/user/account');
  await expect(second.getByRole('heading', { name: 'Sub-accounts' })).toBeVisible();

  // Past two thirds of the 40 s the timers of both tabs fire; the lock lets one of them refresh.
  await expect.poll(async () => (await session(page)).refresh, { timeout: 35_000, intervals: [1000] }).not.toBe(before.refresh);
  await page.waitForTimeout(2_000); // let the other tab's timer have its go
  expect(refreshes).toHaveLength(1);
  expect((await session(second)).token).toBe((await session(page)).token);

  // Well past the first token's expiry both tabs still work, without a reload or a trip to /login.
  await page.waitForTimeout(Math.max(0, before.expiry + 3_000 - Date.now()));
  await accountButton(page).click();
  await page.getByRole('menuitemradio', { name: 'Account settings' }).click();
  await expect(page).toHaveURL('/user/setting');
  await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
  await second.getByRole('link', { name: 'Security log' }).click();
  await expect(second.getByRole('table', { name: 'Security log' })).toContainText('Account created');
  await expect(accountButton(second)).toBeVisible();

  // The second user comes back after the token's lifetime: the server answers 40001.
  await page.waitForTimeout(Math.max(0, otherClosedAt + 42_000 - Date.now()));
  const next = await other.newPage();
  let loads = 0;
  next.on('load', () => loads++);
  await next.goto('/user/setting');
  await expect(next.getByRole('heading', { name: 'Account settings' })).toBeVisible();
  await expect(next).toHaveURL('/user/setting');
  expect(loads).toBe(2); // the first load met 40001, refreshed and reloaded
  const after = await session(next);
  expect(after.token).not.toBe(otherBefore.token);
  expect(after.refresh).not.toBe(otherBefore.refresh);
  await expect(accountButton(next)).toBeVisible();
  await other.close();
});

test('a refused refresh ends the session and goes to /login', async ({ page }) => {
  await registerByEmail(page);
  await page.route('**/api/users/refresh/login', (route) => route.fulfill({ status: 401, json: { code: 40002, msg: 'Your session has ended. Please log in again.', data: {} } }));
  // Due now: the first call of the next page refreshes first, is refused, and the session is over.
  await page.evaluate(() => {
    localStorage.setItem('token_issued_at', String(Date.now() - 30_000));
    localStorage.setItem('token_expiry', String(Date.now() + 10_000));
  });
  await page.goto('/user/account');
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent('/user/account')}`);
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('refresh_token')])).toEqual([null, null]);
});
