import { describe, expect, it } from 'vitest';
import { chromiumMissing, findChromium, systemChromiums } from '../../scripts/chromium';

const OWN = '/home/dev/.cache/ms-playwright/chromium-1/chrome-linux64/chrome';
const MAC_OWN = '/Users/dev/Library/Caches/ms-playwright/chromium-1/chrome-mac/Chromium.app/Contents/MacOS/Chromium';

/** A machine holding exactly these files, with Playwright's own Chromium expected at `own`. */
const machine = (files: string[], env: NodeJS.ProcessEnv = {}, own: string | undefined = OWN) => ({
  env,
  exists: (file: string) => files.includes(file),
  playwright: () => own,
});

describe('the Chromium the browser tests drive', () => {
  it("is CHROMIUM_PATH when set, before Playwright's own and the system's", () => {
    expect(findChromium(machine(['/opt/chrome', OWN, '/usr/bin/chromium'], { CHROMIUM_PATH: '/opt/chrome' }))).toBe('/opt/chrome');
  });

  it('is nothing when CHROMIUM_PATH names no file, however many others there are: a wrong path is said', () => {
    expect(findChromium(machine([OWN, '/usr/bin/chromium'], { CHROMIUM_PATH: '/opt/typo' }))).toBeUndefined();
    expect(chromiumMissing({ CHROMIUM_PATH: '/opt/typo' })).toMatch(/^CHROMIUM_PATH is \/opt\/typo, where there is no file\./);
  });

  it("is Playwright's own once installed (`npx playwright install chromium`), before the system's", () => {
    expect(findChromium(machine([OWN, '/usr/bin/chromium']))).toBe(OWN);
    expect(findChromium(machine([MAC_OWN, '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'], {}, MAC_OWN))).toBe(MAC_OWN);
  });

  it("is the system's when Playwright's own is not installed, or Playwright has none for the platform", () => {
    expect(findChromium(machine(['/usr/bin/chromium']))).toBe('/usr/bin/chromium');
    expect(findChromium(machine(['/usr/bin/chromium-browser'], {}, undefined))).toBe('/usr/bin/chromium-browser');
    expect(findChromium(machine(['/usr/bin/google-chrome', '/usr/bin/chromium']))).toBe('/usr/bin/chromium');
    expect(findChromium(machine(['/Applications/Google Chrome.app/Contents/MacOS/Google Chrome']))).toBe(
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    );
    expect(findChromium(machine(['/Applications/Google Chrome.app/Contents/MacOS/Google Chrome', '/Applications/Chromium.app/Contents/MacOS/Chromium']))).toBe(
      '/Applications/Chromium.app/Contents/MacOS/Chromium',
    );
  });

  it('is each system path in its turn', () => {
    for (const file of systemChromiums) expect(findChromium(machine([file]))).toBe(file);
  });

  it('is nothing on a machine without any, and the message names the three ways to have one', () => {
    expect(findChromium(machine([]))).toBeUndefined();
    const message = chromiumMissing({});
    expect(message).toMatch(/^No Chromium found/);
    expect(message).toContain('CHROMIUM_PATH');
    expect(message).toContain('npx playwright install chromium');
    expect(message).toContain('sudo apt-get install -y chromium');
  });
});
