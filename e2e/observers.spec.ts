// Observer links: the demo user makes a link for its sub-account, a visitor without a
// login opens it in a fresh browser context and sees the dashboard read-only (the banner, no group
// buttons, a change refused by the server), the owner revokes it and the visitor is refused with
// the message and sent to the login page.
import { expect, fillLogin, saveScreenshot, test } from './accounts-helpers';
import { chooseOption } from './helpers';

const DEMO_EMAIL = 'demo@hashpool.example';
const DEMO_PASSWORD = 'hashpool-demo';

test('create a link, open it without a login, fail to change a group, revoke it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const nickname = `Partner ${Date.now().toString(36)}`;
  await page.goto(`/login?redirect=${encodeURIComponent('/user/observe')}`);
  await fillLogin(page, DEMO_EMAIL, DEMO_PASSWORD);
  await expect(page).toHaveURL('/user/observe');
  await expect(page.getByRole('heading', { name: 'Observer links', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Create link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an observer link' });
  await dialog.getByLabel('Nickname').fill(nickname);
  await dialog.getByText('One day').click();
  // Each permission says which pages it opens (the shared table).
  await expect(dialog).toContainText('Opens: Dashboard, Workers, Worker detail (view only)');
  await dialog.getByRole('radio', { name: /Pool management/ }).check();
  await dialog.getByRole('button', { name: 'Create link' }).click();

  const created = page.getByRole('dialog', { name: 'Observer link created' });
  await expect(created.getByTestId('observer-qr')).toBeVisible();
  const link = (await created.getByTestId('observer-link').locator('code').innerText()).trim();
  expect(link).toMatch(/\/observer_redirect\?observer_token=[A-Za-z0-9_-]{43}$/);
  await saveScreenshot(page, 'observers-created');
  await created.getByRole('button', { name: 'Done' }).click();
  // The list shows the token masked, never in full.
  const token = new URL(link).searchParams.get('observer_token')!;
  await expect(page.getByRole('row', { name: new RegExp(nickname) })).toContainText(`••••••••${token.slice(-4)}`);
  await expect(page.locator('body')).not.toContainText(token);

  // A visitor without a login, in the dark theme.
  const visitorContext = await browser.newContext();
  await visitorContext.addInitScript(() => localStorage.setItem('theme', 'dark'));
  const visitor = await visitorContext.newPage();
  await visitor.goto(link);
  await expect(visitor).toHaveURL(/\/pool\/[a-z]+\/home\?observer_token=/);
  // The banner names the observed sub-account (not the nickname, which names the observer).
  await expect(visitor.getByTestId('observer-banner')).toContainText('You are viewing sub-account demofarm01 as an observer (read-only)');
  await expect(visitor.getByTestId('observer-banner')).toContainText(`Observer link "${nickname}"`);
  await expect(visitor.getByRole('heading', { level: 1 })).toContainText('Dashboard');
  await expect(visitor.getByTestId('hashrate-15m')).toBeVisible();
  await saveScreenshot(visitor, 'observers-dashboard-dark');

  // The link's pages only, the token kept in the address; no group changes offered.
  const tabs = visitor.getByRole('navigation', { name: 'Pool pages' });
  await expect(tabs.getByRole('link', { name: 'Earnings' })).toHaveCount(0);
  await tabs.getByRole('link', { name: 'Workers' }).click();
  await expect(visitor).toHaveURL(/\/pool\/[a-z]+\/miner\?observer_token=/);
  await expect(visitor.getByRole('navigation', { name: 'Groups' })).toBeVisible();
  await expect(visitor.getByRole('button', { name: /^(New|New group)$/ })).toHaveCount(0);
  await expect(visitor.getByRole('button', { name: /^Rename / })).toHaveCount(0);

  // Changing a group with the token is refused by the server, whatever the page offers.
  const refused = await visitor.evaluate(async (observerToken) => {
    const res = await fetch(`/api/pools/btc/miners/groups?observer_token=${observerToken}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account: 'demofarm01', name: 'takeover' }) });
    return { status: res.status, body: (await res.json()) as { code: number; msg: string } };
  }, token);
  expect(refused.status).toBe(403);
  expect(refused.body.msg).toBe('An observer link can only view: changes are not allowed.');

  // Leaving the observer view drops the token from the address; the link opens it again.
  await visitor.getByRole('button', { name: 'Leave observer view' }).click();
  await expect(visitor).toHaveURL(/\/$/);
  await expect(visitor.getByTestId('observer-banner')).toHaveCount(0);
  await visitor.goto(link);
  await expect(visitor.getByTestId('observer-banner')).toBeVisible();

  // The owner revokes the link; the visitor's next look is refused and lands on the login page.
  await page.getByRole('button', { name: `Revoke ${nickname}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByRole('row', { name: new RegExp(nickname) })).toContainText('Revoked');

  // Opening the link again (the open page may already have been sent to the login page by its own
  // refresh, which shows the message once and not after a reload).
  await visitor.goto(link);
  await expect(visitor.getByText('This observer link has been revoked by its owner.')).toBeVisible();
  await expect(visitor).toHaveURL(/\/login$/);
  await expect(visitor.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible();

  // The owner's security log shows the link opened.
  await page.goto('/user/logs');
  await expect(page.getByText('Observer link opened').first()).toBeVisible();
  await visitorContext.close();

  // The list at phone width, in Chinese.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  await page.goto('/user/observe');
  await expect(page.getByRole('heading', { name: '观察者链接', level: 1 })).toBeVisible();
  await expect(page.getByRole('group', { name: nickname })).toContainText('已撤销');
  await saveScreenshot(page, 'observers-list-phone-zh');
  await page.evaluate(() => localStorage.setItem('language', 'en'));
});

test('a link to the LTC sub-account opens on LTC and names that sub-account', async ({ page, browser }) => {
  const nickname = `Ltc ${Date.now().toString(36)}`;
  await page.goto(`/login?redirect=${encodeURIComponent('/user/observe')}`);
  await fillLogin(page, DEMO_EMAIL, DEMO_PASSWORD);
  await expect(page).toHaveURL('/user/observe');
  await page.getByRole('button', { name: 'Create link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an observer link' });
  await dialog.getByLabel('Nickname').fill(nickname);
  await chooseOption(page, dialog, 'Sub-account', 'demofarm02');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const created = page.getByRole('dialog', { name: 'Observer link created' });
  const link = (await created.getByTestId('observer-link').locator('code').innerText()).trim();
  await created.getByRole('button', { name: 'Done' }).click();

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(link);
  await expect(visitor).toHaveURL(/\/pool\/ltc\/home\?observer_token=/);
  await expect(visitor.getByTestId('observer-banner')).toContainText('You are viewing sub-account demofarm02 as an observer (read-only)');
  await expect(visitor.getByTestId('hashrate-15m')).toBeVisible();
  await saveScreenshot(visitor, 'observers-ltc-dashboard');
  await visitorContext.close();
});
