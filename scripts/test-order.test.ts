// The slow integration files that start first (vitest.config.ts) are named by hand: a renamed or
// deleted file would silently drop out of that order, so each name must match one file.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SLOW_INTEGRATION_FILES } from '../vitest.config';

const SERVER = path.resolve(import.meta.dirname, '../apps/server');

describe('integration file order', () => {
  it('names only integration files that exist', () => {
    const files = readdirSync(SERVER, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.int.test.ts') && !file.includes('node_modules'))
      .map((file) => `/${file}`);
    expect(files.length).toBeGreaterThan(40);
    const missing = SLOW_INTEGRATION_FILES.filter((end) => files.filter((file) => file.endsWith(end)).length !== 1);
    expect(missing).toEqual([]);
  });
});
