// Four projects: `unit` (pure rules, fast, next to the code), `web` (the web app's components
// rendered in jsdom with Testing Library), `integration` (the real app through app.inject against
// PGlite in memory, or PostgreSQL when TEST_DATABASE_URL is set) and `chain` (the stratum app
// against real regtest coin nodes).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/web/test/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        // Components where the web app's logic lives (money forms, the route guard, observer
        // mode), rendered in jsdom in English; test/components/setup.ts starts i18next and what
        // jsdom lacks for Ant Design.
        test: {
          name: 'web',
          include: ['apps/web/test/**/*.test.tsx'],
          exclude: ['**/node_modules/**'],
          environment: 'jsdom',
          setupFiles: ['apps/web/test/components/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          // One migrated database that every test file's own database is copied from.
          globalSetup: ['apps/server/test/global-setup.ts'],
          // PGlite is one in-process database per test file; two cores: two files at a time.
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Real coin nodes (Litecoin Core regtest; scripts/ensure-packages.mjs installs litecoind):
        // the stratum server's proof from a hash to a payout.
        test: {
          name: 'chain',
          include: ['apps/stratum/test/**/*.chain.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          // Hashpool's database, as the integration tests make it (apps/server/test/test-app.ts).
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Each file runs its own nodes on free ports; the outage test mostly waits (two minutes of
          // a stopped API), so two files at a time keep the stage short.
          maxWorkers: 2,
          testTimeout: 300_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
