import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Order, PaymentMethod } from '../checkout/checkout.types';
import type { PaymentMachine } from '../payment/payment.machine';
import type { RepayMachine } from './repay.machine';
import type { RepayContext } from './repay.types';

export type RepayStep = 'loading' | 'form' | 'paying' | 'failure' | 'finished';

export interface RepayView {
  step: RepayStep;
  order: Order | undefined;
  methods: PaymentMethod[];
  method: PaymentMethod | undefined;
  installments: number;
  email: string;
  payErrCode: number | undefined;
  canPay: boolean;
  payment: ActorRefFrom<PaymentMachine> | undefined;
  outcome: RepayContext['outcome'];
}

export function selectRepayView(snapshot: SnapshotFrom<RepayMachine>): RepayView {
  const c = snapshot.context;
  const step: RepayStep =
    snapshot.status === 'done' ? 'finished' : snapshot.hasTag('loading') ? 'loading' : snapshot.hasTag('paying') ? 'paying' : snapshot.matches('failure') ? 'failure' : 'form';
  return {
    step,
    order: c.order,
    methods: c.methods,
    method: c.methods.find((m) => m.code === c.methodCode),
    installments: c.installments,
    email: c.email,
    payErrCode: c.payErrCode,
    canPay: snapshot.can({ type: 'PAY_SUBMITTED', details: {} }),
    payment: (snapshot.children as { payment?: ActorRefFrom<PaymentMachine> }).payment,
    outcome: c.outcome,
  };
}
