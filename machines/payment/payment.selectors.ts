import type { SnapshotFrom } from 'xstate';
import type { PaymentMachine } from './payment.machine';
import type { PayResultOf } from './payment.types';

/** What the payment panels show: one step at a time, with its instructions and the last refusal. */
export type PaymentStep =
  | { step: 'submitting' }
  | { step: 'pix'; pix: PayResultOf<'pix'> }
  | { step: 'boleto'; boleto: PayResultOf<'boleto'> }
  | { step: 'transfer'; transfer: PayResultOf<'bank_transfer'>; reported: boolean }
  | { step: 'otp'; otp: PayResultOf<'otp'> }
  | { step: 'crypto'; crypto: PayResultOf<'crypto'> }
  | { step: 'redirecting'; url: string }
  | { step: 'finished' };

export interface PaymentView {
  current: PaymentStep;
  busy: boolean;
  /** The last refusal to show next to the step (a wrong code, a refused proof, a decline). */
  errCode: number | undefined;
  canLeave: boolean;
}

export function selectPaymentView(snapshot: SnapshotFrom<PaymentMachine>): PaymentView {
  const { result } = snapshot.context;
  const current = ((): PaymentStep => {
    if (snapshot.status === 'done')
      return snapshot.matches('redirecting') && result?.next === 'redirect' ? { step: 'redirecting', url: result.url } : { step: 'finished' };
    if (snapshot.matches('pix') && result?.next === 'pix') return { step: 'pix', pix: result };
    if (snapshot.matches('boleto') && result?.next === 'boleto') return { step: 'boleto', boleto: result };
    if (snapshot.matches('transfer') && result?.next === 'bank_transfer')
      return { step: 'transfer', transfer: result, reported: snapshot.matches({ transfer: 'reported' }) };
    if (snapshot.matches('otp') && result?.next === 'otp') return { step: 'otp', otp: result };
    if (snapshot.matches('crypto') && result?.next === 'crypto') return { step: 'crypto', crypto: result };
    return { step: 'submitting' };
  })();
  return {
    current,
    busy: snapshot.hasTag('busy'),
    errCode: snapshot.context.errCode,
    canLeave: snapshot.can({ type: 'LEFT_TO_PAY_LATER' }),
  };
}
