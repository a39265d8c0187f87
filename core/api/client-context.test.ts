// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore } from '../session/store';
import { createSessionClientContext } from './client-context';
import { browserFingerprint, collectBrowserProps } from './fingerprint';

beforeEach(() => {
  window.localStorage.clear();
});

describe('createSessionClientContext', () => {
  it('reads the headers from the session store, with the defaults of spec section 3', () => {
    const store = createSessionStore(window.localStorage);
    const context = createSessionClientContext(store, { computeFingerprint: () => 'fp' });
    expect(context.getToken()).toBeNull();
    expect(context.getLanguage()).toBe('en');
    expect(context.getClientType()).toBe('WEB');
    expect(context.getScene()).toBe('WEB');

    store.set('userInfo', { token: 'tok', expiration: 1 });
    store.set('language', 'pt');
    store.set('clientType', 'WAP');
    store.set('scene', 'STB');
    expect(context.getToken()).toBe('tok');
    expect(context.getLanguage()).toBe('pt');
    expect(context.getClientType()).toBe('WAP');
    expect(context.getScene()).toBe('STB');
  });

  it('computes a missing fingerprint once and stores it', () => {
    const store = createSessionStore(window.localStorage);
    const compute = vi.fn(() => 'abcd1234');
    const context = createSessionClientContext(store, { computeFingerprint: compute });
    expect(context.getFingerprint()).toBe('abcd1234');
    expect(context.getFingerprint()).toBe('abcd1234');
    expect(compute).toHaveBeenCalledOnce();
    expect(store.get('fingerprint')).toBe('abcd1234');
  });
});

describe('collectBrowserProps', () => {
  it('reads the window and feeds browserFingerprint', () => {
    const props = collectBrowserProps(window);
    expect(props.userAgent).toBe(window.navigator.userAgent);
    expect(props.languages.length).toBeGreaterThan(0);
    expect(typeof props.timezone).toBe('string');
    expect(typeof props.touchSupport).toBe('boolean');
    expect(browserFingerprint(props)).toBe(browserFingerprint(collectBrowserProps(window)));
  });
});
