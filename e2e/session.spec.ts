// The session outlives its access token (docs/rules.md, States and transitions; tokens live 40 s in these tests):
// refreshed in the last third of its life, once for all tabs, and on 40001 by refresh and reload.
import { accountButton, expect, registerByEmail, session, test } from './accounts-helpers';

test('two open tabs keep the session past the token lifetime with one refresh between them', async ({ page, context }) => {
  test.setTimeout(120_000);
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
});

test('an expired token answered 40001 is refreshed and the page reloaded, still logged in', async ({ page, context }) => {
  test.setTimeout(120_000);
  await registerByEmail(page);
  // Make this browser believe the token is young, so nothing refreshes it in time: the server
  // will be the one to say it expired.
  await page.evaluate(() => {
    localStorage.setItem('token_issued_at', String(Date.now()));
    localStorage.setItem('token_expiry', String(Date.now() + 3_600_000));
  });
  const before = await session(page);
  await page.close();
  await new Promise((resolve) => setTimeout(resolve, 42_000));

  const next = await context.newPage();
  let loads = 0;
  next.on('load', () => loads++);
  await next.goto('/user/setting');
  await expect(next.getByRole('heading', { name: 'Account settings' })).toBeVisible();
  await expect(next).toHaveURL('/user/setting');
  expect(loads).toBe(2); // the first load met 40001, refreshed and reloaded
  const after = await session(next);
  expect(after.token).not.toBe(before.token);
  expect(after.refresh).not.toBe(before.refresh);
  await expect(accountButton(next)).toBeVisible();
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
