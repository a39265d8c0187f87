import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { selectSessionView } from '../../../machines/session/session.selectors';
import { usePageTitle } from '../../components/use-page-title';
import { invalidateAccount } from '../../queries/account-queries';
import { useServices } from '../../queries/services-context';
import { AccountOrders } from '../../components/order-list';

const m = defineMessages({
  title: { id: 'stbOrders.title', defaultMessage: 'My orders', description: 'Title of the set-top-box orders page (/stb-orders)' },
  hint: {
    id: 'stbOrders.hint',
    defaultMessage: 'Use the arrow keys to move between your orders and OK to open one.',
    description: 'Set-top-box orders page: how to use it with a TV remote',
  },
});

/**
 * /stb-orders (spec section 2, bare layout): the set-top-box scene's order list, the account
 * screen's orders in big rows a TV remote reaches with the arrow keys and opens with OK (Enter).
 */
export function StbOrdersScreen() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  const { session, queries } = useServices();
  const { identity } = useSelector(session, selectSessionView);
  const uid = identity?.uid;
  // Each visit reads the orders afresh (a payment made meanwhile shows).
  useEffect(() => () => void (uid && invalidateAccount(queries, uid)), [queries, uid]);
  return (
    <section className="stb-orders stack" aria-labelledby="stb-orders-title">
      <h1 id="stb-orders-title">{intl.formatMessage(m.title)}</h1>
      {uid && (
        <>
          <p className="muted">{intl.formatMessage(m.hint)}</p>
          <AccountOrders key={uid} uid={uid} variant="tv" />
        </>
      )}
    </section>
  );
}
