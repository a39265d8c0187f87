import type { Order, PayDetails, PaymentMethod } from '../checkout/checkout.types';

export interface RepayInput {
  orderId: string;
  /** Where the payer is (the methods depend on it). */
  country: string;
  /** Spec sections 1 and 9: 3 instalments by default, as far as the method allows. */
  defaultInstallments: number;
}

export interface RepayContext extends RepayInput {
  order: Order | undefined;
  methods: PaymentMethod[];
  methodCode: string | undefined;
  installments: number;
  email: string;
  payErrCode: number | undefined;
  idempotencyKey: string;
  outcome: RepayOutcome | undefined;
  error: unknown;
}

export type RepayOutcome =
  | { kind: 'paid'; orderId: string }
  | { kind: 'pending'; orderId: string | undefined }
  | { kind: 'redirected'; url: string }
  /** The order can no longer be paid (paid meanwhile, cancelled, expired). */
  | { kind: 'closed'; orderId: string };

export type RepayEvent =
  | { type: 'METHOD_SELECTED'; code: string }
  | { type: 'INSTALLMENTS_CHANGED'; installments: number }
  | { type: 'EMAIL_CHANGED'; email: string }
  | { type: 'PAY_SUBMITTED'; details: PayDetails }
  | { type: 'RETRY' };
