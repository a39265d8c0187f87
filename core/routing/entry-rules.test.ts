import { describe, expect, it } from 'vitest';
import { decideEntry, isPlanDetailsPath, normalizeQuery } from './entry-rules';

const q = (s: string) => Object.fromEntries(normalizeQuery(new URLSearchParams(s)));

describe('query names in long or short form (spec section 2)', () => {
  it('maps every short name to its long name', () => {
    expect(q('a=1&t=tok&e=L1&r=STB&la=es&lt=code&p=3&st=tv')).toEqual({
      accountId: '1',
      appToken: 'tok',
      loginId: 'L1',
      releaseId: 'STB',
      language: 'es',
      loginType: 'code',
      planId: '3',
      sourceType: 'tv',
    });
    expect(q('id=5')).toEqual({ planId: '5' });
  });
  it('keeps aid, ls, did, d and psl, and prefers the long form on a clash', () => {
    expect(q('aid=1&ls=2&did=3&d=4&psl=5')).toEqual({ aid: '1', ls: '2', did: '3', d: '4', psl: '5' });
    expect(q('p=1&planId=2')).toEqual({ planId: '2' });
  });
});

describe('entry decisions', () => {
  it('/ goes to the pricing table', () => {
    expect(decideEntry('/', '')).toEqual({ redirect: '/pricing-table' });
  });
  it.each([
    ['/order', '/orders'],
    ['/stbPayment', '/payment'],
    ['/tokenLogin', '/pricing-table'],
    ['/plan', '/pricing-table'],
    ['/resendConfirmation', '/resend-confirm'],
  ])('alias %s -> %s, keeping the query', (from, to) => {
    expect(decideEntry(from, '').redirect).toBe(to);
    expect(decideEntry(from, '?p=4').redirect).toBe(`${to}?planId=4`);
  });
  it.each([
    ['/resetPassword', '/reset-password'],
    ['/activate', '/resend-confirm'],
    ['/bindEmailConfirmed', '/notice'],
  ])('email link %s with a token -> %s, carrying the query and setting the language', (from, to) => {
    const d = decideEntry(from, '?token=abc123&la=ru');
    expect(d).toEqual({ redirect: `${to}?token=abc123&language=ru`, language: 'ru' });
    expect(decideEntry(from, '').redirect).toBeUndefined();
  });
  it('releaseId (r) is stored as the scene', () => {
    expect(decideEntry('/pricing-table', '?releaseId=STB').scene).toBe('STB');
    expect(decideEntry('/pricing-table', '?r=app').scene).toBe('APP');
    expect(decideEntry('/pricing-table', '?r=toaster').scene).toBeUndefined();
  });
  it('on the hand-off paths, a non-empty d goes to sign-up with the parameters', () => {
    for (const path of ['/pricing-table', '/plan-details/3', '/orders', '/stb-orders', '/payment']) {
      expect(decideEntry(path, '?d=xyz&la=en').redirect, path).toBe('/register?d=xyz&language=en');
    }
    expect(decideEntry('/help', '?d=xyz').redirect).toBeUndefined();
    expect(decideEntry('/pricing-table', '?d=').redirect).toBeUndefined();
  });
  it('a params query holding JSON goes to login with its contents', () => {
    const params = encodeURIComponent(JSON.stringify({ a: '77', t: 'tok', e: 'L9', la: 'es' }));
    expect(decideEntry('/orders', `?params=${params}`)).toEqual({
      redirect: '/login?accountId=77&appToken=tok&loginId=L9&language=es&redirect=%2Forders',
      language: 'es',
    });
    // The pricing table is where a log-in goes anyway.
    expect(decideEntry('/pricing-table', `?params=${params}`).redirect).toBe('/login?accountId=77&appToken=tok&loginId=L9&language=es');
    expect(decideEntry('/orders', '?params=not-json').redirect).toBeUndefined();
  });
  it('appToken, accountId and loginId together set the language and go to login for the token log-in', () => {
    expect(decideEntry('/payment', '?t=tok&a=77&e=L9&la=pt')).toEqual({
      redirect: '/login?appToken=tok&accountId=77&loginId=L9&language=pt&redirect=%2Fpayment',
      language: 'pt',
    });
    // The page the link opened, with its own query, is where the log-in returns.
    const fromApp = new URLSearchParams(decideEntry('/orders', '?t=tok&a=77&e=L9&r=APP').redirect!.split('?')[1]);
    expect(fromApp.get('redirect')).toBe('/orders');
    const toPlan = new URLSearchParams(decideEntry('/payment', '?t=tok&a=77&e=L9&p=2').redirect!.split('?')[1]);
    expect(toPlan.get('redirect')).toBe('/payment?planId=2');
    expect(decideEntry('/payment', '?t=tok&a=77').redirect).toBe('/payment?appToken=tok&accountId=77');
  });
  it('a URL containing "response" reopens at the payment result, path segments turned into a query', () => {
    expect(decideEntry('/paymentResult/orderId/A42/status/success/response', '').redirect).toBe('/paymentResult?orderId=A42&status=success');
    expect(decideEntry('/paymentResult/response/orderId/A42', '?x=1').redirect).toBe('/paymentResult?x=1&orderId=A42');
    expect(decideEntry('/payment', '?response=ok').redirect).toBe('/paymentResult?response=ok');
    expect(decideEntry('/paymentResult', '?response=ok').redirect).toBeUndefined();
  });
  it('short names elsewhere are canonicalised in place; a clean URL is left alone', () => {
    expect(decideEntry('/plan-details/3', '?la=es').redirect).toBe('/plan-details/3?language=es');
    expect(decideEntry('/help', '')).toEqual({});
  });
  it('plan-details must be followed by digits', () => {
    expect(isPlanDetailsPath('/plan-details/12')).toBe(true);
    expect(isPlanDetailsPath('/plan-details/abc')).toBe(false);
    expect(isPlanDetailsPath('/plan-details/')).toBe(false);
  });
});
