// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { cacheKeys, createSessionCache, type PolicyText } from './session-cache';

const policy: PolicyText = {
  type: 'privacy',
  language: 'pt',
  title: 'Política de privacidade',
  content: '<p>Texto</p>',
  updatedAt: 1_700_000_000_000,
};

beforeEach(() => {
  window.sessionStorage.clear();
});

describe('session cache (spec section 7, client caching)', () => {
  it('misses on an empty session storage', () => {
    const cache = createSessionCache(window.sessionStorage);
    expect(cache.getAreaCodes('pt')).toBeNull();
    expect(cache.getPolicy('privacy', 'pt')).toBeNull();
    expect(cache.getValidRules()).toBeNull();
  });

  it('keeps policy texts per type and language', () => {
    const cache = createSessionCache(window.sessionStorage);
    cache.setPolicy('privacy', 'pt', policy);
    expect(window.sessionStorage.getItem(cacheKeys.policy('privacy', 'pt'))).not.toBeNull();
    expect(createSessionCache(window.sessionStorage).getPolicy('privacy', 'pt')).toEqual(policy);
    expect(cache.getPolicy('privacy', 'en')).toBeNull();
    expect(cache.getPolicy('terms', 'pt')).toBeNull();
  });

  it('keeps area codes per language and the validation rules', () => {
    const cache = createSessionCache(window.sessionStorage);
    cache.setAreaCodes('en', [{ country: 'BR', name: 'Brazil', areaCode: '55', minLength: 10, maxLength: 11 }]);
    cache.setValidRules({ email: '^\\S+@\\S+$', phone: '^\\d{8,11}$' });
    expect(cache.getAreaCodes('en')).toEqual([{ country: 'BR', name: 'Brazil', areaCode: '55', minLength: 10, maxLength: 11 }]);
    expect(cache.getAreaCodes('pt')).toBeNull();
    expect(cache.getValidRules()).toEqual({ email: '^\\S+@\\S+$', phone: '^\\d{8,11}$' });
    expect(new RegExp(cache.getValidRules()?.phone ?? '').test('11987654321')).toBe(true);
  });

  it('reads corrupt or wrongly shaped entries as a miss', () => {
    const cache = createSessionCache(window.sessionStorage);
    window.sessionStorage.setItem(cacheKeys.validRules(), '{broken');
    window.sessionStorage.setItem(cacheKeys.areaCodes('pt'), '[{"name":1}]');
    window.sessionStorage.setItem(cacheKeys.policy('terms', 'en'), JSON.stringify(policy)); // a pt privacy text
    expect(cache.getValidRules()).toBeNull();
    expect(cache.getAreaCodes('pt')).toBeNull();
    expect(cache.getPolicy('terms', 'en')).toBeNull();
  });

  it('does not cache a value that fails its schema', () => {
    const cache = createSessionCache(window.sessionStorage);
    cache.setValidRules({ email: 1 } as never);
    expect(window.sessionStorage.getItem(cacheKeys.validRules())).toBeNull();
  });

  it('clear drops its own entries only', () => {
    const cache = createSessionCache(window.sessionStorage);
    window.sessionStorage.setItem('someone-else', 'x');
    cache.setPolicy('privacy', 'pt', policy);
    cache.setValidRules({ email: '.', phone: '.' });
    cache.clear();
    expect(cache.getPolicy('privacy', 'pt')).toBeNull();
    expect(cache.getValidRules()).toBeNull();
    expect(window.sessionStorage.getItem('someone-else')).toBe('x');
  });
});
