import type { PlaywrightTestConfig } from '@playwright/test';

/**
 * The browser suites' servers (docs/decisions/029): one real server on a fresh embedded database
 * per Playwright worker, on E2E_PORT, E2E_PORT + 1… Each worker runs its spec files one after
 * another on its own server (e2e/fixtures.ts picks it by the worker's parallelIndex), so no spec
 * ever shares a database, a mailbox or a rate limit with a spec running at the same time: the
 * guarantee one worker gave, at two files at a time.
 */
export const firstPort = Number(process.env.E2E_PORT ?? 8181);

/** What the configs pass to the fixtures: the origin of each worker's server, by parallelIndex. */
export interface ServerOptions {
  servers: string[];
}

export const origin = (port: number) => `http://127.0.0.1:${port}`;

type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, { command: string }>;

/**
 * `count` servers from port `from` (`firstPort` unless said), each with its data directory
 * `.tmp/<name>-<port>` made anew and extra `env`. PUBLIC_URL is the origin that server's worker
 * browses: providers send the payer back to it, and the browser's storage there holds the session.
 */
export function e2eServers(name: string, count: number, env: Record<string, string> = {}, from = firstPort): { webServer: WebServer[]; servers: string[] } {
  const ports = Array.from({ length: count }, (_, i) => from + i);
  return {
    servers: ports.map(origin),
    webServer: ports.map((port) => {
      const dataDir = `.tmp/${name}-${port}`;
      return {
        command: `rm -rf ${dataDir} && npx tsx server/main.ts`,
        url: `${origin(port)}/api/site/theme/v1`,
        reuseExistingServer: false,
        timeout: 60_000,
        env: { PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: origin(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'test', ...env },
      };
    }),
  };
}
