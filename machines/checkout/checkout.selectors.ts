import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { DiscountUnbindingMachine } from '../discount-unbinding/discount-unbinding.machine';
import type { PaymentMachine } from '../payment/payment.machine';
import type { CheckoutMachine } from './checkout.machine';
import type { Order, PaymentMethod } from '../payment/payment.types';
import type { CheckoutContext, Valuation } from './checkout.types';

export type CheckoutStep = 'loading' | 'cartPrompt' | 'form' | 'unbinding' | 'paying' | 'failure' | 'resetPassword' | 'finished';

export interface CheckoutView {
  step: CheckoutStep;
  /** A new price is being asked for: the figures on screen are the previous ones. */
  pricing: boolean;
  valuation: Valuation | undefined;
  methods: PaymentMethod[];
  method: PaymentMethod | undefined;
  installments: number;
  discountCode: string | undefined;
  /** Where the typed code is: none, being priced with the order, or applied by the server. */
  codeState: 'none' | 'applying' | 'applied';
  codeErrCode: number | undefined;
  payErrCode: number | undefined;
  email: string;
  country: string;
  currency: string;
  cart: Order | undefined;
  /** Repaying the order a refused payment made: plan, currency and code are the order's. */
  repaying: boolean;
  canChangeCode: boolean;
  canPay: boolean;
  payment: ActorRefFrom<PaymentMachine> | undefined;
  unbinding: ActorRefFrom<DiscountUnbindingMachine> | undefined;
  outcome: CheckoutContext['outcome'];
}

/** The step the page shows: the first price loads like the rest, a new price keeps the form. */
function stepOf(snapshot: SnapshotFrom<CheckoutMachine>): CheckoutStep {
  if (snapshot.matches('passwordResetNeeded')) return 'resetPassword';
  if (snapshot.status === 'done') return 'finished';
  if (snapshot.hasTag('loading') || (snapshot.hasTag('pricing') && !snapshot.context.valuation)) return 'loading';
  if (snapshot.matches('cartFound')) return 'cartPrompt';
  if (snapshot.matches('unbinding')) return 'unbinding';
  if (snapshot.hasTag('paying')) return 'paying';
  if (snapshot.matches('failure')) return 'failure';
  return 'form';
}

export function selectCheckoutView(snapshot: SnapshotFrom<CheckoutMachine>): CheckoutView {
  const c = snapshot.context;
  const step = stepOf(snapshot);
  return {
    step,
    pricing: snapshot.hasTag('pricing'),
    valuation: c.valuation,
    methods: c.methods,
    method: c.methods.find((m) => m.code === c.methodCode),
    installments: c.installments,
    discountCode: c.discountCode,
    codeState: c.discountCode === undefined ? 'none' : snapshot.hasTag('pricing') ? 'applying' : 'applied',
    codeErrCode: c.codeErrCode,
    payErrCode: c.payErrCode,
    email: c.email,
    country: c.country,
    currency: c.currency,
    cart: c.cart,
    repaying: c.orderId !== undefined,
    canChangeCode: snapshot.can({ type: 'CODE_APPLIED', code: 'X' }),
    canPay: snapshot.can({ type: 'PAY_SUBMITTED', details: {} }),
    payment: snapshot.children.payment,
    unbinding: snapshot.children.unbinding,
    outcome: c.outcome,
  };
}
