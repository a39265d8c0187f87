import type { IntlShape, MessageDescriptor } from 'react-intl';
import { errorMessageFor, errorMessages } from '../../core/i18n/error-messages';

/**
 * The message for a server error code (or its descriptor), as the page can show it. The texts of
 * the server's refusals load apart from the first screen, and the client waits for them before a
 * refusal reaches anyone (docs/decisions/067), so the code's own text is there. Should their
 * download have failed, the unknown error's text, which the shell carries, stands in: never an id.
 * (A catalogue without the shell's texts, as some tests render, is taken as it is.)
 */
export function refusalMessage(intl: IntlShape, refusal: number | MessageDescriptor): MessageDescriptor {
  const own = typeof refusal === 'number' ? errorMessageFor(refusal) : refusal;
  if (typeof own.id !== 'string') return own;
  return own.id in intl.messages || !(errorMessages.unknown.id in intl.messages) ? own : errorMessages.unknown;
}
