import { defineMessages, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../../core/routing/paths';

const m = defineMessages({
  title: {
    id: 'payment.reset.title',
    defaultMessage: 'Set a new password to buy',
    description: 'Heading when the account must reset its password before buying (-2500)',
  },
  body: {
    id: 'payment.reset.body',
    defaultMessage:
      'For your security, this account needs a new password before it can buy. It takes a minute: we send you a link or a code, you choose the new password and log in with it, and you come back to this plan.',
    description: 'Explains the password reset asked for before buying (-2500)',
  },
  action: { id: 'payment.reset.action', defaultMessage: 'Set a new password', description: 'Button to the password reset, from the payment page (-2500)' },
});

/**
 * -2500 (spec section 6): the reset offered where the customer is, for their address when it is
 * one, and this page to come back to after the new log-in.
 */
export function ResetPasswordFirst({ email }: { email: string }) {
  const intl = useIntl();
  const here = useLocation();
  const to = paths.forgotPassword({ account: email || undefined, redirect: here.pathname + here.search });
  return (
    <div className="notice notice-warning stack" role="alert" aria-labelledby="reset-first-title">
      <h2 id="reset-first-title">{intl.formatMessage(m.title)}</h2>
      <p>{intl.formatMessage(m.body)}</p>
      <div className="actions">
        <Link className="button" to={to}>
          {intl.formatMessage(m.action)}
        </Link>
      </div>
    </div>
  );
}
