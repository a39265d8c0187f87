import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { selectDisputeView } from '../../../machines/dispute/dispute.selectors';
import type { OrderStatus } from '../../../core/config/order-status';
import { chargebackMeaning } from '../../components/chargeback-messages';
import { statusMessage } from '../../components/order-status-messages';
import { shownTimestamp } from '../../components/account-days';
import { useDispute } from '../../queries/flows/dispute-flow';

const m = defineMessages({
  title: {
    id: 'dispute.title',
    defaultMessage: 'Chargeback',
    description: "Order page: heading of the panel about the bank's dispute of the payment (docs/decisions/059)",
  },
  loading: {
    id: 'dispute.loading',
    defaultMessage: 'Checking the chargeback…',
    description: "Order page, chargeback panel: shown while the dispute's status is read",
  },
  refresh: {
    id: 'dispute.refresh',
    defaultMessage: 'Check the status again',
    description: 'Order page, chargeback panel: button that reads the latest status of an open dispute',
  },
  failed: {
    id: 'dispute.failed',
    defaultMessage: 'The status of the chargeback could not be read.',
    description: "Order page, chargeback panel: reading the dispute's status failed unexpectedly",
  },
  retry: {
    id: 'dispute.retry',
    defaultMessage: 'Try again',
    description: "Order page, chargeback panel: button that reads the dispute's status again after a failure",
  },
  opened: { id: 'dispute.opened', defaultMessage: 'Opened', description: 'Order page, chargeback panel: label of the date the dispute was opened' },
  closed: { id: 'dispute.closed', defaultMessage: 'Closed', description: 'Order page, chargeback panel: label of the date the dispute was closed' },
});

/**
 * The order page's chargeback panel (docs/decisions/059): the dispute's status and what it means,
 * followed until it closes. Nothing when the payment was never disputed. `onStatus` hands the
 * page the order's status as the dispute last moved it, so the receipt goes once charged back.
 */
export function DisputePanel({ orderId, onStatus }: { orderId: string; onStatus(status: OrderStatus): void }) {
  const intl = useIntl();
  const actor = useDispute(orderId);
  const view = useSelector(actor, selectDisputeView);
  const status = view.dispute?.status;
  useEffect(() => {
    if (status) onStatus(status);
  }, [status, onStatus]);
  if (view.status === 'none') return null;
  const { dispute } = view;
  const meaning = dispute && chargebackMeaning(dispute.status);
  const date = (at: number | undefined) => {
    const t = shownTimestamp(at);
    return t === null ? '' : intl.formatDate(t, { dateStyle: 'medium' });
  };
  return (
    <section className="page receipt dispute-panel" aria-labelledby="dispute-title" aria-busy={view.busy}>
      <h2 id="dispute-title">{intl.formatMessage(m.title)}</h2>
      {dispute && (
        <>
          <p>
            <strong className="badge" data-status={dispute.status}>
              {intl.formatMessage(statusMessage(dispute.status))}
            </strong>
          </p>
          {meaning && <p>{intl.formatMessage(meaning)}</p>}
          <dl className="renewal-facts">
            <div>
              <dt>{intl.formatMessage(m.opened)}</dt>
              <dd>{date(dispute.openedAt)}</dd>
            </div>
            {dispute.closedAt !== undefined && (
              <div>
                <dt>{intl.formatMessage(m.closed)}</dt>
                <dd>{date(dispute.closedAt)}</dd>
              </div>
            )}
          </dl>
        </>
      )}
      {view.busy && (
        <p className="load-state" role="status">
          {intl.formatMessage(m.loading)}
        </p>
      )}
      {view.status === 'failure' && (
        <div className="notice notice-error" role="alert">
          <p>{intl.formatMessage(m.failed)}</p>
          <button type="button" className="button" onClick={() => actor.send({ type: 'RETRY_REQUESTED' })}>
            {intl.formatMessage(m.retry)}
          </button>
        </div>
      )}
      {view.canRefresh && (
        <p className="actions">
          <button type="button" className="button button-secondary" onClick={() => actor.send({ type: 'REFRESH_REQUESTED' })}>
            {intl.formatMessage(m.refresh)}
          </button>
        </p>
      )}
    </section>
  );
}
