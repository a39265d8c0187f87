import { defineConfig } from 'vitest/config';
import base from './vitest.config';

// `npm run test:attack` (docs/security.md): the slow suites that attack the portal.
// The base config's plugins and environment, but its own files: `mergeConfig` would concatenate
// the `include` lists and run every fast suite again. One file at a time: several spawn server
// processes, load them or time them, and two such suites side by side on two cores would measure
// each other.
export default defineConfig({
  plugins: base.plugins,
  test: {
    ...base.test,
    include: ['tests/attack/**/*.attack.ts'],
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 10 * 60_000,
    hookTimeout: 5 * 60_000,
  },
});
