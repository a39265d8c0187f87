import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import { buildApp } from '../../bench/bytes';

const root = path.resolve(import.meta.dirname, '..', '..');
export const BUILD_TIMEOUT_MS = 300_000;

/** A fresh directory under .tmp, for what one suite writes. */
export function suiteDir(prefix: string) {
  mkdirSync(path.join(root, '.tmp'), { recursive: true });
  return mkdtempSync(path.join(root, '.tmp', prefix));
}

/**
 * Where the production build the tests read is: BUILT_APP_DIST when it names one (npm test builds
 * once and passes it), otherwise the run's own (tests/helpers/built-app-dir.ts), or `fallbackDir`
 * under a config without that global setup.
 */
export function builtAppPath(fallbackDir: string) {
  const given = process.env.BUILT_APP_DIST;
  if (given) return path.resolve(given);
  return path.join(inject('builtAppDir') ?? fallbackDir, 'app');
}

/**
 * The production build, made now unless BUILT_APP_DIST names one or another suite of the run has
 * made it or is making it: the suite that takes the lock builds, the others wait for its word.
 */
export async function builtApp(fallbackDir: string): Promise<string> {
  const dist = builtAppPath(fallbackDir);
  const given = process.env.BUILT_APP_DIST;
  if (given) {
    if (!existsSync(path.join(dist, '.vite', 'manifest.json'))) throw new Error(`BUILT_APP_DIST=${given} holds no .vite/manifest.json`);
    return dist;
  }
  const word = `${dist}.done`;
  try {
    mkdirSync(`${dist}.lock`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const until = Date.now() + BUILD_TIMEOUT_MS - 10_000;
    while (!existsSync(word)) {
      if (Date.now() > until) throw new Error('another suite is still building the app');
      await sleep(500);
    }
    const said = readFileSync(word, 'utf8');
    if (said !== 'built') throw new Error(`another suite failed to build the app:\n${said}`);
    return dist;
  }
  const say = (text: string) => {
    // Whole or not at all: a waiting suite never reads half a word.
    writeFileSync(`${word}.partial`, text);
    renameSync(`${word}.partial`, word);
  };
  try {
    buildApp(dist);
  } catch (error) {
    say(String((error as Error).stack ?? error));
    throw error;
  }
  say('built');
  return dist;
}
