// Checks of the language files in core/i18n/lang (formatjs "simple" format). Generic: they hold for
// any message added later through `npm run i18n:extract`, not only the error catalogue.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { createIntl, type MessageDescriptor as ReactIntlDescriptor } from 'react-intl';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogueCodes, errorMessageFor, errorMessages, messages } from './error-messages';
import { validationMessages } from './validation-messages';
import { languages } from './languages';
import { compareMessageIds } from './message-ids';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const langDir = path.join(root, 'core/i18n/lang');
const enPath = path.join(langDir, 'en.json');

function readJson(file: string): Record<string, string> {
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

const en = readJson(enPath);
const otherLanguages = languages.filter((lang) => lang !== 'en');
const files = Object.fromEntries(languages.map((lang) => [lang, readJson(path.join(langDir, `${lang}.json`))]));

/**
 * Translations that are the English word on purpose, checked by hand: the receipt's labels that
 * the emails and the PDF have always printed as `Subtotal`, `Total` and `Item` in these languages,
 * "tablet", the Portuguese word for one, and "CPF/CNPJ", the names of the Brazilian documents a
 * payment slip prints in every language, and "PIX Automático", the Banco Central's name for the
 * product (docs/decisions/060).
 */
const sameAsEnglish: Partial<Record<string, readonly string[]>> = {
  pt: ['receipt.document.item', 'receipt.label.subtotal', 'receipt.label.total', 'account.deviceKind.tablet', 'slip.document.taxId'],
  es: ['receipt.label.subtotal', 'receipt.label.total', 'slip.document.taxId', 'pixAuto.title'],
  ru: ['slip.document.taxId', 'pixAuto.title'],
};

/** The argument and tag names a message uses, e.g. {count} or <b>. */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    switch (el.type) {
      case TYPE.argument:
      case TYPE.number:
      case TYPE.date:
      case TYPE.time:
        into.add(el.value);
        break;
      case TYPE.select:
      case TYPE.plural:
        into.add(el.value);
        for (const option of Object.values(el.options)) argumentsOf(option.value, into);
        break;
      case TYPE.tag:
        into.add(`<${el.value}>`);
        argumentsOf(el.children, into);
        break;
      default:
        break;
    }
  }
  return into;
}

/** Splits a package.json script into words (single and double quotes, no other shell syntax). */
function shellWords(command: string): string[] {
  const words: string[] = [];
  const pattern = /'([^']*)'|"((?:\\.|[^"\\])*)"|(\S+)/g;
  for (const match of command.matchAll(pattern)) words.push(match[1] ?? match[2]?.replace(/\\(.)/g, '$1') ?? match[3]!);
  return words;
}

describe('language files', () => {
  it('exist for every language and nothing else', () => {
    const present = readdirSync(langDir).filter((name) => name.endsWith('.json'));
    expect(present.sort()).toEqual(languages.map((lang) => `${lang}.json`).sort());
  });

  it.each(otherLanguages)('%s.json has exactly the ids of en.json', (lang) => {
    expect(compareMessageIds(en, files[lang]!)).toEqual({ missing: [], extra: [] });
  });

  it.each(languages)('%s.json holds a non-empty string for every id', (lang) => {
    for (const [id, text] of Object.entries(files[lang]!)) {
      expect(typeof text, id).toBe('string');
      expect(text.trim(), id).not.toBe('');
      expect(text, id).toBe(text.trim());
    }
  });

  it.each(languages)('every message of %s.json is valid ICU', (lang) => {
    for (const [id, text] of Object.entries(files[lang]!)) {
      expect(() => parse(text), `${lang}.json ${id}: ${text}`).not.toThrow();
    }
  });

  it.each(otherLanguages)('%s.json uses the same arguments as en.json in every message', (lang) => {
    for (const [id, text] of Object.entries(en)) {
      const translated = files[lang]![id];
      if (translated === undefined) continue; // reported by the id test
      expect([...argumentsOf(parse(translated))].sort(), `${lang}.json ${id}`).toEqual([...argumentsOf(parse(text))].sort());
    }
  });

  it.each(otherLanguages)('%s.json is translated (no message left as in en.json)', (lang) => {
    const untranslated = Object.keys(en).filter((id) => files[lang]![id] === en[id] && !sameAsEnglish[lang]?.includes(id));
    expect(untranslated).toEqual([]);
  });

  it('en.json holds the English defaults of the catalogue module', () => {
    for (const d of [...Object.values(errorMessages), ...Object.values(messages), ...Object.values(validationMessages)]) {
      expect(en[d.id as string], d.id as string).toBe(d.defaultMessage);
    }
  });
});

describe('with react-intl', () => {
  it.each(languages)('formats every catalogued code in %s', (lang) => {
    const intl = createIntl({
      locale: lang,
      defaultLocale: 'en',
      messages: files[lang]!,
      onError: (error) => {
        throw error;
      },
    });
    for (const code of catalogueCodes) {
      const descriptor: ReactIntlDescriptor = errorMessageFor(code);
      expect(intl.formatMessage(descriptor)).toBe(files[lang]![`error.${code}`]);
    }
    expect(intl.formatMessage(errorMessageFor(424242))).toBe(files[lang]!['error.unknown']);
    expect(intl.formatMessage(validationMessages.passwordTooShort)).toBe(files[lang]!['validation.passwordTooShort']);
  });
});

describe('en.json freshness', () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'i18n-extract-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('equals a new extraction with the package.json script', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const words = shellWords(pkg.scripts['i18n:extract']!);
    expect(words.slice(0, 2)).toEqual(['formatjs', 'extract']);
    const outIndex = words.indexOf('--out-file');
    expect(words[outIndex + 1]).toBe('core/i18n/lang/en.json');
    const outFile = path.join(tmp, 'en.json');
    words.splice(outIndex + 1, 1, outFile);

    const require = createRequire(import.meta.url);
    const cliPkgPath = require.resolve('@formatjs/cli/package.json');
    const cliPkg = JSON.parse(readFileSync(cliPkgPath, 'utf8')) as { bin: Record<string, string> };
    const bin = path.join(path.dirname(cliPkgPath), cliPkg.bin.formatjs!);
    execFileSync(process.execPath, [bin, ...words.slice(1)], { cwd: root, stdio: 'pipe' });

    expect(readFileSync(outFile, 'utf8'), 'en.json is stale: run `npm run i18n:extract`').toBe(readFileSync(enPath, 'utf8'));
  });
});
