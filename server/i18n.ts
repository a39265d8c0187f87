import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Language } from '../core/i18n/languages';


const langDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'core', 'i18n', 'lang');

/**
 * The web app's message files are the one catalogue: the server reads the same files to put a
 * translated `msg` in every refusal, so a code has one text everywhere.
 */
export function loadBundledMessages(dir = langDir): Record<Language, Record<string, string>> {
  const read = (lang: Language) => {
    const file = path.join(dir, `${lang}.json`);
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
  };
  return { pt: read('pt'), en: read('en'), es: read('es'), ru: read('ru') };
}

export function createTranslator(messages = loadBundledMessages()) {
  return function errorText(errCode: number, lang: Language): string {
    return (
      messages[lang][`error.${errCode}`] ??
      messages.en[`error.${errCode}`] ??
      messages[lang]['error.unknown'] ??
      `Error ${errCode}`
    );
  };
}
export type ErrorTranslator = ReturnType<typeof createTranslator>;
