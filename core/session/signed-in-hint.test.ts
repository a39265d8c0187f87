// @vitest-environment jsdom
// The signed-in hint follows the stored session: set with it, cleared with it, and never more than
// a flag the server may read.
import { afterEach, describe, expect, it } from 'vitest';
import { hasSignedInHint, keepSignedInHint, signedInCookie } from './signed-in-hint';
import { createSessionStore, sessionExpiration } from './store';

const hint = () => document.cookie.split('; ').find((c) => c.startsWith(`${signedInCookie}=`));

afterEach(() => {
  document.cookie = `${signedInCookie}=; path=/; max-age=0`;
  localStorage.clear();
});

describe('keepSignedInHint', () => {
  it('says so at once for a session already stored, and carries nothing of it', () => {
    const store = createSessionStore(localStorage);
    store.set('userInfo', { token: 'secret-token', uid: 7, account: 'ana@example.com', expiration: sessionExpiration(Date.now()) });
    const stop = keepSignedInHint(document, store);
    expect(hint()).toBe(`${signedInCookie}=1`);
    expect(document.cookie).not.toContain('secret-token');
    expect(document.cookie).not.toContain('ana');
    stop();
  });

  it('follows a log-in, a reset and a storage cleared by another tab', () => {
    const store = createSessionStore(localStorage);
    const stop = keepSignedInHint(document, store);
    expect(hint()).toBeUndefined();
    store.set('userInfo', { token: 't', expiration: sessionExpiration(Date.now()) });
    expect(hint()).toBe(`${signedInCookie}=1`);
    store.resetSession();
    expect(hint()).toBeUndefined();
    store.set('userInfo', { token: 't', expiration: sessionExpiration(Date.now()) });
    localStorage.clear();
    store.notifyExternalChange(null);
    expect(hint()).toBeUndefined();
    stop();
    store.set('userInfo', { token: 't', expiration: sessionExpiration(Date.now()) });
    expect(hint()).toBeUndefined();
  });

  it('ends with the session: a session past its expiry writes no hint', () => {
    const store = createSessionStore(localStorage);
    store.set('userInfo', { token: 't', expiration: Date.now() - 1000 });
    keepSignedInHint(document, store)();
    expect(hint()).toBeUndefined();
  });
});

describe('hasSignedInHint', () => {
  it.each([
    ['signed_in=1', true],
    ['language=pt; signed_in=1', true],
    ['signed_in=1; language=pt', true],
    ['signed_in=0', false],
    ['signed_in=', false],
    ['not_signed_in=1', false],
    ['signed_in=10', false],
    [undefined, false],
  ])('%s → %s', (header, expected) => expect(hasSignedInHint(header)).toBe(expected));
});
