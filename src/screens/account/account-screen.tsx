import { defineMessages, useIntl } from 'react-intl';
import { usePageTitle } from '../../components/use-page-title';
import { AutoRenewalPanel } from './auto-renewal-panel';

const m = defineMessages({
  title: { id: 'account.title', defaultMessage: 'My account', description: 'Title of the account and orders page (/account, /orders)' },
});

/**
 * /account and /orders, the same screen (spec section 2). For now it holds the subscriptions'
 * auto-renewal; the order list, account info and devices come with the screens issue.
 */
export function AccountScreen() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  return (
    <section className="page account-page" aria-labelledby="account-title">
      <h1 id="account-title">{intl.formatMessage(m.title)}</h1>
      <AutoRenewalPanel />
    </section>
  );
}
