import { describe, expect, it } from 'vitest';
import { passesLuhn } from '../../core/validation/helpers';
import { authorize, cardBrand, sandboxCards } from './card-sandbox';

const now = new Date(Date.UTC(2026, 10, 22));
const card = (number: string, extra: Partial<{ cvc: string; expMonth: number; expYear: number }> = {}) => ({
  number,
  cvc: '123',
  expMonth: 12,
  expYear: 30,
  ...extra,
});

describe('sandbox card network', () => {
  it('every listed test number passes Luhn', () => {
    for (const c of sandboxCards) expect(passesLuhn(c.number), c.number).toBe(true);
  });
  it.each([
    ['4242424242424242', { kind: 'approved' }],
    ['4000000000000002', { kind: 'declined', errCode: 301 }],
    ['4000000000009995', { kind: 'declined', errCode: 302 }],
    ['4000000000000069', { kind: 'declined', errCode: 309 }],
    ['4000000000000127', { kind: 'declined', errCode: 315 }],
    ['4000000000000119', { kind: 'declined', errCode: 5015 }],
    ['4242424242424241', { kind: 'declined', errCode: 314 }],
  ])('%s -> %o', (number, outcome) => {
    expect(authorize(card(number), now)).toEqual(outcome);
  });
  it('an unknown valid number is approved unless expired or with a wrong-length code', () => {
    expect(authorize(card('4111111111111111'), now)).toEqual({ kind: 'approved' });
    expect(authorize(card('4111111111111111', { expMonth: 10, expYear: 26 }), now)).toEqual({ kind: 'declined', errCode: 309 });
    expect(authorize(card('4111111111111111', { cvc: '12' }), now)).toEqual({ kind: 'declined', errCode: 315 });
    expect(authorize(card('378282246310005', { cvc: '1234' }), now)).toEqual({ kind: 'approved' });
    expect(authorize(card('378282246310005', { cvc: '123' }), now)).toEqual({ kind: 'declined', errCode: 315 });
  });
  it('spaces typed in the number do not matter', () => {
    expect(authorize(card('4242 4242 4242 4242'), now)).toEqual({ kind: 'approved' });
  });
  it('tells the brand from the number', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6362970000457013')).toBe('elo');
    expect(cardBrand('6062825624254001')).toBe('hipercard');
    expect(cardBrand('36227206271667')).toBe('diners');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('9999999999999995')).toBe('unknown');
  });
});
