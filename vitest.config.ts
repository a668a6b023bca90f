import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/model/**/*.test.ts'],
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
