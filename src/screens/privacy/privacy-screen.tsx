import { defineMessages } from 'react-intl';
import { PolicyPage } from '../../components/policy-page';

const m = defineMessages({
  title: { id: 'privacy.title', defaultMessage: 'Privacy policy', description: 'Title of the privacy page' },
});

export function PrivacyScreen() {
  return <PolicyPage type="privacy" title={m.title} />;
}
