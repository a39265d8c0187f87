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
 * and the provider settles it later through `status` or a webhook.
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
  /** What was returned of it so far (a refund keeps the charge `succeeded`, as gateways do). */
  amountRefunded: number;
  createdAt: number;
}

/** Why money is returned, in the words card gateways use. */
export type RefundReason = 'duplicate' | 'requested_by_customer' | 'fraudulent';

export interface RefundRequest {
  /** The charge to return money of (the provider's id for it). */
  providerRef: string;
  amount: number;
  reason: RefundReason;
  /**
   * The same key answers the same refund, never a second one: what makes a refund safe to
   * retry after a crash, or when two processes find the same charge at once.
   */
  idempotencyKey: string;
  /** Where the money goes when the provider cannot return it to the payer by itself (`refundsTo`). */
  destination?: RefundDestination;
  now: number;
}

/**
 * Where a refund goes (docs/decisions/058): back the way it came (a card reversal, a PIX
 * devolução, a PayPal capture refund, a wallet reversal), to a bank account the customer gives
 * (a boleto or a transfer names no account to return to), or to a chain address (crypto).
 */
export type RefundDestination =
  { kind: 'bank_account'; bank: string; branch: string; account: string; holderCpf: string } | { kind: 'address'; address: string };
export type RefundsTo = 'payer' | RefundDestination['kind'];

/** The provider's answer: its own id for the refund, or `rejected` (nothing left to return, no such charge). */
/** `reason`: why a refund was refused when the provider says (`charge_disputed`: a chargeback of it is open). */
export type RefundResult = { status: 'succeeded' | 'pending'; refundRef: string } | { status: 'rejected'; refundRef: null; reason?: string };

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
  status(q: Queryable, providerRef: string, now: number): Promise<ProviderStatus>;
  /** Returns money of a charge the provider made (a duplicate charge, docs/decisions/036; a withdrawal, 058). */
  refund?(q: Queryable, request: RefundRequest): Promise<RefundResult>;
  /** What a refund of this provider needs from the customer; `payer` when it needs nothing. */
  readonly refundsTo?: RefundsTo;
  /**
   * Refuses, before anything is asked, a destination this payment cannot be refunded to (a
   * bank account whose holder is not the slip's payer, an address of another network): the
   * refusal's code, or null to go on.
   */
  checkDestination?(q: Queryable, providerRef: string, destination: RefundDestination): Promise<number | null>;
  /** Withdraws a refund still pending at the provider: false when it has already settled. */
  cancelRefund?(q: Queryable, refundRef: string, now: number): Promise<boolean>;
  /**
   * The newest charge the provider made for an order, by the merchant reference the charge
   * carried: how an order whose charge got no answer (NETWORK_ERROR), or whose process died
   * while charging, is reconciled. `since`: only charges made from then on (this attempt's).
   */
  lookup?(q: Queryable, orderId: string, options?: { since?: number }): Promise<LookupResult>;
  /**
   * The charges the provider made since a time, oldest first, for finding a charge no order
   * accounts for, or two charges of one order (`reference`: only that order's).
   */
  charges?(q: Queryable, since: number, options?: { reference?: string }): Promise<NetworkCharge[]>;
}
