import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Order, PaymentMethod } from '../payment/payment.types';
import type { PaymentMachine } from '../payment/payment.machine';
import type { RepayMachine } from './repay.machine';
import type { RepayContext } from './repay.types';

export type RepayStep = 'loading' | 'awaitingMoney' | 'form' | 'paying' | 'failure' | 'finished';

export interface RepayView {
  step: RepayStep;
  order: Order | undefined;
  /** Where the payer is: the methods were asked for it. */
  country: string;
  methods: PaymentMethod[];
  method: PaymentMethod | undefined;
  installments: number;
  email: string;
  payErrCode: number | undefined;
  canPay: boolean;
  payment: ActorRefFrom<PaymentMachine> | undefined;
  outcome: RepayContext['outcome'];
}

function stepOf(snapshot: SnapshotFrom<RepayMachine>): RepayStep {
  if (snapshot.status === 'done') return 'finished';
  if (snapshot.hasTag('loading')) return 'loading';
  if (snapshot.hasTag('paying')) return 'paying';
  if (snapshot.matches('failure')) return 'failure';
  if (snapshot.matches('awaitingMoney')) return 'awaitingMoney';
  return 'form';
}

export function selectRepayView(snapshot: SnapshotFrom<RepayMachine>): RepayView {
  const c = snapshot.context;
  const step = stepOf(snapshot);
  return {
    step,
    order: c.order,
    country: c.country,
    methods: c.methods,
    method: c.methods.find((m) => m.code === c.methodCode),
    installments: c.installments,
    email: c.email,
    payErrCode: c.payErrCode,
    canPay: snapshot.can({ type: 'PAY_SUBMITTED', details: {} }),
    payment: snapshot.children.payment,
    outcome: c.outcome,
  };
}
