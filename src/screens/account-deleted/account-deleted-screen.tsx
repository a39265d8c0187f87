import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { paths } from '../../../core/routing/paths';
import { usePageTitle } from '../../components/use-page-title';
import { useEndOfDeletedSession } from '../../queries/flows/account-deletion-flow';

const m = defineMessages({
  title: {
    id: 'accountDeleted.title',
    defaultMessage: 'Your account was deleted',
    description: 'Title of the page a deleted account lands on (docs/decisions/061)',
  },
  text: {
    id: 'accountDeleted.text',
    defaultMessage:
      'Every device was signed out, the renewal cancelled and your personal data erased. Your orders are kept without your name or contacts, only as tax law requires. We sent you an e-mail confirming it.',
    description: 'The page a deleted account lands on: what happened',
  },
  again: {
    id: 'accountDeleted.again',
    defaultMessage: 'You can sign up again with the same address whenever you like.',
    description: 'The page a deleted account lands on: the address is free again',
  },
  plans: { id: 'accountDeleted.plans', defaultMessage: 'See the plans', description: 'The page a deleted account lands on: link to the plans' },
});

/** Where "Delete my account" ends, signed out (docs/decisions/061). */
export function AccountDeletedScreen() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  useEndOfDeletedSession();
  return (
    <section className="page stack" aria-labelledby="account-deleted-title">
      <h1 id="account-deleted-title">{intl.formatMessage(m.title)}</h1>
      <p role="status">{intl.formatMessage(m.text)}</p>
      <p>{intl.formatMessage(m.again)}</p>
      <div className="actions">
        <Link className="button" to={paths.pricingTable()}>
          {intl.formatMessage(m.plans)}
        </Link>
      </div>
    </section>
  );
}
