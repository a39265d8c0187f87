import type { components } from '../../openapi/schema';
import type { Queryable } from '../db/database';

type Schemas = components['schemas'];
export type PayResult = Schemas['PayResult'];
export type MethodType = Schemas['PaymentMethodType'];

/** The order a provider is asked to collect, as the orders module created it. */
export interface ChargeRequest {
  orderId: string;
  accountUid: number;
  amount: number;
  currency: string;
  installments: number;
  email: string;
  description: string;
  /** The request's method-specific input: card, payer fields, mobile money, crypto. */
  input: Pick<Schemas['PayRequest'], 'card' | 'payer' | 'mobileMoney' | 'crypto'>;
  now: number;
}

export type PrecheckRequest = Pick<ChargeRequest, 'currency' | 'input'> & { country?: string | undefined };

/**
 * What a provider answers at once. `succeeded`/`failed` settle the order now (cards); `pending`
 * leaves it open with instructions for the customer (PIX code, boleto line, redirect, OTP…)
 * and the provider settles it later through `query` or a webhook.
 */
export type ChargeOutcome =
  | { status: 'succeeded'; providerRef: string; savedCard?: SavedCardDetails }
  | { status: 'failed'; providerRef: string | null; errCode: number }
  | { status: 'pending'; providerRef: string; payBy: number | null; instructions: Record<string, unknown> }
  /** No answer (a timeout): the provider may or may not have charged; `lookup` tells later. */
  | { status: 'unknown' };

/** What the provider says of the charges it made for a merchant reference (the order id). */
export type LookupResult =
  /** `savedCard`: the card the charge asked the network to keep (its token), for the portal to save. */
  | { status: 'succeeded'; providerRef: string; savedCard?: SavedCardDetails }
  | { status: 'failed'; providerRef: string; errCode: number }
  | { status: 'not_found' };

/** One charge as the network lists it for the merchant (reconciliation of charges against orders). */
export interface NetworkCharge {
  providerRef: string;
  reference: string;
  status: 'succeeded' | 'failed';
  amount: number;
  currency: string;
}

export interface SavedCardDetails {
  providerToken: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  holder: string;
}

export type ProviderStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled';

/**
 * One payment method's provider. The shipped ones are sandboxes that follow the real protocols;
 * a real gateway implements the same interface and is chosen by configuration.
 */
export interface PaymentProvider {
  readonly name: string;
  readonly type: MethodType;
  /**
   * Refuses, before any order exists, what this provider can never collect (a currency without
   * a receiving account, a coin it does not take): the refusal's code, or null to go on.
   */
  precheck?(q: Queryable, request: PrecheckRequest): Promise<number | null>;
  /**
   * Asks the provider to collect. A provider that `chargesAtOnce` (a card network: the money
   * moves during the call) is given the network's own connection, never the order's transaction,
   * and is called between the two phases of docs/decisions/032; the others (PIX, boleto,
   * redirects, codes: nothing moves until the payer acts) write their records in the order's
   * transaction.
   */
  charge(q: Queryable, request: ChargeRequest): Promise<ChargeOutcome>;
  readonly chargesAtOnce?: boolean;
  /** The provider's current view of an attempt (reconciliation, polling). */
  query(q: Queryable, providerRef: string, now: number): Promise<ProviderStatus>;
  refund?(q: Queryable, providerRef: string, amount: number): Promise<'succeeded' | 'pending' | 'rejected'>;
  /**
   * The newest charge the provider made for an order, by the merchant reference the charge
   * carried: how an order whose charge got no answer (NETWORK_ERROR), or whose process died
   * while charging, is reconciled. `since`: only charges made from then on (this attempt's).
   */
  lookup?(q: Queryable, orderId: string, options?: { since?: number }): Promise<LookupResult>;
  /** The charges the provider made since a time, for finding a charge no order accounts for. */
  charges?(q: Queryable, since: number): Promise<NetworkCharge[]>;
}
