import { defineMessages, useIntl } from 'react-intl';
import type { PaymentMethod } from '../../../machines/payment/payment.types';

const m = defineMessages({
  methods: { id: 'payment.methods', defaultMessage: 'Payment method', description: 'Heading of the payment method chooser' },
  noMethods: {
    id: 'payment.noMethods',
    defaultMessage: 'Payment is not available here yet: no payment method can take this purchase. Please come back later, or ask us through Help.',
    description:
      'Shown instead of the payment methods when the site offers none for this purchase (no payment provider configured, or none for the country and currency)',
  },
});

/** The payment method chooser of the checkout and of a repay. */
export function Methods({
  methods,
  name,
  selected,
  disabled,
  onSelect,
}: {
  methods: PaymentMethod[];
  /** A method's name in the language on screen (`useNamesIn`). */
  name(method: PaymentMethod): string;
  selected: PaymentMethod | undefined;
  disabled: boolean;
  onSelect(code: string): void;
}) {
  const intl = useIntl();
  return (
    <fieldset className="methods" disabled={disabled}>
      <legend>{intl.formatMessage(m.methods)}</legend>
      {methods.length === 0 ? <p className="notice notice-warning">{intl.formatMessage(m.noMethods)}</p> : null}
      {methods.map((method) => (
        <label key={method.code} className="method">
          <input type="radio" name="method" value={method.code} checked={selected?.code === method.code} onChange={() => onSelect(method.code)} />{' '}
          {name(method)}
        </label>
      ))}
    </fieldset>
  );
}
