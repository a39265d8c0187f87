import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../components/use-page-title';

const m = defineMessages({
  title: { id: 'notFound.title', defaultMessage: 'Page not found', description: 'Title of the 404 page' },
  body: { id: 'notFound.body', defaultMessage: 'The page you asked for does not exist or has moved.', description: '404 page explanation' },
  back: { id: 'notFound.back', defaultMessage: 'See the plans', description: 'Link from the 404 page to the pricing table' },
});

export function NotFoundScreen() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  return (
    <section className="status-page" aria-labelledby="not-found-title">
      <p className="status-code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">{intl.formatMessage(m.title)}</h1>
      <p>{intl.formatMessage(m.body)}</p>
      <Link className="button" to="/pricing-table">
        {intl.formatMessage(m.back)}
      </Link>
    </section>
  );
}
