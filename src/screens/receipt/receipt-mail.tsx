import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { isPassThrough } from '../../../core/api/api-error';
import { RefusalNotice } from '../../components/refusal-notice';
import { NO_EMAIL, type ReceiptMailState } from '../../queries/receipt-mail-queries';
import { m, mailSentText, mailTooSoonText } from './receipt-messages';

/** The email button, beside the PDF's: a turning ring while the receipt is sent (docs/decisions/055). */
export function MailButton({ busy, onClick }: { busy: boolean; onClick(): void }) {
  const intl = useIntl();
  return (
    // Not disabled while busy, so keyboard focus stays on it; a second click is ignored meanwhile.
    <button type="button" className="button button-secondary mail-button" aria-busy={busy} aria-disabled={busy} onClick={onClick}>
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {intl.formatMessage(busy ? m.mailing : m.mail)}
    </button>
  );
}

/**
 * What the email button gave, under the buttons: where it went, how long to wait, or why it
 * could not go; a phone account is pointed at settings, where it adds an email (docs/decisions/042).
 */
export function MailStatus({ state }: { state: ReceiptMailState }) {
  const intl = useIntl();
  if (state.status === 'success') {
    const answer = state.data;
    return (
      <p className={`notice ${answer.kind === 'sent' ? 'notice-success' : 'notice-warning'} receipt-actions`} role="status">
        {answer.kind === 'sent' ? intl.formatMessage(mailSentText, { email: answer.email }) : intl.formatMessage(mailTooSoonText, { seconds: answer.seconds })}
      </p>
    );
  }
  if (state.status !== 'error') return null;
  if (isPassThrough(state.error) && state.error.errCode === NO_EMAIL) {
    return (
      <p className="notice notice-warning receipt-actions" role="alert">
        {intl.formatMessage(m.noEmail)} <Link to="/settings">{intl.formatMessage(m.addEmail)}</Link>
      </p>
    );
  }
  if (isPassThrough(state.error)) {
    return (
      <div className="receipt-actions">
        <RefusalNotice code={state.error.errCode} />
      </div>
    );
  }
  return (
    <p className="notice notice-warning receipt-actions" role="alert">
      {intl.formatMessage(m.mailFailed)}
    </p>
  );
}
