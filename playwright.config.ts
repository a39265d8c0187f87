import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumMissingMessage, findChromium } from './scripts/chromium';

const port = Number(process.env.E2E_PORT ?? 8181);
const dataDir = `.tmp/e2e-data-${port}`;
// Said here, with every way to get one, rather than as Playwright's own message at the first launch,
// which names its download only.
const executablePath = findChromium();
if (!executablePath) throw new Error(chromiumMissingMessage);

// The real server on a fresh embedded database, serving the production build.
export default defineConfig({
  testDir: 'e2e',
  // Runs on a server with another theme colour: playwright.theme.config.ts.
  testIgnore: 'theme.spec.ts',
  outputDir: 'test-results',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'on-first-retry',
    launchOptions: { executablePath, args: chromiumArgs },
  },
  webServer: {
    command: `rm -rf ${dataDir} && npx tsx server/main.ts`,
    url: `http://127.0.0.1:${port}/api/site/theme/v1`,
    reuseExistingServer: false,
    timeout: 60_000,
    // PUBLIC_URL: providers send the payer back to the origin the browser uses (its storage holds the session).
    env: { PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'test' },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
