// Compiles the translation files for react-intl: `npm run i18n:compile`.
//
// Reads every core/i18n/lang/<lang>.json (formatjs "simple" format, `{ "id": "text" }`), checks that
// each language has exactly the ids of en.json (the extracted source language), and writes
// src/i18n/compiled/<lang>.json with `formatjs compile --ast --format simple` (pre-parsed ICU
// messages; the compile step also rejects malformed ICU). The browser's catalogue is split by route
// (scripts/i18n-split.ts, docs/decisions/062): <lang>.json holds the shell's messages and
// screens/<Screen>.<lang>.json the ones each lazily loaded screen adds. Exits 1 with a readable message when a
// check or a compilation fails, leaving the previous output as it was.
//
// Options (for tests and one-off runs): --lang-dir <dir> and --out-dir <dir>, relative to the
// working directory; they default to the project's core/i18n/lang and src/i18n/compiled.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { stbLoginErrCodes, UNEXPECTED_ERROR_CODE } from '../core/api/error-rules';
import { sandboxCards } from '../core/config/sandbox-cards';
import { catalogueCodes, errorMessageFor, projectCodes } from '../core/i18n/error-messages';
import { languages } from '../core/i18n/languages';
import { compareMessageIds, serverOnlyMessageIds, type IdMismatch } from '../core/i18n/message-ids';
import { splitMessages } from './i18n-split';

const SOURCE_LANGUAGE = 'en';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

class CompileError extends Error {}

function formatjsBin(): string {
  // The CLI's own entry point, run with this Node: works wherever node_modules/.bin shims differ.
  const require = createRequire(import.meta.url);
  const pkgPath = require.resolve('@formatjs/cli/package.json');
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as { bin: string | Record<string, string> };
  const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin.formatjs;
  if (!bin) throw new CompileError('@formatjs/cli declares no "formatjs" binary.');
  return path.join(path.dirname(pkgPath), bin);
}

function readLanguageFile(file: string): Record<string, string> {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CompileError(`${file}: not valid JSON (${(error as Error).message}).`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new CompileError(`${file}: expected an object of { "id": "text" } (formatjs "simple" format).`);
  }
  const notText = Object.entries(data).filter(([, value]) => typeof value !== 'string');
  if (notText.length > 0) {
    throw new CompileError(`${file}: every value must be a string (formatjs "simple" format); not a string: ${notText.map(([id]) => id).join(', ')}.`);
  }
  return data as Record<string, string>;
}

function describeMismatch(lang: string, mismatch: IdMismatch): string[] {
  const lines: string[] = [];
  if (mismatch.missing.length > 0) {
    lines.push(`  ${lang}.json lacks ${mismatch.missing.length} id(s) that ${SOURCE_LANGUAGE}.json has:`);
    lines.push(...mismatch.missing.map((id) => `    - ${id}`));
  }
  if (mismatch.extra.length > 0) {
    lines.push(`  ${lang}.json has ${mismatch.extra.length} id(s) that ${SOURCE_LANGUAGE}.json lacks:`);
    lines.push(...mismatch.extra.map((id) => `    + ${id}`));
  }
  return lines;
}

function main(): void {
  const { values } = parseArgs({
    options: { 'lang-dir': { type: 'string' }, 'out-dir': { type: 'string' } },
    strict: true,
  });
  const langDir = path.resolve(values['lang-dir'] ?? path.join(root, 'core/i18n/lang'));
  const outDir = path.resolve(values['out-dir'] ?? path.join(root, 'src/i18n/compiled'));

  const files = readdirSync(langDir)
    .filter((name) => name.endsWith('.json'))
    .sort();
  const present = files.map((name) => name.slice(0, -'.json'.length));

  const problems: string[] = [];
  for (const lang of new Set([SOURCE_LANGUAGE, ...languages])) {
    if (!present.includes(lang)) problems.push(`  ${lang}.json is missing from ${langDir}.`);
  }
  if (!present.includes(SOURCE_LANGUAGE)) throw new CompileError(problems.join('\n'));

  const source = readLanguageFile(path.join(langDir, `${SOURCE_LANGUAGE}.json`));
  for (const lang of present) {
    if (lang === SOURCE_LANGUAGE) continue;
    const mismatch = compareMessageIds(source, readLanguageFile(path.join(langDir, `${lang}.json`)));
    problems.push(...describeMismatch(lang, mismatch));
  }
  if (problems.length > 0) {
    throw new CompileError(
      `The language files do not match ${SOURCE_LANGUAGE}.json:\n${problems.join('\n')}\n` +
        `Run \`npm run i18n:extract\` after changing messages in the code, then add or remove the ids ` +
        `in every language file.`,
    );
  }

  // Compile into a fresh sibling folder and swap it in only when every language compiled.
  const bin = formatjsBin();
  const staging = `${outDir}.tmp-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  for (const lang of present) {
    // The browser gets the app's messages only; the server reads the catalogue itself.
    const forApp = Object.fromEntries(Object.entries(readLanguageFile(path.join(langDir, `${lang}.json`))).filter(([id]) => !serverOnlyMessageIds.has(id)));
    const input = path.join(staging, `${lang}.source.json`);
    writeFileSync(input, JSON.stringify(forApp));
    const output = path.join(staging, `${lang}.json`);
    try {
      execFileSync(process.execPath, [bin, 'compile', input, '--ast', '--format', 'simple', '--out-file', output], {
        stdio: ['ignore', 'pipe', 'pipe'],
        encoding: 'utf8',
      });
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      const { stderr, stdout } = error as { stderr?: string; stdout?: string };
      throw new CompileError(`formatjs could not compile ${lang}.json:\n${(stderr || stdout || String(error)).trim()}`);
    }
  }
  // Per part of the app, its share of each compiled catalogue (scripts/i18n-split.ts): the shell's
  // as <lang>.json, the refusal texts as refusals/<lang>.json, and each lazily loaded screen's as
  // screens/<Screen>.<lang>.json. The server codes' texts load apart (docs/decisions/067), but for
  // those the app shows with no refusal in hand: an answer that is not the contract's, which the
  // client reports itself, the set-top box's log-in failures, which /notice reads from its address
  // (spec section 8), and the sandbox cards' outcomes, which the payment page lists.
  const shownWithoutRefusal = new Set([
    UNEXPECTED_ERROR_CODE,
    ...stbLoginErrCodes,
    ...sandboxCards.flatMap(({ outcome }) => (outcome.kind === 'declined' ? [outcome.errCode] : [])),
  ]);
  const split = splitMessages(
    Object.keys(source).filter((id) => !serverOnlyMessageIds.has(id)),
    {
      refusals: {
        module: path.join(root, 'core', 'i18n', 'error-messages.ts'),
        ids: [...catalogueCodes, ...projectCodes].filter((code) => !shownWithoutRefusal.has(code)).map((code) => errorMessageFor(code).id),
      },
    },
  );
  mkdirSync(path.join(staging, 'screens'));
  mkdirSync(path.join(staging, 'refusals'));
  for (const lang of present) {
    rmSync(path.join(staging, `${lang}.source.json`));
    const file = path.join(staging, `${lang}.json`);
    const compiled = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const part = (ids: readonly string[]) => `${JSON.stringify(Object.fromEntries(ids.map((id) => [id, compiled[id]])))}\n`;
    writeFileSync(file, part(split.shell));
    writeFileSync(path.join(staging, 'refusals', `${lang}.json`), part(split.refusals));
    for (const [screen, ids] of split.screens) writeFileSync(path.join(staging, 'screens', `${screen}.${lang}.json`), part(ids));
  }
  rmSync(outDir, { recursive: true, force: true });
  renameSync(staging, outDir);
  const shown = path.relative(process.cwd(), outDir) || '.';
  console.log(
    `i18n: compiled ${present.length} language(s) (${present.join(', ')}) into ${shown}: ${split.shell.length} messages for the shell, ` +
      `${split.refusals.length} refusal texts apart, the rest with ${split.screens.size} lazily loaded screens.`,
  );
}

try {
  main();
} catch (error) {
  if (error instanceof CompileError) {
    console.error(`i18n:compile failed.\n${error.message}`);
  } else {
    console.error('i18n:compile failed:', error);
  }
  process.exit(1);
}
