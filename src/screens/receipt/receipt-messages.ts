import { defineMessage, defineMessages } from 'react-intl';

export const m = defineMessages({
  title: { id: 'receipt.title', defaultMessage: 'Receipt', description: 'Title of the receipt page (/receipt) and its main heading' },
  loading: { id: 'receipt.loading', defaultMessage: 'Loading the receipt…', description: 'Shown while the receipt page fetches the order' },
  noOrder: {
    id: 'receipt.noOrder',
    defaultMessage: 'No order was given, so there is no receipt to show.',
    description: 'Shown when /receipt is opened without an orderId',
  },
  loginFirst: {
    id: 'receipt.loginFirst',
    defaultMessage: 'Log in to see the receipts of your orders.',
    description: 'Shown on /receipt to a visitor who is not signed in',
  },
  login: { id: 'receipt.login', defaultMessage: 'Log in', description: 'Link from the receipt page to the login page, which comes back to the receipt' },
  notPaid: {
    id: 'receipt.notPaid',
    defaultMessage: 'This order is not paid yet, so it has no receipt. Pay it to get one.',
    description: 'Shown on /receipt instead of the receipt when the order is still waiting for its payment',
  },
  pay: { id: 'receipt.pay', defaultMessage: 'Pay this order', description: 'Link from an unpaid order’s receipt page to its payment page' },
  orders: { id: 'receipt.orders', defaultMessage: 'My orders', description: 'Link from the receipt page to the order list' },
  paidBadge: { id: 'receipt.paid', defaultMessage: 'Paid', description: 'Status shown at the top of the receipt of a paid order' },
  details: {
    id: 'receipt.details',
    defaultMessage: 'Payment details',
    description: 'Accessible name of the receipt’s list of order number, code, date and method',
  },
  order: { id: 'receipt.order', defaultMessage: 'Order', description: 'Label of the order number on the receipt' },
  code: { id: 'receipt.code', defaultMessage: 'Receipt code', description: 'Label of the short code printed on the receipt and quoted to support' },
  paidAt: { id: 'receipt.paidAt', defaultMessage: 'Paid on', description: 'Label of the date and time the order was paid' },
  method: { id: 'receipt.method', defaultMessage: 'Payment method', description: 'Label of how the order was paid (credit card, PIX…)' },
  items: { id: 'receipt.items', defaultMessage: 'Items', description: 'Caption of the receipt’s table of bought plans' },
  item: { id: 'receipt.item', defaultMessage: 'Item', description: 'Column heading: the plan bought' },
  quantity: {
    id: 'receipt.quantity',
    defaultMessage: 'Qty',
    description: 'Column heading, kept short for phones: how many billing periods of the plan were bought',
  },
  price: { id: 'receipt.price', defaultMessage: 'Unit price', description: 'Column heading: the price of one billing period' },
  amount: { id: 'receipt.amount', defaultMessage: 'Amount', description: 'Column heading: quantity times unit price' },
  subtotal: { id: 'receipt.subtotal', defaultMessage: 'Subtotal', description: 'Receipt row: the sum of the items before discount and interest' },
  discount: { id: 'receipt.discount', defaultMessage: 'Discount', description: 'Receipt row: the amount taken off by a discount code' },
  interest: { id: 'receipt.interest', defaultMessage: 'Instalment interest', description: 'Receipt row: interest added for paying in instalments' },
  total: { id: 'receipt.total', defaultMessage: 'Total', description: 'Receipt row: the amount paid' },
  period: { id: 'receipt.period', defaultMessage: 'Service period', description: 'Heading of the receipt’s section on the dates the bought service runs' },
  from: { id: 'receipt.from', defaultMessage: 'From', description: 'Label of the first day of the service period' },
  to: { id: 'receipt.to', defaultMessage: 'To', description: 'Label of the last day of the service period' },
  print: { id: 'receipt.print', defaultMessage: 'Print', description: 'Button that opens the browser’s print dialog for the receipt' },
  download: { id: 'receipt.download', defaultMessage: 'Download PDF', description: 'Button that downloads the receipt as a PDF file' },
  downloading: { id: 'receipt.downloading', defaultMessage: 'Preparing the PDF…', description: 'The download button’s text while the PDF is made' },
  downloadFailed: {
    id: 'receipt.downloadFailed',
    defaultMessage: 'The PDF could not be downloaded. Try again in a moment.',
    description: 'Shown when the receipt PDF could not be fetched',
  },
  mail: { id: 'receipt.mail', defaultMessage: 'Email me this receipt', description: 'Button that emails the receipt to the account’s address' },
  mailing: { id: 'receipt.mailing', defaultMessage: 'Sending…', description: 'The email button’s text while the receipt is being sent' },
  mailFailed: {
    id: 'receipt.mailFailed',
    defaultMessage: 'The receipt could not be sent. Try again in a moment.',
    description: 'Shown beside the email button when the receipt could not be sent (no answer, an unexpected one)',
  },
  noEmail: {
    id: 'receipt.noEmail',
    defaultMessage: 'Your account has no email address yet, so the receipt cannot be sent.',
    description: 'Shown beside the email button to an account made with a phone number and no email',
  },
  addEmail: {
    id: 'receipt.addEmail',
    defaultMessage: 'Add an email in settings',
    description: 'Link from the receipt page to the settings page, where a phone account adds an email',
  },
  actions: {
    id: 'receipt.actions',
    defaultMessage: 'Receipt actions',
    description: 'Accessible name of the group of the receipt’s print, download and email buttons',
  },
});

export const installmentsText = defineMessage<{ readonly count: number; readonly amount: string }>({
  id: 'receipt.installments',
  defaultMessage: '{count, plural, one {# instalment} other {# instalments}} of {amount}',
  description: 'Under the total of a receipt paid in instalments; amount is the money of each instalment',
});
export const exchangeRateText = defineMessage<{ readonly base: string; readonly rate: string; readonly currency: string }>({
  id: 'receipt.exchangeRate',
  defaultMessage: 'Exchange rate: 1 {base} = {rate} {currency}',
  description: 'Under the total when the order was paid in another currency than the plan’s price; base and currency are currency codes',
});
export const daysText = defineMessage<{ readonly days: number }>({
  id: 'receipt.days',
  defaultMessage: '{days, plural, one {# day} other {# days}}',
  description: 'How many days the service period lasts',
});
export const mailSentText = defineMessage<{ readonly email: string }>({
  id: 'receipt.mailSent',
  defaultMessage: 'Sent to {email}. It may take a few minutes to arrive.',
  description: 'Shown beside the email button once the receipt was sent; email is the address, masked (a***@mail.com)',
});
export const mailTooSoonText = defineMessage<{ readonly seconds: number }>({
  id: 'receipt.mailTooSoon',
  defaultMessage: 'This receipt was emailed a moment ago. You can ask for it again in {seconds, plural, one {# second} other {# seconds}}.',
  description: 'Shown beside the email button when it is pressed again within a minute; seconds is the wait the server gave',
});
