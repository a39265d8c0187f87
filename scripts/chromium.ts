import { existsSync } from 'node:fs';
import { chromium } from 'playwright';

/**
 * Chromiums a machine may already have, Chromium before Chrome: Debian's and Ubuntu's packages,
 * then the macOS applications.
 */
export const systemChromiums = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

/** Where `npx playwright install chromium` puts Playwright's own Chromium (installed or not). */
function playwrightChromium(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    // A platform Playwright ships no Chromium for: there is none of its own to find.
    return undefined;
  }
}

export interface ChromiumLookup {
  env?: NodeJS.ProcessEnv;
  exists?: (file: string) => boolean;
  /** Playwright's own Chromium, where it would be. */
  playwright?: () => string | undefined;
}

/**
 * The Chromium the browser tests and the bench drive: CHROMIUM_PATH when set (and then only it,
 * so a wrong path is said, not worked around), else Playwright's own when installed, else the
 * system's. Undefined when there is none.
 */
export function findChromium({ env = process.env, exists = existsSync, playwright = playwrightChromium }: ChromiumLookup = {}): string | undefined {
  const fromEnv = env.CHROMIUM_PATH;
  if (fromEnv) return exists(fromEnv) ? fromEnv : undefined;
  const own = playwright();
  if (own && exists(own)) return own;
  return systemChromiums.find((file) => exists(file));
}

/** Why no Chromium was found, and the three ways to have one. */
export function chromiumMissing(env: NodeJS.ProcessEnv = process.env): string {
  return [
    env.CHROMIUM_PATH ? `CHROMIUM_PATH is ${env.CHROMIUM_PATH}, where there is no file.` : 'No Chromium found for the browser tests.',
    'Any one of these will do:',
    '  - set CHROMIUM_PATH to a Chromium or Chrome binary;',
    "  - run `npx playwright install chromium` (Playwright's own, on Linux, macOS and Windows);",
    "  - install the system's: `sudo apt-get install -y chromium` on Debian/Ubuntu, Chromium or Google Chrome in /Applications on macOS.",
  ].join('\n');
}

export const chromiumMissingMessage = chromiumMissing();

export const chromiumArgs = [
  // Chromium refuses to start sandboxed as root (a container's user).
  ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
