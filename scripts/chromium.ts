import { existsSync } from 'node:fs';

const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

/** The system Chromium the browser tests drive; Playwright's own download cannot be fetched here. */
export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  return candidates.find((c) => existsSync(c));
}

export const chromiumMissingMessage =
  'No Chromium found for the browser tests: install it with `sudo apt-get install -y chromium` (Debian/Ubuntu) or set CHROMIUM_PATH to a Chromium binary.';

export const chromiumArgs = [
  ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
