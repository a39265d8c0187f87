import { defineConfig } from '@playwright/test';
import base from './playwright.config';
import { e2eServers, type ServerOptions } from './e2e/servers';

// e2e/theme.spec.ts: the same real server and build as the browser suite, on a fresh database
// seeded with a dark orange theme colour (DEMO_THEME_COLOR, docs/decisions/043). A config of its
// own, so the main suite's servers keep the default colour; `npm test` runs both, one after the
// other, so this one takes the main suite's first port. One worker and one server: it is one file,
// whose tests run in order.
const { webServer, servers } = e2eServers('e2e-theme-data', 1, { DEMO_THEME_COLOR: '#d9480f' });

export default defineConfig<ServerOptions>({
  ...base,
  testIgnore: [],
  testMatch: 'theme.spec.ts',
  outputDir: 'test-results/theme',
  workers: 1,
  use: { ...base.use, servers },
  webServer,
});
