import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import { selectSessionView, type SessionView } from '../../machines/session/session.selectors';
import { useAccountName } from '../queries/account-queries';
import { useServices } from '../queries/services-context';

const m = defineMessages({
  logIn: { id: 'session.logIn', defaultMessage: 'Log in', description: 'Header link to the login page' },
  logOut: { id: 'session.logOut', defaultMessage: 'Log out', description: 'Header button that ends the session' },
  menu: { id: 'session.menu', defaultMessage: 'Your account', description: 'Accessible name of the header account area' },
  account: { id: 'session.account', defaultMessage: 'My account', description: 'Header link to the account and orders page' },
  settings: { id: 'session.settings', defaultMessage: 'Settings', description: 'Header link to the settings page' },
  coupons: { id: 'session.coupons', defaultMessage: 'Coupons', description: 'Header link to the page of the account’s discount codes' },
  myCloud: { id: 'session.myCloud', defaultMessage: 'My cloud', description: 'Header link to the cloud recordings page' },
});
const signedInAs = defineMessage<{ readonly name: string }>({
  id: 'session.signedInAs',
  defaultMessage: 'Signed in as {name}',
  description: 'Header text naming the signed-in account (nickname, else the email or phone)',
});

/** The header's account area: who is signed in and the way out, or the way in (spec section 2). */
export function SessionMenu() {
  const intl = useIntl();
  const { session } = useServices();
  const view = useSelector(session, selectSessionView);
  const location = useLocation();
  return (
    <div className="session-menu" role="group" aria-label={intl.formatMessage(m.menu)}>
      {view.signedIn ? (
        <>
          {/* A session without an account to name (the server's drawing, docs/decisions/034) holds the name's place. */}
          {view.identity ? <AccountName identity={view.identity} fallback={view.account ?? ''} /> : <span className="session-name" />}
          <Link to="/account">{intl.formatMessage(m.account)}</Link>
          <Link to="/coupons">{intl.formatMessage(m.coupons)}</Link>
          <Link to="/my-cloud">{intl.formatMessage(m.myCloud)}</Link>
          <Link to="/settings">{intl.formatMessage(m.settings)}</Link>
          <button
            type="button"
            className="button button-secondary"
            disabled={!view.canLogOut}
            aria-busy={view.signingOut}
            onClick={() => session.send({ type: 'LOGOUT_REQUESTED' })}
          >
            {intl.formatMessage(m.logOut)}
          </button>
        </>
      ) : (
        <Link className="button button-secondary" to="/login" state={{ from: location.pathname + location.search }}>
          {intl.formatMessage(m.logIn)}
        </Link>
      )}
    </div>
  );
}

/**
 * The account's nickname from the account call. It runs again when the user comes back to the
 * tab, so a session ended meanwhile (logged out or blocked elsewhere, password changed) is reset
 * at once through the client's rules (spec section 8), not at the next click.
 */
function AccountName({ identity, fallback }: { identity: NonNullable<SessionView['identity']>; fallback: string }) {
  const intl = useIntl();
  const info = useAccountName(identity);
  const { retry } = info;
  useEffect(() => {
    const onFocus = () => retry();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [retry]);
  const name = info.status === 'success' && info.data.nickname ? info.data.nickname : fallback;
  return <span className="session-name">{intl.formatMessage(signedInAs, { name })}</span>;
}
