import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { WithdrawalMachine } from '../../../machines/withdrawal/withdrawal.machine';
import { useLayoutEffect, useState, type FormEvent } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { formatMoney } from '../../../core/config/money';
import { canWithdraw, withdrawableStatuses } from '../../../core/config/withdrawal';
import { selectWithdrawalView, type WithdrawalView } from '../../../machines/withdrawal/withdrawal.selectors';
import { destinationCodes, type WithdrawalEvent } from '../../../machines/withdrawal/withdrawal.types';
import type { components } from '../../../openapi/schema';
import { RefusalNotice } from '../../components/refusal-notice';
import { useOrderRefund } from '../../queries/order-queries';
import { useServices } from '../../queries/services-context';

type Order = components['schemas']['Order'];
type Send = (event: WithdrawalEvent) => void;
/** The page's withdrawal machine (receipt-screen.tsx holds it: the panel moves, the flow goes on). */
export type WithdrawalActor = ActorRefFrom<WithdrawalMachine>;

const m = defineMessages({
  title: {
    id: 'withdrawal.title',
    defaultMessage: 'Withdraw from this purchase',
    description: 'Receipt page: heading of the 7-day withdrawal section (CDC art. 49)',
  },
  refundTitle: {
    id: 'withdrawal.refundTitle',
    defaultMessage: 'Refund',
    description:
      'Receipt page: heading of the withdrawal section once a refund was asked for (pending, made, refused or cancelled) and no new withdrawal is offered',
  },
  withdraw: {
    id: 'withdrawal.withdraw',
    defaultMessage: 'Withdraw (cancel and refund)',
    description: 'Receipt page and orders list: the button that starts a withdrawal',
  },
  toBank: {
    id: 'withdrawal.toBank',
    defaultMessage: 'A boleto or a transfer is refunded to a bank account in the name of whoever paid.',
    description: 'Withdrawal confirmation: why a bank account is asked for',
  },
  toAddress: {
    id: 'withdrawal.toAddress',
    defaultMessage: 'Give an address on the network you paid on.',
    description: 'Withdrawal confirmation: why a crypto address is asked for',
  },
  bank: { id: 'withdrawal.bank', defaultMessage: 'Bank code (3 digits)', description: 'Withdrawal confirmation: the bank code field' },
  branch: { id: 'withdrawal.branch', defaultMessage: 'Branch (4 digits)', description: 'Withdrawal confirmation: the branch (agência) field' },
  account: { id: 'withdrawal.account', defaultMessage: 'Account number with check digit', description: 'Withdrawal confirmation: the account number field' },
  holderCpf: { id: 'withdrawal.holderCpf', defaultMessage: 'Account holder’s CPF', description: 'Withdrawal confirmation: the account holder’s CPF field' },
  address: { id: 'withdrawal.address', defaultMessage: 'Refund address', description: 'Withdrawal confirmation: the crypto refund address field' },
  confirm: { id: 'withdrawal.confirm', defaultMessage: 'Confirm withdrawal', description: 'Withdrawal confirmation: the button that asks for the refund' },
  keep: { id: 'withdrawal.keep', defaultMessage: 'Keep my purchase', description: 'Withdrawal confirmation: closes it without withdrawing' },
  sending: { id: 'withdrawal.sending', defaultMessage: 'Asking for the refund…', description: 'Withdrawal confirmation: shown while the request runs' },
  cancel: { id: 'withdrawal.cancel', defaultMessage: 'Cancel the refund request', description: 'Receipt page: the button that cancels a pending refund' },
  pending: {
    id: 'withdrawal.pending',
    defaultMessage: 'Refund pending: we asked for the money to go back. Your plan runs until the refund is made; we will e-mail you.',
    description: 'Receipt page: what the status REFUND_PENDING means',
  },
  succeeded: {
    id: 'withdrawal.succeeded',
    defaultMessage: 'Refunded: the money went back and the plan this order gave has ended.',
    description: 'Receipt page: what the status REFUND_SUCCEEDED means',
  },
  cancelled: {
    id: 'withdrawal.cancelled',
    defaultMessage: 'You cancelled the refund request. The purchase stays paid.',
    description: 'Receipt page: what the status REFUND_CANCELLED means',
  },
  failed: {
    id: 'withdrawal.failed',
    defaultMessage: 'That did not work. Check your connection and look again.',
    description: 'Receipt page: an unexpected failure while withdrawing or cancelling',
  },
  // The app's one "Try again" (load-state.tsx).
  retry: { id: 'load.retry', defaultMessage: 'Try again', description: 'Button that fetches failed content again' },
});

const offerText = defineMessage<{ readonly until: string; readonly amount: string }>({
  id: 'withdrawal.offer',
  defaultMessage: 'Until {until} you can withdraw: the order is cancelled, {amount} goes back in full and the plan it gave ends.',
  description: 'Receipt page: what withdrawing does and until when it is offered (7 days from the payment). until: a date and time; amount: the total',
});
const confirmText = defineMessage<{ readonly amount: string }>({
  id: 'withdrawal.confirmText',
  defaultMessage: 'Withdraw from this purchase? {amount} goes back and the plan this order gave ends once the refund is made.',
  description: 'Withdrawal confirmation: what confirming does. amount: the total',
});
const rejectedText = defineMessage<{ readonly reason: string }>({
  id: 'withdrawal.rejected',
  defaultMessage:
    'The refund was refused: {reason, select, account_closed {the bank account given is closed} other {the payment provider refused it}}. The purchase stays paid.',
  description: 'Receipt page: what the status REFUND_REJECTED means, and why. reason: account_closed or another code',
});

/** What the order's REFUND_* status means, from the order and its refund (the machine's last answer). */
function RefundStatus({ order, view, rejectReason }: { order: Order; view: WithdrawalView; rejectReason?: string | undefined }) {
  const intl = useIntl();
  // The machine's last answer is the newest word, unless the server then said the refund had moved
  // on without it (closed: made or refused meanwhile): the order, read again, says where it stands.
  const status =
    view.refund && view.status !== 'closed'
      ? { pending: 'REFUND_PENDING', succeeded: 'REFUND_SUCCEEDED', rejected: 'REFUND_REJECTED', cancelled: 'REFUND_CANCELLED' }[view.refund.status]
      : order.status;
  const text =
    status === 'REFUND_PENDING'
      ? intl.formatMessage(m.pending)
      : status === 'REFUND_SUCCEEDED'
        ? intl.formatMessage(m.succeeded)
        : status === 'REFUND_REJECTED'
          ? intl.formatMessage(rejectedText, { reason: view.refund?.rejectReason ?? rejectReason ?? 'other' })
          : status === 'REFUND_CANCELLED'
            ? intl.formatMessage(m.cancelled)
            : null;
  if (!text) return null;
  return (
    <p className={status === 'REFUND_REJECTED' ? 'notice notice-warning' : 'notice'} role="status" data-refund-status={status}>
      {text}
    </p>
  );
}

/** Opened on a refused refund, the page asks why: the machine knows only what it answered itself. */
function StoredRefundStatus({ order, view }: { order: Order; view: WithdrawalView }) {
  const stored = useOrderRefund(order.id);
  return <RefundStatus order={order} view={view} rejectReason={stored.status === 'success' ? stored.data?.rejectReason : undefined} />;
}

/**
 * The 7-day withdrawal on the receipt page (docs/decisions/058): offered while the order allows
 * it, confirmed with the destination the refund needs, and a pending refund may be cancelled.
 */
export function WithdrawalPanel({ order, actor }: { order: Order; actor: WithdrawalActor }) {
  const intl = useIntl();
  const { queries } = useServices();
  const [now] = useState(() => Date.now());
  const view = useSelector(actor, selectWithdrawalView);
  const send: Send = actor.send;
  // Each answer changed the order: the page and the orders list read it again.
  useLayoutEffect(() => {
    if (view.answered) queries.invalidate(`order:${order.id}`);
  }, [view.answered, view.status, queries, order.id]);

  const offered = canWithdraw(order, now) && view.canWithdraw;
  const withdrawable = withdrawableStatuses.includes(order.status) || order.status.startsWith('REFUND_');
  if (!withdrawable && view.status === 'idle') return null;
  const amount = formatMoney(order.total, order.currency, intl.locale);
  // Once a refund was asked for, the section says how it went: a refunded order has nothing left
  // to withdraw from (docs/decisions/058).
  const refunding = view.refund !== null || order.status.startsWith('REFUND_');
  return (
    <section className="receipt-withdrawal stack" id="withdraw" aria-labelledby="withdrawal-title" aria-busy={view.busy}>
      <h2 id="withdrawal-title">{intl.formatMessage(refunding && !offered ? m.refundTitle : m.title)}</h2>
      {order.status === 'REFUND_REJECTED' && !view.refund ? <StoredRefundStatus order={order} view={view} /> : <RefundStatus order={order} view={view} />}
      {view.status === 'closed' && <RefusalNotice code={view.message} takeFocus />}
      {view.status === 'failure' && (
        <div className="notice notice-warning" role="alert">
          <p>{intl.formatMessage(m.failed)}</p>
          <button type="button" className="button" onClick={() => send({ type: 'RETRY_REQUESTED' })}>
            {intl.formatMessage(m.retry)}
          </button>
        </div>
      )}
      {offered && !view.confirmOpen && order.withdrawableUntil !== undefined && (
        <>
          <p>{intl.formatMessage(offerText, { until: intl.formatDate(order.withdrawableUntil, { dateStyle: 'medium', timeStyle: 'short' }), amount })}</p>
          <div className="actions">
            <button type="button" className="button button-secondary" onClick={() => send({ type: 'WITHDRAW_REQUESTED' })}>
              {intl.formatMessage(m.withdraw)}
            </button>
          </div>
        </>
      )}
      {view.confirmOpen && <ConfirmWithdrawal view={view} send={send} amount={amount} />}
      {(view.canCancel || view.status === 'cancelling') && (
        <div className="actions">
          <button type="button" className="button button-secondary" aria-disabled={view.busy} onClick={() => !view.busy && send({ type: 'CANCEL_REQUESTED' })}>
            {intl.formatMessage(m.cancel)}
          </button>
        </div>
      )}
    </section>
  );
}

function ConfirmWithdrawal({ view, send, amount }: { view: WithdrawalView; send: Send; amount: string }) {
  const intl = useIntl();
  const [fields, setFields] = useState({ bank: '', branch: '', account: '', holderCpf: '', address: '' });
  const sending = view.status === 'withdrawing';
  const refusal = view.message !== null && (destinationCodes as readonly number[]).includes(view.message) ? view.message : null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const { address, ...bankAccount } = fields;
    send({
      type: 'WITHDRAW_CONFIRMED',
      ...(view.refundsTo === 'bank_account' ? { bankAccount } : {}),
      ...(view.refundsTo === 'address' ? { refundAddress: address } : {}),
    });
  };
  const input = (name: keyof typeof fields, label: string, mode: 'numeric' | 'text' = 'numeric') => (
    <label className="field" htmlFor={`withdrawal-${name}`}>
      <span>{label}</span>
      <input
        id={`withdrawal-${name}`}
        name={name}
        inputMode={mode}
        autoComplete="off"
        required
        value={fields[name]}
        aria-invalid={refusal !== null ? true : undefined}
        aria-describedby={refusal !== null ? 'withdrawal-refusal' : undefined}
        onChange={(e) => setFields((f) => ({ ...f, [name]: e.target.value }))}
      />
    </label>
  );
  return (
    <form className="withdrawal-confirm stack" aria-labelledby="withdrawal-confirm-text" onSubmit={onSubmit} noValidate>
      <p id="withdrawal-confirm-text">{intl.formatMessage(confirmText, { amount })}</p>
      {view.refundsTo !== 'payer' && <p className="muted">{intl.formatMessage(view.refundsTo === 'bank_account' ? m.toBank : m.toAddress)}</p>}
      {view.refundsTo === 'bank_account' && (
        <div className="withdrawal-fields">
          {input('bank', intl.formatMessage(m.bank))}
          {input('branch', intl.formatMessage(m.branch))}
          {input('account', intl.formatMessage(m.account), 'text')}
          {input('holderCpf', intl.formatMessage(m.holderCpf))}
        </div>
      )}
      {view.refundsTo === 'address' && input('address', intl.formatMessage(m.address), 'text')}
      {refusal !== null && (
        <div id="withdrawal-refusal">
          <RefusalNotice code={refusal} takeFocus />
        </div>
      )}
      {sending && (
        <p role="status" className="muted">
          {intl.formatMessage(m.sending)}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button" aria-disabled={sending}>
          {intl.formatMessage(m.confirm)}
        </button>
        <button type="button" className="button button-secondary" disabled={sending} onClick={() => send({ type: 'WITHDRAW_DISMISSED' })}>
          {intl.formatMessage(m.keep)}
        </button>
      </div>
    </form>
  );
}
