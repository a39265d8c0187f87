// The words of the "Download my data" PDF for what the self-service flows keep (server/privacy/
// personal-data-pdf.ts, docs/decisions/061): cancellation reasons and retention offers (057),
// refunds (058), PIX Automático authorisations (060) and scheduled plan changes (056). Rendered by
// the server like the rest of that document (core/i18n/mail-messages.ts): every argument arrives
// as a ready string, a `select` takes its case as one.

import type { MessageDescriptor } from './error-messages';

/** react-intl's `defineMessages`, declared here for the same reason as in error-messages.ts. */
function defineMessages<const T extends Record<string, MessageDescriptor>>(descriptors: T): T {
  return descriptors;
}

export const personalDataHistoryMessages = defineMessages({
  cancellations: {
    id: 'personalData.document.cancellations',
    defaultMessage: 'Cancellations and retention offers',
    description: 'Personal data PDF: heading of the reasons given on turning auto-renewal off, and the offers taken.',
  },
  reason: {
    id: 'personalData.document.reason',
    defaultMessage:
      '{reason, select, too_expensive {Too expensive} not_using {Not using it} missing_content {Content missing} technical {Technical problems} switching {Switching to another service} other {Other reason}}',
    description: 'Personal data PDF: the reason the customer chose on turning auto-renewal off. reason: its code.',
  },
  outcome: {
    id: 'personalData.document.outcome',
    defaultMessage: '{outcome, select, cancelled {auto-renewal turned off} other {offer accepted}}',
    description: 'Personal data PDF: what came of a cancellation, after its reason. outcome: cancelled or offer_accepted.',
  },
  offer: {
    id: 'personalData.document.offer',
    defaultMessage:
      '{kind, select, discount {offer: {value}% off the next renewal} other {offer: renewal paused for {value, plural, one {# month} other {# months}}}}',
    description: 'Personal data PDF: the retention offer shown on cancelling. kind: discount or pause; value: the percent or the number of months.',
  },
  discount: {
    id: 'personalData.document.discount',
    defaultMessage: 'Retention discount of {percent}% accepted on {date}',
    description: 'Personal data PDF: a retention discount the customer accepted. percent: whole percent; date: when.',
  },
  discountOrder: {
    id: 'personalData.document.discountOrder',
    defaultMessage: 'applied to order {orderId}',
    description: 'Personal data PDF: after a retention discount, the renewal order that used it. orderId: the order number.',
  },
  refunds: { id: 'personalData.document.refunds', defaultMessage: 'Refunds', description: 'Personal data PDF: heading of the refunds of withdrawn orders.' },
  refundStatus: {
    id: 'personalData.document.refundStatus',
    defaultMessage: '{status, select, pending {pending} succeeded {refunded} rejected {refused} other {withdrawn by you}}',
    description: 'Personal data PDF: where a refund stands. status: pending, succeeded, rejected or cancelled.',
  },
  refundsTo: {
    id: 'personalData.document.refundsTo',
    defaultMessage: '{to, select, bank_account {to a bank account} address {to an address} other {back the way it was paid}}',
    description: 'Personal data PDF: where a refund goes. to: payer, bank_account or address.',
  },
  bankAccount: {
    id: 'personalData.document.bankAccount',
    defaultMessage: 'Bank {bank}, branch {branch}, account {account}, holder’s CPF {cpf}',
    description: 'Personal data PDF: the bank account a refund went to, partly masked. bank: bank code; branch; account: masked number; cpf: masked CPF.',
  },
  refundRequested: {
    id: 'personalData.document.refundRequested',
    defaultMessage: 'requested {date}',
    description: 'Personal data PDF: when a refund was asked for. date: a date and time.',
  },
  refundSettled: {
    id: 'personalData.document.refundSettled',
    defaultMessage: 'settled {date}',
    description: 'Personal data PDF: when a refund was made, refused or withdrawn. date: a date and time.',
  },
  pixAutomatico: {
    id: 'personalData.document.pixAutomatico',
    defaultMessage: 'PIX Automático authorisations',
    description: 'Personal data PDF: heading of the standing PIX Automático authorisations (keep the name PIX Automático).',
  },
  pixStatus: {
    id: 'personalData.document.pixStatus',
    defaultMessage:
      '{status, select, CRIADA {awaiting your approval} APROVADA {approved} REJEITADA {rejected at your bank} EXPIRADA {expired} other {cancelled}}',
    description: 'Personal data PDF: where a PIX Automático authorisation stands. status: the Banco Central code.',
  },
  pixTerms: {
    id: 'personalData.document.pixTerms',
    defaultMessage: 'plan #{planId}, {amount} a month, up to {max}, from {start} until {end}',
    description: 'Personal data PDF: a PIX Automático authorisation’s terms. amount, max: money; start, end: dates.',
  },
  pixCancelledBy: {
    id: 'personalData.document.pixCancelledBy',
    defaultMessage: '{by, select, payer {cancelled by you at your bank} other {cancelled by {brand}}}',
    description: 'Personal data PDF: who ended a PIX Automático authorisation. by: payer or receiver; brand: the site name.',
  },
  pixNext: {
    id: 'personalData.document.pixNext',
    defaultMessage: 'next charge {date}',
    description: 'Personal data PDF: when an approved PIX Automático authorisation is next charged. date: a date.',
  },
  pixCharge: {
    id: 'personalData.document.pixCharge',
    defaultMessage:
      'Charge due {date}: {amount}, {status, select, CRIADA {scheduled} ATIVA {sent to your bank} CONCLUIDA {paid} EXPIRADA {expired} REJEITADA {refused} other {cancelled}}',
    description: 'Personal data PDF: one monthly PIX Automático charge. date: its due date; amount: money; status: the Banco Central code.',
  },
  planChanges: {
    id: 'personalData.document.planChanges',
    defaultMessage: 'Scheduled plan changes',
    description: 'Personal data PDF: heading of the plan changes (downgrades) scheduled for a renewal.',
  },
  planChange: {
    id: 'personalData.document.planChange',
    defaultMessage:
      'Plan #{from} → plan #{to} at the renewal of {date}: {status, select, scheduled {waiting} undone {undone by you} applied {applied} other {replaced by a later change}}',
    description: 'Personal data PDF: a downgrade scheduled for a renewal. from, to: plan numbers; date: the renewal date; status: what became of it.',
  },
});
