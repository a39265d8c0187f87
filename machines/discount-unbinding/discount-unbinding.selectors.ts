import type { SnapshotFrom } from 'xstate';
import type { DiscountUnbindingMachine } from './discount-unbinding.machine';

export type DiscountUnbindingStep = 'explaining' | 'unbinding' | 'failure' | 'unbound' | 'kept' | 'cannotRemove';

export interface DiscountUnbindingView {
  /** The dialog is shown until the flow is settled; the checkout then reads the output. */
  open: boolean;
  step: DiscountUnbindingStep;
  busy: boolean;
  discountCode: string;
  /** The other order that is cancelled if the customer confirms. */
  orderId: string;
  canConfirm: boolean;
  canCancel: boolean;
  canRetry: boolean;
}

export function selectDiscountUnbindingView(snapshot: SnapshotFrom<DiscountUnbindingMachine>): DiscountUnbindingView {
  return {
    open: snapshot.status === 'active',
    step: snapshot.value,
    busy: snapshot.hasTag('busy'),
    discountCode: snapshot.context.discountCode,
    orderId: snapshot.context.orderId,
    canConfirm: snapshot.can({ type: 'CONFIRMED' }),
    canCancel: snapshot.can({ type: 'CANCELLED' }),
    canRetry: snapshot.can({ type: 'RETRY_REQUESTED' }),
  };
}
