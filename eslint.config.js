// Lint: typescript-eslint's recommended rules on every package, and the web app's layering.
// Formatting is left to editors.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/**
 * The web app's layers (apps/web/src/README.md): app -> features -> shell -> ui, one direction.
 * app/ is the composition root (router, route table, layout, guards): it may import anything, a
 * feature statically only through its index.ts and its declaration, feature.ts (lazily, any of
 * its pages). A feature imports
 * shell/, ui/, i18n/ and its own files, and another feature only through that feature's index.ts.
 * shell/ (and i18n/, which sits beside it) imports ui/ and itself, never app/ or a feature. ui/
 * imports nothing of the app. Imports are relative, so each rule is written for the depth of the
 * importing file: from apps/web/src/<layer>/<n-1 folders>/file, "../" n times reaches src/.
 * no-restricted-imports checks import and export-from (types too); no-restricted-syntax checks
 * import() the same way, except in app/, whose lazy pages are the one sanctioned way in.
 */
const WEB_SRC = 'apps/web/src';
const FEATURES = readdirSync(path.join(import.meta.dirname, WEB_SRC, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** Folders below a layer's own folder that the rules cover. */
const MAX_DEPTH = 5;
const LAYERS_DOC = 'See apps/web/src/README.md: app -> features -> shell -> ui.';

/** "../" n times, as a regular expression. */
const up = (n) => `(\\.\\./){${n}}`;
const escapeForSelector = (regex) => regex.replace(/\//g, '\\/');

/**
 * One files block per depth below `base` (a folder `baseDepth` folders below src): the patterns
 * `patternsAt(n)` for a file n folders below src.
 */
function layerBlocks(base, baseDepth, patternsAt, { dynamic = true } = {}) {
  const blocks = [];
  for (let extra = 0; extra <= MAX_DEPTH; extra++) {
    const n = baseDepth + extra;
    const patterns = patternsAt(n);
    const files = [[base, ...Array(extra).fill('*'), '*.{ts,tsx}'].join('/')];
    const message = (text) => `${text} ${LAYERS_DOC}`;
    const rules = { 'no-restricted-imports': ['error', { patterns: patterns.map(({ regex, text }) => ({ regex, message: message(text) })) }] };
    if (dynamic) {
      rules['no-restricted-syntax'] = ['error', ...patterns.map(({ regex, text }) => ({ selector: `ImportExpression[source.value=/${escapeForSelector(regex)}/]`, message: message(text) }))];
    }
    blocks.push({ files, rules });
  }
  return blocks;
}

const webLayering = [
  // ui/: generic pieces; nothing of the app.
  ...layerBlocks(`${WEB_SRC}/ui`, 1, (n) => [{ regex: `^${up(n)}(app|shell|features|i18n)(/|$)`, text: 'ui/ imports only ui/ (and packages).' }]),
  // shell/ and i18n/: services of the app's frame; never the composition root or a feature.
  ...layerBlocks(`${WEB_SRC}/shell`, 1, (n) => [{ regex: `^${up(n)}(app|features)(/|$)`, text: 'shell/ imports shell/, i18n/ and ui/, never app/ or a feature.' }]),
  ...layerBlocks(`${WEB_SRC}/i18n`, 1, (n) => [{ regex: `^${up(n)}(app|features)(/|$)`, text: 'i18n/ imports shell/ at most, never app/ or a feature.' }]),
  // features/<name>/: never app/; another feature only through its index.ts.
  ...FEATURES.flatMap((feature) => {
    const others = FEATURES.filter((other) => other !== feature).join('|');
    return layerBlocks(`${WEB_SRC}/features/${feature}`, 2, (n) => [
      { regex: `^${up(n)}app(/|$)`, text: 'A feature never imports app/ (app/ imports features).' },
      {
        // ../ (n-1) times reaches features/; n times reaches src/, then features/.
        regex: `^(${up(n - 1)}|${up(n)}features/)(${others})/(?!index(\\.tsx?)?$)`,
        text: `Feature ${feature} may use another feature only through its index.ts (or move the shared piece to shell/ or ui/).`,
      },
    ]);
  }),
  // app/: the composition root imports a feature statically only through its index.ts.
  ...layerBlocks(
    `${WEB_SRC}/app`,
    1,
    (n) => [{ regex: `^${up(n)}features/[^/]+/(?!(index|feature)(\\.tsx?)?$)`, text: 'app/ imports a feature statically only through its index.ts and its declaration (feature.ts); its pages are lazy imports.' }],
    { dynamic: false },
  ),
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  { files: ['scripts/**', 'apps/server/scripts/**', 'apps/stratum/scripts/**', '**/*.cli.ts', '**/migrate-cli.ts'], rules: { 'no-console': 'off' } },
  // Server walls (docs/architecture.md): a module uses another only through its index.ts (its
  // services and types), never its tables, repositories or other files; the platform and the
  // database layer serve every module and import none (db/prepare.ts reads the registry).
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/modules/registry.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./[a-z-]+/', message: "Another module's files are its own: import its index.ts ('../<module>') and call its services." }] }],
    },
  },
  {
    files: ['apps/server/src/platform/**/*.ts', 'apps/server/src/db/**/*.ts'],
    ignores: ['apps/server/src/db/prepare.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)modules(/|$)', message: 'The platform and the database layer serve the modules and import none of them.' }] }],
    },
  },
  // One decimal arithmetic for money (docs/architecture.md, "The ledger"): the server computes every
  // amount with LedgerDecimal (80 digits, ledger/ledger.ts), never with decimal.js's default context
  // of 20 digits, which credited 12,345 coins of an 18-decimal coin 47 base units too many.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/modules/ledger/ledger.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', { selector: "ImportDeclaration[source.value='decimal.js'][importKind!='type']", message: "Money arithmetic uses the ledger's one decimal context: import { LedgerDecimal } from the ledger module (ledger/ledger.ts)." }],
    },
  },
  // crypto.randomUUID exists only on secure origins; a pool opened over plain http on a LAN broke
  // the pages that called it while rendering (the contract order pages).
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-properties': ['error', { object: 'crypto', property: 'randomUUID', message: 'Missing on plain-http origins: use randomUuid() from shell/api/idempotency.ts.' }],
    },
  },
  ...webLayering,
);
