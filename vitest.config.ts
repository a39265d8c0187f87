import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Server and contract suites run in node; component suites opt into jsdom with a
// `// @vitest-environment jsdom` line, so one config serves both.
export default defineConfig({
  plugins: [react()],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'machines/**/*.test.ts', 'server/**/*.test.ts', 'tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
