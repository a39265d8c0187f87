import { describe, expect, it } from 'vitest';
import { mailMessages, receiptDocumentMessages, receiptLabelMessages, receiptMailMessages } from '../core/i18n/mail-messages';
import { paymentTipMessages } from '../core/i18n/server-messages';
import { languages } from '../core/i18n/languages';
import { createMessageFormatter, createTextLookup, loadBundledMessages } from './i18n';

describe("the server's own texts come from the one message catalogue", () => {
  const bundled = loadBundledMessages();
  const text = createTextLookup(bundled);

  it.each(languages)('every payment tip is in %s.json, and is read from there', (lang) => {
    for (const descriptor of Object.values(paymentTipMessages)) {
      expect(bundled[lang][descriptor.id], `${lang} ${descriptor.id}`).toBeTypeOf('string');
      expect(text(descriptor, lang)).toBe(bundled[lang][descriptor.id]);
    }
  });

  it("the English texts are the descriptors' own (en.json is extracted from them)", () => {
    for (const descriptor of Object.values(paymentTipMessages)) expect(text(descriptor, 'en')).toBe(descriptor.defaultMessage);
  });

  it('falls back to English for a text missing in a language, and refuses an id the catalogue lacks', () => {
    const lookup = createTextLookup({ en: { 'x.y': 'Hello' }, pt: {}, es: {}, ru: {} });
    expect(lookup({ id: 'x.y' }, 'ru')).toBe('Hello');
    expect(() => lookup({ id: 'x.z' }, 'en')).toThrow(/x\.z/);
  });
});

describe('the emails, SMS and receipt words are ICU messages of the catalogue', () => {
  const bundled = loadBundledMessages();
  const descriptors = [
    ...Object.values(mailMessages).flatMap((m) => Object.values(m)),
    ...Object.values(receiptMailMessages),
    ...Object.values(receiptLabelMessages),
    ...Object.values(receiptDocumentMessages),
  ];

  it.each(languages)('every one is in %s.json', (lang) => {
    expect(descriptors.filter((d) => typeof bundled[lang][d.id] !== 'string').map((d) => d.id)).toEqual([]);
  });

  it("the English texts are the descriptors' own", () => {
    for (const d of descriptors) expect(bundled.en[d.id], d.id).toBe(d.defaultMessage);
  });

  it('fills arguments in as given: quotes, braces and digits in a value stay as they are', () => {
    const format = createMessageFormatter({ en: { a: "Hello {name}, it's {n} minutes" }, pt: {}, es: {}, ru: {} });
    expect(format({ id: 'a' }, 'en', { name: "O'Brien {x} #", n: '1500' })).toBe("Hello O'Brien {x} #, it's 1500 minutes");
  });

  it("chooses a select's case, falls back to English, and refuses an id the catalogue lacks or a missing argument", () => {
    const format = createMessageFormatter({
      en: { s: 'to {p, select, login {log in} other {reset}}', e: 'only English' },
      pt: { s: 'para {p, select, login {entrar} other {redefinir}}' },
      es: {},
      ru: {},
    });
    expect(format({ id: 's' }, 'pt', { p: 'login' })).toBe('para entrar');
    expect(format({ id: 's' }, 'pt', { p: 'resetPassword' })).toBe('para redefinir');
    expect(format({ id: 's' }, 'ru', { p: 'login' })).toBe('to log in');
    expect(format({ id: 'e' }, 'es')).toBe('only English');
    expect(() => format({ id: 'x' }, 'en')).toThrow(/x/);
    expect(() => format({ id: 's' }, 'en')).toThrow();
  });
});
