/** Spec section 9: these currencies show their own symbol; any other shows its code. */
export const currencySymbols: Readonly<Record<string, string>> = {
  USD: '$',
  BRL: 'R$',
  ARS: '$',
  CLP: '$',
  COP: '$',
  MXN: 'MXN',
  PEN: 'S/.',
  UYU: '$U',
  ZAR: 'R',
  PHP: '₱',
  RUB: '₽',
};

// The currency each payer country of the checkout pays in (ISO 4217), for those whose currency the site prices.
const currencyOfCountryCode: Readonly<Record<string, string>> = {
  BR: 'BRL',
  AR: 'ARS',
  CL: 'CLP',
  CO: 'COP',
  MX: 'MXN',
  PE: 'PEN',
  UY: 'UYU',
  US: 'USD',
  ZA: 'ZAR',
};

/**
 * The currency a payer from `country` is shown (docs/decisions/053): the country's own when the
 * site prices it, else US dollars, the currency the methods of countries without one of their own
 * (mobile money in Kenya, say) take.
 */
export const currencyOfCountry = (country: string): string => currencyOfCountryCode[country] ?? 'USD';

// ISO 4217 exponents that are not 2, for the currencies the portal may meet.
const exponents: Readonly<Record<string, number>> = { CLP: 0, JPY: 0, KRW: 0, PYG: 0, UYI: 0, BHD: 3, KWD: 3, OMR: 3, TND: 3 };

export const currencySymbol = (currency: string) => currencySymbols[currency] ?? currency;

/** Money travels in minor units; it is shown with 2 decimals (spec section 9) in the user's locale. */
export function formatMoney(minor: number, currency: string, locale: string): string {
  return `${currencySymbol(currency)} ${plainAmount(minor, currency, locale, true)}`;
}

/** The amount alone, as a bank app takes it typed or pasted: "29,90" in Portuguese, no symbol, no grouping unless asked. */
export function plainAmount(minor: number, currency: string, locale: string, grouping = false): string {
  const amount = minor / 10 ** (exponents[currency] ?? 2);
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: grouping }).format(amount);
}
