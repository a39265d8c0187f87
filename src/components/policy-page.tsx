import { defineMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { defaultLanguage, languageOfTag } from '../../core/i18n/languages';
import type { components } from '../../openapi/schema';
import { usePolicy } from '../queries/site-queries';
import { LoadState } from './load-state';
import { PolicyHtml } from './policy-html';
import { usePageTitle } from './use-page-title';
import { useScrollToHash } from './use-scroll-to-hash';

const updated = defineMessage<{ readonly date: string }>({
  id: 'privacy.updated',
  defaultMessage: 'Last updated: {date}',
  description: 'When a policy page (privacy policy, terms of use) last changed',
});

/**
 * A policy's own page (/privacy, /terms): its text in the page's language, with the date it last
 * changed. A link to one of its sections (/terms#refunds) lands on that section once the text has
 * loaded (docs/decisions/051).
 */
export function PolicyPage({ type, title }: { type: components['schemas']['PolicyType']; title: MessageDescriptor }) {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(title));
  const policy = usePolicy(type, languageOfTag(intl.locale) ?? defaultLanguage);
  useScrollToHash(policy.status === 'success');
  const headingId = `${type}-title`;
  return (
    <article className="page prose" aria-labelledby={headingId}>
      <h1 id={headingId}>{policy.data?.title ?? intl.formatMessage(title)}</h1>
      {policy.status !== 'success' ? (
        <LoadState status={policy.status} onRetry={policy.retry} />
      ) : (
        <>
          <p className="muted">{intl.formatMessage(updated, { date: intl.formatDate(policy.data.updatedAt, { dateStyle: 'long' }) })}</p>
          <PolicyHtml html={policy.data.content} />
        </>
      )}
    </article>
  );
}
