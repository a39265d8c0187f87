import { defineConfig } from 'vitest/config';
import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';

// Server and contract suites run in node; component suites opt into jsdom with a
// `// @vitest-environment jsdom` line, so one config serves both.
export default defineConfig({
  plugins: [react()],
  test: {
    include: ['core/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'machines/**/*.test.ts', 'server/**/*.test.ts', 'tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Testing Library's waits hold up to 30 s under load (tests/setup/waits.ts): a test outlasts
    // the wait it fails on, so the failure says what it waited for. Model paths set their own.
    setupFiles: ['tests/setup/waits.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default (cores - 1) is a single worker on a 2-core machine, leaving a core mostly
    // to the runner; two workers finish the suites sooner there (docs/performance.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    globalSetup: ['tests/helpers/pglite-template.ts', 'tests/helpers/built-app-dir.ts'],
  },
});
