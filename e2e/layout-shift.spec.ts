// Cumulative Layout Shift (CLS) of a cold load of home (logged out) and of the pool dashboard, on a
// desktop and a phone: what loads later (the pools, the footer, the charts) has its space reserved,
// so nothing on screen moves when it arrives. A layout check, not a timing one: the page is read
// once everything it loads is shown, and every shift since navigation counts.
import type { Page } from '@playwright/test';
import { expect, fillLogin, test } from './accounts-helpers';

const DEMO_EMAIL = 'demo@hashpool.example';
const DEMO_PASSWORD = 'hashpool-demo';
/** Google's "good" threshold for CLS. */
const CLS_GOOD = 0.1;

/**
 * Records layout shifts from the first paint on, as web-vitals does: shifts within 500 ms of input
 * excluded, grouped into session windows (a gap under 1 s, at most 5 s long); CLS is the largest
 * window. The sources are kept to say what moved.
 */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: { value: number; time: number; sources: string[] }[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        startTime: number;
        sources?: { node?: Node }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map(({ node }) => {
          const el = node instanceof Element ? node : node?.parentElement;
          if (!el) return '?';
          return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ').slice(0, 2).join('.')}` : ''}`;
        });
        w.__shifts.push({ value: entry.value, time: entry.startTime, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function cls(page: Page): Promise<{ cls: number; shifts: { value: number; time: number; sources: string[] }[] }> {
  // Two animation frames, so that the last layout's shift entry has been delivered.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; time: number; sources: string[] }[] }).__shifts);
  let worst = 0;
  let current = 0;
  let first = 0;
  let last = 0;
  for (const shift of shifts) {
    if (current > 0 && (shift.time - last >= 1000 || shift.time - first >= 5000)) current = 0;
    if (current === 0) first = shift.time;
    current += shift.value;
    last = shift.time;
    worst = Math.max(worst, current);
  }
  return { cls: worst, shifts };
}

function report(name: string, result: Awaited<ReturnType<typeof cls>>): void {
  console.warn(`CLS ${name}: ${result.cls.toFixed(3)}`);
  for (const { value, time, sources } of result.shifts) console.warn(`  ${value.toFixed(3)} at ${Math.round(time)} ms: ${sources.join(', ')}`);
}

async function homeCls(page: Page): Promise<Awaited<ReturnType<typeof cls>>> {
  await recordShifts(page);
  await page.goto('/');
  await expect(page.locator('#pools').getByText(/Bitcoin/).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Announcements' })).toBeVisible();
  await expect(page.locator('footer')).toContainText('Terms of Service');
  await page.waitForLoadState('networkidle');
  return cls(page);
}

async function dashboardCls(page: Page): Promise<Awaited<ReturnType<typeof cls>>> {
  await page.goto(`/login?redirect=${encodeURIComponent('/pool/btc/home')}`);
  await fillLogin(page, DEMO_EMAIL, DEMO_PASSWORD);
  await expect(page).toHaveURL('/pool/btc/home');
  // A cold load of the dashboard with the session in place.
  await recordShifts(page);
  await page.goto('/pool/btc/home');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bitcoin pool · Dashboard');
  await expect(page.getByTestId('hashrate-15m')).toBeVisible();
  await expect(page.getByRole('img', { name: /^Hashrate of .*, last 24 hours$/ }).locator('canvas')).toBeVisible();
  await expect(page.locator('footer')).toBeVisible();
  await page.waitForLoadState('networkidle');
  return cls(page);
}

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test(`home (logged out) loads without layout shift`, async ({ page }) => {
      const result = await homeCls(page);
      report(`home ${device}`, result);
      expect(result.cls).toBeLessThan(CLS_GOOD);
    });

    test(`the pool dashboard loads without layout shift`, async ({ page }) => {
      const result = await dashboardCls(page);
      report(`dashboard ${device}`, result);
      expect(result.cls).toBeLessThan(CLS_GOOD);
    });
  });
}
