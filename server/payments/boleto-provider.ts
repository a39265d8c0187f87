import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database';
import { buildBoleto } from './boleto';
import { attemptStatus } from './pending-attempts';
import type { ChargeOutcome, ChargeRequest, PaymentProvider, ProviderStatus } from './provider';

/** The provider name kept with boleto payment attempts (and in webhook URLs). */
export const BOLETO_PROVIDER = 'sandbox-boleto';
/** FEBRABAN's code for test slips in this sandbox (no real bank uses 999). */
export const SANDBOX_BANK_CODE = '999';
/** A slip is valid 5 days (spec section 9). */
export const BOLETO_VALID_DAYS = 5;

const DAY_MS = 86_400_000;
/** Brazil's civil time (America/Sao_Paulo) is UTC−3 all year since 2019: due dates are its days. */
const BRT_OFFSET_MS = -3 * 3_600_000;

/** The calendar day (YYYY-MM-DD, São Paulo time) `days` after the one containing `now`. */
export function brazilDate(now: number, days = 0): string {
  return new Date(now + BRT_OFFSET_MS + days * DAY_MS).toISOString().slice(0, 10);
}

/** The instant a slip due on `dueDate` stops being payable: the end of that day in São Paulo. */
export function dueDateEnd(dueDate: string): number {
  return Date.parse(`${dueDate}T00:00:00Z`) + DAY_MS - BRT_OFFSET_MS;
}

/**
 * The bank's 25-digit free field: agency (4), wallet (2), "nosso número" (11), account (7) and a
 * zero. The "nosso número" is derived from the order and the moment it was issued, so a slip
 * issued again for the same order (repay) is a different slip.
 */
export function freeFieldFor(orderId: string, now: number): string {
  const digest = createHash('sha256').update(`${orderId}:${now}`).digest();
  const ourNumber = String(digest.readBigUInt64BE(0) % 100_000_000_000n).padStart(11, '0');
  return `1234` + `09` + ourNumber + `0012345` + `0`;
}

/**
 * The sandbox boleto provider: a FEBRABAN slip (44-digit barcode, 47-digit digitable line) for
 * the order's amount, due 5 days after today (São Paulo time), payable until the end of that day.
 * The payer's bank pays it (here: the sandbox bank) and the provider tells the portal through a
 * signed webhook. The instructions are the contract's PayResultBoleto without orderId and status.
 */
export function createBoletoProvider() {
  return {
    name: BOLETO_PROVIDER,
    type: 'boleto',

    async charge(_q: Queryable, request: ChargeRequest): Promise<ChargeOutcome> {
      if (request.currency !== 'BRL') return { status: 'failed', providerRef: null, errCode: -2408 };
      const dueDate = brazilDate(request.now, BOLETO_VALID_DAYS);
      const { barcode, digitableLine } = buildBoleto({
        bankCode: SANDBOX_BANK_CODE,
        amountMinor: request.amount,
        due: new Date(`${dueDate}T12:00:00Z`),
        freeField: freeFieldFor(request.orderId, request.now),
      });
      return {
        status: 'pending',
        providerRef: barcode,
        payBy: dueDateEnd(dueDate),
        instructions: { next: 'boleto', barcode, digitableLine, dueDate, amount: request.amount, currency: request.currency },
      };
    },

    async status(q: Queryable, providerRef: string, now: number): Promise<ProviderStatus> {
      return attemptStatus(q, BOLETO_PROVIDER, providerRef, now, (i) => (typeof i.dueDate === 'string' ? dueDateEnd(i.dueDate) : null));
    },
  } satisfies PaymentProvider;
}
