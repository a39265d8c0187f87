import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config';

// `npm run test:attack` (issue 8, docs/security.md): the slow suites that attack the portal.
// One file at a time: several spawn server processes, load them or time them, and two such
// suites side by side on two cores would measure each other.
export default mergeConfig(
  base,
  defineConfig({
    test: {
      include: ['tests/attack/**/*.attack.ts'],
      maxWorkers: 1,
      fileParallelism: false,
      testTimeout: 10 * 60_000,
      hookTimeout: 5 * 60_000,
    },
  }),
);
