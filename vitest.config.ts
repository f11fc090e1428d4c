import '#tests/compile-cache.ts';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.{ts,tsx}'],
    environment: 'node',
    // One migrated database per run, copied by every test database (tests/integration/global-setup.ts).
    globalSetup: ['tests/integration/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default (cores − 1) is one worker on a 2-core machine; the files are independent (each integration
    // test makes its own database), and much of their time is spent waiting on PostgreSQL and child processes.
    maxWorkers: 2,
    // A worker runs file after file in one process instead of a fresh one per file: the files do not share state
    // (each integration test makes its own database, nothing patches globals), and loading the app's modules once per
    // worker saved a quarter of the run's CPU (docs/testing.md, "Unit and integration tests").
    isolate: false,
  },
});
