import { describe, expect, it } from 'vitest';
import { currencySymbol, formatMoney } from './money';

describe('money display (spec section 9)', () => {
  it('uses the spec symbols and shows other codes as they are', () => {
    expect(['USD', 'BRL', 'ARS', 'CLP', 'COP', 'MXN', 'PEN', 'UYU', 'ZAR', 'PHP', 'RUB'].map(currencySymbol)).toEqual([
      '$',
      'R$',
      '$',
      '$',
      '$',
      'MXN',
      'S/.',
      '$U',
      'R',
      '₱',
      '₽',
    ]);
    expect(currencySymbol('EUR')).toBe('EUR');
  });
  it('formats minor units with 2 decimals in the user locale', () => {
    expect(formatMoney(2990, 'BRL', 'pt')).toBe('R$ 29,90');
    expect(formatMoney(2990, 'BRL', 'en')).toBe('R$ 29.90');
    expect(formatMoney(123456789, 'USD', 'en')).toBe('$ 1,234,567.89');
    expect(formatMoney(5, 'EUR', 'es')).toBe('EUR 0,05');
  });
  it('knows currencies without minor units', () => {
    expect(formatMoney(2990, 'CLP', 'en')).toBe('$ 2,990.00');
  });
});
