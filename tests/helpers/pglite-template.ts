import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * An empty, initdb'd PGlite data directory, dumped once per PGlite version. Every suite's fresh
 * in-memory database starts from it instead of running initdb again: that saves about 1.5 s per
 * suite file, and there are dozens. It holds no schema, so migrations and seeds still run per suite
 * exactly as in production and the template can never go stale against them.
 */
const root = path.resolve(import.meta.dirname, '../..');
// The package does not export its package.json, so it is read from where npm put it.
const { version } = JSON.parse(readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
const templateFile = path.join(root, '.tmp', `pglite-empty-${version}.tar`);

/** Vitest global setup: writes the template when this PGlite version has none yet. */
export default async function writeTemplate() {
  if (existsSync(templateFile)) return;
  const db = await PGlite.create();
  const dump = await db.dumpDataDir('none');
  await db.close();
  mkdirSync(path.dirname(templateFile), { recursive: true });
  // Written whole under another name first: a suite never reads a half-written template.
  const partial = `${templateFile}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, templateFile);
}

/** The template, when the global setup wrote it (a suite run without it still works, slower). */
export function pgliteTemplate(): Blob | undefined {
  return existsSync(templateFile) ? new Blob([readFileSync(templateFile)]) : undefined;
}
