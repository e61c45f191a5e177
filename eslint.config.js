// Lint: typescript-eslint's recommended rules on every package. Formatting is left to editors.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

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
  { files: ['scripts/**', 'apps/server/scripts/**', '**/*.cli.ts', '**/migrate-cli.ts'], rules: { 'no-console': 'off' } },
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
);
