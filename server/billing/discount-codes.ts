import type { Queryable } from '../db/database';
import { convert, percentOf } from './money';
import { openStatuses } from './order-status';
import { BASE_CURRENCY, BASE_DECIMALS, type CurrencyFacts } from './prices';
import type { Valuation } from './valuation';

/** Why a discount code was not applied (`Valuation.discountCode.errCode`); 9004 is the project's own. */
export const DiscountErr = {
  /** Switched off, not yet valid, or past its end. */
  unavailable: 9000,
  unknown: 9001,
  /** For another plan. */
  wrongPlan: 9002,
  exhausted: 9003,
  /** Held by another open order of the same account: unbind it first (spec section 4). */
  boundToAnotherOrder: 9004,
  verificationFailed: 9991,
} as const;

export type DiscountCodeStatus = NonNullable<Valuation['discountCode']>;

export interface DiscountCheck {
  status: DiscountCodeStatus;
  /** Minor units of the valuation's currency taken off; 0 when not applied. */
  discount: number;
}

interface DiscountRow {
  code: string;
  kind: 'percent' | 'fixed';
  value: number;
  currency: string | null;
  plan_id: number | null;
  valid_from: Date | null;
  valid_to: Date | null;
  max_uses: number | null;
  used_count: number;
  active: boolean;
  /** A personal code's account (docs/decisions/023); null for codes anyone may type. */
  account_uid: number | string | null;
  per_account_limit: number | null;
}

/**
 * Checks a discount code for a plan and account and says what it takes off `amount` (the price
 * after the method's discount). Never throws: a bad code is a status, not a refusal, so the
 * payment page still gets a price (docs/decisions/002). Checks in order: 9001 unknown (or another
 * account's personal code), 9000 switched off or outside its validity window, 9002 for another
 * plan, 9003 used up (by everyone, or by this account as often as it may), 9004 held by
 * another open order of the account (with `boundOrderId`), 9991 anything unexpected (a fixed code
 * whose currency cannot be converted, a database fault).
 */
export async function checkDiscountCode(
  q: Queryable,
  input: {
    code: string;
    planId: number;
    accountUid: number | null;
    /** The order being paid again: its own binding of the code is not "another order". */
    orderId?: string;
    now: number;
    currency: CurrencyFacts;
    amount: number;
  },
): Promise<DiscountCheck> {
  const code = input.code.toUpperCase();
  const refuse = (errCode: (typeof DiscountErr)[keyof typeof DiscountErr], extra: Partial<DiscountCodeStatus> = {}): DiscountCheck => ({
    status: { code, applied: false, errCode, ...extra },
    discount: 0,
  });
  try {
    const rows = await q.query<DiscountRow>(
      `SELECT code, kind, value, currency, plan_id, valid_from, valid_to, max_uses, used_count, active, account_uid, per_account_limit
       FROM discount_codes WHERE code = $1`,
      [code],
    );
    const c = rows[0];
    // Another account's personal code is unknown to everyone else: its existence does not leak.
    if (!c || (c.account_uid !== null && Number(c.account_uid) !== input.accountUid)) return refuse(DiscountErr.unknown);
    const now = input.now;
    const started = c.valid_from === null || new Date(c.valid_from).getTime() <= now;
    const notEnded = c.valid_to === null || new Date(c.valid_to).getTime() > now;
    if (!c.active || !started || !notEnded) return refuse(DiscountErr.unavailable);
    if (c.plan_id !== null && Number(c.plan_id) !== input.planId) return refuse(DiscountErr.wrongPlan);
    if (c.max_uses !== null && c.used_count >= c.max_uses) return refuse(DiscountErr.exhausted);
    // A code limited per account (welcome codes: once) counts the account's paid orders that carried it.
    // Anonymous prices are previews: the limit binds when a signed-in account values or pays.
    if (c.per_account_limit !== null && input.accountUid !== null) {
      const [uses] = await q.query<{ n: number | string }>(
        'SELECT count(*) AS n FROM orders WHERE account_uid = $1 AND discount_code = $2 AND paid_at IS NOT NULL',
        [input.accountUid, code],
      );
      if (Number(uses?.n ?? 0) >= c.per_account_limit) return refuse(DiscountErr.exhausted);
    }
    if (input.accountUid !== null) {
      const bound = await q.query<{ id: string }>(
        `SELECT id FROM orders
         WHERE account_uid = $1 AND discount_code = $2 AND status = ANY($3::text[]) AND ($4::text IS NULL OR id <> $4)
         ORDER BY created_at DESC LIMIT 1`,
        [input.accountUid, code, [...openStatuses], input.orderId ?? null],
      );
      if (bound[0]) return refuse(DiscountErr.boundToAnotherOrder, { boundOrderId: bound[0].id });
    }
    const discount = Math.min(input.amount, await codeAmount(q, c, input.amount, input.currency));
    return { status: { code, applied: true }, discount };
  } catch {
    // A fault while checking must not cost the customer the price: the code is just not applied.
    return refuse(DiscountErr.verificationFailed);
  }
}

/** What a valid code takes off: a percent of the amount, or a fixed sum converted through BRL. */
async function codeAmount(q: Queryable, c: DiscountRow, amount: number, to: CurrencyFacts): Promise<number> {
  if (c.kind === 'percent') return percentOf(amount, c.value);
  const from = c.currency ?? BASE_CURRENCY;
  if (from === to.code) return c.value;
  // Fixed codes are written in one currency; elsewhere they are worth the same through BRL.
  const rows = await q.query<{ decimals: number; exchange_rate: string }>('SELECT decimals, exchange_rate FROM currencies WHERE code = $1 AND active', [from]);
  const source = rows[0];
  if (!source || /^0(\.0+)?$/.test(source.exchange_rate)) throw new Error(`cannot convert a ${from} code`);
  // source → BRL divides by the source's rate, BRL → target multiplies by the target's; each step
  // is exact and rounded half-up on its minor unit.
  const inBase = from === BASE_CURRENCY ? c.value : convertInverse(c.value, source.exchange_rate, source.decimals, BASE_DECIMALS);
  return to.code === BASE_CURRENCY ? inBase : convert(inBase, to.exchangeRate, BASE_DECIMALS, to.decimals);
}

/** `amount` of a currency back to BRL: divides by its rate (units of it per 1 BRL). */
function convertInverse(amount: number, rate: string, fromDecimals: number, toDecimals: number): number {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(rate);
  if (!m) throw new Error(`not a decimal: ${rate}`);
  const frac = m[2] ?? '';
  const numerator = BigInt(m[1]! + frac);
  const denominator = 10n ** BigInt(frac.length);
  // amount / (numerator / denominator) with exponents: amount · denominator · 10^to / (numerator · 10^from).
  const n = BigInt(amount) * denominator * 10n ** BigInt(toDecimals);
  const d = numerator * 10n ** BigInt(fromDecimals);
  const qt = n / d;
  return Number(2n * (n % d) >= d ? qt + 1n : qt);
}

/**
 * Counts one use of a code when an order that carries it is paid, refusing (false) when the code
 * is used up: the check and the increment are one statement, so two payments racing for the last
 * use cannot both win. Call it in the transaction that marks the order paid.
 */
export async function redeemDiscountCode(q: Queryable, code: string): Promise<boolean> {
  const rows = await q.query(
    `UPDATE discount_codes SET used_count = used_count + 1
     WHERE code = $1 AND (max_uses IS NULL OR used_count < max_uses) RETURNING code`,
    [code.toUpperCase()],
  );
  return rows.length > 0;
}
