import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { LoadState } from '../../components/load-state';
import { SafeHtml } from '../../components/safe-html';
import { usePageTitle } from '../../components/use-page-title';
import { defaultLanguage, languageOfTag } from '../../../core/i18n/languages';
import { usePolicy } from '../../queries/site-queries';

const m = defineMessages({
  title: { id: 'privacy.title', defaultMessage: 'Privacy policy', description: 'Title of the privacy page' },
});
const updated = defineMessage<{ readonly date: string }>({
  id: 'privacy.updated',
  defaultMessage: 'Last updated: {date}',
  description: 'When the policy last changed',
});

export function PrivacyScreen() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  const policy = usePolicy('privacy', languageOfTag(intl.locale) ?? defaultLanguage);
  return (
    <article className="page prose" aria-labelledby="privacy-title">
      <h1 id="privacy-title">{policy.data?.title ?? intl.formatMessage(m.title)}</h1>
      {policy.status !== 'success' ? (
        <LoadState status={policy.status} onRetry={policy.retry} />
      ) : (
        <>
          <p className="muted">{intl.formatMessage(updated, { date: intl.formatDate(policy.data.updatedAt, { dateStyle: 'long' }) })}</p>
          <SafeHtml html={policy.data.content} />
        </>
      )}
    </article>
  );
}
