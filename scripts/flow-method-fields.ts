/**
 * Which details each payment method asks for before the order exists, and its instalments, for
 * the rules beside the checkout, payment and repay charts (scripts/flow-rules.ts): read from the
 * methods' table as the migrations leave it (server/db/migrations), the data the server checks
 * (server/billing/payment-checks.ts), never retyped. A throwaway in-memory database is migrated
 * for it, as a fresh server's is.
 */
import { openPglite } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import type { FlowRule } from './flow-rules';
import type { components } from '../openapi/schema';

type Schemas = components['schemas'];

/** Every payer field of the contract (PayerField) in the owner's words: a new field fails the type check here. */
const FIELD_WORDS: Record<Schemas['PayerField'], string> = {
  firstName: 'first name',
  lastName: 'last name',
  cpf: 'CPF',
  birthday: 'date of birth',
  areaCode: 'phone area code',
  phone: 'phone number',
  zipcode: 'CEP (postal code)',
  state: 'state',
  city: 'city',
  street: 'street',
  streetNumber: 'house number',
  idType: 'ID document type',
  idNumber: 'ID document number',
};

const list = (items: readonly string[]) => (items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

interface MethodRow {
  code: string;
  name: string;
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
      const rows = await db.query<MethodRow>(
        "SELECT code, names->>'en' AS name, required_fields, countries, max_installments FROM payment_methods ORDER BY sort_order, code",
      );
      return rows.map((m) => {
        const fields = m.required_fields.map((f) => FIELD_WORDS[f]);
        const asks = fields.length ? `asks for the customer's ${list(fields)} before the order exists` : 'asks for no extra details';
        const where = m.countries?.length ? `; offered in ${list(m.countries)}` : '';
        const instalments = m.max_installments > 1 ? `; up to ${m.max_installments} instalments` : '';
        return { text: `${m.name} ${asks}${where}${instalments}.`, source: `server/db/migrations · payment_methods '${m.code}'` };
      });
    } finally {
      await db.close();
    }
  })();
  return loaded;
}
