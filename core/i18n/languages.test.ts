import { describe, expect, it } from 'vitest';
import { defaultLanguage, isLanguage, languageOfTag, languages, pickLanguage } from './languages';

describe('languages', () => {
  it('lists the four languages of the spec with Portuguese as the default', () => {
    expect([...languages].sort()).toEqual(['en', 'es', 'pt', 'ru']);
    expect(defaultLanguage).toBe('pt');
  });

  it('recognises only supported language codes', () => {
    for (const language of languages) expect(isLanguage(language)).toBe(true);
    for (const other of ['de', 'pt-BR', 'PT', '', null, undefined, 1, {}]) expect(isLanguage(other)).toBe(false);
  });

  it('maps a language tag to its primary subtag', () => {
    expect(languageOfTag('pt-BR')).toBe('pt');
    expect(languageOfTag('ES_mx')).toBe('es');
    expect(languageOfTag('ru')).toBe('ru');
    expect(languageOfTag('zh-Hans')).toBeUndefined();
    expect(languageOfTag('')).toBeUndefined();
  });
});

describe('pickLanguage', () => {
  it('prefers the stored choice', () => {
    expect(pickLanguage('ru', ['en-US', 'es'], 'es')).toBe('ru');
    expect(pickLanguage('en', [], null)).toBe('en');
  });

  it('ignores an unsupported or empty stored choice', () => {
    expect(pickLanguage('de', ['es-419'], 'en')).toBe('es');
    expect(pickLanguage('', ['es-419'], 'en')).toBe('es');
    expect(pickLanguage(null, ['es-419'], 'en')).toBe('es');
  });

  it('takes the first browser language whose primary subtag is supported', () => {
    expect(pickLanguage(undefined, ['pt-BR', 'en'], 'es')).toBe('pt');
    expect(pickLanguage(undefined, ['de-DE', 'fr', 'en-GB', 'pt'], 'es')).toBe('en');
    expect(pickLanguage(undefined, 'ru-RU', 'es')).toBe('ru');
  });

  it("falls back to the site's default language", () => {
    expect(pickLanguage(undefined, ['de-DE', 'fr'], 'es')).toBe('es');
    expect(pickLanguage(null, [], 'en')).toBe('en');
    expect(pickLanguage(null, undefined, 'en-US')).toBe('en');
  });

  it('falls back to Portuguese when nothing else applies', () => {
    expect(pickLanguage(null, null, null)).toBe('pt');
    expect(pickLanguage(undefined, ['de', 'ja'], 'fr')).toBe('pt');
    expect(pickLanguage('xx', [], '')).toBe('pt');
  });
});
