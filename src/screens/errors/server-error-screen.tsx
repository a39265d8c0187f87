import { defineMessages, useIntl } from 'react-intl';
import { StatusPage } from './status-page';

const m = defineMessages({
  title: { id: 'serverError.title', defaultMessage: 'Something went wrong', description: 'Title of the 500 page' },
  body: { id: 'serverError.body', defaultMessage: 'We could not show this page. Try again in a moment.', description: '500 page explanation' },
  retry: { id: 'serverError.retry', defaultMessage: 'Try again', description: 'Reloads the page from the 500 page' },
  chunkBody: {
    id: 'serverError.chunkBody',
    defaultMessage: 'This page could not be loaded. Check your connection and try again.',
    description: 'Shown instead of a page whose code could not be downloaded',
  },
  home: { id: 'serverError.home', defaultMessage: 'Go to the plans', description: 'Link from the 500 page to the pricing table' },
});

/** The 500 page; `chunk` when the page's code could not be downloaded (spec section 9, 120 s). */
export function ServerErrorScreen({ chunk = false }: { chunk?: boolean }) {
  const intl = useIntl();
  return (
    <StatusPage code={500} headingId="server-error-title" title={intl.formatMessage(m.title)} body={intl.formatMessage(chunk ? m.chunkBody : m.body)}>
      <div className="actions">
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {intl.formatMessage(m.retry)}
        </button>
        {/* A plain link, not the router: the app may be what failed. */}
        <a className="button button-secondary" href="/pricing-table">
          {intl.formatMessage(m.home)}
        </a>
      </div>
    </StatusPage>
  );
}
