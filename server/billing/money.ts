/**
 * Money arithmetic in integer minor units. Rates and percentages are exact integers or decimal
 * strings turned into integer ratios with BigInt, so no amount ever passes through a float.
 * Rounding is half-up on the minor unit, the way receipts are read.
 */

/** `round(amount * numerator / denominator)`, half-up, exact. */
export function mulDiv(amount: number, numerator: bigint, denominator: bigint): number {
  if (denominator <= 0n) throw new Error('denominator must be positive');
  const product = BigInt(amount) * numerator;
  const q = product / denominator;
  const r = product % denominator;
  return Number(2n * (r < 0n ? -r : r) >= denominator ? q + (product < 0n ? -1n : 1n) : q);
}

/** A decimal string ('5.4321') as an exact ratio. */
export function parseDecimal(text: string): { numerator: bigint; denominator: bigint } {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) throw new Error(`not a decimal: ${text}`);
  const frac = m[2] ?? '';
  return { numerator: BigInt(m[1]! + frac), denominator: 10n ** BigInt(frac.length) };
}

/** Converts minor units between currencies with a decimal rate (units of `to` per unit of `from`). */
export function convert(amountMinor: number, rate: string, fromExponent = 2, toExponent = 2): number {
  const { numerator, denominator } = parseDecimal(rate);
  return mulDiv(amountMinor, numerator * 10n ** BigInt(toExponent), denominator * 10n ** BigInt(fromExponent));
}

/** `percent`% of an amount, half-up. */
export const percentOf = (amountMinor: number, percent: number) => mulDiv(amountMinor, BigInt(percent), 100n);

export interface InstallmentRule {
  maxInstallments: number;
  interestFreeInstallments: number;
  /** Monthly interest beyond the interest-free count, in basis points (199 = 1.99 %). */
  monthlyInterestBp: number;
  /** No instalment below this amount (a count that would go below is not offered); 1x always is. */
  minInstallmentMinor: number;
}

export interface InstallmentQuote {
  count: number;
  installmentAmount: number;
  total: number;
  interestFree: boolean;
}

/**
 * The instalment a count costs. Interest-free counts split the amount (the first instalments
 * carry the leftover cents, so the instalments add up to the amount exactly). Beyond them the
 * Price table applies: PMT = A·i / (1 − (1 + i)^−n), rounded half-up to the minor unit.
 */
export function quoteInstallments(amountMinor: number, count: number, rule: InstallmentRule): InstallmentQuote {
  if (!Number.isInteger(count) || count < 1 || count > rule.maxInstallments) throw new Error('count out of range');
  if (count <= rule.interestFreeInstallments || rule.monthlyInterestBp === 0) {
    return { count, installmentAmount: Math.ceil(amountMinor / count), total: amountMinor, interestFree: true };
  }
  // (1 + i)^n with i = bp / 10000, exactly: (10000 + bp)^n / 10000^n.
  const base = 10_000n;
  const growth = (base + BigInt(rule.monthlyInterestBp)) ** BigInt(count);
  const scale = base ** BigInt(count);
  // PMT = A · i · g / (g − s) where g = (1+i)^n·s: A · bp · g / (10000 · (g − s)).
  const installmentAmount = mulDiv(amountMinor, BigInt(rule.monthlyInterestBp) * growth, base * (growth - scale));
  return { count, installmentAmount, total: installmentAmount * count, interestFree: false };
}

/** Basis points as a percent written as a decimal string: 199 -> '1.99', 250 -> '2.5', 0 -> '0'. */
export const percentOfBasisPoints = (bp: number): string => {
  const whole = Math.trunc(bp / 100);
  const cents = String(bp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return cents === '' ? String(whole) : `${whole}.${cents}`;
};

/** Every count from 1 up to the plan's maximum whose instalment stays above the minimum. */
export function installmentOptions(amountMinor: number, rule: InstallmentRule): InstallmentQuote[] {
  const out: InstallmentQuote[] = [];
  for (let n = 1; n <= rule.maxInstallments; n++) {
    const q = quoteInstallments(amountMinor, n, rule);
    if (n === 1 || q.installmentAmount >= rule.minInstallmentMinor) out.push(q);
  }
  return out;
}
