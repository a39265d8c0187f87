import { mailMessages, receiptLabelMessages, receiptMailMessages } from '../../core/i18n/mail-messages';
import type { Language } from '../../core/i18n/languages';
import { bundledMessageFormatter, type MessageFormatter } from '../i18n';

/**
 * Every message the server sends, by template, with what it needs. A message is plain text (SMS,
 * and the text part of an email) plus the subject; links are built from the configured public URL.
 * The words are the catalogue's (core/i18n/mail-messages.ts); this module fills them in.
 */
export interface TemplateParams {
  confirmEmail: { nickname: string; link: string; hours: number };
  resetPasswordLink: { nickname: string; link: string; minutes: number };
  verificationCode: { code: string; minutes: number; purpose: 'login' | 'resetPassword' };
  bindEmail: { nickname: string; link: string; hours: number };
  passwordChanged: { nickname: string };
  /** The confirmation of a deleted account, to the address it had (docs/decisions/061). */
  accountDeleted: { nickname: string };
  receipt: ReceiptParams;
  orderReminder: OrderReminderParams;
  mobileMoneyCode: { code: string; minutes: number; operator: string; amount: number; symbol: string; decimals: number };
  refundRequested: RefundMailParams & { destination: 'payer' | 'bank_account' | 'address' };
  refundSucceeded: RefundMailParams;
  refundRejected: RefundMailParams & { reason: string };
  refundCancelled: RefundMailParams;
  /** Money that arrived for an order that could no longer be paid, on its way back (docs/decisions/069). */
  paymentReturned: RefundMailParams;
}

/** A withdrawal's step (docs/decisions/058): the order and what is refunded, in minor units of `currency`. */
export interface RefundMailParams {
  nickname: string;
  orderId: string;
  viewCode: string;
  amount: number;
  currency: string;
  symbol: string;
  decimals: number;
}

/** Amounts in minor units of `currency`; `symbol` and `decimals` come from the currency list. */
export interface ReceiptParams {
  nickname: string;
  orderId: string;
  viewCode: string;
  items: { name: string; quantity: number; amount: number }[];
  subtotal: number;
  discount: number;
  interest: number;
  total: number;
  installments: number;
  installmentAmount: number;
  currency: string;
  symbol: string;
  decimals: number;
  /** The service period the order gave, in milliseconds. */
  validFrom: number;
  validTo: number;
  validDays: number;
  /** The receipt page, when the customer asked for this copy from it (docs/decisions/055). */
  link?: string;
}

export interface OrderReminderParams {
  nickname: string;
  orderId: string;
  viewCode: string;
  total: number;
  currency: string;
  symbol: string;
  decimals: number;
  link: string;
}
export type TemplateName = keyof TemplateParams;

export interface RenderedMessage {
  subject: string;
  text: string;
}

/** The locale each language's money and dates are written in, in the emails and the receipt PDF. */
export const locales: Record<Language, string> = { pt: 'pt-BR', en: 'en-GB', es: 'es', ru: 'ru' };

/** `R$ 159,90`: the currency's own symbol and exponent, digits grouped the reader's way. */
export function formatMoney(minor: number, m: { symbol: string; decimals: number }, lang: Language): string {
  // Display only: the amount is exact in minor units and divided once, here, for reading.
  const digits = new Intl.NumberFormat(locales[lang], { minimumFractionDigits: m.decimals, maximumFractionDigits: m.decimals }).format(
    minor / 10 ** m.decimals,
  );
  return `${m.symbol} ${digits}`;
}

/** Dates of the service period, in the brand's time zone (Brasília). */
export const formatDate = (ms: number, lang: Language) =>
  new Intl.DateTimeFormat(locales[lang], { dateStyle: 'long', timeZone: 'America/Sao_Paulo' }).format(new Date(ms));

type Values = Record<string, string>;
type SimpleTemplate = Exclude<TemplateName, 'receipt'>;

/**
 * Each message's arguments, as text: counts with String(), not ICU's number format, so that
 * `1500 minutes` keeps the digits it always had; amounts through formatMoney.
 */
const argumentsOf: { [T in SimpleTemplate]: (p: TemplateParams[T], lang: Language) => Values } = {
  confirmEmail: (p) => ({ nickname: p.nickname, link: p.link, hours: String(p.hours) }),
  resetPasswordLink: (p) => ({ nickname: p.nickname, link: p.link, minutes: String(p.minutes) }),
  verificationCode: (p) => ({ code: p.code, minutes: String(p.minutes), purpose: p.purpose }),
  bindEmail: (p) => ({ nickname: p.nickname, link: p.link, hours: String(p.hours) }),
  passwordChanged: (p) => ({ nickname: p.nickname }),
  accountDeleted: (p) => ({ nickname: p.nickname }),
  orderReminder: (p, lang) => ({ nickname: p.nickname, orderId: p.orderId, viewCode: p.viewCode, total: formatMoney(p.total, p, lang), link: p.link }),
  // Texted by the mobile-money operator (the sandbox sends it through the portal's SMS outbox).
  mobileMoneyCode: (p, lang) => ({ code: p.code, minutes: String(p.minutes), operator: p.operator, amount: formatMoney(p.amount, p, lang) }),
  refundRequested: (p, lang) => ({ ...refundArguments(p, lang), destination: p.destination }),
  refundSucceeded: (p, lang) => refundArguments(p, lang),
  refundRejected: (p, lang) => ({ ...refundArguments(p, lang), reason: p.reason }),
  refundCancelled: (p, lang) => refundArguments(p, lang),
  paymentReturned: (p, lang) => refundArguments(p, lang),
};

function refundArguments(p: RefundMailParams, lang: Language): Values {
  return { nickname: p.nickname, orderId: p.orderId, viewCode: p.viewCode, amount: formatMoney(p.amount, p, lang) };
}

/** The emailed receipt, one line per fact; the totals' labels are the receipt PDF's too. */
function receipt(p: ReceiptParams, lang: Language, brand: string, format: MessageFormatter): RenderedMessage {
  const t = (descriptor: { id: string }, values?: Values) => format(descriptor, lang, values);
  const money = (minor: number) => formatMoney(minor, p, lang);
  const label = receiptLabelMessages;
  const lines = [
    t(receiptMailMessages.greeting, { nickname: p.nickname }),
    '',
    t(receiptMailMessages.thanks),
    '',
    t(receiptMailMessages.order, { orderId: p.orderId, viewCode: p.viewCode }),
    t(receiptMailMessages.items),
    ...p.items.map((i) => `- ${i.name} × ${i.quantity}: ${money(i.amount)}`),
    `${t(label.subtotal)}: ${money(p.subtotal)}`,
    ...(p.discount > 0 ? [`${t(label.discount)}: −${money(p.discount)}`] : []),
    ...(p.interest > 0 ? [`${t(label.interest)}: ${money(p.interest)}`] : []),
    `${t(label.total)}: ${money(p.total)} (${p.currency})`,
    ...(p.installments > 1 ? [t(label.installments, { count: String(p.installments), amount: money(p.installmentAmount) })] : []),
    '',
    t(receiptMailMessages.validity, { from: formatDate(p.validFrom, lang), to: formatDate(p.validTo, lang), days: String(p.validDays) }),
    '',
    ...(p.link ? [t(receiptMailMessages.link, { link: p.link }), ''] : []),
    brand,
  ];
  return { subject: t(receiptMailMessages.subject, { brand, viewCode: p.viewCode }), text: lines.join('\n') };
}

/** A message in `lang`, signed by `brand` (the site name), from the bundled catalogue unless told otherwise. */
export function renderMessage<T extends TemplateName>(
  template: T,
  lang: Language,
  params: TemplateParams[T],
  brand: string,
  format = bundledMessageFormatter(),
): RenderedMessage {
  if (template === 'receipt') return receipt(params as ReceiptParams, lang, brand, format);
  const name = template as SimpleTemplate;
  const values = { ...(argumentsOf[name] as (p: TemplateParams[T], lang: Language) => Values)(params, lang), brand };
  return { subject: format(mailMessages[name].subject, lang, values), text: format(mailMessages[name].text, lang, values) };
}
