import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IntlMessageFormat } from 'intl-messageformat';
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
    return messages[lang][`error.${errCode}`] ?? messages.en[`error.${errCode}`] ?? messages[lang]['error.unknown'] ?? `Error ${errCode}`;
  };
}
export type ErrorTranslator = ReturnType<typeof createTranslator>;

/**
 * The texts the server answers with itself (core/i18n/server-messages.ts), by message id: the
 * language's text, else the English one. None of them has an argument to fill in.
 */
export function createTextLookup(messages = loadBundledMessages()) {
  return function text(descriptor: { id: string }, lang: Language): string {
    const found = messages[lang][descriptor.id] ?? messages.en[descriptor.id];
    if (found === undefined) throw new Error(`no message ${descriptor.id} in the catalogue`);
    return found;
  };
}
export type TextLookup = ReturnType<typeof createTextLookup>;

/**
 * The catalogue's ICU messages with their arguments filled in (the emails, the SMS and the receipt
 * PDF, core/i18n/mail-messages.ts): the language's text, else the English one, like `text`. Each
 * text is parsed once per language and kept. Arguments are strings the caller formatted (money,
 * dates, counts), so ICU regroups no digits; a `select` takes its case as a string too.
 */
export function createMessageFormatter(messages = loadBundledMessages()) {
  const text = createTextLookup(messages);
  const compiled = new Map<string, IntlMessageFormat>();
  return function format(descriptor: { id: string }, lang: Language, values: Readonly<Record<string, string>> = {}): string {
    const key = `${lang} ${descriptor.id}`;
    let message = compiled.get(key);
    if (!message) {
      message = new IntlMessageFormat(text(descriptor, lang), lang);
      compiled.set(key, message);
    }
    // With only string arguments ICU gives one string; anything else is a rich-text tag no caller may use.
    const out = message.format<never>(values);
    if (typeof out !== 'string') throw new Error(`message ${descriptor.id} is not plain text`);
    return out;
  };
}
export type MessageFormatter = ReturnType<typeof createMessageFormatter>;

let bundledFormatter: MessageFormatter | undefined;
/** One formatter over the bundled files for the whole process: they do not change while it runs. */
export const bundledMessageFormatter = (): MessageFormatter => (bundledFormatter ??= createMessageFormatter());
