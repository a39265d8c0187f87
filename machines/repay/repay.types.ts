import type { Order, PayDetails, PaymentMethod } from '../payment/payment.types';
import type { PaidFlowOutcome } from '../payment/payment.guards';

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

/**
 * How repaying ended; `closed`: the order can no longer be paid (paid meanwhile, cancelled,
 * expired); `resume`: the customer chose to see the order's pending PIX code, slip, transfer
 * details or quote again, rather than replace them (docs/decisions/052).
 */
export type RepayOutcome = PaidFlowOutcome | { kind: 'resume'; orderId: string };

export type RepayEvent =
  | { type: 'METHOD_SELECTED'; code: string }
  | { type: 'INSTALLMENTS_CHANGED'; installments: number }
  | { type: 'EMAIL_CHANGED'; email: string }
  | { type: 'PAY_SUBMITTED'; details: PayDetails }
  | { type: 'RETRY' }
  | { type: 'SHOW_AGAIN_CHOSEN' }
  | { type: 'OTHER_METHOD_CHOSEN' };
