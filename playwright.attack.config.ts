import { defineConfig } from '@playwright/test';
import base from './playwright.config';
import { e2eServers, type ServerOptions } from './e2e/servers';

// `npm run test:attack` (docs/security.md): browser attacks (XSS, two tabs, the API failing mid-flow)
// against the same real server and build as the browser suite. One worker and one server: some of
// these specs time what they do (the captcha's price, a tab following another), and a second
// Chromium beside them would be in their figures.
const { webServer, servers } = e2eServers('e2e-data', 1);

export default defineConfig<ServerOptions>({
  ...base,
  testDir: 'e2e/attack',
  testMatch: '**/*.attack.ts',
  outputDir: 'test-results/attack',
  workers: 1,
  use: { ...base.use, servers },
  webServer,
});
