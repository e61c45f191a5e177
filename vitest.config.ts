// Five projects: `unit` (pure rules, fast, next to the code; `unit-isolated` holds the few that
// stub modules or globals), `web` (the web app's components rendered in jsdom with Testing
// Library), `integration` (the real app through app.inject against PGlite in memory, or PostgreSQL
// when TEST_DATABASE_URL is set) and `chain` (the stratum app against real regtest coin nodes).
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Unit tests that replace modules or globals: they run isolated (the `unit-isolated` project).
 * scripts/test-isolation.test.ts fails when a file that does is missing here.
 */
export const STUBBING_UNIT_TESTS = ['apps/web/test/session-refresh-load.test.ts', 'apps/web/test/accounts-client.test.ts', 'apps/stratum/src/outbox/durable-queue-write-failure.test.ts'];

/**
 * Integration files that take 20 to 65 s (real server processes, crashes, the OpenAPI fuzz run),
 * roughly the longest first. They start first, so that the stage does not end on one of them with the other
 * core idle: Vitest orders by the durations it cached, and the PostgreSQL run reads those of the
 * PGlite run just before, where the process and crash files are skipped and took no time (CI of
 * 2 December: the PostgreSQL stage ended with wallet-crash alone for its last 43 s).
 * scripts/test-order.test.ts fails when a name here no longer matches a file.
 */
export const SLOW_INTEGRATION_FILES = ['operations-process', 'fuzz-1', 'fuzz-2', 'wallet-crash', 'contracts-crash', 'main', 'settlement-crash'].map((name) => `/${name}.int.test.ts`);

class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const i = SLOW_INTEGRATION_FILES.findIndex((end) => file.moduleId.endsWith(end));
      return i < 0 ? SLOW_INTEGRATION_FILES.length : i;
    };
    // Vitest's order puts each project's files together; within each, the slow ones move to the
    // front (Array.prototype.sort is stable: the rest keep Vitest's own order).
    const byProject = new Map<string, TestSpecification[]>();
    for (const file of await super.sort(files)) {
      const group = byProject.get(file.project.name) ?? [];
      group.push(file);
      byProject.set(file.project.name, group);
    }
    return [...byProject.values()].flatMap((group) => group.sort((a, b) => rank(a) - rank(b)));
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: SlowFilesFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/web/test/**/*.test.ts', 'scripts/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**', ...STUBBING_UNIT_TESTS],
          environment: 'node',
          // Both cores (Vitest's default leaves one idle), and a worker's files share their imports:
          // rules keep no state at module level. 72 s isolated on one worker, 20 s so (30 November).
          maxWorkers: 2,
          isolate: false,
          // Not the default 5 s: some files do real work per test (scrypt hashing, hundreds of
          // synced disk writes, forked processes) that takes 2 to 3 s on a quiet machine and can
          // take twice that on a loaded CI one. A hang still fails.
          testTimeout: 30_000,
        },
      },
      {
        // Unit tests that replace a module (vi.mock) or a global (vi.stubGlobal): each in a fresh
        // module graph, so that nothing they replace reaches another file.
        test: {
          name: 'unit-isolated',
          include: STUBBING_UNIT_TESTS,
          environment: 'node',
          maxWorkers: 2,
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
          // Both cores (Vitest's default leaves one idle): 64 s on one, 40 s on two.
          maxWorkers: 2,
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
          // A worker's files share its imports: each file builds its own app on its own database,
          // and the server keeps no state at module level, so importing the server's 400 modules
          // again for each of the ~50 files (about 5 s each) bought nothing. PGlite stage: 447 s
          // isolated, 272 s shared (30 November, same machine, all tests passing both ways).
          isolate: false,
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
