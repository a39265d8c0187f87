import { lazy, Suspense, useEffect, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { defaultLanguage, languageOfTag } from '../../core/i18n/languages';
import { usePolicy } from '../queries/site-queries';
import { LoadState } from './load-state';

// The sanitiser that draws the terms (DOMPurify, 11 kB) comes only when a customer opens them:
// the sign-ups are read far more often than their terms (docs/decisions/062, 064).
const loadPolicyHtml = () => import('./policy-html');
const PolicyHtml = lazy(() => loadPolicyHtml().then((module) => ({ default: module.PolicyHtml })));

/** The words of the terms checkbox and its texts; both sign-ups (/register, Google on /login) say the same. */
export const policyMessages = defineMessages({
  terms: { id: 'register.terms', defaultMessage: 'I accept the terms of use and the privacy policy', description: 'Label of the required terms checkbox' },
  privacy: { id: 'register.privacy', defaultMessage: 'Read the privacy policy', description: 'Link to the privacy policy' },
  readTerms: { id: 'register.readTerms', defaultMessage: 'Read the terms of use', description: 'Opens the terms of use on the sign-up page' },
});

/**
 * The two texts the checkbox accepts (spec section 2: terms and privacy): the terms of use open in
 * place, fetched the first time they are opened; the privacy policy has its own page.
 */
export function PolicyTexts() {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  return (
    <div className="policy-texts small stack">
      <details onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>{intl.formatMessage(policyMessages.readTerms)}</summary>
        {open && <TermsText />}
      </details>
      <Link to="/privacy">{intl.formatMessage(policyMessages.privacy)}</Link>
    </div>
  );
}

function TermsText() {
  const intl = useIntl();
  const terms = usePolicy('terms', languageOfTag(intl.locale) ?? defaultLanguage);
  // The code and the text travel together. A download that fails here is tried again below, and
  // fails visibly there.
  useEffect(() => void loadPolicyHtml().catch(() => undefined), []);
  if (terms.status !== 'success') return <LoadState status={terms.status} onRetry={terms.retry} />;
  return (
    <div className="prose policy-text">
      <h2>{terms.data.title}</h2>
      <Suspense fallback={<LoadState status="loading" onRetry={terms.retry} />}>
        <PolicyHtml html={terms.data.content} />
      </Suspense>
    </div>
  );
}
