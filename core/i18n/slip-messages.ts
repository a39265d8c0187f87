// The payment slip PDF's words (server/billing/slip-pdf.ts, docs/decisions/044), as react-intl
// descriptors in the one catalogue (core/i18n/lang), rendered by the server like the receipt's
// (core/i18n/mail-messages.ts). In Portuguese they are FEBRABAN's field names, which every
// Brazilian bank prints; the other languages say what each field is.

import type { MessageDescriptor } from './error-messages';

/** react-intl's `defineMessages`, declared here for the same reason as in error-messages.ts. */
function defineMessages<const T extends Record<string, MessageDescriptor>>(descriptors: T): T {
  return descriptors;
}

export const slipDocumentMessages = defineMessages({
  title: { id: 'slip.document.title', defaultMessage: 'Payment slip', description: 'Slip PDF: the document’s title, beside the site name.' },
  bank: { id: 'slip.document.bank', defaultMessage: 'Sandbox Bank', description: 'Slip PDF: the issuing bank’s name (the test bank of the sandbox).' },
  howTo: {
    id: 'slip.document.howTo',
    defaultMessage: 'Pay it at any bank, lottery outlet or in your bank’s app (scan the barcode or type the line) by {date}.',
    description: 'Slip PDF: how to pay, under the title. date: the due date (dd/mm/yyyy).',
  },
  confirmation: {
    id: 'slip.document.confirmation',
    defaultMessage: 'Your plan starts as soon as the bank tells us the slip was paid.',
    description: 'Slip PDF: what happens after paying, under the how-to.',
  },
  payerReceipt: { id: 'slip.document.payerReceipt', defaultMessage: 'Payer’s receipt', description: 'Slip PDF: heading of the part the payer keeps.' },
  cutHere: {
    id: 'slip.document.cutHere',
    defaultMessage: 'Cut here',
    description: 'Slip PDF: on the dashed line between the payer’s receipt and the bank’s part.',
  },
  paymentPlace: { id: 'slip.document.paymentPlace', defaultMessage: 'Place of payment', description: 'Slip PDF: label of where the slip can be paid.' },
  anyBank: {
    id: 'slip.document.anyBank',
    defaultMessage: 'Payable at any bank until the due date',
    description: 'Slip PDF: the place of payment (any bank, until the due date).',
  },
  dueDate: { id: 'slip.document.dueDate', defaultMessage: 'Due date', description: 'Slip PDF: label of the date the slip must be paid by.' },
  beneficiary: { id: 'slip.document.beneficiary', defaultMessage: 'Beneficiary', description: 'Slip PDF: label of who receives the money (the site).' },
  agency: {
    id: 'slip.document.agency',
    defaultMessage: 'Branch / beneficiary code',
    description: 'Slip PDF: label of the bank branch and the beneficiary’s account code.',
  },
  documentDate: { id: 'slip.document.documentDate', defaultMessage: 'Document date', description: 'Slip PDF: label of the date the slip was issued.' },
  documentNumber: { id: 'slip.document.documentNumber', defaultMessage: 'Document no.', description: 'Slip PDF: label of the document number (the order).' },
  kind: { id: 'slip.document.kind', defaultMessage: 'Doc. type', description: 'Slip PDF: label of the kind of document (DS, a service invoice).' },
  accepted: { id: 'slip.document.accepted', defaultMessage: 'Accepted', description: 'Slip PDF: label of the acceptance flag (N: no).' },
  processed: { id: 'slip.document.processed', defaultMessage: 'Processing date', description: 'Slip PDF: label of the date the bank processed the slip.' },
  ourNumber: {
    id: 'slip.document.ourNumber',
    defaultMessage: 'Our number',
    description: 'Slip PDF: label of the bank’s own number for the slip (nosso número).',
  },
  wallet: { id: 'slip.document.wallet', defaultMessage: 'Wallet', description: 'Slip PDF: label of the bank’s collection wallet (carteira).' },
  currency: { id: 'slip.document.currency', defaultMessage: 'Currency', description: 'Slip PDF: label of the currency (R$).' },
  amount: { id: 'slip.document.amount', defaultMessage: '(=) Document amount', description: 'Slip PDF: label of the amount to pay.' },
  charged: { id: 'slip.document.charged', defaultMessage: '(=) Amount charged', description: 'Slip PDF: label of the box the bank fills with what was paid.' },
  instructions: {
    id: 'slip.document.instructions',
    defaultMessage: 'Instructions (the beneficiary’s responsibility)',
    description: 'Slip PDF: heading of the instructions box.',
  },
  notAfterDue: {
    id: 'slip.document.notAfterDue',
    defaultMessage: 'Do not accept after the due date.',
    description: 'Slip PDF: instruction to the bank teller.',
  },
  payer: { id: 'slip.document.payer', defaultMessage: 'Payer', description: 'Slip PDF: label of who pays the slip (name, CPF/CNPJ, address).' },
  taxId: {
    id: 'slip.document.taxId',
    defaultMessage: 'CPF/CNPJ',
    description: 'Slip PDF: label of the payer’s Brazilian tax number (CPF for people, CNPJ for companies).',
  },
  authentication: {
    id: 'slip.document.authentication',
    defaultMessage: 'Mechanical authentication – Compensation form',
    description: 'Slip PDF: under the barcode, where the bank stamps the paid slip; the bank’s part is called the compensation form.',
  },
  order: {
    id: 'slip.document.order',
    defaultMessage: 'Payment of order {orderId} ({plan}).',
    description: 'Slip PDF: first line of the instructions. orderId: the order number; plan: the plan’s name.',
  },
});
