import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { DiscountUnbindingMachine } from '../discount-unbinding/discount-unbinding.machine';
import type { PaymentMachine } from '../payment/payment.machine';
import type { CheckoutMachine } from './checkout.machine';
import type { CheckoutContext, Order, PaymentMethod, Valuation } from './checkout.types';

export type CheckoutStep = 'loading' | 'cartPrompt' | 'form' | 'unbinding' | 'paying' | 'failure' | 'finished';

export interface CheckoutView {
  step: CheckoutStep;
  /** A new price is being asked for: the figures on screen are the previous ones. */
  pricing: boolean;
  valuation: Valuation | undefined;
  methods: PaymentMethod[];
  method: PaymentMethod | undefined;
  installments: number;
  discountCode: string | undefined;
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

export function selectCheckoutView(snapshot: SnapshotFrom<CheckoutMachine>): CheckoutView {
  const c = snapshot.context;
  const step: CheckoutStep =
    snapshot.status === 'done'
      ? 'finished'
      : snapshot.hasTag('loading') || (snapshot.hasTag('pricing') && !c.valuation)
        ? 'loading'
        : snapshot.matches('cartFound')
          ? 'cartPrompt'
          : snapshot.matches('unbinding')
            ? 'unbinding'
            : snapshot.hasTag('paying')
              ? 'paying'
              : snapshot.matches('failure')
                ? 'failure'
                : 'form';
  const children = snapshot.children as { payment?: ActorRefFrom<PaymentMachine>; unbinding?: ActorRefFrom<DiscountUnbindingMachine> };
  return {
    step,
    pricing: snapshot.hasTag('pricing'),
    valuation: c.valuation,
    methods: c.methods,
    method: c.methods.find((m) => m.code === c.methodCode),
    installments: c.installments,
    discountCode: c.discountCode,
    codeErrCode: c.codeErrCode,
    payErrCode: c.payErrCode,
    email: c.email,
    country: c.country,
    currency: c.currency,
    cart: c.cart,
    repaying: c.orderId !== undefined,
    canChangeCode: snapshot.can({ type: 'CODE_APPLIED', code: 'X' }),
    canPay: snapshot.can({ type: 'PAY_SUBMITTED', details: {} }),
    payment: children.payment,
    unbinding: children.unbinding,
    outcome: c.outcome,
  };
}
