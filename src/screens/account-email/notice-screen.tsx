import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { LoadState } from '../../components/load-state';
import { usePageTitle } from '../../components/use-page-title';
import { refusalMessage } from '../../components/refusal-message';
import { useEmailBinding } from '../../queries/account-email-queries';

const m = defineMessages({
  title: { id: 'notice.title', defaultMessage: 'Notice', description: 'Title of the notice page' },
  bindFailed: {
    id: 'notice.bindFailed',
    defaultMessage: 'The email could not be linked: the link was used, replaced or has expired.',
    description: 'Shown when an email-binding link failed',
  },
  stbTitle: { id: 'notice.stbTitle', defaultMessage: 'Could not log in on the TV', description: 'Heading when a set-top-box log-in failed' },
  stbHelp: {
    id: 'notice.stbHelp',
    defaultMessage: 'Open the portal again from your TV or app. If it keeps failing, contact support.',
    description: 'What to do after a set-top-box log-in failed',
  },
  toPlans: { id: 'notice.toPlans', defaultMessage: 'See the plans', description: 'Link to the pricing table' },
  toHelp: { id: 'notice.toHelp', defaultMessage: 'Help and contact', description: 'Link to the help page' },
});
const bound = defineMessage<{ readonly email: string }>({
  id: 'notice.bound',
  defaultMessage: '{email} is now the email of your account.',
  description: 'Shown after an email-binding link was followed',
});

/** /notice: the result of an email-binding link, and the set-top-box log-in failures (spec section 8). */
export function NoticeScreen() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  const [search] = useSearchParams();
  const token = search.get('token');
  const code = Number(search.get('code'));
  if (search.get('type') === 'stbLoginErr') {
    return (
      <section className="form-page" aria-labelledby="notice-title">
        <h1 id="notice-title">{intl.formatMessage(m.stbTitle)}</h1>
        <p className="notice notice-warning" role="alert">
          {intl.formatMessage(refusalMessage(intl, code))}
        </p>
        <p className="muted">{intl.formatMessage(m.stbHelp)}</p>
        <Link to="/help">{intl.formatMessage(m.toHelp)}</Link>
      </section>
    );
  }
  if (!token) return <Navigate to="/pricing-table" replace />;
  return (
    <section className="form-page" aria-labelledby="notice-title">
      <h1 id="notice-title">{intl.formatMessage(m.title)}</h1>
      <Binding token={token} />
      <Link className="button" to="/pricing-table">
        {intl.formatMessage(m.toPlans)}
      </Link>
    </section>
  );
}

function Binding({ token }: { token: string }) {
  const intl = useIntl();
  const binding = useEmailBinding(token);
  if (binding.status === 'loading') return <LoadState status="loading" onRetry={binding.retry} />;
  if (binding.status === 'success') {
    return (
      <p className="notice notice-success" role="status">
        {intl.formatMessage(bound, { email: binding.data.email })}
      </p>
    );
  }
  return (
    <p className="notice notice-warning" role="alert">
      {intl.formatMessage(m.bindFailed)}
    </p>
  );
}
