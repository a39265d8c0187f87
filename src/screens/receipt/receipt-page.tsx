import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { isPassThrough } from '../../../core/api/api-error';
import { LoadState } from '../../components/load-state';
import { RefusalNotice } from '../../components/refusal-notice';
import { m } from './receipt-messages';

export function Page({ children, head, wide = false }: { children: React.ReactNode; head?: React.ReactNode; wide?: boolean }) {
  const intl = useIntl();
  return (
    <section className={`page receipt${wide ? ' receipt-wide' : ''}`} aria-labelledby="receipt-title">
      {head}
      <h1 id="receipt-title">{intl.formatMessage(m.title)}</h1>
      {children}
    </section>
  );
}

export function OrdersLink() {
  const intl = useIntl();
  return (
    <p className="receipt-links">
      <Link to="/orders">{intl.formatMessage(m.orders)}</Link>
    </p>
  );
}

/** A refusal the page expects (1001, 1040) said once, in its place; anything else the retry state. */
export function Failure({ error, onRetry }: { error: unknown; onRetry(): void }) {
  if (isPassThrough(error)) {
    return (
      <Page>
        <RefusalNotice code={error.errCode} />
        <OrdersLink />
      </Page>
    );
  }
  return (
    <Page>
      <LoadState status="error" onRetry={onRetry} />
    </Page>
  );
}

export function Loading() {
  const intl = useIntl();
  return (
    <Page>
      <p className="load-state" role="status">
        {intl.formatMessage(m.loading)}
      </p>
    </Page>
  );
}
