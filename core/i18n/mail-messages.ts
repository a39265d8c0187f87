// The emails and SMS the reference server sends, and the words of the receipt PDF, as react-intl
// message descriptors with explicit ids, so that they live in the one catalogue (core/i18n/lang)
// beside the app's and are translated there (docs/decisions/038).
//
// Pure data, like server-messages.ts: the server renders the texts from the language files
// (server/i18n.ts, server/mail/templates.ts), never from here. Every descriptor must be a literal
// object with literal strings (the extractor reads the source, it does not run it); the newlines of
// a message survive extraction because `npm run i18n:extract` preserves whitespace.
//
// Every argument arrives as a ready string: amounts, dates and counts are formatted by the server
// (formatMoney, formatDate in server/mail/templates.ts), not by ICU, so that an email says
// `R$ 1.234,56` and `1500 minutes` exactly as the receipt page and the old emails did.
//
// Ids:
// - `mail.<template>.subject` and `mail.<template>.text`: the subject and plain text of a message
//   (for an SMS, the text is what is sent);
// - `mail.receipt.*`: the pieces of the emailed receipt, laid out line by line by the server;
// - `receipt.label.*`: the receipt's totals, shared by the emailed receipt and the PDF so both say
//   the same thing;
// - `receipt.document.*`: the PDF's own words (server/billing/receipt-pdf.ts).
// The web app's receipt screen has its own `receipt.*` ids, with plurals this document does not use.

import type { MessageDescriptor } from './error-messages';

/** react-intl's `defineMessages`, declared here for the same reason as in error-messages.ts. */
function defineMessages<const T extends Record<string, MessageDescriptor>>(descriptors: T): T {
  return descriptors;
}

/** The subject and text of each message but the receipt, by template name (server/mail/templates.ts). */
export const mailMessages = {
  confirmEmail: defineMessages({
    subject: {
      id: 'mail.confirmEmail.subject',
      defaultMessage: 'Confirm your email for {brand}',
      description: 'Subject of the email that confirms a new account. brand: the site name.',
    },
    text: {
      id: 'mail.confirmEmail.text',
      defaultMessage:
        "Hello {nickname},\n\nTo activate your account, open the link below (valid for {hours} hours):\n{link}\n\nIf this wasn't you, ignore this email.",
      description:
        'Plain-text body of the email that confirms a new account. nickname: the account name; hours: how long the link works; link: the address to open, alone on its line.',
    },
  }),
  resetPasswordLink: defineMessages({
    subject: {
      id: 'mail.resetPasswordLink.subject',
      defaultMessage: 'Reset your {brand} password',
      description: 'Subject of the email with a link to choose a new password. brand: the site name.',
    },
    text: {
      id: 'mail.resetPasswordLink.text',
      defaultMessage:
        "Hello {nickname},\n\nTo choose a new password, open the link below. It works for {minutes} minutes and only once:\n{link}\n\nIf you didn't ask for this, ignore this email: your password stays the same.",
      description:
        'Plain-text body of the password reset email. nickname: the account name; minutes: how long the link works; link: the address to open, alone on its line.',
    },
  }),
  verificationCode: defineMessages({
    subject: {
      id: 'mail.verificationCode.subject',
      defaultMessage: 'Your {brand} code: {code}',
      description: 'Subject of the email carrying a one-time code. brand: the site name; code: the digits.',
    },
    text: {
      id: 'mail.verificationCode.text',
      defaultMessage:
        '{brand}: your code to {purpose, select, login {log in to your account} other {reset your password}} is {code}. It works for {minutes} minutes. Never share this code.',
      description:
        "Text of a one-time code, sent by SMS or email. brand: the site name; purpose: 'login' to log in with the code, otherwise ('resetPassword') to reset the password; code: the digits; minutes: how long it works.",
    },
  }),
  bindEmail: defineMessages({
    subject: {
      id: 'mail.bindEmail.subject',
      defaultMessage: 'Confirm the email of your {brand} account',
      description: 'Subject of the email that confirms an address being bound to an existing account. brand: the site name.',
    },
    text: {
      id: 'mail.bindEmail.text',
      defaultMessage: 'Hello {nickname},\n\nTo bind this email to your account, open the link (valid for {hours} hours):\n{link}',
      description:
        'Plain-text body of the email that binds an address to an account. nickname: the account name; hours: how long the link works; link: the address to open.',
    },
  }),
  passwordChanged: defineMessages({
    subject: {
      id: 'mail.passwordChanged.subject',
      defaultMessage: 'Your {brand} password was changed',
      description: 'Subject of the notice sent after the password of an account changed. brand: the site name.',
    },
    text: {
      id: 'mail.passwordChanged.text',
      defaultMessage:
        "Hello {nickname},\n\nYour account's password was just changed and your other sessions were ended. If this wasn't you, reset your password now and contact support.",
      description: 'Plain-text body of the notice sent after the password of an account changed. nickname: the account name.',
    },
  }),
  orderReminder: defineMessages({
    subject: {
      id: 'mail.orderReminder.subject',
      defaultMessage: '{brand}: finish paying order {viewCode}',
      description: 'Subject of the reminder about an order not paid yet. brand: the site name; viewCode: the order’s short code.',
    },
    text: {
      id: 'mail.orderReminder.text',
      defaultMessage: 'Hello {nickname},\n\nOrder {orderId} ({total}) is still waiting for payment. To finish it, open:\n{link}',
      description:
        'Plain-text body of the reminder about an unpaid order. nickname: the account name; orderId: the order number; total: the amount with its symbol (R$ 159,90); link: the payment page.',
    },
  }),
  accountDeleted: defineMessages({
    subject: {
      id: 'mail.accountDeleted.subject',
      defaultMessage: 'Your {brand} account was deleted',
      description:
        'Subject of the confirmation sent, to the address the account had, after the customer deleted the account (docs/decisions/061). brand: the site name.',
    },
    text: {
      id: 'mail.accountDeleted.text',
      defaultMessage:
        'Hello {nickname},\n\nAs you asked, your account was deleted: every session was ended, the renewal cancelled and your personal data erased. Your orders are kept without your name or contacts, only as tax law requires. You can sign up again with this address whenever you like.\n\nIf this was not you, contact support.',
      description: 'Plain-text body of the confirmation of a deleted account (docs/decisions/061). nickname: the name the account had.',
    },
  }),
  mobileMoneyCode: defineMessages({
    subject: {
      id: 'mail.mobileMoneyCode.subject',
      defaultMessage: '{brand}: code {code}',
      description: 'Subject line kept with the mobile-money operator’s SMS in the outbox. brand: the site name; code: the digits.',
    },
    text: {
      id: 'mail.mobileMoneyCode.text',
      defaultMessage: '{operator}: to pay {amount} to {brand}, use code {code}. It works for {minutes} minutes. Never share it.',
      description:
        'SMS the mobile-money operator sends to approve a payment. operator: the operator’s name; amount: the amount with its symbol; brand: the site name, who is paid; code: the digits; minutes: how long it works.',
    },
  }),
  // The 7-day withdrawal, one e-mail per step (docs/decisions/058).
  refundRequested: defineMessages({
    subject: {
      id: 'mail.refundRequested.subject',
      defaultMessage: '{brand}: we received your withdrawal from order {viewCode}',
      description: 'Subject of the e-mail confirming a withdrawal (cancel and refund) was asked. brand: the site name; viewCode: the order’s short code.',
    },
    text: {
      id: 'mail.refundRequested.text',
      defaultMessage:
        'Hello {nickname},\n\nYou withdrew from order {orderId}. We asked for {amount} to be refunded {destination, select, bank_account {to the bank account you gave} address {to the address you gave} other {the way you paid}}. Your plan keeps running until the refund is made; we will write again then.',
      description:
        'Plain-text body of the e-mail confirming a withdrawal was asked. nickname: the account name; orderId: the order number; amount: the amount with its symbol; destination: payer, bank_account or address.',
    },
  }),
  refundSucceeded: defineMessages({
    subject: {
      id: 'mail.refundSucceeded.subject',
      defaultMessage: '{brand}: order {viewCode} was refunded',
      description: 'Subject of the e-mail saying a withdrawn order’s refund was made. brand: the site name; viewCode: the order’s short code.',
    },
    text: {
      id: 'mail.refundSucceeded.text',
      defaultMessage:
        'Hello {nickname},\n\n{amount} of order {orderId} was refunded. The plan this order gave has ended. Depending on your bank, the money may take a few days to show.',
      description:
        'Plain-text body of the e-mail saying a refund was made. nickname: the account name; orderId: the order number; amount: the amount with its symbol.',
    },
  }),
  refundRejected: defineMessages({
    subject: {
      id: 'mail.refundRejected.subject',
      defaultMessage: '{brand}: the refund of order {viewCode} could not be made',
      description: 'Subject of the e-mail saying a refund was refused. brand: the site name; viewCode: the order’s short code.',
    },
    text: {
      id: 'mail.refundRejected.text',
      defaultMessage:
        'Hello {nickname},\n\nThe refund of {amount} for order {orderId} could not be made: {reason, select, account_closed {the bank account you gave is closed} other {the payment provider refused it}}. Your plan goes on. You can withdraw again with another account while the 7 days last, or contact support.',
      description:
        'Plain-text body of the e-mail saying a refund was refused. nickname: the account name; orderId: the order number; amount: the amount with its symbol; reason: account_closed or another code.',
    },
  }),
  refundCancelled: defineMessages({
    subject: {
      id: 'mail.refundCancelled.subject',
      defaultMessage: '{brand}: you kept order {viewCode}',
      description: 'Subject of the e-mail confirming the customer cancelled their refund request. brand: the site name; viewCode: the order’s short code.',
    },
    text: {
      id: 'mail.refundCancelled.text',
      defaultMessage: 'Hello {nickname},\n\nYou cancelled the refund of order {orderId}. Nothing will be refunded and your plan goes on.',
      description: 'Plain-text body of the e-mail confirming a refund request was cancelled. nickname: the account name; orderId: the order number.',
    },
  }),
  paymentReturned: defineMessages({
    subject: {
      id: 'mail.paymentReturned.subject',
      defaultMessage: '{brand}: we are returning a payment for order {viewCode}',
      description:
        'Subject of the e-mail saying money arrived for an order that could no longer be paid (it was cancelled or replaced) and goes back. brand: the site name; viewCode: the order’s short code.',
    },
    text: {
      id: 'mail.paymentReturned.text',
      defaultMessage:
        'Hello {nickname},\n\nWe received {amount} for order {orderId}, but that order could no longer be paid: it had been cancelled or replaced. Nothing was bought with it, and we are returning it the way you paid. Depending on your bank, the money may take a few days to show.',
      description:
        'Plain-text body of the e-mail saying a payment is returned because its order could no longer be paid (docs/decisions/069). nickname: the account name; orderId: the order number; amount: the amount with its symbol.',
    },
  }),
};

/** The emailed receipt's own pieces; the server lays them out one a line, with the item lines and totals. */
export const receiptMailMessages = defineMessages({
  subject: {
    id: 'mail.receipt.subject',
    defaultMessage: '{brand}: Receipt for order {viewCode}',
    description: 'Subject of the receipt emailed after a payment. brand: the site name; viewCode: the receipt’s short code.',
  },
  greeting: {
    id: 'mail.receipt.greeting',
    defaultMessage: 'Hello, {nickname}!',
    description: 'First line of the emailed receipt. nickname: the account name.',
  },
  thanks: {
    id: 'mail.receipt.thanks',
    defaultMessage: 'We received your payment. Thank you!',
    description: 'Line of the emailed receipt after the greeting.',
  },
  order: {
    id: 'mail.receipt.order',
    defaultMessage: 'Order {orderId} (code {viewCode})',
    description: 'Line of the emailed receipt naming the order. orderId: the order number; viewCode: the receipt’s short code.',
  },
  items: {
    id: 'mail.receipt.items',
    defaultMessage: 'Items:',
    description: 'Heading of the emailed receipt’s list of items bought, one per line below it.',
  },
  validity: {
    id: 'mail.receipt.validity',
    defaultMessage: 'Your access runs from {from} to {to} ({days} days).',
    description: 'Line of the emailed receipt with the service period. from, to: long dates (10 January 2026); days: the number of days.',
  },
  link: {
    id: 'mail.receipt.link',
    defaultMessage: 'Your receipt, to print or to download as a PDF: {link}',
    description: 'Line of a receipt the customer emailed to themselves from the receipt page, before the signature. link: the receipt page’s address.',
  },
});

/** The receipt's totals, in the emailed receipt (`Label: amount`) and in the PDF's totals column. */
export const receiptLabelMessages = defineMessages({
  subtotal: {
    id: 'receipt.label.subtotal',
    defaultMessage: 'Subtotal',
    description: 'Receipt (email and PDF): the sum of the items before discount and interest.',
  },
  discount: {
    id: 'receipt.label.discount',
    defaultMessage: 'Discount',
    description: 'Receipt (email and PDF): the amount taken off by a discount code.',
  },
  interest: {
    id: 'receipt.label.interest',
    defaultMessage: 'Instalment interest',
    description: 'Receipt (email and PDF): the interest added for paying in instalments.',
  },
  total: {
    id: 'receipt.label.total',
    defaultMessage: 'Total',
    description: 'Receipt (email and PDF): the amount paid.',
  },
  installments: {
    id: 'receipt.label.installments',
    defaultMessage: '{count} instalments of {amount}',
    description:
      'Receipt (email and PDF), under the total when paid in instalments. count: the number of instalments (2 or more); amount: each one, with its symbol.',
  },
});

/** The receipt PDF's own words (docs/decisions/018). */
export const receiptDocumentMessages = defineMessages({
  title: { id: 'receipt.document.title', defaultMessage: 'Receipt', description: 'Receipt PDF: the document’s title, beside the site name.' },
  order: { id: 'receipt.document.order', defaultMessage: 'Order', description: 'Receipt PDF: label of the order number.' },
  code: { id: 'receipt.document.code', defaultMessage: 'Receipt code', description: 'Receipt PDF: label of the receipt’s short code.' },
  paidAt: { id: 'receipt.document.paidAt', defaultMessage: 'Paid on', description: 'Receipt PDF: label of the payment date.' },
  method: { id: 'receipt.document.method', defaultMessage: 'Payment method', description: 'Receipt PDF: label of the payment method.' },
  status: { id: 'receipt.document.status', defaultMessage: 'Paid', description: 'Receipt PDF: the order’s status under the title.' },
  item: { id: 'receipt.document.item', defaultMessage: 'Item', description: 'Receipt PDF: heading of the column of plan names.' },
  quantity: { id: 'receipt.document.quantity', defaultMessage: 'Qty', description: 'Receipt PDF: heading of the quantity column (short).' },
  price: { id: 'receipt.document.price', defaultMessage: 'Unit price', description: 'Receipt PDF: heading of the unit price column.' },
  amount: { id: 'receipt.document.amount', defaultMessage: 'Amount', description: 'Receipt PDF: heading of the line amount column.' },
  exchangeRate: {
    id: 'receipt.document.exchangeRate',
    defaultMessage: 'Exchange rate: 1 {base} = {rate} {quoted}',
    description: 'Receipt PDF, when the order was paid in another currency than the base one. base, quoted: currency codes (BRL, USD); rate: the decimal rate.',
  },
  period: { id: 'receipt.document.period', defaultMessage: 'Service period', description: 'Receipt PDF: heading of the box with the period the order bought.' },
  from: { id: 'receipt.document.from', defaultMessage: 'From', description: 'Receipt PDF: label of the first day of the service period, before a date.' },
  to: { id: 'receipt.document.to', defaultMessage: 'To', description: 'Receipt PDF: label of the last day of the service period, before a date.' },
  days: { id: 'receipt.document.days', defaultMessage: '{days} days', description: 'Receipt PDF: the length of the service period. days: the number of days.' },
  thanks: { id: 'receipt.document.thanks', defaultMessage: 'Thank you for your purchase.', description: 'Receipt PDF: the footer’s thanks.' },
  issued: { id: 'receipt.document.issued', defaultMessage: 'Issued on {date}', description: 'Receipt PDF: the footer’s issue date. date: a long date.' },
  page: {
    id: 'receipt.document.page',
    defaultMessage: 'Page {page} of {pages}',
    description: 'Receipt PDF: the footer’s page number, on a receipt of more than one page. page: this page’s number; pages: how many there are.',
  },
});

/** The words of the "Download my data" PDF (server/account/personal-data-pdf.ts, docs/decisions/061). */
export const personalDataDocumentMessages = defineMessages({
  title: { id: 'personalData.document.title', defaultMessage: 'My personal data', description: 'Personal data PDF: the document’s title.' },
  intro: {
    id: 'personalData.document.intro',
    defaultMessage: 'Everything {brand} holds on account {uid}, as of {date}.',
    description: 'Personal data PDF: the line under the title. brand: the site name; uid: the account number; date: when the document was made.',
  },
  profile: { id: 'personalData.document.profile', defaultMessage: 'Profile', description: 'Personal data PDF: heading of the account’s own details.' },
  consents: { id: 'personalData.document.consents', defaultMessage: 'Consents', description: 'Personal data PDF: heading of the terms and e-mail consents.' },
  plan: { id: 'personalData.document.plan', defaultMessage: 'Plan and renewal', description: 'Personal data PDF: heading of the plan and auto-renewal.' },
  devices: { id: 'personalData.document.devices', defaultMessage: 'Log-ins', description: 'Personal data PDF: heading of the log-ins (device, IP, time).' },
  orders: { id: 'personalData.document.orders', defaultMessage: 'Orders', description: 'Personal data PDF: heading of the orders.' },
  payments: { id: 'personalData.document.payments', defaultMessage: 'Payments', description: 'Personal data PDF: heading of the payment attempts.' },
  cards: {
    id: 'personalData.document.cards',
    defaultMessage: 'Saved cards',
    description: 'Personal data PDF: heading of the saved cards (brand and last 4 digits).',
  },
  payers: {
    id: 'personalData.document.payers',
    defaultMessage: 'Payer details',
    description: 'Personal data PDF: heading of the payer named on payment slips (name, CPF, address).',
  },
  messages: {
    id: 'personalData.document.messages',
    defaultMessage: 'E-mails and SMS',
    description: 'Personal data PDF: heading of the e-mails and SMS sent to the account.',
  },
  recordings: {
    id: 'personalData.document.recordings',
    defaultMessage: 'Cloud recordings',
    description: 'Personal data PDF: heading of the cloud recordings.',
  },
  uploads: {
    id: 'personalData.document.uploads',
    defaultMessage: 'Uploaded files',
    description: 'Personal data PDF: heading of the files the customer uploaded (payment proofs).',
  },
  none: { id: 'personalData.document.none', defaultMessage: 'None.', description: 'Personal data PDF: under a heading with nothing to list.' },
  yes: { id: 'personalData.document.yes', defaultMessage: 'Yes', description: 'Personal data PDF: a consent given, a Google identity linked.' },
  no: { id: 'personalData.document.no', defaultMessage: 'No', description: 'Personal data PDF: a consent not given.' },
  name: { id: 'personalData.document.name', defaultMessage: 'Name', description: 'Personal data PDF: label of the account’s name.' },
  email: { id: 'personalData.document.email', defaultMessage: 'Email', description: 'Personal data PDF: label of the account’s e-mail address.' },
  phone: { id: 'personalData.document.phone', defaultMessage: 'Phone', description: 'Personal data PDF: label of the account’s phone number.' },
  language: { id: 'personalData.document.language', defaultMessage: 'Language', description: 'Personal data PDF: label of the account’s language.' },
  created: { id: 'personalData.document.created', defaultMessage: 'Account created', description: 'Personal data PDF: label of when the account was made.' },
  google: {
    id: 'personalData.document.google',
    defaultMessage: 'Google sign-in linked',
    description: 'Personal data PDF: label of whether a Google identity is linked.',
  },
  terms: {
    id: 'personalData.document.terms',
    defaultMessage: 'Terms and privacy policy accepted',
    description: 'Personal data PDF: the consent to the terms, with its date.',
  },
  marketing: { id: 'personalData.document.marketing', defaultMessage: 'News by e-mail', description: 'Personal data PDF: the consent to marketing e-mails.' },
  page: {
    id: 'personalData.document.page',
    defaultMessage: 'Page {page} of {pages}',
    description: 'Personal data PDF: the footer’s page number. page: this page’s number; pages: how many there are.',
  },
});
