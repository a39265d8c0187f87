// A refusal's text as the page can show it (docs/decisions/067): never an id.
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { errorMessageFor, errorMessages } from '../../core/i18n/error-messages';
import { refusalMessage } from './refusal-message';

const intlWith = (messages: Record<string, string>) => createIntl({ locale: 'en', messages, onError: () => {} });

describe('refusalMessage', () => {
  it("gives the code's own text once the refusal texts are in", () => {
    const intl = intlWith({ [errorMessages.unknown.id]: 'Unknown error', [errorMessageFor(1001).id]: 'Order not found' });
    expect(intl.formatMessage(refusalMessage(intl, 1001))).toBe('Order not found');
    expect(refusalMessage(intl, errorMessageFor(1001))).toBe(errorMessageFor(1001));
  });

  it("stands the unknown error's text in for a code whose text never came", () => {
    const intl = intlWith({ [errorMessages.unknown.id]: 'Unknown error' });
    expect(intl.formatMessage(refusalMessage(intl, 1001))).toBe('Unknown error');
  });

  it('takes a catalogue without the shell as it is', () => {
    expect(refusalMessage(intlWith({}), 1001)).toBe(errorMessageFor(1001));
  });
});
