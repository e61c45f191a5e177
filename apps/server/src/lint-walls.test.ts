// The walls between server modules are lint rules (eslint.config.js): this shows them refusing a
// crossing, and letting the allowed imports through, on small texts placed where they would live.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

async function wallErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('server module walls', () => {
  it("refuse another module's tables, repository or service file", async () => {
    for (const target of ['../accounts/accounts.tables', '../accounts/accounts.repository', '../ledger/ledger', '../mining/blocks.service']) {
      const errors = await wallErrors('apps/server/src/modules/earnings/example.ts', `import { x } from '${target}';\nexport const y = x;\n`);
      expect(errors, target).toHaveLength(1);
      expect(errors[0]).toMatch(/index\.ts/);
    }
  });

  it("let a module use another's index, its own files and the platform", async () => {
    const code = ["import { a } from '../accounts';", "import { b } from './earnings.repository';", "import { c } from '../../platform/errors';", "import { d } from '@hashpool/shared';", 'export const e = [a, b, c, d];', ''].join('\n');
    expect(await wallErrors('apps/server/src/modules/earnings/example.ts', code)).toEqual([]);
  });

  it('keep the platform and the database layer free of modules', async () => {
    expect(await wallErrors('apps/server/src/platform/example.ts', "import { a } from '../modules/accounts';\nexport const b = a;\n")).toHaveLength(1);
    expect(await wallErrors('apps/server/src/db/example.ts', "import { a } from '../modules/registry';\nexport const b = a;\n")).toHaveLength(1);
  });
});
