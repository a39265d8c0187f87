import { defineMessages, useIntl } from 'react-intl';
import { LoadState } from '../../components/load-state';
import { usePageTitle } from '../../components/use-page-title';
import { languageOfTag, defaultLanguage } from '../../../core/i18n/languages';
import { useContactUs } from '../../queries/site-queries';

const m = defineMessages({
  title: { id: 'help.title', defaultMessage: 'Help and contact', description: 'Title of the help page' },
  intro: { id: 'help.intro', defaultMessage: 'Our team answers questions about plans, payments and your account.', description: 'Help page introduction' },
  email: { id: 'help.email', defaultMessage: 'Email', description: 'Label of the support email address' },
  phone: { id: 'help.phone', defaultMessage: 'Phone', description: 'Label of the support phone number' },
  hours: { id: 'help.hours', defaultMessage: 'Opening hours', description: 'Label of the support opening hours' },
  chat: { id: 'help.chat', defaultMessage: 'Chat with us', description: 'Link to the support chat' },
});

export function HelpScreen() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  const contact = useContactUs(languageOfTag(intl.locale) ?? defaultLanguage);
  return (
    <section className="page" aria-labelledby="help-title">
      <h1 id="help-title">{intl.formatMessage(m.title)}</h1>
      <p className="lead">{intl.formatMessage(m.intro)}</p>
      {contact.status !== 'success' ? (
        <LoadState status={contact.status} onRetry={contact.retry} />
      ) : (
        <dl className="contact-list">
          <div>
            <dt>{intl.formatMessage(m.email)}</dt>
            <dd>
              <a href={`mailto:${contact.data.email}`}>{contact.data.email}</a>
            </dd>
          </div>
          <div>
            <dt>{intl.formatMessage(m.phone)}</dt>
            <dd>
              <a href={`tel:${contact.data.phone.replace(/[^+\d]/g, '')}`}>{contact.data.phone}</a>
            </dd>
          </div>
          <div>
            <dt>{intl.formatMessage(m.hours)}</dt>
            <dd>{contact.data.hours}</dd>
          </div>
          {contact.data.chatUrl && (
            <div>
              <dt>{intl.formatMessage(m.chat)}</dt>
              <dd>
                <a href={contact.data.chatUrl} target="_blank" rel="noopener noreferrer">
                  {new URL(contact.data.chatUrl).host}
                </a>
              </dd>
            </div>
          )}
        </dl>
      )}
    </section>
  );
}
