// The unit files of a vitest worker share their imports (vitest.config.ts, `isolate: false`): a
// file that replaces a module or a global would hand its replacement to the files after it. Such
// files are listed in STUBBING_UNIT_TESTS and run isolated; this check fails for one that is not.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STUBBING_UNIT_TESTS } from '../vitest.config';

const ROOT = path.resolve(import.meta.dirname, '..');
const STUBS = /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(/;

/** Files under `dir` (relative to the root) whose name ends in `.test.ts`, not integration tests. */
function unitTestFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts') && !entry.name.endsWith('.int.test.ts'))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.includes('node_modules'));
}

describe('unit test isolation', () => {
  it('lists every unit test file that stubs a module or a global as isolated', () => {
    const files = ['packages', 'apps', 'scripts'].flatMap(unitTestFiles);
    expect(files.length).toBeGreaterThan(50);
    const stubbing = files.filter((file) => STUBS.test(readFileSync(path.join(ROOT, file), 'utf8')));
    expect(stubbing.sort()).toEqual([...STUBBING_UNIT_TESTS].sort());
  });
});
