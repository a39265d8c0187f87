// The receipt of a paid order as an A4 PDF (docs/decisions/018): what the /receipt page shows, in
// the request's language, for the customer to keep or hand to an accountant. A long order goes on
// over more pages, each repeating the table's header and numbered, the totals kept together
// (docs/decisions/055).
//
// DejaVu Sans (regular and bold) is embedded as a subset: the standard PDF fonts cover neither
// Cyrillic nor every accent, and a subset keeps the file small (tens of kB, not 1.5 MB). The words
// are the catalogue's (core/i18n/mail-messages.ts): the totals' labels are the emailed receipt's,
// and money and dates are formatted like that email too.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import type { components } from '../../openapi/schema';
import { currencySymbol } from '../../core/config/money';
import type { Language } from '../../core/i18n/languages';
import { receiptDocumentMessages as documentWords, receiptLabelMessages as totalWords } from '../../core/i18n/mail-messages';
import { bundledMessageFormatter, type MessageFormatter } from '../i18n';
import { formatDate, formatMoney, locales } from '../mail/templates';

type Schemas = components['schemas'];
export type ReceiptOrder = Schemas['Order'];
export type ReceiptPeriod = Schemas['ServicePeriod'];

export interface ReceiptBrand {
  name: string;
  /** The theme colour (`#rrggbb`), for the band at the top; dark grey when absent or unreadable. */
  color?: string;
}

/** A currency's symbol and ISO 4217 exponent, as the currency list publishes them. */
export interface CurrencyFormat {
  symbol: string;
  decimals: number;
}

export interface ReceiptOptions {
  /** The payment method's name in the document's language (the method's code otherwise). */
  methodName?: string;
  /** Symbol and exponent per currency code; spec section 9's symbols with 2 decimals otherwise. */
  currencies?: Readonly<Record<string, CurrencyFormat>>;
  /** When the document is issued (the footer and the PDF's dates); the order's payment time otherwise. */
  issuedAt?: number;
  /** The catalogue the words come from; the bundled language files otherwise. */
  format?: MessageFormatter;
  /** A page shorter than A4's 841.89 points (same width and margins), for other paper. */
  pageHeight?: number;
}

const fontDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'assets', 'fonts');
let fontBytes: { regular: Uint8Array; bold: Uint8Array } | undefined;
const fonts = () =>
  (fontBytes ??= { regular: readFileSync(path.join(fontDir, 'DejaVuSans.ttf')), bold: readFileSync(path.join(fontDir, 'DejaVuSans-Bold.ttf')) });

/** DejaVu Sans regular and bold embedded as subsets, for the portal's documents (the receipt, the slip). */
export async function embedDocumentFonts(doc: PDFDocument): Promise<{ regular: PDFFont; bold: PDFFont }> {
  doc.registerFontkit(fontkit);
  const { regular, bold } = fonts();
  return { regular: await doc.embedFont(regular, { subset: true }), bold: await doc.embedFont(bold, { subset: true }) };
}

// A4 in points, with 2 cm margins.
export const PAGE = { width: 595.28, height: 841.89, margin: 56.7 };
export const INK = rgb(0.1, 0.1, 0.12);
export const MUTED = rgb(0.38, 0.38, 0.42);
export const RULE = rgb(0.8, 0.8, 0.83);

export function colorOf(hex: string | undefined): RGB {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex ?? '');
  if (!m) return rgb(0.2, 0.2, 0.25);
  const [r, g, b] = [m[1], m[2], m[3]].map((x) => parseInt(x ?? '0', 16) / 255) as [number, number, number];
  return rgb(r, g, b);
}

/** `"0.182500"` → `0,1825` in Portuguese: the decimal string as written, never through a float. */
function formatRate(rate: string, lang: Language): string {
  const trimmed = rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate;
  const separator = new Intl.NumberFormat(locales[lang]).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  return trimmed.replace('.', separator);
}

/** Cuts a text to `width` points with an ellipsis (plan names are short; this is a guard). */
export function fit(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** Content stops this far above the page's bottom edge: below it are the footer and page number. */
export const CONTENT_BOTTOM = PAGE.margin + 44;

/** Draws the portal's documents top to bottom, page after page (the receipt, the personal data). */
export class Writer {
  readonly pages: PDFPage[] = [];
  private index = -1;
  y = 0;
  constructor(
    private readonly doc: PDFDocument,
    readonly height: number,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {}

  get page(): PDFPage {
    return this.pages[this.index]!;
  }

  /** Back to page `index` (0 the first), for what every page carries. */
  turnTo(index: number) {
    this.index = index;
  }

  /** A new page, its top edge at the margin. */
  newPage() {
    this.pages.push(this.doc.addPage([PAGE.width, this.height]));
    this.index = this.pages.length - 1;
    this.y = this.height - PAGE.margin;
  }

  /** Whether `points` more fit above the footer on this page. */
  fits(points: number) {
    return this.y - points >= CONTENT_BOTTOM;
  }

  text(value: string, x: number, options: { size?: number; bold?: boolean; color?: RGB; align?: 'left' | 'right' | 'center'; y?: number } = {}) {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.regular;
    const width = font.widthOfTextAtSize(value, size);
    const at = options.align === 'right' ? x - width : options.align === 'center' ? x - width / 2 : x;
    this.page.drawText(value, { x: at, y: options.y ?? this.y, size, font, color: options.color ?? INK });
  }

  rule(gap = 8, color = RULE) {
    this.y -= gap;
    this.page.drawLine({ start: { x: PAGE.margin, y: this.y }, end: { x: PAGE.width - PAGE.margin, y: this.y }, thickness: 0.75, color });
    this.y -= gap;
  }

  down(points: number) {
    this.y -= points;
  }
}

/** A line of the table takes 6 + 10 points of text and a 4 + 4 rule. */
const ROW_HEIGHT = 24;
/** The period's box: its heading, plan and dates (20 + 18 + 14 points below the line it starts on). */
const PERIOD_HEIGHT = 52;

/**
 * The receipt of a paid order as PDF bytes: brand, order reference, payment date and method, the
 * lines with quantity and price, the totals (discount, instalment interest, the exchange rate when
 * the currency is not the base currency) and the service period. Everything it shows comes in
 * through its arguments, the words from the catalogue in `options.format` (the bundled files').
 */
export async function receiptPdf(
  order: ReceiptOrder,
  period: ReceiptPeriod,
  brand: ReceiptBrand,
  lang: Language,
  options: ReceiptOptions = {},
): Promise<Uint8Array> {
  const format = options.format ?? bundledMessageFormatter();
  const word = (descriptor: { id: string }, values?: Record<string, string>) => format(descriptor, lang, values);
  const formatOf = (code: string): CurrencyFormat => options.currencies?.[code] ?? { symbol: currencySymbol(code), decimals: 2 };
  const money = (minor: number) => formatMoney(minor, formatOf(order.currency), lang);
  const issuedAt = options.issuedAt ?? order.paidAt ?? order.createdAt;

  const doc = await PDFDocument.create();
  const { regular, bold } = await embedDocumentFonts(doc);
  const title = `${brand.name ? `${brand.name} · ` : ''}${word(documentWords.title)} ${order.viewCode ?? order.id}`;
  doc.setTitle(title, { showInWindowTitleBar: true });
  doc.setAuthor(brand.name);
  doc.setSubject(`${word(documentWords.order)} ${order.id}`);
  doc.setCreator(brand.name);
  doc.setLanguage(locales[lang]);
  doc.setCreationDate(new Date(issuedAt));
  doc.setModificationDate(new Date(issuedAt));

  const height = Math.min(options.pageHeight ?? PAGE.height, PAGE.height);
  const w = new Writer(doc, height, regular, bold);
  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  const band = () => w.page.drawRectangle({ x: 0, y: height - 12, width: PAGE.width, height: 12, color: colorOf(brand.color) });
  /** A page after the first: the band, and whose receipt it is, smaller. */
  const nextPage = () => {
    w.newPage();
    band();
    w.down(6);
    w.text(fit(brand.name, bold, 11, 300), left, { size: 11, bold: true });
    w.text(`${word(documentWords.title)} ${order.viewCode ?? order.id}`, right, { size: 11, align: 'right', color: MUTED });
    w.rule(10);
    w.down(6);
  };

  // The brand's band and name, the document's title and its status.
  w.newPage();
  band();
  w.down(14);
  w.text(fit(brand.name, bold, 18, 300), left, { size: 18, bold: true });
  w.text(word(documentWords.title), right, { size: 18, bold: true, align: 'right', color: MUTED });
  w.down(20);
  w.text(word(documentWords.status), right, { size: 10, align: 'right', color: MUTED });
  w.rule(12);

  // Who, when and how.
  const meta: [string, string][] = [
    [word(documentWords.order), order.id],
    ...(order.viewCode ? ([[word(documentWords.code), order.viewCode]] as [string, string][]) : []),
    ...(order.paidAt ? ([[word(documentWords.paidAt), formatDate(order.paidAt, lang)]] as [string, string][]) : []),
    ...(order.paymentMethod || order.paymentType
      ? ([[word(documentWords.method), options.methodName ?? order.paymentMethod ?? order.paymentType ?? '']] as [string, string][])
      : []),
  ];
  for (const [label, value] of meta) {
    w.down(4);
    w.text(label, left, { color: MUTED });
    w.text(fit(value, bold, 10, 300), left + 140, { bold: true });
    w.down(12);
  }
  w.down(14);

  // The lines, the table's header again on each page they go on to.
  const cols = { qty: right - 200, price: right - 95, amount: right };
  const tableHeader = () => {
    w.text(word(documentWords.item), left, { bold: true, size: 9, color: MUTED });
    w.text(word(documentWords.quantity), cols.qty, { bold: true, size: 9, color: MUTED, align: 'right' });
    w.text(word(documentWords.price), cols.price, { bold: true, size: 9, color: MUTED, align: 'right' });
    w.text(word(documentWords.amount), cols.amount, { bold: true, size: 9, color: MUTED, align: 'right' });
    w.rule(6);
  };
  tableHeader();
  for (const item of order.items) {
    if (!w.fits(ROW_HEIGHT)) {
      nextPage();
      tableHeader();
    }
    w.down(6);
    w.text(fit(item.planName, regular, 10, cols.qty - left - 40), left);
    w.text(String(item.quantity), cols.qty, { align: 'right' });
    w.text(money(item.price), cols.price, { align: 'right' });
    w.text(money(item.subtotal), cols.amount, { align: 'right' });
    w.down(10);
    w.rule(4);
  }

  // The totals: total = subtotal − discount + interest (docs/decisions/002), and the period they
  // bought, kept together: on the next page when they would not fit under the last line.
  const rows: { label: string; value: string; strong?: boolean }[] = [
    { label: word(totalWords.subtotal), value: money(order.subtotal) },
    ...(order.discount > 0 ? [{ label: word(totalWords.discount), value: `−${money(order.discount)}` }] : []),
    ...(order.interest > 0 ? [{ label: word(totalWords.interest), value: money(order.interest) }] : []),
    { label: word(totalWords.total), value: `${money(order.total)} (${order.currency})`, strong: true },
  ];
  const notes: { text: string; size: number }[] = [
    ...(order.installments > 1 && order.installmentAmount !== undefined
      ? [{ text: word(totalWords.installments, { count: String(order.installments), amount: money(order.installmentAmount) }), size: 10 }]
      : []),
    ...(order.currency !== order.baseCurrency
      ? [{ text: word(documentWords.exchangeRate, { base: order.baseCurrency, rate: formatRate(order.exchangeRate, lang), quoted: order.currency }), size: 9 }]
      : []),
  ];
  const closing = 14 + rows.reduce((sum, r) => sum + (r.strong ? 22 : 16), 0) + notes.length * 16 + 16 + PERIOD_HEIGHT;
  if (!w.fits(closing)) nextPage();
  w.down(14);
  const labelX = right - 150;
  for (const { label, value, strong = false } of rows) {
    if (strong) w.down(2);
    w.text(label, labelX, { align: 'right', bold: strong, size: strong ? 12 : 10, color: strong ? INK : MUTED });
    w.text(value, right, { align: 'right', bold: strong, size: strong ? 12 : 10 });
    w.down(strong ? 20 : 16);
  }
  for (const note of notes) {
    w.text(note.text, right, { align: 'right', color: MUTED, size: note.size });
    w.down(16);
  }
  w.down(16);

  // The service period the order bought.
  const boxTop = w.y + 12;
  w.text(word(documentWords.period), left + 14, { bold: true, size: 12 });
  w.down(20);
  w.text(fit(period.planName, regular, 10, right - left - 28), left + 14);
  w.down(18);
  w.text(`${word(documentWords.from)}: ${formatDate(period.startTime, lang)}`, left + 14, { bold: true });
  w.text(`${word(documentWords.to)}: ${formatDate(period.endTime, lang)}`, left + 215, { bold: true });
  w.text(word(documentWords.days, { days: String(period.validDays) }), right - 14, { align: 'right', color: MUTED });
  w.down(14);
  w.page.drawRectangle({ x: left, y: w.y, width: right - left, height: boxTop - w.y, borderColor: RULE, borderWidth: 1 });

  // The footer of every page, numbered once there is more than one.
  const pages = w.pages.length;
  for (let i = 0; i < pages; i++) {
    w.turnTo(i);
    w.y = PAGE.margin + 30;
    w.rule(0);
    w.down(14);
    w.text(word(documentWords.thanks), left, { color: MUTED, size: 9 });
    w.text(word(documentWords.issued, { date: formatDate(issuedAt, lang) }), right, { color: MUTED, size: 9, align: 'right' });
    if (pages > 1)
      w.text(word(documentWords.page, { page: String(i + 1), pages: String(pages) }), PAGE.width / 2, {
        color: MUTED,
        size: 9,
        align: 'center',
        y: PAGE.margin,
      });
  }

  return doc.save();
}
