// The compile script (scripts/i18n-compile.ts), run as `npm run i18n:compile` would, on a copy of
// the real language files and on small fixtures, in a temporary folder.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { languages } from './languages';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const script = path.join(root, 'scripts/i18n-compile.ts');
const tmp = mkdtempSync(path.join(tmpdir(), 'i18n-compile-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function copyLangDir(name: string): string {
  const dir = path.join(tmp, name);
  cpSync(path.join(root, 'core/i18n/lang'), dir, { recursive: true });
  return dir;
}

/** A small, self-contained set of language files, so failures do not depend on the real ones. */
function fixtureLangDir(name: string, edit: (files: Record<string, Record<string, string>>) => void): string {
  const dir = path.join(tmp, name);
  mkdirSync(dir, { recursive: true });
  const files: Record<string, Record<string, string>> = {
    en: { 'a.one': 'One', 'a.two': 'Hello {name}' },
    pt: { 'a.one': 'Um', 'a.two': 'Olá {name}' },
    es: { 'a.one': 'Uno', 'a.two': 'Hola {name}' },
    ru: { 'a.one': 'Один', 'a.two': 'Привет, {name}' },
  };
  edit(files);
  for (const [lang, messages] of Object.entries(files)) {
    writeFileSync(path.join(dir, `${lang}.json`), JSON.stringify(messages));
  }
  return dir;
}

function compile(langDir: string, outDir: string) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, '--lang-dir', langDir, '--out-dir', outDir], {
    cwd: root,
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('i18n:compile', () => {
  it('compiles every language into AST JSON', () => {
    const out = path.join(tmp, 'ok-out');
    const result = compile(copyLangDir('ok'), out);
    expect(result.output).toContain('compiled 4 language(s)');
    expect(result.status).toBe(0);
    for (const lang of languages) {
      const compiled = JSON.parse(readFileSync(path.join(out, `${lang}.json`), 'utf8')) as Record<string, unknown>;
      expect(compiled['error.network']).toEqual([{ type: 0, value: expect.any(String) }]);
      // A refusal's text is a part of its own (docs/decisions/067).
      const refusals = JSON.parse(readFileSync(path.join(out, 'refusals', `${lang}.json`), 'utf8')) as Record<string, unknown>;
      expect(refusals['error.3']).toEqual([{ type: 0, value: expect.any(String) }]);
      expect(compiled['error.3']).toBeUndefined();
    }
  });

  it('fails when a language lacks an id or has one en.json lacks', () => {
    const dir = fixtureLangDir('mismatch', (files) => {
      delete files.pt!['a.one'];
      files.pt!['a.three'] = 'Sobrando';
    });
    const out = path.join(tmp, 'mismatch-out');
    const result = compile(dir, out);
    expect(result.status).toBe(1);
    expect(result.output).toContain('pt.json lacks 1 id(s) that en.json has');
    expect(result.output).toContain('- a.one');
    expect(result.output).toContain('pt.json has 1 id(s) that en.json lacks');
    expect(result.output).toContain('+ a.three');
    expect(result.output).not.toContain('es.json');
    expect(existsSync(out)).toBe(false);
  });

  it('fails on a message that is not valid ICU and keeps the previous output', () => {
    const dir = fixtureLangDir('bad-icu', (files) => {
      files.ru!['a.two'] = 'Привет, {name';
    });
    const out = path.join(tmp, 'bad-icu-out');
    mkdirSync(out);
    writeFileSync(path.join(out, 'previous.json'), '{}');
    const result = compile(dir, out);
    expect(result.status).toBe(1);
    expect(result.output).toContain('could not compile ru.json');
    expect(readdirSync(out)).toEqual(['previous.json']);
  });

  it('fails when a language file is missing', () => {
    const dir = fixtureLangDir('missing', (files) => {
      delete files.es;
    });
    const result = compile(dir, path.join(tmp, 'missing-out'));
    expect(result.status).toBe(1);
    expect(result.output).toContain('es.json is missing');
  });
});
