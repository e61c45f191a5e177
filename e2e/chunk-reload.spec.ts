// A page chunk that fails to load reloads the page once; failing again, it says the website was
// updated (docs/rules.md, Routes and access).
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

/** The built file of the terms page's chunk (chunks are named by their hash: the build's manifest says which). */
function chunkOf(source: string): string {
  const manifest = JSON.parse(readFileSync('apps/web/dist/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>;
  const entry = Object.entries(manifest).find(([key]) => key.endsWith(source));
  if (!entry) throw new Error(`no chunk for ${source} in the build's manifest`);
  return entry[1].file;
}

test('a failing page chunk reloads once, then asks for a refresh', async ({ page }) => {
  let documentLoads = 0;
  page.on('load', () => documentLoads++);
  const chunk = chunkOf('/TermsPage.tsx');
  await page.route((url) => url.pathname === `/${chunk}`, (route) => route.abort('failed'));
  await page.goto('/terms');
  await expect(page.getByText('The website has been updated, please refresh.')).toBeVisible();
  expect(documentLoads).toBe(2);
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible();
});
