import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database';
import { buildBoleto } from './boleto';
import { attemptStatus } from './pending-attempts';
import { WithdrawalErr } from '../../core/config/withdrawal';
import type { ChargeOutcome, ChargeRequest, PaymentProvider, ProviderStatus, RefundDestination } from './provider';
import { refundId, sandboxRefunds } from './sandbox-refunds';

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

/** The payer a registered slip names (docs/decisions/044): what the pay request carried. */
export interface SlipPayer {
  name: string;
  /** CPF (11 digits) or CNPJ (14 digits), digits only. */
  document: string;
  address: string | null;
}

/**
 * Registers the slip with its payer, as a bank does before a boleto may be paid (FEBRABAN's
 * registered collection). The method requires name, CPF/CNPJ and address (payment_methods), so
 * they are there; a request without them registers what it has.
 */
async function registerSlip(q: Queryable, barcode: string, request: ChargeRequest): Promise<void> {
  const p = request.input.payer ?? {};
  const name = [p.firstName, p.lastName].filter(Boolean).join(' ');
  const street = [p.street, p.streetNumber].filter(Boolean).join(', ');
  const place = [p.city, p.state].filter(Boolean).join(' – ');
  const address = [street, place, p.zipcode].filter(Boolean).join(' · ');
  await q.query('INSERT INTO sandbox_boleto_slips (barcode, order_id, payer_name, payer_document, payer_address, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    barcode,
    request.orderId,
    name,
    p.cpf ?? '',
    address || null,
    new Date(request.now),
  ]);
}

/** A slip as the sandbox bank registered it: its payer and when it was issued; undefined for one it does not know. */
export async function registeredSlip(q: Queryable, barcode: string): Promise<{ payer: SlipPayer; issuedAt: number } | undefined> {
  const [row] = await q.query<{ payer_name: string; payer_document: string; payer_address: string | null; created_at: Date }>(
    'SELECT payer_name, payer_document, payer_address, created_at FROM sandbox_boleto_slips WHERE barcode = $1',
    [barcode],
  );
  return row && { payer: { name: row.payer_name, document: row.payer_document, address: row.payer_address }, issuedAt: new Date(row.created_at).getTime() };
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

    async charge(q: Queryable, request: ChargeRequest): Promise<ChargeOutcome> {
      if (request.currency !== 'BRL') return { status: 'failed', providerRef: null, errCode: -2408 };
      const dueDate = brazilDate(request.now, BOLETO_VALID_DAYS);
      const { barcode, digitableLine } = buildBoleto({
        bankCode: SANDBOX_BANK_CODE,
        amountMinor: request.amount,
        due: new Date(`${dueDate}T12:00:00Z`),
        freeField: freeFieldFor(request.orderId, request.now),
      });
      await registerSlip(q, barcode, request);
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

    // A paid slip names no account to return to: the bank pays out to an account the customer
    // gives, whose holder must be the payer the slip was registered to (FEBRABAN's registered collection).
    ...sandboxRefunds({ provider: BOLETO_PROVIDER, refundsTo: 'bank_account', newRefundId: () => refundId('PO', 20) }),
    async checkDestination(q: Queryable, providerRef: string, destination: RefundDestination): Promise<number | null> {
      const slip = await registeredSlip(q, providerRef);
      return destination.kind === 'bank_account' && slip?.payer.document === destination.holderCpf ? null : WithdrawalErr.holderCpfMismatch;
    },
  } satisfies PaymentProvider;
}
