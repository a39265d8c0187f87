import { defineConfig } from '@playwright/test';
import base from './playwright.config';

const port = Number(process.env.E2E_PORT ?? 8181);
const dataDir = `.tmp/e2e-theme-data-${port}`;
const server = base.webServer as Exclude<typeof base.webServer, unknown[] | undefined>;

// e2e/theme.spec.ts: the same real server and build as the browser suite, on a fresh database
// seeded with a dark orange theme colour (DEMO_THEME_COLOR, docs/decisions/043). A config of its
// own, so the main suite starts one server only; `npm test` runs both, one after the other.
export default defineConfig({
  ...base,
  testIgnore: [],
  testMatch: 'theme.spec.ts',
  outputDir: 'test-results/theme',
  webServer: {
    ...server,
    command: `rm -rf ${dataDir} && npx tsx server/main.ts`,
    env: { ...server.env, DATA_DIR: dataDir, DEMO_THEME_COLOR: '#d9480f' },
  },
});
