import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const serverLanguages = ['pt', 'en', 'es', 'ru'] as const;
export type ServerLanguage = (typeof serverLanguages)[number];

const langDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'i18n', 'lang');

/**
 * The web app's message files are the one catalogue: the server reads the same files to put a
 * translated `msg` in every refusal, so a code has one text everywhere.
 */
export function loadBundledMessages(dir = langDir): Record<ServerLanguage, Record<string, string>> {
  const read = (lang: ServerLanguage) => {
    const file = path.join(dir, `${lang}.json`);
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
  };
  return { pt: read('pt'), en: read('en'), es: read('es'), ru: read('ru') };
}

export function isServerLanguage(x: unknown): x is ServerLanguage {
  return typeof x === 'string' && (serverLanguages as readonly string[]).includes(x);
}

export function createTranslator(messages = loadBundledMessages()) {
  return function errorText(errCode: number, lang: ServerLanguage): string {
    return (
      messages[lang][`error.${errCode}`] ??
      messages.en[`error.${errCode}`] ??
      messages[lang]['error.unknown'] ??
      `Error ${errCode}`
    );
  };
}
export type ErrorTranslator = ReturnType<typeof createTranslator>;
