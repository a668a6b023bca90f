import { defineConfig } from 'vitest/config';
import { LongFirstSequencer } from './tests/support/longFirstSequencer.ts';

/** Unit files that replace a module (vi.mock) or load modules afresh (vi.resetModules): a module registry of their own. */
const MOCKS_MODULES = ['tests/unit/views/machineActors.test.ts', 'tests/unit/app/lazyPage.test.ts', 'tests/unit/i18n/i18n.test.ts', 'tests/unit/bench/sqlTrace.test.ts'];

export default defineConfig({
  test: {
    // The longest files start first, so the two workers finish together (tests/support/longFirstSequencer.ts).
    sequence: { sequencer: LongFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/model/**/*.test.ts'],
          exclude: [...MOCKS_MODULES],
          environment: 'node',
          // Most of this layer's time was importing the same modules afresh for each of ~150 small files; a worker
          // now keeps them. The files that replace or reload modules run isolated below; globals stubbed with
          // vi.stubGlobal are put back by the files themselves.
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'unit-isolated',
          include: [...MOCKS_MODULES],
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file copies its own database from the run's template; keep the load on one PostgreSQL modest.
          maxWorkers: 2,
          // The files share the server's modules within a worker instead of importing them afresh (a third of the
          // API layer's time); every file still opens its own database and app, and nothing mocks a module.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
