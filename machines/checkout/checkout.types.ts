import type { components } from '../../openapi/schema';
import type { Order, PayDetails, PaymentMethod } from '../payment/payment.types';

export type Valuation = components['schemas']['Valuation'];

export interface CheckoutInput {
  planId: string;
  /** The site's default currency (BRL) unless the page chose another. */
  currency: string;
  /** Where the payer is (methods depend on it): Brazil for reais by default. */
  country: string;
  /** Spec sections 1 and 9: 3 by default, from the site configuration. */
  defaultInstallments: number;
  /** Where payment information and the receipt go; the account's email when it has one. */
  email: string;
  /** A code to apply from the start (the coupons page's "Use"); checked by the first valuation. */
  discountCode?: string | undefined;
}

export interface CheckoutContext extends CheckoutInput {
  methods: PaymentMethod[];
  methodCode: string | undefined;
  installments: number;
  /** The code the customer typed, while it is being applied or once it applies. */
  discountCode: string | undefined;
  valuation: Valuation | undefined;
  /** Why the typed code did not apply (9000, 9001, 9002, 9003, 9991, 1003). */
  codeErrCode: number | undefined;
  /** The other open order holding the code (9004): the unbinding flow cancels it. */
  boundOrderId: string | undefined;
  /** The customer's unfinished order (the cart), offered before a new one is made. */
  cart: Order | undefined;
  /** Once a payment was refused, the order it made: paying again repays it. */
  orderId: string | undefined;
  /** The last refusal of a payment (a declined card, an expired code…), shown on the form. */
  payErrCode: number | undefined;
  idempotencyKey: string;
  outcome: CheckoutOutcome | undefined;
  error: unknown;
}

export type CheckoutOutcome =
  | { kind: 'paid'; orderId: string }
  | { kind: 'pending'; orderId: string | undefined }
  | { kind: 'redirected'; url: string }
  | { kind: 'closed'; orderId: string }
  /** The customer chose to finish the unfinished order instead (the repay flow takes over). */
  | { kind: 'finishOrder'; orderId: string }
  /** The plan cannot be bought (6000, 6001): the client has already shown and routed it. */
  | { kind: 'unavailable'; errCode: number }
  /** The account must set a new password before buying (-2500): the page offers the reset. */
  | { kind: 'resetPassword' };

export type CheckoutEvent =
  | { type: 'FINISH_ORDER_CHOSEN' }
  | { type: 'NEW_ORDER_CHOSEN' }
  | { type: 'COUNTRY_CHANGED'; country: string }
  | { type: 'CURRENCY_CHANGED'; currency: string }
  | { type: 'METHOD_SELECTED'; code: string }
  | { type: 'INSTALLMENTS_CHANGED'; installments: number }
  | { type: 'CODE_APPLIED'; code: string }
  | { type: 'CODE_REMOVED' }
  | { type: 'EMAIL_CHANGED'; email: string }
  | { type: 'PAY_SUBMITTED'; details: PayDetails }
  | { type: 'RETRY' };

export type Availability = { kind: 'available' } | { kind: 'refused'; errCode: number };

/** What the methods offered depend on (spec section 4). */
export type MethodsQuery = { planId: string; country: string; currency: string };

/** What a price depends on (docs/decisions/008): the order's own code hold when repaying a refused one. */
export interface ValuationQuery {
  planId: string;
  currency: string;
  installments: number;
  discountCode: string | undefined;
  method: string | undefined;
  orderId: string | undefined;
}

/** The availability check's input: the methods asked for with it, and what the price after them needs (docs/decisions/066). */
export type AvailabilityQuery = MethodsQuery & Pick<CheckoutContext, 'methodCode' | 'installments' | 'discountCode' | 'orderId'>;
