import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumMissingMessage, findChromium } from './scripts/chromium';
import { e2eServers, firstPort, type ServerOptions } from './e2e/servers';

// Said here, with every way to get one, rather than as Playwright's own message at the first launch,
// which names its download only.
const executablePath = findChromium();
if (!executablePath) throw new Error(chromiumMissingMessage);

// Two workers, each with its own real server on a fresh embedded database, serving the production
// build (e2e/servers.ts, docs/decisions/029). Files, not tests, are split between them: the tests
// of a file run in order, on one server.
const workers = 2;
const { webServer, servers } = e2eServers('e2e-data', workers);
// e2e/theme.spec.ts runs on a server of its own, seeded with a dark orange brand colour
// (DEMO_THEME_COLOR, docs/decisions/043), on the port after the workers'. One file: whichever
// worker takes it runs it there, while the other goes on with the rest (docs/decisions/029).
const themed = e2eServers('e2e-theme-data', 1, { DEMO_THEME_COLOR: '#d9480f' }, firstPort + workers);

export default defineConfig<ServerOptions>({
  testDir: 'e2e',
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
  webServer: [...webServer, ...themed.webServer],
  // The theme's one file first: a worker runs it while the other starts on the rest, instead of
  // it running alone at the end.
  projects: [
    { name: 'theme', testMatch: 'theme.spec.ts', use: { browserName: 'chromium', servers: servers.map(() => themed.servers[0]!) } },
    { name: 'chromium', testIgnore: 'theme.spec.ts', use: { browserName: 'chromium' } },
  ],
});
