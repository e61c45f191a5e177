// The announced stratum endpoints, seen by people: a stratum process announces its endpoints through the internal
// API (POST /api/internal/stratum/endpoints, as apps/stratum does at start and every minute), and
// the coin's pool page shows them with the login and an example configuration, to a visitor (the
// placeholder sub-account) and to the logged-in demo user (its own sub-account), in the light and
// dark themes, at phone width and in Chinese.
//
// Needs in the Playwright webServer env (playwright.config.ts): INGEST_KEYS with E2E_INGEST_KEY.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, fillLogin, saveScreenshot, test } from './accounts-helpers';

const E2E_INGEST_KEY = 'hashpool-e2e-ingest-key-0001';
const TCP = 'stratum+tcp://ltc.e2e-stratum.example:3333';
const SSL = 'stratum+ssl://ltc.e2e-stratum.example:3334';
const BTC = 'stratum+tcp://btc.e2e-stratum.example:3333';

async function announce(request: APIRequestContext): Promise<void> {
  const endpoint = (coin: string, url: string, start: number) => ({ coin, url, start_difficulty: start, min_difficulty: start / 64, max_difficulty: start * 1024 });
  const res = await request.post('/api/internal/stratum/endpoints', {
    headers: { 'x-ingest-key': E2E_INGEST_KEY },
    data: { instance: 'e2e-stratum-1', endpoints: [endpoint('ltc', TCP, 65536), endpoint('ltc', SSL, 131072), endpoint('btc', BTC, 16384)] },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const urls = (page: Page) => page.getByTestId('stratum-urls').getByLabel('Mining address (stratum URL)', { exact: true });

test('a coin\'s pool page shows the stratum URLs a process announced, the login and a miner configuration', async ({ page, request }) => {
  await announce(request);
  await page.goto('/pool/ltc/info');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Litecoin');
  await expect(urls(page)).toHaveText([TCP, SSL]);
  await expect(page.getByText('TLS', { exact: true })).toBeVisible();
  await expect(page.getByText('Starting difficulty 65,536 (adjusts between 1,024 and 67,108,864)')).toBeVisible();
  // A visitor sees the placeholder; the password is any value.
  await expect(page.getByLabel('Worker name', { exact: true })).toHaveText('<sub-account>.worker1');
  await expect(page.getByText('Any value works: the pool does not check it.')).toBeVisible();
  const example = page.getByLabel('Example configuration (cgminer, bmminer)', { exact: true });
  expect(JSON.parse(await example.innerText())).toEqual({
    pools: [
      { url: TCP, user: '<sub-account>.worker1', pass: 'x' },
      { url: SSL, user: '<sub-account>.worker1', pass: 'x' },
    ],
  });
  await saveScreenshot(page, 'stratum-ltc-info-light');

  // Dark theme at phone width.
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(urls(page)).toHaveText([TCP, SSL]);
  await saveScreenshot(page, 'stratum-ltc-info-phone-dark');

  // In Chinese.
  await page.evaluate(() => {
    localStorage.setItem('theme', 'light');
    localStorage.setItem('language', 'zh-CN');
  });
  await page.reload();
  await expect(page.getByText('配置示例（cgminer、bmminer）')).toBeVisible();
  await expect(page.getByText('起始难度 65,536（在 1,024 到 67,108,864 之间自动调整）')).toBeVisible();
  await saveScreenshot(page, 'stratum-ltc-info-zh-CN');
});

test('a logged-in miner sees its own sub-account in the login and the example', async ({ page, request }) => {
  await announce(request);
  await page.goto(`/login?redirect=${encodeURIComponent('/pool/btc/info')}`);
  await fillLogin(page, 'demo@hashpool.example', 'hashpool-demo');
  await expect(page).toHaveURL('/pool/btc/info');
  await expect(urls(page)).toHaveText([BTC]);
  await expect(page.getByLabel('Worker name', { exact: true })).toHaveText('demofarm01.worker1');
  await expect(page.getByLabel('Example configuration (cgminer, bmminer)', { exact: true })).toContainText('"user": "demofarm01.worker1"');
  await saveScreenshot(page, 'stratum-btc-info-logged-in');
});
