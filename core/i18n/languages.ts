// The portal's languages (spec sections 1 and 9) and the choice of the language to show.
// Pure: no DOM or storage access, callers pass in what they read.

export const languages = ['pt', 'en', 'es', 'ru'] as const;

export type Language = (typeof languages)[number];

/** The product's default language, used when nothing else applies. */
export const defaultLanguage = 'pt' satisfies Language;

export function isLanguage(x: unknown): x is Language {
  return typeof x === 'string' && (languages as readonly string[]).includes(x);
}

/**
 * The supported language a language tag stands for: its primary subtag, case-insensitive
 * ('pt-BR', 'PT_br' and 'pt' give 'pt'), or undefined when that language is not supported.
 */
export function languageOfTag(tag: unknown): Language | undefined {
  if (typeof tag !== 'string') return undefined;
  const primary = tag.trim().split(/[-_]/, 1)[0]?.toLowerCase();
  return isLanguage(primary) ? primary : undefined;
}

/**
 * The language to show: the stored choice, else the first browser language whose primary subtag
 * is supported (e.g. 'pt-BR' gives 'pt'), else the site configuration's default language, else pt.
 * Unsupported or malformed values are skipped.
 */
export function pickLanguage(
  stored: string | null | undefined,
  browserLanguages: readonly string[] | string | null | undefined,
  siteDefault: string | null | undefined,
): Language {
  const browser = typeof browserLanguages === 'string' ? [browserLanguages] : (browserLanguages ?? []);
  for (const candidate of [stored, ...browser, siteDefault]) {
    const language = languageOfTag(candidate);
    if (language) return language;
  }
  return defaultLanguage;
}

/**
 * The cookie in which the app tells the server the language it last showed a page in, so the
 * server draws the next first screen in it (docs/decisions/033).
 */
export const languageCookie = 'language';
