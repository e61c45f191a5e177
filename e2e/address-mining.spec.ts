// Address mining in the browser: a visitor searches an ALEO address that a stratum node
// reported shares for, sees its figures, chart and workers, opens the IP statistics (workers per
// network, no full IP) and the stake calculator; the search history keeps the last ten; a
// malformed address is refused before asking; other coins and pages redirect home. Light, dark,
// phone and Chinese.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, logInAsOperator, saveScreenshot, test } from './accounts-helpers';

const E2E_INGEST_KEY = 'hashpool-e2e-ingest-key-0001';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
/** A fresh, well-formed ALEO address ("aleo1" and 58 bech32 characters). */
const aleoAddress = () => `aleo1${[...randomBytes(58)].map((b) => BECH32[b % 32]).join('')}`;

/** Shares of three rigs, two in one /24 network, as a stratum node reports them. */
async function mineTo(page: Page, address: string): Promise<void> {
  const now = Date.now();
  const rigs = [
    ['rig1', '198.51.100.10'],
    ['rig2', '198.51.100.11'],
    ['rig3', '203.0.113.20'],
  ] as const;
  const shares = rigs.flatMap(([worker, ip]) => Array.from({ length: 5 }, (_, i) => ({ coin: 'aleo', address, worker, difficulty: 100_000, result: 'accepted', ip, time: now - i * 30_000 })));
  const res = await page.request.post('/api/internal/shares', { headers: { 'x-ingest-key': E2E_INGEST_KEY }, data: { batch_id: `e2e-aleo-${randomBytes(6).toString('hex')}`, shares } });
  expect(res.status()).toBe(200);
}

test('search an address: figures, chart, workers; IP statistics and the stake calculator', async ({ page }) => {
  // Up to 90 s of waiting for the minute job, then the workers, a worker's chart and two more pages.
  test.setTimeout(240_000);
  const address = aleoAddress();
  await mineTo(page, address);
  await page.goto('/mining/aleo/dashboard');
  await expect(page.getByRole('heading', { name: 'ALEO mining · Dashboard' })).toBeVisible();
  const search = page.getByLabel('ALEO wallet address');
  await search.fill('aleo1notanaddress');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('alert')).toHaveText('This is not a valid ALEO wallet address. Check it and try again.');
  await search.fill(address);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(`/mining/aleo/dashboard?address=${address}`);
  // The server's minute job (every few seconds in the test server) turns shares into figures.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('address-workers')).toContainText('3 / 3', { timeout: 8_000 });
    await expect(page.getByTestId('address-hashrate-15m')).toContainText('KH/s', { timeout: 8_000 });
  }).toPass({ timeout: 90_000, intervals: [2_000, 4_000] });
  // The chart: 24 hours of 10-minute points on a canvas.
  const chart = page.getByRole('img', { name: /^Hashrate, last 24 hours/ });
  await expect(chart).toHaveAttribute('data-points', '144');
  await expect(chart.locator('canvas')).toBeVisible();
  const workers = page.getByRole('table', { name: 'Workers' });
  await expect(workers.getByRole('row')).toHaveCount(4);
  for (const rig of ['rig1', 'rig2', 'rig3']) await expect(workers).toContainText(rig);
  // Status filter and sort: by name, then the other way round.
  // On a loaded machine the list's click can land while the dropdown still opens: choose again until the list follows.
  await expect(async () => {
    await page.getByRole('combobox', { name: 'Sort workers' }).click();
    // The option, not the chosen value (which carries the same title once chosen).
    await page.locator('.ant-select-item-option[title="By name"]').click();
    await expect(workers.getByRole('row').nth(1)).toContainText('rig1', { timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
  await page.getByRole('button', { name: 'Ascending' }).click();
  await expect(workers.getByRole('row').nth(1)).toContainText('rig3');
  await page.getByText('Dead 0').click();
  await expect(page.getByText('No workers with this status.')).toBeVisible();
  await page.getByText('All 3').click();
  await expect(workers.getByRole('row')).toHaveCount(4);
  await expect(page.getByTestId('address-unpaid')).toContainText('0');
  // A worker's name opens its own chart below the list; the close button closes it.
  await workers.getByRole('button', { name: "Show rig1's hashrate chart" }).click();
  const workerChart = page.getByTestId('address-worker-chart');
  await expect(workerChart.getByRole('heading', { name: 'Hashrate of worker rig1' })).toBeVisible();
  await expect(workerChart.getByRole('img', { name: /^Hashrate of worker rig1, last 24 hours/ })).toHaveAttribute('data-points', '144');
  await saveScreenshot(page, 'address-worker-chart');
  await workerChart.getByRole('button', { name: 'Close the worker chart' }).click();
  await expect(workerChart).toHaveCount(0);
  await saveScreenshot(page, 'address-dashboard-light');

  // Workers per network (the address goes along; a public page shows no full IP): two rigs in one
  // /24, one in another.
  await page.getByRole('link', { name: 'IP statistics' }).click();
  await expect(page).toHaveURL(`/mining/aleo/ip-statistics?address=${address}`);
  const byIp = page.getByRole('table', { name: 'Workers by IP' });
  await expect(byIp.getByRole('row')).toHaveCount(3);
  await expect(byIp.getByRole('row').filter({ hasText: '198.51.100.0/24' })).toContainText('2 / 2');
  await expect(byIp.getByRole('row').filter({ hasText: '203.0.113.0/24' })).toContainText('1 / 1');
  await expect(byIp).not.toContainText('198.51.100.10');
  // The stake calculator: a stake short of what the hashrate needs says so. The network's
  // difficulty (the proof target) as a stratum node reports it: 1 GH/s finds 1e9 x 3600 / 5e10 =
  // 72 solutions an epoch.
  const network = await page.request.post('/api/internal/blocks', { headers: { 'x-ingest-key': E2E_INGEST_KEY }, data: { events: [{ type: 'network', coin: 'aleo', difficulty: 5e10, height: 1, time: Date.now() }] } });
  expect(network.status()).toBe(200);
  await page.getByLabel('Hashrate (H/s)').fill('1000000000');
  await page.getByLabel('Staked ALEO').fill('10');
  await page.getByRole('button', { name: 'Calculate' }).click();
  await expect(page.getByTestId('stake-result')).toContainText('Insufficient ALEO staking amount; stake more ALEO before mining');
  // 72 solutions x 1,250,000 ALEO (the schedule from 2026-10-31), less the 10 staked.
  await expect(page.getByTestId('stake-result')).toContainText('90,000,000 ALEO staked');
  await expect(page.getByTestId('stake-result')).toContainText('Missing: 89,999,990 ALEO.');
  await saveScreenshot(page, 'address-ip-statistics');
});

test('the search history keeps the last ten', async ({ page }) => {
  await page.goto('/mining/aleo/dashboard');
  const addresses = Array.from({ length: 11 }, aleoAddress);
  for (const address of addresses) {
    await page.getByLabel('ALEO wallet address').fill(address);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(`/mining/aleo/dashboard?address=${address}`);
  }
  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('search_list'))) ?? '[]') as Array<{ pool: string; addr: string }>;
  expect(stored).toHaveLength(10);
  expect(stored[0]).toEqual({ pool: 'aleo', addr: addresses[10] });
  expect(stored.map((s) => s.addr)).not.toContain(addresses[0]);
  await expect(page.getByTestId('search-history').locator('.ant-tag')).toHaveCount(10);
  // An address that never mined: a friendly empty answer.
  await expect(page.getByTestId('address-no-data')).toContainText('No shares from this address yet');
  // The coin's pages open with the address last looked up.
  await page.goto('/mining/aleo/dashboard');
  await expect(page).toHaveURL(`/mining/aleo/dashboard?address=${addresses[10]}`);
});

test('other coins and other pages go home', async ({ page }) => {
  for (const path of ['/mining/btc/dashboard', '/mining/kas/ip-statistics', '/mining/aleo/nope', '/mining/xyz/stats']) {
    await page.goto(path);
    await expect(page).toHaveURL('/');
  }
  // The other pages of an address-mode coin.
  await page.goto('/mining/kas/stats');
  await expect(page.getByRole('heading', { name: 'KAS mining · Pool statistics' })).toBeVisible();
  await expect(page.getByTestId('address-pool-hashrate')).toBeVisible();
  await page.goto('/mining/kas/info');
  await expect(page.getByTestId('address-fee')).toContainText('%');
  await expect(page.getByTestId('address-format')).toContainText('Starts with kaspa:q / kaspa:p; bech32 characters');
  await expect(page.getByText('Your KAS wallet address, a dot, then this machine\'s name')).toBeVisible();
  await saveScreenshot(page, 'address-info');
});

test.describe('on a phone, dark and in Chinese', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the dashboard fits 390 px', async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('theme', 'dark');
      localStorage.setItem('language', 'zh-CN');
    });
    const address = aleoAddress();
    await mineTo(page, address);
    await page.goto(`/mining/aleo/dashboard?address=${address}`);
    await expect(page.getByRole('heading', { name: 'ALEO 挖矿 · 仪表盘' })).toBeVisible();
    await expect(page.getByTestId('address-hashrate-15m')).toBeVisible();
    await saveScreenshot(page, 'address-dashboard-phone-dark-zh');
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > 390)
        .slice(0, 5)
        .map((el) => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`),
    );
    expect(wide, 'elements wider than the screen').toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test('an operator adds an entry to the ALEO stake schedule, audited', async ({ page }) => {
  await logInAsOperator(page);
  await page.goto('/admin/stake');
  const table = page.getByRole('table', { name: 'ALEO stake schedule' });
  await expect(table).toContainText('2500000 ALEO'); // the published schedule's last step
  await page.getByRole('button', { name: 'Add or change an entry' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add or change an entry' });
  await dialog.getByLabel('From (UTC instant)').fill('2027-10-31T23:59:59Z');
  await dialog.getByLabel('Stake per solution (ALEO)').fill('3000000');
  await dialog.getByLabel('Reason').fill('e2e: the network raised the requirement');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('row').filter({ hasText: '2027-10-31' })).toContainText('3000000 ALEO');
  await expect(table.getByRole('row').filter({ hasText: '2027-10-31' })).toContainText('Operator');
  await saveScreenshot(page, 'address-admin-stake');
  await page.getByRole('navigation', { name: 'Operations pages' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('table', { name: 'Audit log' }).getByRole('row').nth(1)).toContainText('ALEO stake schedule changed');
});
