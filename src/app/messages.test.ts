// The catalogue in parts (docs/decisions/062): a screen's messages arrive in the languages in use
// before it draws, and every language loaded later brings them too.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogue, loadMessages, loadRefusalTexts, loadScreenMessages, messagesReady, showingLanguage } from './messages';

const compiled = path.resolve(import.meta.dirname, '..', 'i18n', 'compiled');
const idsOf = (file: string) => Object.keys(JSON.parse(readFileSync(path.join(compiled, file), 'utf8')) as object);
const loginId = idsOf('screens/LoginScreen.pt.json')[0]!;
const settingsId = idsOf('screens/SettingsScreen.pt.json').find((id) => !idsOf('screens/LoginScreen.pt.json').includes(id))!;
const shellId = idsOf('pt.json')[0]!;
const refusalId = idsOf('refusals/pt.json')[0]!;

describe('the message parts', () => {
  it('starts with the shell only, then adds a screen in the languages on screen and asked for, and brings it to any language loaded later', async () => {
    expect(catalogue('pt')?.[shellId]).toBeDefined();
    expect(catalogue('pt')?.[loginId]).toBeUndefined();

    showingLanguage('pt');
    await loadMessages('en');
    expect(messagesReady('en')).toBe(true);
    expect(catalogue('en')?.[loginId]).toBeUndefined();

    await loadScreenMessages('LoginScreen');
    expect(catalogue('pt')?.[loginId]).toBeDefined();
    expect(catalogue('en')?.[loginId]).toBeDefined();
    expect(catalogue('en')?.[loginId]).not.toEqual(catalogue('pt')?.[loginId]);
    expect(messagesReady('es')).toBe(false);

    const es = await loadMessages('es');
    expect(es[loginId]).toBeDefined();
    expect(es[shellId]).toBeDefined();
    expect(es[settingsId]).toBeUndefined();
    expect(messagesReady('es')).toBe(true);
  });

  it('keeps a catalogue the same object until one of its parts arrives', async () => {
    const before = catalogue('ru');
    await loadMessages('ru');
    const loaded = catalogue('ru');
    expect(loaded).not.toBe(before);
    expect(catalogue('ru')).toBe(loaded);
    showingLanguage('ru');
    await loadScreenMessages('SettingsScreen');
    expect(catalogue('ru')).not.toBe(loaded);
    expect(catalogue('ru')?.[settingsId]).toBeDefined();
  });

  it('adds the refusal texts apart from the shell (docs/decisions/067), in the languages in use, and brings them to any language loaded later', async () => {
    expect(idsOf('pt.json')).not.toContain(refusalId);
    showingLanguage('pt');
    await loadMessages('pt');
    expect(catalogue('pt')?.[refusalId]).toBeUndefined();
    await loadRefusalTexts();
    expect(catalogue('pt')?.[refusalId]).toBeDefined();
    expect(messagesReady('es')).toBe(false);
    expect((await loadMessages('es'))[refusalId]).toBeDefined();
  });
});
