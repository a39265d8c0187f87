import { defaultLanguage, type Language } from '../../core/i18n/languages';

export type Messages = Record<string, unknown>;

// The catalogue comes in parts (docs/decisions/062, amended): the shell's messages, the refusal
// texts (docs/decisions/067), and per lazily loaded screen the ones it adds (scripts/i18n-split.ts
// computes them from the source). The default language's shell messages ship with the app
// (docs/decisions/028): most visits are in it, and its first screen is then drawn without another
// round trip. Every other part is a chunk of its own, one per language, fetched when needed, one
// promise per part and language, so the start-up's early fetch (src/app/start-up.ts) is the one the
// provider waits for. Globs rather than imports, so a checkout whose messages are not compiled yet
// still typechecks.
const bundled = Object.values(import.meta.glob<Messages>('../i18n/compiled/pt.json', { eager: true, import: 'default' }));
const shells = import.meta.glob<Messages>(['../i18n/compiled/*.json', '!../i18n/compiled/pt.json'], { import: 'default' });
const ptScreens = import.meta.glob<Messages>('../i18n/compiled/screens/*.pt.json', { import: 'default' });
const refusals = import.meta.glob<Messages>('../i18n/compiled/refusals/*.json', { import: 'default' });
const screens = async (file: string) => (file.endsWith('.pt.json') ? ptScreens : (await import('./screen-messages')).otherLanguageScreens)[file];

const SHELL = '';
const REFUSALS = '/refusals';
const fileOf = (part: string, language: Language) =>
  part === SHELL
    ? `../i18n/compiled/${language}.json`
    : part === REFUSALS
      ? `../i18n/compiled/refusals/${language}.json`
      : `../i18n/compiled/screens/${part}.${language}.json`;

/** Parts in, by `part language`. */
const loaded = new Map<string, Messages>(bundled.map((messages) => [`${SHELL} ${defaultLanguage}`, messages]));
const loading = new Map<string, Promise<Messages>>();
/** The screens whose messages the page needs in whatever language it is shown in next. */
const needed = new Set<string>();
/** The language last asked for, and the one on screen: a screen's messages are fetched in both. */
const inUse = { wanted: undefined as Language | undefined, shown: undefined as Language | undefined };

/** One catalogue per language, the parts in so far merged; rebuilt when a part arrives. */
const catalogues = new Map<Language, Messages>();
const listeners = new Set<() => void>();

function loadPart(part: string, language: Language): Promise<Messages> {
  const key = `${part} ${language}`;
  const ready = loaded.get(key);
  if (ready) return Promise.resolve(ready);
  let messages = loading.get(key);
  if (!messages) {
    const file = fileOf(part, language);
    messages = (part === SHELL ? Promise.resolve(shells[file]) : part === REFUSALS ? Promise.resolve(refusals[file]) : screens(file)).then((load) =>
      load ? load() : Promise.reject(new Error(`No compiled messages ${file}: run npm run i18n:compile`)),
    );
    loading.set(key, messages);
    // A failed download is not kept: asking again tries again.
    messages.then(
      (m) => {
        loaded.set(key, m);
        loading.delete(key);
        catalogues.delete(language);
        listeners.forEach((listener) => listener());
      },
      () => loading.delete(key),
    );
  }
  return messages;
}

/**
 * A language's messages for the page: the shell's and those of every screen needed so far. Settles
 * once all of them are in, with the catalogue they make.
 */
export async function loadMessages(language: Language): Promise<Messages> {
  inUse.wanted = language;
  await Promise.all([SHELL, ...needed].map((part) => loadPart(part, language)));
  return catalogue(language)!;
}

/**
 * A lazily loaded screen's messages, in the language on screen and the one asked for, so the screen
 * never draws a message id (its route waits for this and its code together, src/app/router.tsx).
 * From then on every language loaded brings them too.
 */
export async function loadScreenMessages(screen: string): Promise<void> {
  needed.add(screen);
  const languages = new Set([inUse.shown, inUse.wanted].filter((l) => l !== undefined));
  await Promise.all([...languages].map((language) => loadPart(screen, language)));
}

/**
 * The texts of the server's refusals (docs/decisions/067), which no first screen needs: fetched
 * once the page is quiet (src/app/next-screens.ts), and waited for by the client before a refusal
 * reaches a screen (src/app/services.ts). From then on every language loaded brings them too, as a
 * screen's messages.
 */
export const loadRefusalTexts = (): Promise<void> => loadScreenMessages(REFUSALS);

/** Whether every part the page needs is in for `language`. */
export function messagesReady(language: Language): boolean {
  return [SHELL, ...needed].every((part) => loaded.has(`${part} ${language}`));
}

/** The language the provider now shows. */
export function showingLanguage(language: Language): void {
  inUse.shown = language;
}

/** The merged catalogue of `language`, the same object until one of its parts arrives. */
export function catalogue(language: Language): Messages | undefined {
  let merged = catalogues.get(language);
  if (!merged) {
    const shell = loaded.get(`${SHELL} ${language}`);
    if (!shell) return undefined;
    merged = Object.assign({}, shell, ...[...needed].map((part) => loaded.get(`${part} ${language}`) ?? {})) as Messages;
    catalogues.set(language, merged);
  }
  return merged;
}

export function subscribeMessages(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
