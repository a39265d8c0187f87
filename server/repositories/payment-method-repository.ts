import type { components } from '../../openapi/schema';
import type { Queryable } from '../db/database';
import type { Language } from '../../core/i18n/languages';

type Schemas = components['schemas'];

/** A payment method as paying checks it and the payment page lists it. */
export interface PaymentMethodRow {
  code: string;
  type: Schemas['PaymentMethodType'];
  names: Partial<Record<Language, string>>;
  countries: string[] | null;
  currencies: string[] | null;
  max_installments: number;
  required_fields: Schemas['PayerField'][];
}

const columns = 'code, type, names, countries, currencies, max_installments, required_fields';

/** The method by its code, when it is enabled. */
export async function findEnabledMethod(q: Queryable, code: string): Promise<PaymentMethodRow | undefined> {
  const rows = await q.query<PaymentMethodRow>(`SELECT ${columns} FROM payment_methods WHERE code = $1 AND enabled`, [code]);
  return rows[0];
}

/** The enabled methods offered in the country and currency, in display order. */
export async function enabledMethodsFor(q: Queryable, country: string, currency: string): Promise<PaymentMethodRow[]> {
  return q.query<PaymentMethodRow>(
    `SELECT ${columns} FROM payment_methods
     WHERE enabled AND (countries IS NULL OR $1 = ANY(countries)) AND (currencies IS NULL OR $2 = ANY(currencies))
     ORDER BY sort_order, code`,
    [country, currency],
  );
}

/** The method's name in each language, enabled or not (an old order keeps its method). */
export async function methodNames(q: Queryable, code: string): Promise<Record<string, string> | undefined> {
  const [method] = await q.query<{ names: Record<string, string> }>('SELECT names FROM payment_methods WHERE code = $1', [code]);
  return method?.names;
}

/** Each enabled method's own discount, in display order. */
export async function methodDiscounts(q: Queryable): Promise<{ code: string; type: Schemas['PaymentMethodType']; discount_percent: number }[]> {
  return q.query<{ code: string; type: Schemas['PaymentMethodType']; discount_percent: number }>(
    'SELECT code, type, discount_percent FROM payment_methods WHERE enabled ORDER BY sort_order, code',
  );
}
