import { defineMessages } from 'react-intl';
import { PolicyPage } from '../../components/policy-page';

const m = defineMessages({
  title: { id: 'terms.title', defaultMessage: 'Terms of use', description: 'Title of the terms of use page' },
});

/**
 * /terms: the terms of use the sign-up accepts, on a page of their own so the checkout can link
 * them and their section on cancelling and refunds (/terms#refunds) before paying (docs/decisions/051).
 */
export function TermsScreen() {
  return <PolicyPage type="terms" title={m.title} />;
}
