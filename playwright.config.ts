import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumMissingMessage, findChromium } from './scripts/chromium';
import { e2eServers, type ServerOptions } from './e2e/servers';

// Said here, with every way to get one, rather than as Playwright's own message at the first launch,
// which names its download only.
const executablePath = findChromium();
if (!executablePath) throw new Error(chromiumMissingMessage);

// Two workers, each with its own real server on a fresh embedded database, serving the production
// build (e2e/servers.ts, docs/decisions/029). Files, not tests, are split between them: the tests
// of a file run in order, on one server.
const workers = 2;
const { webServer, servers } = e2eServers('e2e-data', workers);

export default defineConfig<ServerOptions>({
  testDir: 'e2e',
  // Runs on a server with another theme colour: playwright.theme.config.ts.
  testIgnore: 'theme.spec.ts',
  outputDir: 'test-results',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers,
  retries: process.env.CI ? 1 : 0,
  use: {
    // baseURL is the worker's server (e2e/fixtures.ts).
    servers,
    trace: 'on-first-retry',
    launchOptions: { executablePath, args: chromiumArgs },
  },
  webServer,
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
