// Promotions in the browser: an operator creates a coupon campaign (one code of their
// own) and a red packet (share link and QR code); a user redeems the code and starts using the
// coupon; the packet's link opened logged out shows the packet, "log in to receive" brings the user
// back to it after logging in, and the user receives it (on the main account) and finds it under
// their red packets, then the next day's red packet profit (the server's E2E_HOOKS route runs the
// daily credit as if two days had passed). The coupon's savings need a settled UTC day: the
// integration tests (apps/server/test/promotions.int.test.ts) move the clock for those. An operator
// disables a campaign and cancels a packet, each behind a confirmation. Screens in light and dark,
// in Chinese, and the public packet page at phone width.
import type { Browser, Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { E2E_CODE_RESEND_SECONDS, E2E_OPERATOR_EMAIL } from '../playwright.config';
import { codeFromMail, expect, fillLogin, logInAsOperator, logOut, registerByEmail, saveScreenshot, setPayPasswordByEmail, test } from './accounts-helpers';
import { chooseOption } from './helpers';
import { credit, subAccountName } from './wallet-helpers';

const DEMO_PACKET = '/activity/red_packet/demoRedPacket000000000';

/** A browser of its own (its own client address, so the per-IP limits apply per actor). */
async function actor(browser: Browser): Promise<Page> {
  const [a, b] = randomBytes(2);
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': `10.252.${a}.${(b! % 250) + 2}` } });
  return context.newPage();
}

/** Types a date and time into an Ant Design date picker and confirms it with the panel's OK. */
async function pickDateTime(page: Page, label: string, when: Date): Promise<void> {
  const pad = (n: number) => String(n).padStart(2, '0');
  const text = `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())} ${pad(when.getHours())}:${pad(when.getMinutes())}:00`;
  const input = page.getByLabel(label);
  await input.click();
  await input.fill(text);
  // The panel's OK confirms (Enter would submit the form as well). The last panel is this picker's:
  // an earlier picker's panel may still be closing, and its OK would leave this text uncommitted.
  // On a loaded machine an OK clicked while the panel is still opening is sometimes not taken (the
  // panel stays open with the text typed, as a person would see it): click it again then, as they would.
  const open = page.locator('.ant-picker-dropdown:visible');
  await expect(async () => {
    if ((await open.count()) > 0) await open.locator('.ant-picker-ok button').last().click({ timeout: 2_000 });
    await expect(open).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(input).toHaveValue(text);
}

test('an operator makes a campaign and a packet; a user redeems and starts the coupon, opens the packet logged out, logs in and receives it', async ({ browser }) => {
  // Two registrations and logins (ALTCHA, argon2id) on a shared two-core machine.
  test.setTimeout(300_000);
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const code = `E2E-${tag}`;
  const packetName = `E2E gift ${tag}`;

  // The operator: a campaign with one code of their own, then a packet.
  const admin = await actor(browser);
  await logInAsOperator(admin);
  expect(E2E_OPERATOR_EMAIL).toContain('@');
  await admin.goto('/admin/coupons');
  await expect(admin.getByRole('heading', { name: 'New coupon campaign' })).toBeVisible();
  await admin.getByLabel('Name', { exact: true }).fill(`E2E 40 % off ${tag}`);
  await admin.getByLabel('Fee reduction (%)').fill('40');
  await chooseOption(admin, admin, 'Coins', 'BTC');
  await pickDateTime(admin, 'Use before', new Date(Date.now() + 10 * 86_400_000));
  await admin.getByLabel('Own code (optional)').fill(code);
  // Enter in a field asks to confirm; it creates nothing by itself.
  await admin.getByLabel('Own code (optional)').press('Enter');
  const confirmCampaign = admin.getByRole('dialog', { name: 'Create this campaign?' });
  await expect(confirmCampaign).toContainText('a 40 % fee reduction with 1 code(s)');
  await confirmCampaign.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmCampaign).toBeHidden();
  await expect(admin.getByText('Campaign created')).toHaveCount(0);
  await admin.getByRole('button', { name: 'Create campaign' }).click();
  await admin.getByRole('dialog', { name: 'Create this campaign?' }).getByRole('button', { name: 'Create campaign' }).click();
  await expect(admin.getByText('Campaign created')).toBeVisible();
  await expect(admin.getByRole('table', { name: 'Coupon campaigns' })).toContainText(`E2E 40 % off ${tag}`);
  await saveScreenshot(admin, 'promotions-admin-campaigns');

  // The red packets page of the operators' area, by its address.
  await admin.goto('/admin/packets');
  const packets = admin.getByRole('main');
  await expect(packets.getByRole('heading', { name: 'New red packet' })).toBeVisible();
  await packets.getByLabel('Name', { exact: true }).fill(packetName);
  await packets.getByLabel('Total profit budget').fill('0.01');
  await pickDateTime(admin, 'Activation deadline', new Date(Date.now() + 3 * 86_400_000));
  await admin.getByRole('button', { name: 'Create red packet' }).click();
  const share = admin.getByRole('dialog', { name: packetName });
  await expect(share.locator('.ant-qrcode')).toBeVisible();
  const link = (await share.locator('code').textContent())!.trim();
  expect(link).toMatch(/\/activity\/red_packet\/[A-Za-z0-9_-]{22}$/);
  await saveScreenshot(admin, 'promotions-admin-packet-share');
  await share.getByRole('button', { name: 'Close' }).click();
  await expect(admin.getByRole('table', { name: 'Red packets' })).toContainText(packetName);

  // The user: redeem the code, start the coupon.
  const user = await actor(browser);
  const { email } = await registerByEmail(user);
  await user.goto('/user/coupon');
  await user.getByLabel('Coupon code').fill('NO-SUCH-CODE');
  await user.getByRole('button', { name: 'Redeem' }).click();
  await expect(user.getByText('This coupon code does not exist. Check it and try again.')).toBeVisible();
  await user.getByLabel('Coupon code').fill(code.toLowerCase());
  await user.getByRole('button', { name: 'Redeem' }).click();
  await expect(user.getByText('Redeem success')).toBeVisible();
  const coupons = user.getByRole('table', { name: 'Coupons' });
  await expect(coupons).toContainText('40 % off the fee');
  await expect(coupons).toContainText('Unused');
  await coupons.getByRole('button', { name: 'Start using' }).click();
  const useDialog = user.getByRole('dialog', { name: 'Start using the coupon' });
  await expect(useDialog).toContainText('reduced by 40 %');
  await useDialog.getByRole('button', { name: 'Start using' }).click();
  await expect(user.getByText('Using success')).toBeVisible();
  await expect(coupons).toContainText('In use');
  await saveScreenshot(user, 'promotions-coupons');
  await coupons.getByRole('link', { name: /Details/ }).click();
  await expect(user.getByRole('heading', { name: 'Coupon details' })).toBeVisible();
  await expect(user.getByText('No settled day yet')).toBeVisible();

  // The packet's link, logged out: the packet, and "log in to receive".
  await logOut(user);
  const path = new URL(link).pathname;
  await user.goto(path);
  await expect(user.getByRole('heading', { name: packetName })).toBeVisible();
  await expect(user.getByText('10 of 10')).toBeVisible();
  await saveScreenshot(user, 'promotions-packet-logged-out');
  await user.getByRole('button', { name: 'Log in to receive' }).click();
  const since = Date.now();
  await fillLogin(user, email);
  const confirm = user.getByRole('heading', { name: 'Confirm it is you' });
  if (await confirm.isVisible({ timeout: 3_000 }).catch(() => false)) {
    await user.getByLabel('Verification code').fill(await codeFromMail(email, since));
    await user.getByRole('button', { name: 'Verify' }).click();
  }
  // Back on the packet after logging in.
  await expect(user).toHaveURL(path);
  await user.getByRole('button', { name: 'Receive' }).click();
  await expect(user.getByText('Received: activated and taking effect')).toBeVisible();
  await expect(user.getByText('9 of 10')).toBeVisible();
  await saveScreenshot(user, 'promotions-packet-received');
  await user.getByRole('link', { name: 'See the red packet profit' }).click();
  await expect(user.getByRole('heading', { name: 'Received red packet' })).toBeVisible();
  await expect(user.getByText('The first profit is credited after the first day (UTC) is over.')).toBeVisible();
  const receiptPath = new URL(user.url()).pathname;

  // The next day's profit: the packet works from the next UTC day, credited once that day is over.
  // The server's e2e hook (E2E_HOOKS) runs the daily red packet credit as if two days had passed.
  await expect(async () => {
    const token = await admin.evaluate(() => localStorage.getItem('token'));
    const res = await admin.request.post('/api/admin/promotions/red-packets/credit-ahead', { headers: { authorization: `Bearer ${token}` }, data: { days: 2 } });
    expect(res.status()).toBe(200);
    expect(((await res.json()) as { data: { credited: number } }).data.credited).toBeGreaterThanOrEqual(1);
  }).toPass({ timeout: 30_000 });
  await user.goto(receiptPath);
  const credits = user.getByRole('table', { name: 'Profit per day' });
  await expect(credits.getByRole('row').filter({ hasText: 'Red packet profit' })).toContainText(/0\.\d*[1-9]\d*\s*BTC/);
  await saveScreenshot(user, 'promotions-packet-profit');
  await user.goto('/user/red_packet');
  await expect(user.getByRole('table', { name: 'Red packets' })).toContainText(packetName);
});

test('where an operator enables it, a user funds a red packet from their balance and sees it among the packets they created', async ({ browser }) => {
  test.setTimeout(150_000);
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const admin = await actor(browser);
  await logInAsOperator(admin);
  await admin.goto('/admin/packets');
  const funding = admin.getByRole('main');
  await expect(funding.getByText('Users funding red packets')).toBeVisible();
  await chooseOption(admin, funding, 'Coins', 'BTC');
  await funding.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(admin.getByText('Saved')).toBeVisible();

  // A new user, credited by the operator, funds a small packet, dark theme (the demo user's
  // balance is what the wallet tests check, so it is not spent here).
  const user = await actor(browser);
  await user.addInitScript(() => localStorage.setItem('theme', 'dark'));
  const { email } = await registerByEmail(user);
  await credit(admin, await subAccountName(user), '0.001');
  // Funding gives the user's money away: without a pay password the form says it is needed.
  await user.goto('/user/red_packet');
  await expect(user.getByText('Fund a red packet from your balance')).toBeVisible();
  await expect(user.getByTestId('pay-step-no-pin')).toBeVisible();
  const pinCodeAt = await setPayPasswordByEmail(user, email, '246810');
  await user.goto('/user/red_packet');
  await user.getByLabel('Name', { exact: true }).fill(`E2E own gift ${tag}`);
  await user.getByLabel('Total profit budget').fill('0.0001');
  await pickDateTime(user, 'Activation deadline', new Date(Date.now() + 2 * 86_400_000));
  // The checks of a transfer: the pay password and a code mailed for this coin and budget.
  await user.getByLabel('Pay password', { exact: true }).fill('246810');
  // The product's resend timer: a second security code to one address waits after the first (60 s,
  // shorter on the e2e servers).
  await user.waitForTimeout(Math.max(0, pinCodeAt + (E2E_CODE_RESEND_SECONDS + 1) * 1000 - Date.now()));
  const since = Date.now();
  await user.getByRole('button', { name: 'Send code' }).click();
  await user.getByLabel('Email verification code').fill(await codeFromMail(email, since));
  await user.getByRole('button', { name: 'Create and pay' }).click();
  const share = user.getByRole('dialog', { name: `E2E own gift ${tag}` });
  await expect(share.locator('.ant-qrcode')).toBeVisible();
  await share.getByRole('button', { name: 'Close' }).click();
  await expect(user.getByRole('table', { name: 'Red packets you created' })).toContainText(`E2E own gift ${tag}`);
  await saveScreenshot(user, 'promotions-user-funded-dark');
  await user.setViewportSize({ width: 390, height: 844 });
  await expect(user.getByTestId('created-packet').first()).toBeVisible();
  expect(await user.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreenshot(user, 'promotions-user-funded-phone');

  // Off again (the default) for the other tests.
  await admin.goto('/admin/packets');
  await funding.locator('.ant-select-selection-item-remove').click();
  await funding.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(admin.getByText('Saved')).toBeVisible();
});

test('an operator disables a campaign and cancels a red packet, each after confirming; the packet page says it is cancelled', async ({ browser }) => {
  test.setTimeout(150_000);
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const campaignName = `E2E disable ${tag}`;
  const packetName = `E2E cancel ${tag}`;
  const admin = await actor(browser);
  await logInAsOperator(admin);

  await admin.goto('/admin/coupons');
  await admin.getByLabel('Name', { exact: true }).fill(campaignName);
  await admin.getByLabel('Fee reduction (%)').fill('10');
  await pickDateTime(admin, 'Use before', new Date(Date.now() + 10 * 86_400_000));
  await admin.getByLabel('Number of codes').fill('5');
  await admin.getByRole('button', { name: 'Create campaign' }).click();
  await admin.getByRole('dialog', { name: 'Create this campaign?' }).getByRole('button', { name: 'Create campaign' }).click();
  await expect(admin.getByText('Campaign created')).toBeVisible();
  const row = admin.getByRole('table', { name: 'Coupon campaigns' }).getByRole('row').filter({ hasText: campaignName });
  await expect(row).toContainText('Enabled');
  // Closing the question disables nothing.
  await row.getByRole('button', { name: 'Disable' }).click();
  const ask = admin.getByRole('dialog', { name: `Disable the campaign "${campaignName}"?` });
  await expect(ask).toContainText('Its 5 code(s) not yet redeemed can no longer be redeemed. The 0 coupon(s) already redeemed stay valid.');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(row).toContainText('Enabled');
  await row.getByRole('button', { name: 'Disable' }).click();
  await saveScreenshot(admin, 'promotions-admin-campaign-disable');
  await ask.getByRole('button', { name: 'Disable' }).click();
  await expect(admin.getByText('Campaign disabled')).toBeVisible();
  await expect(row).toContainText('Disabled');
  await expect(row.getByRole('button', { name: 'Disable' })).toHaveCount(0);

  await admin.goto('/admin/packets');
  const panel = admin.getByRole('main');
  await panel.getByLabel('Name', { exact: true }).fill(packetName);
  await panel.getByLabel('Total profit budget').fill('0.01');
  await pickDateTime(admin, 'Activation deadline', new Date(Date.now() + 3 * 86_400_000));
  await admin.getByRole('button', { name: 'Create red packet' }).click();
  const share = admin.getByRole('dialog', { name: packetName });
  const link = (await share.locator('code').textContent())!.trim();
  await share.getByRole('button', { name: 'Close' }).click();
  const packetRow = admin.getByRole('table', { name: 'Red packets' }).getByRole('row').filter({ hasText: packetName });
  await packetRow.getByRole('button', { name: 'Cancel packet' }).click();
  const cancel = admin.getByRole('dialog', { name: `Cancel the red packet "${packetName}"?` });
  await expect(cancel).toContainText('Nobody can receive its 10 share(s) left of 10 any more');
  await cancel.getByRole('button', { name: 'Cancel packet' }).click();
  await expect(admin.getByText('Red packet cancelled')).toBeVisible();
  await expect(packetRow).toContainText('Cancelled');
  await expect(packetRow.getByRole('button', { name: 'Cancel packet' })).toHaveCount(0);
  await saveScreenshot(admin, 'promotions-admin-packet-cancelled');

  // Anyone opening its link sees that it is cancelled, and cannot receive it.
  const visitor = await actor(browser);
  await visitor.goto(new URL(link).pathname);
  await expect(visitor.getByRole('heading', { name: packetName })).toBeVisible();
  await expect(visitor.getByText('Cancelled: this red packet can no longer be received.')).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Log in to receive' })).toBeDisabled();
});

test('dark theme and Chinese on the coupon and packet pages', async ({ browser }) => {
  const page = await actor(browser);
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await registerByEmail(page);
  await page.goto('/user/coupon');
  await page.getByLabel('Coupon code').fill('DEMO-COUPON-0001');
  await page.getByRole('button', { name: 'Redeem' }).click();
  // The demo codes are one per coupon: a second run of this test finds it used.
  await expect(page.getByText(/Redeem success|already been used/)).toBeVisible();
  const surface = await page.getByRole('table', { name: 'Coupons' }).evaluate((el) => getComputedStyle(el.parentElement!).backgroundColor);
  expect(surface).not.toBe('rgb(255, 255, 255)');
  await saveScreenshot(page, 'promotions-coupons-dark');
  await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  await page.reload();
  await expect(page.getByRole('heading', { name: '优惠券', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: '兑换' })).toBeVisible();
  await saveScreenshot(page, 'promotions-coupons-zh-dark');
  await page.goto(DEMO_PACKET);
  await expect(page.getByRole('button', { name: '领取' })).toBeVisible();
  await saveScreenshot(page, 'promotions-packet-zh-dark');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the public packet page fits the screen, with its QR code', async ({ page }) => {
    await page.goto(DEMO_PACKET);
    await expect(page.getByRole('heading', { name: /Demo hashrate gift/ })).toBeVisible();
    await expect(page.locator('.ant-qrcode')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log in to receive' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'promotions-packet-phone');
  });
});
