import { defineMessage, defineMessages } from 'react-intl';

/** A plan's texts, shared by the pricing table's cards and the plan-details page: the same words for the same things. */
export const pricingMessages = defineMessages({
  title: { id: 'pricing.title', defaultMessage: 'Choose your plan', description: 'Title of the pricing table' },
  mayVary: {
    id: 'pricing.mayVary',
    defaultMessage: 'Prices shown are list prices and may vary after you log in.',
    description: 'Notice to anonymous visitors on the pricing table (spec section 2)',
  },
  period30: { id: 'pricing.period.30', defaultMessage: 'Monthly', description: 'Heading of the 30-day plans' },
  period180: { id: 'pricing.period.180', defaultMessage: '180 days', description: 'Heading of the 180-day plans' },
  period365: { id: 'pricing.period.365', defaultMessage: 'Yearly', description: 'Heading of the 365-day plans' },
  popular: { id: 'pricing.popular', defaultMessage: 'Most popular', description: 'Badge on the highlighted plan' },
  autoRenew: { id: 'pricing.autoRenew', defaultMessage: 'Renews automatically; cancel any time', description: 'Note on plans bought with auto-renewal' },
  choose: { id: 'pricing.choose', defaultMessage: 'Choose this plan', description: 'Button on a plan card that goes to the payment page' },
  details: { id: 'pricing.details', defaultMessage: 'Details', description: "Secondary link on a plan card to the plan's details page" },
});

export const perPeriod = defineMessage<{ readonly days: number }>({
  id: 'pricing.perPeriod',
  defaultMessage: '{days, plural, one {per day} other {per # days}}',
  description: 'Below a plan price: the period it pays for',
});
export const devices = defineMessage<{ readonly count: number }>({
  id: 'pricing.devices',
  defaultMessage: '{count, plural, one {# screen at a time} other {# screens at a time}}',
  description: 'How many devices may watch at once',
});
export const installmentPrice = defineMessage<{ readonly count: number; readonly amount: string }>({
  id: 'pricing.installments',
  defaultMessage: 'or {count}x of {amount}',
  description: 'Installment price under a plan price, e.g. "or 3x of R$ 53,30"',
});
export const benefit = defineMessage<{ readonly rate: number; readonly periods: number }>({
  id: 'pricing.benefit',
  defaultMessage: '{rate}% off for {periods, plural, one {# period} other {# periods}}',
  description: 'Benefit label: discountRate off for N periods (spec section 9)',
});

export const periodTitle = { 30: pricingMessages.period30, 180: pricingMessages.period180, 365: pricingMessages.period365 } as const;
