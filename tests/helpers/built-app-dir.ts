import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the suites of this run share one production build of the app (tests/helpers/built-app.ts). */
    builtAppDir: string;
  }
}

const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * Vitest global setup: an empty directory for the run's production build. The first suite that
 * needs the build makes it there and the others read it, so a run builds the app once however many
 * suites serve or measure it. A rerun in watch mode gets an empty one again: the sources may have
 * changed since.
 */
export default function provideBuiltAppDir(project: TestProject) {
  mkdirSync(path.join(root, '.tmp'), { recursive: true });
  let dir = '';
  const fresh = () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = mkdtempSync(path.join(root, '.tmp', 'built-app-'));
    project.provide('builtAppDir', dir);
  };
  fresh();
  project.onTestsRerun(fresh);
  return () => rmSync(dir, { recursive: true, force: true });
}
