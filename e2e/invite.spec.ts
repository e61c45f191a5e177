// The invitation programme in the browser: a new user opens /user/invite and finds their code, the
// registration link holding it, its QR code and the two lists, empty with their explanations; an
// anonymous visitor reads /activity/invite and its button leads to registering. Both pages are
// also looked at in the dark theme on a phone and in Chinese. Each test acts as its own client.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { codeFromMail, expect, PASSWORD, registerByEmail, saveScreenshot, test, uniqueEmail } from './accounts-helpers';

const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test('a new user sees their code, link and QR code, and empty lists that explain', async ({ page }) => {
  await registerByEmail(page);
  await page.goto('/user/invite');
  await expect(page.getByRole('heading', { name: 'Invite friends', level: 1 })).toBeVisible();
  // The user centre's navigation marks the page.
  await expect(page.getByRole('navigation', { name: 'Account pages' }).getByRole('link', { name: 'Invite friends' })).toHaveAttribute('aria-current', 'page');

  const code = (await page.getByTestId('invite-code').locator('code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^\S{4,}$/);
  const link = page.getByTestId('invite-link').locator('code');
  await expect(link).toHaveText(`http://localhost:${new URL(page.url()).port}/register/email?invite=${encodeURIComponent(code)}`);
  await expect(page.getByTestId('invite-qr')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy Invitation code' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy Registration link' })).toBeVisible();

  await expect(page.getByTestId('invitee-count')).toContainText('0');
  await expect(page.getByTestId('reward-totals')).toContainText('Nothing yet');
  await expect(page.getByTestId('reward-rate')).toContainText('0.2%');
  await expect(page.getByTestId('reward-rate')).toContainText('09:50 UTC+8');
  await expect(page.getByTestId('invitees-empty')).toContainText('No one has registered with your code yet');
  await expect(page.getByTestId('rewards-empty')).toContainText('No rewards yet. For each UTC day, you receive 0.2%');
  await expect(page.getByTestId('rewards-empty')).toContainText('The next release is at');
  await saveScreenshot(page, 'invite-user');

  // The copy button puts the link on the clipboard.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy Registration link' }).click();
  await expect(page.getByText('Copied to the clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`/register/email?invite=${encodeURIComponent(code)}`);

  // The link works: a friend opens it, finds the code filled in and registers; they then appear
  // in the inviter's list, their address partly hidden, with the time they registered.
  const [a, b, c] = randomBytes(3);
  const visitor = await page.context().browser()!.newContext({ baseURL: new URL(page.url()).origin, extraHTTPHeaders: { 'x-forwarded-for': `10.${a}.${b}.${(c! % 250) + 2}` } });
  const friend = await visitor.newPage();
  await friend.goto(await link.innerText());
  await expect(friend.getByLabel('Invitation code (optional)')).toHaveValue(code);
  const friendEmail = uniqueEmail('invitee');
  await friend.getByRole('textbox', { name: 'Email' }).fill(friendEmail);
  const since = Date.now();
  await friend.getByRole('button', { name: 'Send code' }).click();
  await expect(friend.getByRole('button', { name: /Resend in \d+ s/ })).toBeVisible({ timeout: 30_000 });
  await friend.getByLabel('Verification code').fill(await codeFromMail(friendEmail, since));
  await friend.getByLabel('New password').fill(PASSWORD);
  await friend.getByLabel('Confirm password').fill(PASSWORD);
  await friend.getByRole('checkbox', { name: /agree to the Terms of Service/ }).check();
  await friend.getByRole('button', { name: 'Create account' }).click();
  await expect(friend).toHaveURL('/');
  await visitor.close();

  await page.reload();
  await expect(page.getByTestId('invitee-count')).toContainText('1');
  const table = page.getByRole('table', { name: 'Invitees' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').nth(1);
  await expect(row).toContainText(`${friendEmail.slice(0, 2)}***@example.com`);
  await expect(row).not.toContainText(friendEmail);
  await expect(row).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await expect(page.getByTestId('invitees-empty')).toHaveCount(0);
  await saveScreenshot(page, 'invite-user-with-invitee');

  // The programme page now leads this user to their own invitations.
  await page.goto('/activity/invite');
  await page.getByRole('button', { name: 'Go to my invitations' }).first().click();
  await expect(page).toHaveURL('/user/invite');
});

test('an anonymous visitor reads the programme and goes to register', async ({ page }) => {
  await page.goto('/activity/invite');
  await expect(page.getByRole('heading', { name: 'Invite friends, earn 0.2% of their mining earnings', level: 1 })).toBeVisible();
  for (const n of [1, 2, 3]) await expect(page.getByTestId(`invite-step-${n}`)).toContainText(`Step ${n}`);
  await expect(page.getByTestId('invite-rules')).toContainText('released the next day at 09:50 UTC+8');
  await expect(page.getByTestId('invite-rules')).toContainText('The pool pays the reward');
  await saveScreenshot(page, 'invite-activity');
  await page.getByRole('button', { name: 'Register and get your link' }).first().click();
  await expect(page).toHaveURL('/register/email');
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
});

test.describe('in the dark theme on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('both pages fit 390 px, in dark and in Chinese', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.goto('/activity/invite');
    await expect(page.getByTestId('invite-step-3')).toBeVisible();
    expect(await noSideways(page)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'invite-activity-mobile-dark');

    await registerByEmail(page);
    await page.goto('/user/invite');
    await expect(page.getByTestId('invite-qr')).toBeVisible();
    await expect(page.getByTestId('rewards-empty')).toBeVisible();
    expect(await noSideways(page)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'invite-user-mobile-dark');

    await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
    await page.reload();
    await expect(page.getByRole('heading', { name: '邀请好友', level: 1 })).toBeVisible();
    await expect(page.getByTestId('invitees-empty')).toContainText('还没有人使用您的邀请码注册');
    expect(await noSideways(page)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'invite-user-mobile-dark-zh');

    await page.goto('/activity/invite');
    await expect(page.getByRole('heading', { name: '邀请好友，获得其挖矿收益的 0.2%', level: 1 })).toBeVisible();
    expect(await noSideways(page)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'invite-activity-mobile-dark-zh');
  });
});

test('the desktop pages in Chinese', async ({ page }) => {
  await registerByEmail(page);
  await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  await page.goto('/user/invite');
  await expect(page.getByRole('heading', { name: '邀请好友', level: 1 })).toBeVisible();
  await expect(page.getByTestId('rewards-empty')).toContainText('暂无奖励');
  await saveScreenshot(page, 'invite-user-zh');
  await page.goto('/activity/invite');
  await expect(page.getByRole('button', { name: '查看我的邀请' }).first()).toBeVisible();
  await saveScreenshot(page, 'invite-activity-zh');
});
