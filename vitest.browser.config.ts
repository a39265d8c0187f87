import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config';

// The browser walks (tests/browser/*.walk.ts): each flow's graph walked in Chromium against the
// reference server over HTTP (ADR 039). One suite at a time: each runs a Chromium and a server,
// and two cores hold one of each without starving the other's waits.
export default mergeConfig(
  base,
  defineConfig({
    test: {
      include: ['tests/browser/**/*.walk.ts'],
      maxWorkers: 1,
      fileParallelism: false,
      globalSetup: ['tests/helpers/pglite-template.ts'],
    },
  }),
);
