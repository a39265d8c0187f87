import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { isApiError } from '../../core/api/api-error';
import { errorMessageFor, errorMessages } from '../../core/i18n/error-messages';
import { refusalMessage } from './refusal-message';

const m = defineMessages({
  notSent: {
    id: 'failure.notSent',
    defaultMessage: 'This was not sent. What you typed is kept: try again.',
    description: 'Next to a form whose call failed after the page already showed why (a network or server message above)',
  },
});

/**
 * What a form says when its call failed outside the flow's business answers (docs/decisions/040):
 * a code the client handed back untold (spec section 8's pass-through codes, 5000 among them) gets
 * its catalogue message here, since nobody else says it; a failure the client already announced
 * (a toast for the network, a timeout, an unexpected code) gets a short line that the form was not
 * sent, so the customer reads the form's fate where they are looking without reading the cause
 * twice. A cancelled call, and one the client answered by leaving the page or the session, say nothing.
 */
export function failureMessage(error: unknown): MessageDescriptor | null {
  if (error === undefined || error === null) return null;
  if (!isApiError(error)) return errorMessages.unknown;
  if (error.kind === 'aborted') return null;
  if (!error.handled) return error.errCode === undefined ? errorMessages.unknown : errorMessageFor(error.errCode);
  if (error.kind === 'refusal' && error.outcome !== 'toast') return null;
  return m.notSent;
}

/** `failureMessage` as an announced notice, for the top of a form or beside its button. */
export function FailureNotice({ error }: { error: unknown }) {
  const intl = useIntl();
  const message = failureMessage(error);
  if (!message) return null;
  return (
    <p className="notice notice-warning" role="alert">
      {intl.formatMessage(refusalMessage(intl, message))}
    </p>
  );
}
