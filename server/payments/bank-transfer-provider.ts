import type { components } from '../../openapi/schema';
import type { Queryable } from '../db/database';
import { checkoutId } from './hosted-checkout';
import { awaitingPayer, statusUntilExpiry } from './pending-attempts';
import type { ChargeOutcome, ChargeRequest, PaymentProvider, PrecheckRequest } from './provider';
import { refundId, sandboxRefunds } from './sandbox-refunds';

export type BankAccountDetails = components['schemas']['BankAccountDetails'];

export const TRANSFER_PROVIDER = 'sandbox-transfer';
/** A transfer is expected within 5 days, like a payment slip (spec section 9). */
export const TRANSFER_WINDOW_MS = 5 * 86_400_000;
/** "No receiving account available" (spec section 8). */
export const NO_RECEIVING_ACCOUNT = -2602;

/**
 * The sandbox bank's receiving accounts, by the order's currency (the contract's
 * BankAccountDetails): well-formed bank codes and numbers that belong to no one.
 */
export const sandboxBankAccounts = {
  BRL: {
    bankName: 'Banco Sandbox S.A. (999)',
    accountHolder: 'Aurora Streaming Ltda.',
    branch: '0001',
    accountNumber: '1234567-8',
    taxId: '11.222.333/0001-81',
    country: 'BR',
  },
  USD: {
    bankName: 'Sandbox National Bank',
    accountHolder: 'Aurora Streaming LLC',
    accountNumber: '000123456789',
    routingNumber: '011000015',
    swift: 'SNDBUS33XXX',
    country: 'US',
  },
} as const satisfies Record<string, BankAccountDetails>;

/**
 * The receiving account for a currency: the site's (`bankAccounts`, by currency), or, on a site
 * that has none at all (a production database turned into a demo with PAYMENTS=sandbox), the
 * sandbox bank's. A site whose accounts leave a currency out answers -2602 for it.
 */
export async function receivingAccount(q: Queryable, currency: string): Promise<BankAccountDetails | undefined> {
  const [row] = await q.query<{ account: BankAccountDetails | null }>("SELECT value -> $1::text AS account FROM site_settings WHERE key = 'bankAccounts'", [
    currency,
  ]);
  if (!row) return Object.hasOwn(sandboxBankAccounts, currency) ? sandboxBankAccounts[currency as keyof typeof sandboxBankAccounts] : undefined;
  return row.account ?? undefined;
}

/**
 * Bank transfer: the customer transfers the amount to the site's receiving account for the
 * order's currency, quoting a reference, and may upload the bank's receipt (the order is then
 * SUBMITTED for review). The bank's statement line carrying the reference settles the order
 * through a signed webhook (here the sandbox bank). -2602 when the currency has no account.
 */
export function createBankTransferProvider() {
  return {
    name: TRANSFER_PROVIDER,
    type: 'bank_transfer',

    async precheck(q: Queryable, request: PrecheckRequest): Promise<number | null> {
      return (await receivingAccount(q, request.currency)) ? null : NO_RECEIVING_ACCOUNT;
    },

    async charge(q: Queryable, request: ChargeRequest): Promise<ChargeOutcome> {
      const account = await receivingAccount(q, request.currency);
      if (!account) return { status: 'failed', providerRef: null, errCode: NO_RECEIVING_ACCOUNT };
      // Short enough to type into a bank app's description field, unique per attempt.
      const reference = `TRF-${checkoutId(10)}`;
      return awaitingPayer(reference, request.now + TRANSFER_WINDOW_MS, {
        next: 'bank_transfer',
        account,
        reference,
        amount: request.amount,
        currency: request.currency,
      });
    },

    status: statusUntilExpiry(TRANSFER_PROVIDER),

    // The money came from an account the statement line does not name to the portal: it goes
    // back by a payout (a TED) to an account the customer gives (docs/decisions/058).
    ...sandboxRefunds({ provider: TRANSFER_PROVIDER, refundsTo: 'bank_account', newRefundId: () => refundId('PO', 20) }),
  } satisfies PaymentProvider;
}
