// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SESSION_DURATION_MS,
  SESSION_KEYS,
  createSessionStore,
  isSessionExpired,
  sessionExpiration,
  watchOtherTabs,
  type SessionStore,
  type UserInfo,
} from './store';

const userInfo: UserInfo = {
  token: 'tok-A',
  uid: '100001',
  account: 'ana@example.com',
  type: 'email',
  expiration: 1_700_000_000_000,
  accountLoginType: 'password',
};

let store: SessionStore;

beforeEach(() => {
  window.localStorage.clear();
  store = createSessionStore(window.localStorage);
});

describe('defaults (spec section 3)', () => {
  it('reads every key as its default on empty storage', () => {
    expect(Object.fromEntries(SESSION_KEYS.map((k) => [k, store.get(k)]))).toEqual({
      webInfo: null,
      userInfo: null,
      clientType: 'WEB',
      scene: 'WEB',
      loginActiveTab: 'email',
      countdown: 60,
      fingerprint: null,
      language: null,
      siteKey: null,
      accountInfo: null,
      cardDetail: null,
      selectedCard: null,
      pointData: null,
      methodSelCode: null,
      bankCountDown: null,
      showLiquidoOtp: false,
      returnAfterReset: null,
    });
  });
});

describe('round trip', () => {
  it('stores values as JSON under the key name and reads them back', () => {
    store.set('userInfo', userInfo);
    store.set('scene', 'STB');
    store.set('countdown', 45);
    store.set('language', 'ru');
    store.set('showLiquidoOtp', true);
    store.set('webInfo', { name: 'StreamTV', themeColor: '#f60', langs: ['pt', 'en'], tenantId: 't-1' });
    store.set('pointData', { brand: 'b', brandId: '1', vnoId: '2', tenantId: 't-1', env: 'sandbox' });

    expect(JSON.parse(window.localStorage.getItem('userInfo') ?? '')).toEqual(userInfo);
    expect(window.localStorage.getItem('scene')).toBe('"STB"');
    expect(window.localStorage.getItem('countdown')).toBe('45');

    // A second store over the same storage (a reload) sees the same values.
    const again = createSessionStore(window.localStorage);
    expect(again.get('userInfo')).toEqual(userInfo);
    expect(again.get('scene')).toBe('STB');
    expect(again.get('countdown')).toBe(45);
    expect(again.get('language')).toBe('ru');
    expect(again.get('showLiquidoOtp')).toBe(true);
    expect(again.get('webInfo')?.langs).toEqual(['pt', 'en']);
    expect(again.get('pointData')?.env).toBe('sandbox');
  });

  it('returns the same object until the stored value changes', () => {
    store.set('userInfo', userInfo);
    const first = store.get('userInfo');
    expect(store.get('userInfo')).toBe(first);
    store.set('userInfo', { ...userInfo, token: 'tok-B' });
    expect(store.get('userInfo')).not.toBe(first);
    expect(store.get('userInfo')?.token).toBe('tok-B');
  });

  it('remove and setting null bring the default back', () => {
    store.set('loginActiveTab', 'code');
    store.remove('loginActiveTab');
    expect(store.get('loginActiveTab')).toBe('email');
    store.set('language', 'pt');
    store.set('language', null);
    expect(window.localStorage.getItem('language')).toBeNull();
    expect(store.get('language')).toBeNull();
  });

  it('accountInfo keeps the spec fields and drops unknown keys', () => {
    const fromServer = {
      uid: '100001',
      type: 'email',
      nickname: 'Ana',
      account: 'ana@example.com',
      planId: '1001',
      planName: 'Premium',
      userType: 'multi',
      expiredTime: 1_800_000_000_000,
      accountCreationTime: 1_600_000_000_000,
      deviceSessions: 2,
      limitCount: 5,
      userDevice: [{ device: 'TV', model: 'X1', ip: '10.0.0.1', time: 1_700_000_000_000, extra: 'dropped' }],
      unsubscribeEmail: false,
      loginApp: true,
      bizRemainingDays: 12,
      passwordHash: 'must not be stored',
    };
    store.set('accountInfo', fromServer as never);
    const stored = JSON.parse(window.localStorage.getItem('accountInfo') ?? '{}') as Record<string, unknown>;
    expect(stored).not.toHaveProperty('passwordHash');
    expect(store.get('accountInfo')).toEqual({
      ...fromServer,
      passwordHash: undefined,
      userDevice: [{ device: 'TV', model: 'X1', ip: '10.0.0.1', time: 1_700_000_000_000 }],
    });
    expect(store.get('accountInfo')).not.toHaveProperty('passwordHash');
  });

  it('a card never keeps a security code', () => {
    store.set('selectedCard', { id: 'c1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, cvc: '987' } as never);
    expect(window.localStorage.getItem('selectedCard')).not.toContain('987');
    expect(store.get('selectedCard')).toEqual({ id: 'c1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
  });

  it('refuses to write a value that fails its schema', () => {
    expect(() => store.set('scene', 'TV' as never)).toThrow(TypeError);
    expect(() => store.set('userInfo', { token: '' } as never)).toThrow(TypeError);
    expect(window.localStorage.getItem('scene')).toBeNull();
  });
});

describe('corrupt or wrongly shaped values read as the default', () => {
  it.each([
    ['userInfo', '{not json', null],
    ['userInfo', '"just a string"', null],
    ['userInfo', '{"uid":1}', null],
    ['userInfo', '{"token":"t","expiration":"tomorrow"}', null],
    ['scene', 'STB', 'WEB'],
    ['scene', '"TV"', 'WEB'],
    ['clientType', '42', 'WEB'],
    ['loginActiveTab', '"phone"', 'email'],
    ['countdown', '"60"', 60],
    ['countdown', '-5', 60],
    ['language', '"fr"', null],
    ['showLiquidoOtp', '"yes"', false],
    ['accountInfo', '[1,2,3]', null],
    ['accountInfo', '{"expiredTime":"soon"}', null],
    ['webInfo', '{"name":"x"}', null],
    ['pointData', 'undefined', null],
  ] as const)('%s = %s', (key, raw, expected) => {
    window.localStorage.setItem(key, raw);
    expect(() => store.get(key)).not.toThrow();
    expect(store.get(key)).toEqual(expected);
  });
});

describe('resetSession (spec section 4)', () => {
  it('clears userInfo and accountInfo only', () => {
    store.set('userInfo', userInfo);
    store.set('accountInfo', { uid: 1, nickname: 'Ana' });
    store.set('language', 'es');
    store.set('scene', 'APP');
    store.set('fingerprint', 'abc');
    store.set('pointData', { brand: 'b', brandId: '1', vnoId: '2', tenantId: 't', env: 'production' });
    store.resetSession();
    expect(store.get('userInfo')).toBeNull();
    expect(store.get('accountInfo')).toBeNull();
    expect(store.get('language')).toBe('es');
    expect(store.get('scene')).toBe('APP');
    expect(store.get('fingerprint')).toBe('abc');
    expect(store.get('pointData')?.env).toBe('production');
  });
});

describe('subscribe', () => {
  it('notifies the changed key on set, remove and reset, until unsubscribed', () => {
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set('language', 'en');
    store.remove('language');
    store.resetSession();
    expect(listener.mock.calls).toEqual([['language'], ['language'], ['userInfo'], ['accountInfo']]);
    unsubscribe();
    store.set('language', 'pt');
    expect(listener).toHaveBeenCalledTimes(4);
  });
});

describe('isSessionExpired', () => {
  it('is expired without a session, and from the expiration on', () => {
    expect(isSessionExpired(null, 0)).toBe(true);
    expect(isSessionExpired(userInfo, userInfo.expiration - 1)).toBe(false);
    expect(isSessionExpired(userInfo, userInfo.expiration)).toBe(true);
    expect(isSessionExpired(userInfo, userInfo.expiration + 1)).toBe(true);
  });

  it('a session lasts 10 days after login (spec section 9)', () => {
    expect(SESSION_DURATION_MS).toBe(864_000_000);
    const loggedIn = 1_700_000_000_000;
    const info = { ...userInfo, expiration: sessionExpiration(loggedIn) };
    expect(isSessionExpired(info, loggedIn + 9 * 86_400_000)).toBe(false);
    expect(isSessionExpired(info, loggedIn + 10 * 86_400_000)).toBe(true);
  });
});

describe('watchOtherTabs (spec section 4)', () => {
  /** What another tab does: it writes the shared storage, and this tab receives a storage event. */
  function otherTabWrites(key: string | null, newValue: string | null, storageArea: Storage = window.localStorage) {
    const oldValue = key === null ? null : window.localStorage.getItem(key);
    if (storageArea === window.localStorage) {
      if (key === null) window.localStorage.clear();
      else if (newValue === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, newValue);
    }
    window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue, storageArea }));
  }

  it('reloads when another tab stores a different token', () => {
    store.set('userInfo', userInfo);
    const reload = vi.fn();
    watchOtherTabs(window, store, reload);
    otherTabWrites('userInfo', JSON.stringify({ ...userInfo, token: 'tok-B' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('reloads an anonymous tab when another tab logs in', () => {
    const reload = vi.fn();
    watchOtherTabs(window, store, reload);
    otherTabWrites('userInfo', JSON.stringify(userInfo));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('reloads when another tab logs out (userInfo removed or storage cleared)', () => {
    store.set('userInfo', userInfo);
    const reload = vi.fn();
    const stop = watchOtherTabs(window, store, reload);
    otherTabWrites('userInfo', null);
    expect(reload).toHaveBeenCalledOnce();
    stop();

    store.set('userInfo', userInfo);
    const reload2 = vi.fn();
    watchOtherTabs(window, store, reload2);
    otherTabWrites(null, null);
    expect(reload2).toHaveBeenCalledOnce();
  });

  it('does nothing when the token is the same', () => {
    store.set('userInfo', userInfo);
    const reload = vi.fn();
    watchOtherTabs(window, store, reload);
    otherTabWrites('userInfo', JSON.stringify({ ...userInfo, account: 'renamed@example.com' }));
    expect(reload).not.toHaveBeenCalled();
  });

  it('does nothing for a key other than the login data, but tells subscribers', () => {
    store.set('userInfo', userInfo);
    const reload = vi.fn();
    const listener = vi.fn();
    store.subscribe(listener);
    watchOtherTabs(window, store, reload);
    otherTabWrites('language', '"ru"');
    otherTabWrites('accountInfo', '{"nickname":"Bo"}');
    expect(reload).not.toHaveBeenCalled();
    expect(listener.mock.calls).toEqual([['language'], ['accountInfo']]);
    expect(store.get('language')).toBe('ru');
  });

  it('ignores events of another storage area (session storage)', () => {
    store.set('userInfo', userInfo);
    const reload = vi.fn();
    watchOtherTabs(window, store, reload);
    otherTabWrites('userInfo', JSON.stringify({ ...userInfo, token: 'tok-B' }), window.sessionStorage);
    expect(reload).not.toHaveBeenCalled();
  });

  it("compares with this tab's own latest login, not the token it started with", () => {
    const reload = vi.fn();
    watchOtherTabs(window, store, reload);
    store.set('userInfo', userInfo); // this tab logs in
    otherTabWrites('userInfo', JSON.stringify(userInfo)); // same token echoed
    expect(reload).not.toHaveBeenCalled();
  });

  it('stops watching when told to', () => {
    store.set('userInfo', userInfo);
    const reload = vi.fn();
    const stop = watchOtherTabs(window, store, reload);
    stop();
    otherTabWrites('userInfo', JSON.stringify({ ...userInfo, token: 'tok-B' }));
    expect(reload).not.toHaveBeenCalled();
  });
});
