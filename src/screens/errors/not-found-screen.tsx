import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { StatusPage } from './status-page';

const m = defineMessages({
  title: { id: 'notFound.title', defaultMessage: 'Page not found', description: 'Title of the 404 page' },
  body: { id: 'notFound.body', defaultMessage: 'The page you asked for does not exist or has moved.', description: '404 page explanation' },
  back: { id: 'notFound.back', defaultMessage: 'See the plans', description: 'Link from the 404 page to the pricing table' },
});

export function NotFoundScreen() {
  const intl = useIntl();
  return (
    <StatusPage code={404} headingId="not-found-title" title={intl.formatMessage(m.title)} body={intl.formatMessage(m.body)}>
      <Link className="button" to="/pricing-table">
        {intl.formatMessage(m.back)}
      </Link>
    </StatusPage>
  );
}
