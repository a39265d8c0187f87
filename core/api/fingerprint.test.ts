import { describe, expect, it } from 'vitest';
import { FINGERPRINT_SEED, browserFingerprint, hashString, type BrowserProps } from './fingerprint';

describe('hashString', () => {
  it('uses seed 31 by default (spec section 9)', () => {
    expect(FINGERPRINT_SEED).toBe(31);
    expect(hashString('abc')).toBe(hashString('abc', 31));
  });

  it('matches values computed by hand', () => {
    expect(hashString('')).toBe('00000000');
    // 'a' = 97 -> 0x61
    expect(hashString('a')).toBe('00000061');
    // 97 * 31 + 98 = 3105 = 0xc21
    expect(hashString('ab')).toBe('00000c21');
    // 3105 * 31 + 99 = 96354 = 0x17862
    expect(hashString('abc')).toBe('00017862');
  });

  it('depends on the seed', () => {
    // 97 * 33 + 98 = 3299 = 0xce3
    expect(hashString('ab', 33)).toBe('00000ce3');
    expect(hashString('ab', 33)).not.toBe(hashString('ab'));
  });

  it('wraps at 32 bits and renders the unsigned value (Java String.hashCode with seed 31)', () => {
    // "hello".hashCode() = 99162322 = 0x5e918d2
    expect(hashString('hello')).toBe('05e918d2');
    // "polygenelubricants".hashCode() = Integer.MIN_VALUE, unsigned 0x80000000
    expect(hashString('polygenelubricants')).toBe('80000000');
  });

  it('always gives 8 hex digits', () => {
    for (const s of ['x', 'some longer text with ünïcödé', '0'.repeat(1000)]) {
      expect(hashString(s)).toMatch(/^[0-9a-f]{8}$/);
    }
  });
});

describe('browserFingerprint', () => {
  const props: BrowserProps = {
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
    languages: ['pt-BR', 'en'],
    platform: 'Linux x86_64',
    screenWidth: 1920,
    screenHeight: 1080,
    colorDepth: 24,
    timezone: 'America/Sao_Paulo',
    hardwareConcurrency: 8,
    touchSupport: false,
  };

  it('is deterministic', () => {
    expect(browserFingerprint(props)).toBe(browserFingerprint({ ...props, languages: [...props.languages] }));
    expect(browserFingerprint(props)).toMatch(/^[0-9a-f]{8}$/);
  });

  it('is the seed-31 hash of the canonical property list', () => {
    const canonical = JSON.stringify([props.userAgent, props.languages, props.platform, 1920, 1080, 24, 'America/Sao_Paulo', 8, false]);
    expect(browserFingerprint(props)).toBe(hashString(canonical, 31));
  });

  it('does not change when the screen is rotated', () => {
    expect(browserFingerprint({ ...props, screenWidth: 1080, screenHeight: 1920 })).toBe(browserFingerprint(props));
  });

  it.each<[string, Partial<BrowserProps>]>([
    ['userAgent', { userAgent: 'other' }],
    ['languages', { languages: ['en', 'pt-BR'] }],
    ['platform', { platform: 'Win32' }],
    ['screen', { screenWidth: 1280, screenHeight: 720 }],
    ['colorDepth', { colorDepth: 30 }],
    ['timezone', { timezone: 'Europe/Lisbon' }],
    ['hardwareConcurrency', { hardwareConcurrency: 4 }],
    ['touchSupport', { touchSupport: true }],
  ])('changes with %s', (_name, change) => {
    expect(browserFingerprint({ ...props, ...change })).not.toBe(browserFingerprint(props));
  });
});
