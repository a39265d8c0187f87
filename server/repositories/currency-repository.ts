import type { Queryable } from '../db/database';

/** How an amount of a currency is written: its symbol and its minor unit's exponent. */
export interface CurrencyFormat {
  symbol: string;
  decimals: number;
}

/** Whether the currency is one the portal takes. */
export async function isActiveCurrency(q: Queryable, code: string): Promise<boolean> {
  const [currency] = await q.query('SELECT 1 FROM currencies WHERE code = $1 AND active', [code]);
  return currency !== undefined;
}

/** How the currency is written, active or not (an old order keeps its currency). */
export async function currencyFormat(q: Queryable, code: string): Promise<CurrencyFormat | undefined> {
  const [currency] = await q.query<CurrencyFormat>('SELECT symbol, decimals FROM currencies WHERE code = $1', [code]);
  return currency;
}

/** How each of the currencies is written, by code. */
export async function currencyFormats(q: Queryable, codes: string[]): Promise<Record<string, CurrencyFormat>> {
  const rows = await q.query<{ code: string; symbol: string; decimals: number }>('SELECT code, symbol, decimals FROM currencies WHERE code = ANY($1)', [codes]);
  return Object.fromEntries(rows.map((c) => [c.code, { symbol: c.symbol, decimals: c.decimals }]));
}

/** The active currencies, `first` first, then by code. */
export async function activeCurrencies(q: Queryable, first: string): Promise<{ code: string; symbol: string; decimals: number; exchange_rate: string }[]> {
  return q.query<{ code: string; symbol: string; decimals: number; exchange_rate: string }>(
    `SELECT code, symbol, decimals, exchange_rate FROM currencies WHERE active
     ORDER BY code = $1 DESC, code`,
    [first],
  );
}
