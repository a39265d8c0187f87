import { describe, expect, it } from 'vitest';
import { convert, installmentOptions, mulDiv, parseDecimal, percentOf, percentOfBasisPoints, quoteInstallments } from './money';

const rule = { maxInstallments: 12, interestFreeInstallments: 3, monthlyInterestBp: 199, minInstallmentMinor: 500 };

describe('money in minor units', () => {
  it('rounds half-up exactly', () => {
    expect(mulDiv(5, 1n, 2n)).toBe(3);
    expect(mulDiv(4, 1n, 3n)).toBe(1);
    expect(mulDiv(2990, 10n, 100n)).toBe(299);
    expect(percentOf(2995, 10)).toBe(300);
    expect(percentOf(15990, 16)).toBe(2558);
  });
  it('parses decimal rates exactly and converts between currencies', () => {
    expect(parseDecimal('0.182500')).toEqual({ numerator: 182500n, denominator: 1000000n });
    expect(convert(2990, '0.1825')).toBe(546);
    expect(convert(2990, '1')).toBe(2990);
    // To a currency without minor units (CLP): R$ 29.90 at 180.5 CLP per BRL is CLP 5,397.
    expect(convert(2990, '180.5', 2, 0)).toBe(5397);
    expect(() => parseDecimal('1e3')).toThrow();
  });
  it('0.1 + 0.2 never happens: a million small conversions stay exact', () => {
    let sum = 0;
    for (let i = 0; i < 1000; i++) sum += convert(10, '0.1');
    expect(sum).toBe(1000);
  });
});

describe('instalments', () => {
  it('interest-free counts add up to the amount exactly', () => {
    const q = quoteInstallments(15990, 3, rule);
    expect(q).toEqual({ count: 3, installmentAmount: 5330, total: 15990, interestFree: true });
  });
  it('beyond the interest-free count the Price table applies', () => {
    // A = R$ 299.90, i = 1.99 %, n = 12: PMT = 29990 · 0.0199 / (1 − 1.0199^−12) = 2831.04… → 2831.
    const q = quoteInstallments(29990, 12, rule);
    const i = 0.0199;
    expect(q.installmentAmount).toBe(Math.round((29990 * i) / (1 - (1 + i) ** -12)));
    expect(q.total).toBe(q.installmentAmount * 12);
    expect(q.interestFree).toBe(false);
  });
  it('offers 1x always and no count below the minimum instalment', () => {
    const options = installmentOptions(2990, rule);
    // 6x at 1.99 % is R$ 5.33; 7x would be R$ 4.61, under the R$ 5.00 minimum.
    expect(options.map((o) => o.count)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(options.every((o, n) => n === 0 || o.installmentAmount >= 500)).toBe(true);
    expect(installmentOptions(100, rule).map((o) => o.count)).toEqual([1]);
  });
  it('refuses a count the plan does not allow', () => {
    expect(() => quoteInstallments(1000, 13, rule)).toThrow();
    expect(() => quoteInstallments(1000, 0, rule)).toThrow();
  });

  it('writes basis points as the percent a page states', () => {
    expect([199, 250, 100, 0, 7, 1234].map(percentOfBasisPoints)).toEqual(['1.99', '2.5', '1', '0', '0.07', '12.34']);
  });
});
