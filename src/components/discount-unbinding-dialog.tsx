import { useSelector } from '@xstate/react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { DiscountUnbindingMachine } from '../../machines/discount-unbinding/discount-unbinding.machine';
import { selectDiscountUnbindingView } from '../../machines/discount-unbinding/discount-unbinding.selectors';
import { Dialog } from './dialog';

const explain = defineMessage<{ readonly code: string; readonly orderId: string }>({
  id: 'unbinding.explain',
  defaultMessage: 'The code {code} is already used by another unpaid order of yours ({orderId}). A code works on one order at a time.',
  description: 'Why the discount code cannot be applied: another open order of the customer holds it. {code} is the code, {orderId} the other order',
});

const m = defineMessages({
  title: {
    id: 'unbinding.title',
    defaultMessage: 'Use this code on this order?',
    description: 'Title of the dialog shown when a discount code is held by another unpaid order',
  },
  consequence: {
    id: 'unbinding.consequence',
    defaultMessage: 'To use it here, that other order will be cancelled. This cannot be undone.',
    description: 'What confirming the unbinding does: the other order is cancelled',
  },
  confirm: {
    id: 'unbinding.confirm',
    defaultMessage: 'Cancel that order and use the code',
    description: 'Button: cancel the other order so the code applies to this one',
  },
  keep: { id: 'unbinding.keep', defaultMessage: 'Keep that order', description: 'Button: keep the other order; the code is not applied here' },
  working: { id: 'unbinding.working', defaultMessage: 'Cancelling the other order…', description: 'Shown while the other order is being cancelled' },
  failed: {
    id: 'unbinding.failed',
    defaultMessage: 'The other order could not be cancelled just now. Nothing was changed.',
    description: 'Shown when cancelling the other order failed unexpectedly',
  },
  retry: { id: 'unbinding.retry', defaultMessage: 'Try again', description: 'Button: try cancelling the other order again' },
});

/**
 * The discount-code unbinding dialog (spec section 4; docs/decisions/014), driven by the machine's actor: the checkout
 * passes its child `unbinding`. Once the flow is settled the dialog closes; the checkout reads the
 * output (a 1003 was already said by the client's toast).
 */
export function DiscountUnbindingDialog({ actorRef }: { actorRef: ActorRefFrom<DiscountUnbindingMachine> }) {
  const intl = useIntl();
  const view = useSelector(actorRef, selectDiscountUnbindingView);
  if (!view.open) return null;
  const send = actorRef.send;
  return (
    <Dialog
      initialFocus="dialog"
      labelledBy="unbinding-title"
      describedBy="unbinding-explain"
      busy={view.busy}
      onEscape={view.canCancel ? () => send({ type: 'CANCELLED' }) : undefined}
    >
      <h2 id="unbinding-title">{intl.formatMessage(m.title)}</h2>
      <p id="unbinding-explain">{intl.formatMessage(explain, { code: view.discountCode, orderId: view.orderId })}</p>
      <p>{intl.formatMessage(m.consequence)}</p>
      {view.busy && (
        <p role="status" className="muted">
          {intl.formatMessage(m.working)}
        </p>
      )}
      {view.step === 'failure' && (
        <p role="alert" className="notice notice-warning">
          {intl.formatMessage(m.failed)}
        </p>
      )}
      <div className="actions">
        {view.canRetry ? (
          <button type="button" className="button" onClick={() => send({ type: 'RETRY_REQUESTED' })}>
            {intl.formatMessage(m.retry)}
          </button>
        ) : (
          <button type="button" className="button" disabled={!view.canConfirm} onClick={() => send({ type: 'CONFIRMED' })}>
            {intl.formatMessage(m.confirm)}
          </button>
        )}
        <button type="button" className="button button-secondary" disabled={!view.canCancel} onClick={() => send({ type: 'CANCELLED' })}>
          {intl.formatMessage(m.keep)}
        </button>
      </div>
    </Dialog>
  );
}
