// The pool pages as a miner uses them: the demo user (seeded at server start, its sub-account
// demofarm01 fed on btc by the in-process simulator every 5 s) opens the dashboard, sorts and
// groups its workers; new users with a worker of their own get real alerts in the message centre.
//
// Alerts use users of their own because the server sends an alert again only after its repeat
// interval (10 minutes at least): on a reused test server the demo farm's alert may have fired
// minutes ago, in an earlier run or through s19k7, which goes offline every 65 minutes.
//
// Needs in the Playwright webServer env (playwright.config.ts):
//   INGEST_KEYS: E2E_INGEST_KEY (below): the offline test posts its share like a stratum node;
//   MINING_JOB_INTERVAL_SECONDS: '5': windows and alerts are evaluated every 5 s, not every 60 s.
import type { Page } from '@playwright/test';
import { expect, fillLogin, registerByEmail, saveScreenshot, test } from './accounts-helpers';

const DEMO_EMAIL = 'demo@hashpool.example';
const DEMO_PASSWORD = 'hashpool-demo';
/** The ingest key the test server accepts (its INGEST_KEYS); at least 16 characters. */
const E2E_INGEST_KEY = 'hashpool-e2e-ingest-key-0001';
/**
 * Longest wait for something the server's mining job produces: one job interval (5 s in the test
 * server, 60 s by default) plus a page refresh, with room to spare on a slow machine.
 */
const JOB_WAIT_MS = 90_000;

/** Logs in through the /login screen and lands on `to` (the login's ?redirect=). */
async function logInAsDemo(page: Page, to: string): Promise<void> {
  await page.goto(`/login?redirect=${encodeURIComponent(to)}`);
  await fillLogin(page, DEMO_EMAIL, DEMO_PASSWORD);
  await expect(page).toHaveURL(to);
}

/** Reloads until `check` passes: for figures the server's job or the simulator has yet to produce. */
async function reloadUntil(page: Page, check: () => Promise<void>): Promise<void> {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: JOB_WAIT_MS, intervals: [2_000, 5_000] });
}

const workerNames = (page: Page) => page.locator('.ant-table-tbody').getByRole('link').allInnerTexts();

/** The table's worker names are in this order (and there are some). */
async function listedInOrder(page: Page, order: 'asc' | 'desc'): Promise<boolean> {
  const names = await workerNames(page);
  const sorted = [...names].sort();
  if (order === 'desc') sorted.reverse();
  return names.length > 2 && names.join() === sorted.join();
}

test('the dashboard shows the demo farm and its hashrate chart fills', async ({ page }) => {
  test.setTimeout(150_000);
  await logInAsDemo(page, '/pool/btc/home');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bitcoin pool · Dashboard');

  // The simulator's first batch creates the workers; the first job run gives them a hashrate.
  await reloadUntil(page, async () => {
    await expect(page.getByTestId('workers-active')).not.toHaveText('0', { timeout: 2_000 });
    await expect(page.getByTestId('hashrate-15m')).not.toContainText(/\b0\.00\s*H\/s/, { timeout: 2_000 });
  });
  await expect(page.getByTestId('hashrate-15m')).toContainText(/TH\/s|PH\/s/);

  const day = page.getByRole('img', { name: 'Hashrate of demofarm01, last 24 hours' });
  // 24 hours of 10-minute points, drawn on a canvas.
  await expect(day).toHaveAttribute('data-points', '144');
  await expect(day.locator('canvas')).toBeVisible();

  await page.getByText('30 days', { exact: true }).click();
  const month = page.getByRole('img', { name: 'Hashrate of demofarm01, last 30 days' });
  await expect(month).toHaveAttribute('data-points', '720');
  await expect(month.locator('canvas')).toBeVisible();

  // A status count leads to the worker list filtered by that status.
  await page.getByRole('link', { name: /^Active\s*\d+\s*show these workers$/ }).click();
  await expect(page).toHaveURL('/pool/btc/miner?status=active');
  await expect(page.getByRole('tab', { name: /Active/, selected: true })).toBeVisible();
  await saveScreenshot(page, 'pool-miner-active');
});

test('the worker table sorts by name and moves a worker to a new group', async ({ page }) => {
  test.setTimeout(150_000);
  await logInAsDemo(page, '/pool/btc/miner');
  await reloadUntil(page, async () => expect.poll(async () => (await workerNames(page)).length, { timeout: 3_000 }).toBeGreaterThan(2));

  const header = page.getByRole('columnheader', { name: /^Worker/ });
  await header.click();
  await expect(page).toHaveURL(/sort=workerName&order=asc/);
  await expect.poll(() => listedInOrder(page, 'asc')).toBe(true);
  await header.click();
  await expect(page).toHaveURL(/sort=workerName&order=desc/);
  await expect.poll(() => listedInOrder(page, 'desc')).toBe(true);

  // Select s19k1 and move it into a group made in the same dialog.
  const group = `e2e rack ${Date.now().toString(36)}`;
  await page.getByRole('row', { name: /s19k1/ }).getByRole('checkbox').check();
  await expect(page.getByText('Selected: 1')).toBeVisible();
  await page.getByRole('button', { name: 'Move to group' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move selected workers (1)' });
  // On a loaded machine the option can be clicked while the dropdown still animates in, and the
  // click misses: choose again until the name field shows.
  await expect(async () => {
    await dialog.getByRole('combobox').click();
    await page.locator('.ant-select-item-option', { hasText: 'A new group…' }).click({ timeout: 3_000 });
    await expect(dialog.getByRole('textbox', { name: 'Group name' })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await dialog.getByRole('textbox', { name: 'Group name' }).fill(group);
  await dialog.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page.getByText(`Workers moved to ${group}: 1.`)).toBeVisible();
  await expect(page.getByRole('row', { name: /s19k1/ })).toContainText(group);

  // The group is in the sidebar with its count; picking it lists only s19k1.
  const groups = page.getByRole('navigation', { name: 'Groups' });
  await groups.getByRole('button', { name: new RegExp(`^${group}`) }).click();
  await expect(page).toHaveURL(/group=\d+/);
  await expect.poll(async () => workerNames(page)).toEqual(['s19k1']);
  await saveScreenshot(page, 'pool-miner-group');

  // Deleting the group asks first, then puts s19k1 back in the default group.
  await groups.getByRole('button', { name: `Delete ${group}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${group}` });
  await expect(confirm).toContainText('no worker is removed');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText(`Group ${group} deleted.`)).toBeVisible();
  await expect(page).not.toHaveURL(/group=/);
  await expect(page.getByRole('row', { name: /s19k1/ })).toContainText('Default group');
});

/**
 * A new user (registered through the screens) whose default sub-account has one btc worker: a
 * stratum node reports a share for it, found `agoMs` ago. Answers the sub-account's name.
 */
async function userWithWorker(page: Page, worker: string, agoMs: number): Promise<string> {
  await registerByEmail(page);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const mine = await page.request.get('/api/users/mine', { headers: { authorization: `Bearer ${token}` } });
  const account: string = (await mine.json()).data.current_account.name;
  const shares = await page.request.post('/api/internal/shares', {
    headers: { 'x-ingest-key': E2E_INGEST_KEY },
    data: { batch_id: `e2e-${worker}-${Date.now()}`, shares: [{ coin: 'btc', account, worker, difficulty: 1_000_000, result: 'accepted', time: Date.now() - agoMs }] },
  });
  expect(shares.status(), 'the test server must have INGEST_KEYS set to E2E_INGEST_KEY').toBe(200);
  expect((await shares.json()).data.accepted).toBe(1);
  return account;
}

test('a hashrate threshold above the account raises an alarm in the message centre', async ({ page }) => {
  test.setTimeout(180_000);
  const account = await userWithWorker(page, 'rig1', 0);
  await page.goto('/user/message');
  const settings = page.getByRole('heading', { name: 'Alert settings' }).locator('..');
  await expect(settings).toContainText(`Sub-account ${account}`);
  await expect(settings).toContainText('BTC · Bitcoin');

  // 500 EH/s: far above one rig, so the next evaluation raises the alarm.
  await page.getByRole('switch', { name: 'Hashrate alarm' }).check();
  await page.getByRole('spinbutton', { name: 'Threshold' }).fill('500');
  // The dropdown opens with an animation: retry until the select really shows the unit.
  const unit = page.locator('.ant-select', { has: page.getByRole('combobox', { name: 'Threshold unit' }) });
  await expect(async () => {
    await page.getByRole('combobox', { name: 'Threshold unit' }).click();
    await page.locator('.ant-select-item-option', { hasText: /^EH\/s$/ }).click({ timeout: 2_000 });
    await expect(unit).toContainText('EH/s', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Alert settings saved.')).toBeVisible();
  // Saving is itself a message ("setting update").
  await expect(page.getByTestId('message').filter({ hasText: 'Settings changed' })).toContainText(`The alert settings of ${account} for BTC were changed.`);

  const alarm = page.getByTestId('message').filter({ hasText: 'Hashrate below your threshold' });
  await reloadUntil(page, () => expect(alarm).toBeVisible({ timeout: 2_000 }));
  await expect(alarm).toContainText(new RegExp(`The 15-minute hashrate of ${account} \\(BTC\\) is [\\d.]+ [KMGTPEZY]?H/s, below your alarm threshold of 500\\.00 EH/s\\.`));
  await expect(alarm).toHaveAttribute('data-read', 'false');
  await expect(page.getByTestId('unread-count')).toHaveText('Unread: 2');

  await alarm.getByRole('button', { name: 'Mark as read: Hashrate below your threshold' }).click();
  await expect(page.getByText('Marked as read: 1.')).toBeVisible();
  await expect(alarm).toHaveAttribute('data-read', 'true');
  await expect(page.getByTestId('unread-count')).toHaveText('Unread: 1');

  // The type filter keeps only alarms; the threshold form kept its value and unit.
  await page.getByRole('combobox', { name: 'Message type' }).click();
  await page.locator('.ant-select-item-option', { hasText: /^Hashrate alarm$/ }).click();
  await expect(page).toHaveURL('/user/message?type=hashrate_alarm');
  await expect(page.getByTestId('message')).toHaveCount(1);
  await expect(page.getByRole('spinbutton', { name: 'Threshold' })).toHaveValue('500');
  await saveScreenshot(page, 'pool-messages');

  await alarm.getByRole('button', { name: 'Delete: Hashrate below your threshold' }).click();
  await expect(page.getByText('Messages deleted: 1.')).toBeVisible();
  await expect(page.getByText('No messages match these filters.')).toBeVisible();
});

test('a worker group gets its own hashrate alarm in the alert settings, and the alarm names the group', async ({ page }) => {
  test.setTimeout(180_000);
  await userWithWorker(page, 'rig3', 0);
  const group = `e2e farm ${Date.now().toString(36)}`;

  // The group, made where groups are made: the worker page's "move to group".
  await page.goto('/pool/btc/miner');
  await page.getByRole('row', { name: /rig3/ }).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Move to group' }).click();
  const move = page.getByRole('dialog', { name: 'Move selected workers (1)' });
  await expect(async () => {
    await move.getByRole('combobox').click();
    await page.locator('.ant-select-item-option', { hasText: 'A new group…' }).click({ timeout: 3_000 });
    await expect(move.getByRole('textbox', { name: 'Group name' })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await move.getByRole('textbox', { name: 'Group name' }).fill(group);
  await move.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page.getByText(`Workers moved to ${group}: 1.`)).toBeVisible();

  // The group is listed under the alert settings without an alarm; its dialog sets one.
  await page.goto('/user/message');
  const row = page.getByTestId('group-alarm').filter({ hasText: group });
  await expect(row).toContainText('1 of 1 active');
  await expect(row).toContainText('No alarm');
  await row.getByRole('button', { name: `Hashrate alarm of ${group}` }).click();
  const dialog = page.getByRole('dialog', { name: `Hashrate alarm of ${group}` });
  await dialog.getByRole('switch', { name: 'Alarm for this group' }).check();
  // 0 can never be undercut: the form says so, in the shared validation wording.
  await dialog.getByRole('spinbutton', { name: 'Threshold' }).fill('0');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toContainText('Enter a hashrate threshold greater than 0.');
  // 500 EH/s: far above one rig, so the next evaluation raises the group's alarm.
  await dialog.getByRole('spinbutton', { name: 'Threshold' }).fill('500');
  const unit = dialog.locator('.ant-select', { has: page.getByRole('combobox', { name: 'Threshold unit' }) });
  await expect(async () => {
    await dialog.getByRole('combobox', { name: 'Threshold unit' }).click();
    await page.locator('.ant-select-item-option', { hasText: /^EH\/s$/ }).click({ timeout: 2_000 });
    await expect(unit).toContainText('EH/s', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(`Hashrate alarm of ${group} saved.`)).toBeVisible();
  await expect(row).toContainText('Alarm below 500.00 EH/s');

  const alarm = page.getByTestId('message').filter({ hasText: `${group}: hashrate below your threshold` });
  await reloadUntil(page, () => expect(alarm).toBeVisible({ timeout: 2_000 }));
  await expect(alarm).toContainText(new RegExp(`The 15-minute hashrate of the group ${group} of \\w+ \\(BTC\\) is [\\d.]+ [KMGTPEZY]?H/s, below your alarm threshold of 500\\.00 EH/s\\.`));
  await expect(row).toContainText('Below threshold');

  // The list on a phone in the dark theme.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(row).toContainText('Alarm below 500.00 EH/s');
  await saveScreenshot(page, 'pool-group-alarm-mobile-dark');
});

test('a worker silent for 15 minutes raises a miner-offline alert', async ({ page }) => {
  test.setTimeout(180_000);
  // The share was found 20 minutes ago and reaches the pool only now (the server takes shares up
  // to an hour old: a node's delayed batch). The worker's last share is then 20 minutes back, so
  // it is inactive, and the server's next alert evaluation sends the alert: nothing is faked.
  const account = await userWithWorker(page, 'rig7', 20 * 60_000);

  await page.goto('/user/message');
  const offline = page.getByTestId('message').filter({ hasText: 'Workers offline: 1' });
  await reloadUntil(page, () => expect(offline).toBeVisible({ timeout: 2_000 }));
  await expect(offline).toContainText(`These workers of ${account} (BTC) have sent no share for 15 minutes: rig7.`);
  await expect(offline).toHaveAttribute('data-read', 'false');

  // The worker shows as inactive on the worker page too.
  await page.goto('/pool/btc/miner?status=inactive');
  await expect(page.getByRole('row', { name: /rig7/ })).toContainText('Inactive');
});
