import { describe, expect, it } from 'vitest';
import { returnPath } from './return-path';

describe('returnPath', () => {
  it('follows a redirect to a path of this site', () => {
    expect(returnPath('/orders?x=1', '/help')).toBe('/orders?x=1');
  });
  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example', 'orders'])('never follows %s', (redirect) => {
    expect(returnPath(redirect, null)).toBe('/pricing-table');
  });
  it('else goes back to the page the router came from, but not to /login itself', () => {
    expect(returnPath(null, '/help')).toBe('/help');
    expect(returnPath(null, '/login?t=1')).toBe('/pricing-table');
    expect(returnPath(null, undefined)).toBe('/pricing-table');
  });
});
