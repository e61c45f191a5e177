// Support tickets, site content and the miner catalogue in the browser: /ticket for a
// visitor; a user opens a ticket with an image, an operator answers it from the support queue and
// the user reads the answer; an operator publishes an announcement in English and Chinese and it
// shows on the home page in both; the catalogue sorted by net profit after changing the
// electricity fee; the user centre's mining overview, empty for a new user. Screens in light and dark,
// in Chinese, and at phone width.
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { expect, logInAsOperator, registerByEmail, saveScreenshot, test } from './accounts-helpers';
import { chooseOption } from './helpers';

/** A small PNG (8 x 8, blue) for the banner image. */
const BANNER_PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000080000000808020000004b6d29dc0000001149444154789c63d0883a8115310c2d090014a8528197ee54af0000000049454e44ae426082', 'hex');

// A 1x1 PNG: the server types uploads by their bytes.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6a3a60000000049454e44ae426082', 'hex');

async function operator(browser: Browser): Promise<Page> {
  const [a, b] = randomBytes(2);
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': `10.252.${a}.${(b! % 250) + 2}` } });
  const page = await context.newPage();
  await logInAsOperator(page);
  return page;
}

test('a visitor learns how to get help and is offered the login', async ({ page }) => {
  await page.goto('/ticket');
  await expect(page.getByRole('heading', { name: 'How to get help' })).toBeVisible();
  await saveScreenshot(page, 'support-ticket-visitor');
  await page.getByRole('link', { name: 'Log in' }).last().click();
  await expect(page).toHaveURL('/login');
});

test('a user opens a ticket with an image; an operator answers it; the user reads the answer', async ({ page, browser }) => {
  await registerByEmail(page);
  await page.goto('/ticket');
  await page.getByRole('button', { name: 'New ticket' }).click();
  await page.getByLabel('Title').fill('Workers offline since 10:00');
  await page.getByLabel('Description').fill('My S21 stopped sending shares. Screenshot attached.');
  await page.locator('input[type=file]').setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.locator('.ant-tag', { hasText: 'screen.png' })).toBeVisible();
  // A renamed executable is refused with the server's words.
  await page.locator('input[type=file]').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.concat([Buffer.from('4d5a900003000000', 'hex'), Buffer.alloc(600)]) });
  await expect(page.getByRole('alert')).toContainText('This file type is not accepted');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(/Ticket #\d+ opened\./)).toBeVisible();
  await expect(page.getByTestId('ticket-message')).toHaveCount(1);
  const id = new URL(page.url()).searchParams.get('id')!;
  await saveScreenshot(page, 'support-ticket-open');

  const ops = await operator(browser);
  await ops.goto('/admin/support');
  await ops.getByText('Workers offline since 10:00').first().click();
  await expect(ops).toHaveURL(new RegExp(`/admin/support\\?id=${id}$`));
  // The customer's message is the customer's to the operator, not "You".
  const first = ops.getByTestId('ticket-message').first();
  await expect(first).toContainText('Customer');
  await expect(first).not.toContainText('You');
  await ops.getByRole('button', { name: 'Take it' }).click();
  await ops.getByLabel('Internal note', { exact: true }).fill('Checked: stratum reachable.');
  await ops.getByRole('button', { name: 'Add note' }).click();
  await expect(ops.getByText('Checked: stratum reachable.')).toBeVisible();
  await ops.getByLabel('Answer', { exact: true }).fill('Please restart the miner and check the pool address.');
  await ops.getByRole('button', { name: 'Send answer' }).click();
  await expect(ops.getByText('Please restart the miner and check the pool address.')).toBeVisible();
  await ops.evaluate(() => localStorage.setItem('theme', 'dark'));
  await ops.reload();
  await expect(ops.getByText('Please restart the miner and check the pool address.')).toBeVisible();
  await saveScreenshot(ops, 'support-admin-ticket-dark');
  await ops.goto('/admin/support');
  await chooseOption(ops, ops, 'Status', 'All statuses');
  await expect(ops.getByText('Workers offline since 10:00').first()).toBeVisible();
  await saveScreenshot(ops, 'support-admin-queue-dark');
  await ops.context().close();

  await page.reload();
  await expect(page.getByText('Please restart the miner and check the pool address.')).toBeVisible();
  await expect(page.getByTestId('ticket-message').first()).toContainText('You');
  await expect(page.getByText('Checked: stratum reachable.')).toHaveCount(0);
  await expect(page.locator('.ant-tag', { hasText: 'Answered' })).toBeVisible();
  await page.goto('/user/message');
  await expect(page.getByText(`Support answered ticket #${id}`)).toBeVisible();
  await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  await page.goto(`/ticket?id=${id}`);
  await expect(page.locator('.ant-tag', { hasText: '已回复' })).toBeVisible();
  await saveScreenshot(page, 'support-ticket-answered-zh');
});

test('an operator publishes an announcement in English and Chinese; the home page shows it in both', async ({ browser }) => {
  const ops = await operator(browser);
  const tag = randomBytes(2).toString('hex');
  const title = `Fee holiday ${tag}`;
  const titleZh = `手续费假期 ${tag}`;
  await ops.goto('/admin/content');
  await ops.getByRole('button', { name: 'New', exact: true }).click();
  const dialog = ops.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Summary' }).fill('No pool fee this weekend.');
  await expect(dialog.getByText(/Missing \(shown in English\): zh-CN, ru-RU, ja, ko/)).toBeVisible();
  await dialog.getByRole('tab', { name: /zh-CN/ }).click();
  await dialog.getByRole('textbox', { name: 'Title' }).fill(titleZh);
  await dialog.getByRole('textbox', { name: 'Summary' }).fill('本周末免矿池手续费。');
  await expect(dialog.getByText(/Missing \(shown in English\): ru-RU, ja, ko/)).toBeVisible();
  await saveScreenshot(ops, 'support-content-editor');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(ops.getByText('Saved.')).toBeVisible();
  await expect(ops.getByTestId('content-card').or(ops.locator('tr')).filter({ hasText: title }).first()).toContainText('Live');
  await ops.context().close();

  const visitor = await browser.newPage();
  await visitor.goto('/');
  await expect(visitor.getByText(title)).toBeVisible();
  await visitor.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  await visitor.reload();
  await expect(visitor.getByText(titleZh)).toBeVisible();
  await saveScreenshot(visitor, 'support-home-announcement-zh');
  await visitor.evaluate(() => localStorage.setItem('language', 'ja'));
  await visitor.reload();
  await expect(visitor.getByText(title)).toBeVisible(); // no Japanese text: English
  await visitor.close();
});

test('an operator gives a banner an uploaded image, previewed in the editor; visitors see it on the home page', async ({ browser }) => {
  const ops = await operator(browser);
  const title = `Pictured ${randomBytes(2).toString('hex')}`;
  await ops.goto('/admin/content?kind=sliders');
  await ops.getByRole('button', { name: 'New', exact: true }).click();
  const dialog = ops.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await dialog.getByRole('textbox', { name: 'Subtitle' }).fill('With an image.');
  await dialog.getByRole('spinbutton', { name: 'Order' }).fill('9999');
  // A renamed non-image is refused where the image goes.
  await dialog.locator('input[type=file]').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: Buffer.from('MZ this is not an image at all') });
  await expect(dialog.getByText(/This file type is not accepted/)).toBeVisible();
  await dialog.locator('input[type=file]').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: BANNER_PNG });
  await expect(dialog.getByRole('img', { name: 'Preview of the image' })).toBeVisible();
  await saveScreenshot(ops, 'support-content-banner-image');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(ops.getByText('Saved.')).toBeVisible();
  await ops.context().close();

  const visitor = await browser.newPage();
  const sliders = visitor.waitForResponse((r) => r.url().includes('/api/sliders'));
  await visitor.goto('/');
  const list = ((await (await sliders).json()) as { data: Array<{ title: string; image_url?: string }> }).data;
  const mine = list.find((b) => b.title === title);
  expect(mine?.image_url).toMatch(/^\/api\/content\/images\/[0-9a-f-]{36}$/);
  const image = await visitor.request.get(mine!.image_url!);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');
  await visitor.close();
});

test('an operator writes the Sales campaign page; a visitor sees it', async ({ browser }) => {
  const ops = await operator(browser);
  await ops.goto('/admin/content?kind=campaigns');
  const title = `Winter sale ${randomBytes(2).toString('hex')}`;
  const existing = ops.locator('tr', { hasText: 'Sales' }).getByRole('button', { name: 'Edit' });
  await (await existing.count() ? existing.first() : ops.getByRole('button', { name: 'New', exact: true })).click();
  const dialog = ops.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Text' }).fill('Miners at cost price this week.');
  await dialog.getByRole('textbox', { name: 'Link' }).fill('/miners');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(ops.getByText('Saved.')).toBeVisible();
  await ops.context().close();

  const visitor = await browser.newPage();
  await visitor.goto('/sales');
  await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
  await expect(visitor.getByText('Running')).toBeVisible();
  await saveScreenshot(visitor, 'support-campaign-sales');
  await visitor.getByRole('button', { name: 'See the products' }).click();
  await expect(visitor).toHaveURL('/miners');
  // A logged-in user joins it and finds it among their activities.
  await visitor.goto('/sales');
  await expect(visitor.getByRole('button', { name: 'Log in to join' })).toBeVisible();
  const member = await browser.newPage();
  await registerByEmail(member);
  await member.goto('/sales');
  await member.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(member.getByText('You joined the campaign.')).toBeVisible();
  await expect(member.getByText('Joined', { exact: true })).toBeVisible();
  await member.getByRole('link', { name: 'My activities' }).click();
  await expect(member).toHaveURL('/user/app/activity');
  const joined = member.getByRole('table', { name: 'My activities' });
  await expect(joined).toContainText(title);
  await expect(joined).toContainText('Ongoing');
  await saveScreenshot(member, 'support-my-activities');
  await member.evaluate(() => localStorage.setItem('theme', 'dark'));
  await member.setViewportSize({ width: 390, height: 844 });
  await member.reload();
  await expect(member.getByTestId('joined-campaign').first()).toContainText(title);
  expect(await member.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreenshot(member, 'support-my-activities-dark-phone');
  await member.close();
  // No campaign runs there: the empty state, without a failed request the browser logs.
  const failed: string[] = [];
  visitor.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  visitor.on('console', (m) => {
    if (m.type() === 'error') failed.push(m.text());
  });
  await visitor.goto('/activity/goldshell');
  await expect(visitor.getByText('No campaign is running on this page right now.')).toBeVisible();
  expect(failed).toEqual([]);
  await visitor.close();
});

test('the catalogue sorts by net profit after the electricity fee changes', async ({ page }) => {
  await page.goto('/miners');
  const ranking = page.getByTestId('ranking');
  await expect(ranking.getByText('Antminer S21', { exact: true })).toBeVisible();
  const fee = page.getByRole('spinbutton', { name: /Electricity/ });
  await fee.fill('0.5');
  await fee.blur();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('electricity_fee'))).toBe('0.5 USD');
  const header = ranking.getByRole('columnheader', { name: /Net profit/ });
  await header.click(); // descending first (the server's order too): one click turns it ascending
  const profits = async () =>
    (await ranking.getByTestId('net-profit').allInnerTexts()).map((s) => Number(s.replace(/[^0-9.-]/g, ''))).filter((v) => Number.isFinite(v));
  await expect.poll(async () => { const p = await profits(); return p.length > 0 && p.every((v, i) => i === 0 || v >= p[i - 1]!); }).toBe(true);
  await header.click();
  await expect.poll(async () => { const p = await profits(); return p.every((v, i) => i === 0 || v <= p[i - 1]!); }).toBe(true);
  // At 0.5 per kWh some machines lose money: the lowest profit is negative.
  expect(Math.min(...(await profits()))).toBeLessThan(0);
  await saveScreenshot(page, 'catalogue-ranking');

  await page.getByRole('tab', { name: 'ASIC calculator' }).click();
  await expect(page.getByText('Break-even (days)').first()).toBeVisible();
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(page.getByText('Break-even (days)').first()).toBeVisible();
  await saveScreenshot(page, 'catalogue-asic-dark');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/miners');
  // On a phone the net profit is on screen beside the model, without scrolling the table.
  const profit = ranking.getByTestId('net-profit').first();
  await expect(profit).toBeVisible();
  const box = (await profit.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await saveScreenshot(page, 'catalogue-ranking-phone');
  // Russian has the longest column titles: the net profit stays on screen all the same.
  await page.evaluate(() => localStorage.setItem('language', 'ru-RU'));
  await page.reload();
  await expect(ranking.getByRole('columnheader', { name: /Чистая прибыль/ })).toBeVisible();
  const ruBox = (await ranking.getByTestId('net-profit').first().boundingBox())!;
  expect(ruBox.x).toBeGreaterThanOrEqual(0);
  expect(ruBox.x + ruBox.width).toBeLessThanOrEqual(390);
  await saveScreenshot(page, 'catalogue-ranking-phone-ru');
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await ranking.getByText('Antminer S21', { exact: true }).click();
  await expect(page).toHaveURL(/\/miners\/detail\/\d+$/);
  await expect(page.getByText('Bitmain published specification', { exact: false })).toBeVisible();
  await saveScreenshot(page, 'catalogue-detail-phone');
});

test('a new user finds the mining overview in the user centre, empty, with a way to get started', async ({ page }) => {
  await registerByEmail(page);
  await page.goto('/user/setting');
  await page.getByRole('link', { name: 'Mining', exact: true }).click();
  await expect(page).toHaveURL('/user/mining');
  await expect(page.getByRole('heading', { name: 'Mining overview', level: 1 })).toBeVisible();
  await expect(page.getByTestId('mining-overview-empty')).toContainText('None of your sub-accounts is mining yet.');
  await page.getByTestId('mining-overview-empty').getByRole('link', { name: 'Getting started' }).click();
  await expect(page).toHaveURL('/pool/btc/info');
});
