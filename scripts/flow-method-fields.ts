/**
 * Which details each payment method asks for before the order exists, and its instalments, for
 * the rules beside the checkout, payment and repay charts (scripts/flow-rules.ts): read from the
 * methods' table as the migrations leave it (server/db/migrations), the data the server checks
 * (server/billing/payment-checks.ts), never retyped. A throwaway in-memory database is migrated
 * for it, as a fresh server's is.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { languages, type Language } from '../core/i18n/languages';
import { openPglite } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import type { FlowRule } from './flow-rules';
import type { components } from '../openapi/schema';

type Schemas = components['schemas'];
type Messages = Readonly<Record<string, string>>;

/** The app's messages in each language (core/i18n/lang), for the labels the payment form shows. */
const messages: Readonly<Record<Language, Messages>> = Object.fromEntries(
  languages.map((language) => [language, JSON.parse(readFileSync(path.join(import.meta.dirname, `../core/i18n/lang/${language}.json`), 'utf8')) as Messages]),
) as Record<Language, Messages>;

/** A payer field as the customer reads it on the form (src/screens/payment/method-form.tsx), in quotes. */
function fieldLabel(field: Schemas['PayerField'], language: Language): string {
  const label = messages[language][`payment.payer.${field}`];
  if (!label) throw new Error(`the payment form has no label for the payer field ${field} in ${language} (payment.payer.${field})`);
  return language === 'en' ? `“${label}”` : `«${label}»`;
}

const list = (items: readonly string[], language: Language) => new Intl.ListFormat(language, { type: 'conjunction' }).format(items);

/** The sentence of a method's rule, in `language`. */
const SENTENCE: Readonly<Record<Language, (m: { name: string; fields: string; countries: string; instalments: number }) => string>> = {
  pt: ({ name, fields, countries, instalments }) =>
    `${name} ${fields ? `pede ${fields} do cliente antes de o pedido existir` : 'não pede dados extras'}${countries ? `; oferecido em ${countries}` : ''}${instalments > 1 ? `; até ${instalments} parcelas` : ''}.`,
  en: ({ name, fields, countries, instalments }) =>
    `${name} ${fields ? `asks for the customer's ${fields} before the order exists` : 'asks for no extra details'}${countries ? `; offered in ${countries}` : ''}${instalments > 1 ? `; up to ${instalments} instalments` : ''}.`,
  es: ({ name, fields, countries, instalments }) =>
    `${name} ${fields ? `pide ${fields} del cliente antes de que exista el pedido` : 'no pide datos extra'}${countries ? `; ofrecido en ${countries}` : ''}${instalments > 1 ? `; hasta ${instalments} cuotas` : ''}.`,
  ru: ({ name, fields, countries, instalments }) =>
    `${name}: ${fields ? `до создания заказа запрашивает у покупателя ${fields}` : 'дополнительных данных не запрашивает'}${countries ? `; доступен в странах: ${countries}` : ''}${instalments > 1 ? `; до ${instalments} платежей в рассрочку` : ''}.`,
};

interface MethodRow {
  code: string;
  names: Partial<Record<Language, string>>;
  required_fields: Array<Schemas['PayerField']>;
  countries: string[] | null;
  max_installments: number;
}

let loaded: Promise<FlowRule[]> | undefined;

/** One rule per method: the details it asks for (or none), where it is offered, up to how many instalments. */
export function methodFieldRules(): Promise<FlowRule[]> {
  loaded ??= (async () => {
    const db = await openPglite();
    try {
      await migrate(db);
      const rows = await db.query<MethodRow>('SELECT code, names, required_fields, countries, max_installments FROM payment_methods ORDER BY sort_order, code');
      return rows.map((m) => {
        const sentence = (language: Language) =>
          SENTENCE[language]({
            name: m.names[language] ?? m.names.en ?? m.code,
            fields: m.required_fields.length
              ? list(
                  m.required_fields.map((f) => fieldLabel(f, language)),
                  language,
                )
              : '',
            countries: m.countries?.length
              ? list(
                  m.countries.map((c) => new Intl.DisplayNames(language, { type: 'region' }).of(c) ?? c),
                  language,
                )
              : '',
            instalments: m.max_installments,
          });
        const text = Object.fromEntries(languages.map((language) => [language, sentence(language)])) as Record<Language, string>;
        return { text, source: `server/db/migrations · payment_methods '${m.code}'` };
      });
    } finally {
      await db.close();
    }
  })();
  return loaded;
}
