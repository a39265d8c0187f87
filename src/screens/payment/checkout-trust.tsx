import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { formatTaxId } from '../../../core/validation/helpers';
import type { components } from '../../../openapi/schema';

export type Merchant = NonNullable<components['schemas']['SiteConfig']['merchant']>;

const m = defineMessages({
  cards: { id: 'payment.trust.cards', defaultMessage: 'Cards accepted', description: 'Accessible name of the list of card brands the checkout takes' },
  privacy: { id: 'payment.trust.privacy', defaultMessage: 'Privacy policy', description: 'Link under the Pay button to the privacy policy' },
  // Its terms, and how to cancel and get a refund, before paying (docs/decisions/051).
  terms: { id: 'payment.trust.terms', defaultMessage: 'Terms of use', description: 'Link under the Pay button to the terms of use' },
  refunds: {
    id: 'payment.trust.refunds',
    defaultMessage: 'Cancellation and refunds',
    description: 'Link under the Pay button to the section of the terms on cancelling auto-renewal and the 7-day withdrawal with a refund',
  },
  help: { id: 'payment.trust.help', defaultMessage: 'Help and contact', description: 'Link under the Pay button to the help page (how to reach the shop)' },
});
const soldBy = defineMessage<{ readonly name: string; readonly taxId: string }>({
  id: 'payment.trust.soldBy',
  defaultMessage: 'Sold by {name}, CNPJ {taxId}',
  description: 'Who sells, under the Pay button: the company name and its Brazilian company number',
});

/**
 * The brands the card form takes (the sandbox's, server/payments/card-sandbox.ts), as marks a
 * customer looks for before typing a number. Brand names are not translated.
 */
const BRANDS = ['Visa', 'Mastercard', 'Elo', 'American Express', 'Hipercard', 'Diners Club', 'Discover'];

export function CardBrands() {
  const intl = useIntl();
  return (
    <ul className="card-brands" aria-label={intl.formatMessage(m.cards)}>
      {BRANDS.map((brand) => (
        <li key={brand}>{brand}</li>
      ))}
    </ul>
  );
}

/**
 * What a customer checks before paying a shop they do not know (docs/decisions/048): who sells,
 * with the company number consumer law asks a Brazilian shop to show, its privacy policy and how
 * to reach it. The test-mode band says when no real money moves.
 */
export function PurchaseTrust({ merchant }: { merchant: Merchant | undefined }) {
  const intl = useIntl();
  return (
    <div className="checkout-trust muted small">
      {merchant ? <p>{intl.formatMessage(soldBy, { name: merchant.legalName, taxId: formatTaxId(merchant.taxId) })}</p> : null}
      <p>
        <Link to="/privacy">{intl.formatMessage(m.privacy)}</Link> · <Link to="/terms">{intl.formatMessage(m.terms)}</Link> ·{' '}
        <Link to="/terms#refunds">{intl.formatMessage(m.refunds)}</Link> · <Link to="/help">{intl.formatMessage(m.help)}</Link>
      </p>
    </div>
  );
}
