// The web app's layering rule (eslint.config.js; apps/web/src/README.md): app -> features -> shell
// -> ui, one direction, and a feature reaches another only through its index.ts. Lints small texts
// as if they were files of each layer and checks that an import against the direction fails and a
// correct one passes.
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT, overrideConfigFile: path.join(ROOT, 'eslint.config.js') });
});

/** The layering problems ESLint reports for `code` as the file at `file` (relative to apps/web/src). */
async function layeringErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, 'apps/web/src', file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax').map((m) => `${m.ruleId}: ${m.message}`);
}

describe('layering lint rule', { timeout: 60_000 }, () => {
  it('fails an import from shell/ or app/ into ui/, and passes ui/ within ui/', async () => {
    const wrong = await layeringErrors('ui/Fixture.tsx', "import { useToast } from '../shell/feedback/feedback';\nexport const x = useToast;\n");
    expect(wrong).toHaveLength(1);
    expect(wrong[0]).toMatch(/^no-restricted-imports: .*ui\/ imports only ui\//);
    expect(await layeringErrors('ui/charts/Fixture.tsx', "import type { RouteDef } from '../../app/routes';\nexport type X = RouteDef;\n")).toHaveLength(1);
    expect(await layeringErrors('ui/charts/Fixture.tsx', "import { Panel } from '../Panel';\nimport { useToast } from '../toast';\nexport const x = [Panel, useToast];\n")).toEqual([]);
  });

  it('fails an import from app/ or a feature into shell/, and passes shell/ to ui/', async () => {
    expect(await layeringErrors('shell/frames/Fixture.tsx', "import { ROUTES } from '../../app/routes';\nexport const x = ROUTES;\n")).toHaveLength(1);
    expect(await layeringErrors('shell/Fixture.ts', "import { walletKeys } from '../features/wallet';\nexport const x = walletKeys;\n")).toHaveLength(1);
    expect(await layeringErrors('shell/frames/Fixture.tsx', "import { Pager } from '../../ui/Pager';\nimport { useMine } from '../session/user.queries';\nexport const x = [Pager, useMine];\n")).toEqual([]);
  });

  it("fails a feature importing app/ or another feature's internals, statically or lazily; passes its index and its own files", async () => {
    const internals = await layeringErrors('features/wallet/dialogs/Fixture.tsx', "import { formRules } from '../../accounts/lib/rules';\nexport const x = formRules;\n");
    expect(internals).toHaveLength(1);
    expect(internals[0]).toMatch(/Feature wallet may use another feature only through its index\.ts/);
    expect(await layeringErrors('features/admin/Fixture.ts', "export const load = () => import('../mining/components/BlockList');\n")).toEqual([
      expect.stringMatching(/^no-restricted-syntax: Feature admin may use another feature only through its index\.ts/),
    ]);
    expect(await layeringErrors('features/mining/pages/Fixture.tsx', "import { ROUTES } from '../../../app/routes';\nexport const x = ROUTES;\n")).toHaveLength(1);
    expect(
      await layeringErrors(
        'features/admin/components/Fixture.tsx',
        "import { coinSymbol } from '../../wallet';\nimport { walletKeys } from '../../wallet/index';\nimport { useAdminWithdrawals } from '../admin.queries';\nimport { useToast } from '../../../ui/toast';\nexport const x = [coinSymbol, walletKeys, useAdminWithdrawals, useToast];\n",
      ),
    ).toEqual([]);
  });

  it("passes app/'s lazy pages and a feature's index, fails its internals imported statically", async () => {
    expect(await layeringErrors('app/layout/Fixture.tsx', "export const Page = () => import('../../features/mining/components/MessageBell');\nimport { logout } from '../../features/accounts';\nexport const x = logout;\n")).toEqual([]);
    expect(await layeringErrors('app/Fixture.ts', "import { accountsApi } from '../features/accounts/accounts.api';\nexport const x = accountsApi;\n")).toHaveLength(1);
  });

  it("passes app/ importing a feature's declaration (feature.ts); fails a feature importing another's", async () => {
    expect(await layeringErrors('app/Fixture.ts', "import { walletFeature } from '../features/wallet/feature';\nexport const x = walletFeature;\n")).toEqual([]);
    expect(await layeringErrors('features/admin/Fixture.ts', "import { walletFeature } from '../wallet/feature';\nexport const x = walletFeature;\n")).toHaveLength(1);
    expect(await layeringErrors('features/admin/Fixture.ts', "import { ADMIN_MESSAGES } from './messages';\nexport const x = ADMIN_MESSAGES;\n")).toEqual([]);
  });
});
