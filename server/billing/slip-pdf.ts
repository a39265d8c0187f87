// The payment slip (boleto) of a pending order as a one-page A4 PDF (docs/decisions/044), laid
// out as Brazilian banks print it (FEBRABAN): the payer's receipt on top, a cut line, and the
// compensation form with the bank's code, the digitable line, the fields every bank prints in
// the same places, and the Interleaved 2 of 5 barcode at its foot, 103 × 13 mm.
//
// The words are the catalogue's (core/i18n/slip-messages.ts), in the request's language; the
// fonts are the receipt's (DejaVu Sans subsets), so Cyrillic and accents print.
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Language } from '../../core/i18n/languages';
import { slipDocumentMessages as words } from '../../core/i18n/slip-messages';
import { bundledMessageFormatter, type MessageFormatter } from '../i18n';
import { formatMoney, locales } from '../mail/templates';
import { formatDigitableLine } from '../payments/boleto';
import { BOLETO_BARCODE_MM, interleaved2of5 } from '../payments/boleto-barcode';
import { embedDocumentFonts, fit } from './receipt-pdf';
import { formatTaxId } from '../../core/validation/helpers';

/** What the slip shows: the provider's instructions, the order it pays and who pays it. */
export interface SlipData {
  barcode: string;
  digitableLine: string;
  /** `YYYY-MM-DD`, the last day it is payable (São Paulo time). */
  dueDate: string;
  amount: number;
  orderId: string;
  /** The document number printed on the slip: the order's short code, or its id. */
  documentNumber: string;
  planName: string;
  /** When the slip was issued (document and processing dates). */
  issuedAt: number;
  payer: { name: string; document: string; address: string | null } | undefined;
}

const MM = 72 / 25.4;
const PAGE = { width: 595.28, height: 841.89 };
const LEFT = 12 * MM;
const RIGHT = PAGE.width - 12 * MM;
/** The right-hand column of the compensation form (due date, our number, amounts). */
const SIDE = 46 * MM;
const INK = rgb(0, 0, 0);
const MUTED = rgb(0.35, 0.35, 0.38);

/** The bank code's check digit as banks print it beside the code (001-9, 237-2, 341-7). */
export function bankCodeDigit(code: string): string {
  const sum = [...code].reverse().reduce((s, d, i) => s + Number(d) * (i + 2), 0);
  const dv = 11 - (sum % 11);
  return dv >= 10 ? '0' : String(dv);
}

class Form {
  constructor(
    readonly page: PDFPage,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {}

  text(value: string, x: number, y: number, o: { size?: number; bold?: boolean; muted?: boolean; right?: boolean; width?: number } = {}) {
    const size = o.size ?? 9;
    const font = o.bold ? this.bold : this.regular;
    const shown = o.width ? fit(value, font, size, o.width) : value;
    const at = o.right ? x - font.widthOfTextAtSize(shown, size) : x;
    this.page.drawText(shown, { x: at, y, size, font, color: o.muted ? MUTED : INK });
  }

  /** A bordered field: its label small at the top, its value under it (right-aligned in the side column). */
  cell(x: number, top: number, width: number, height: number, label: string, value = '', o: { right?: boolean; bold?: boolean } = {}) {
    this.page.drawRectangle({ x, y: top - height, width, height, borderColor: INK, borderWidth: 0.5 });
    this.text(label, x + 2, top - 7, { size: 6, muted: true, width: width - 4 });
    if (value) this.text(value, o.right ? x + width - 3 : x + 3, top - height + 4, { size: 9, bold: o.bold, right: o.right, width: width - 6 });
  }

  /** `value` in lines of at most `width` points, broken between words; returns the lines drawn. */
  paragraph(value: string, x: number, y: number, width: number, o: { size?: number; muted?: boolean } = {}): number {
    const size = o.size ?? 9;
    const lines: string[] = [];
    for (const word of value.split(' ')) {
      const last = lines.at(-1);
      if (last !== undefined && this.regular.widthOfTextAtSize(`${last} ${word}`, size) <= width) lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(word);
    }
    lines.forEach((line, i) => this.text(line, x, y - i * (size + 3), { size, muted: o.muted, width }));
    return lines.length;
  }

  /** The header of both parts: the bank's name, its code with check digit, and the digitable line. */
  header(top: number, bank: string, code: string, line: string) {
    const codeX = LEFT + 36 * MM;
    const lineX = codeX + 54;
    const bankSize = Math.min(11, (codeX - LEFT - 6) / this.bold.widthOfTextAtSize(bank, 1));
    this.text(bank, LEFT, top - 16, { size: bankSize, bold: true, width: codeX - LEFT - 6 });
    this.page.drawLine({ start: { x: codeX, y: top - 22 }, end: { x: codeX, y: top }, thickness: 1.5, color: INK });
    this.text(code, codeX + 6, top - 17, { size: 14, bold: true });
    this.page.drawLine({ start: { x: lineX, y: top - 22 }, end: { x: lineX, y: top }, thickness: 1.5, color: INK });
    // As large as fits beside the code: the line is what a payer types.
    const size = Math.min(12, (RIGHT - lineX - 8) / this.bold.widthOfTextAtSize(line, 1));
    this.text(line, RIGHT, top - 16, { size, bold: true, right: true });
    this.page.drawLine({ start: { x: LEFT, y: top - 22 }, end: { x: RIGHT, y: top - 22 }, thickness: 1.5, color: INK });
  }
}

/**
 * The slip as PDF bytes. Everything it shows comes in through its arguments; the bars are those
 * bwip-js encodes for `slip.barcode`, drawn as filled rectangles one narrow unit = 103 mm / 405.
 */
export async function slipPdf(
  slip: SlipData,
  brand: { name: string; merchant?: { legalName: string; taxId: string } | undefined },
  lang: Language,
  format: MessageFormatter = bundledMessageFormatter(),
): Promise<Uint8Array> {
  const word = (d: { id: string }, values?: Record<string, string>) => format(d, lang, values);
  // The beneficiary as banks print it: the company's registered name and CNPJ when the site gives them (docs/decisions/048).
  const beneficiary = brand.merchant ? `${brand.merchant.legalName} · CNPJ ${formatTaxId(brand.merchant.taxId)}` : brand.name;
  const day = (ms: number) =>
    new Intl.DateTimeFormat(locales[lang], { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'America/Sao_Paulo' }).format(ms);
  // The due date is a calendar day: noon UTC is that day in São Paulo too.
  const due = day(Date.parse(`${slip.dueDate}T12:00:00Z`));
  const issued = day(slip.issuedAt);
  const amount = formatMoney(slip.amount, { symbol: 'R$', decimals: 2 }, lang);
  const bankCode = slip.barcode.slice(0, 3);
  const code = `${bankCode}-${bankCodeDigit(bankCode)}`;
  const line = formatDigitableLine(slip.digitableLine);
  // The free field of the sandbox bank (boleto-provider.ts): agency, wallet, our number, account.
  const free = slip.barcode.slice(19);
  const agency = `${free.slice(0, 4)} / ${free.slice(17, 24)}`;
  const wallet = free.slice(4, 6);
  const ourNumber = `${wallet}/${free.slice(6, 17)}`;
  const payerName = slip.payer?.name ?? '';
  const payerId = slip.payer?.document ? `${word(words.taxId)}: ${formatTaxId(slip.payer.document)}` : '';

  const doc = await PDFDocument.create();
  const { regular, bold } = await embedDocumentFonts(doc);
  doc.setTitle(`${brand.name ? `${brand.name} · ` : ''}${word(words.title)} ${slip.documentNumber}`, { showInWindowTitleBar: true });
  doc.setAuthor(brand.name);
  doc.setSubject(line);
  doc.setCreator(brand.name);
  doc.setLanguage(locales[lang]);
  doc.setCreationDate(new Date(slip.issuedAt));
  doc.setModificationDate(new Date(slip.issuedAt));
  const page = doc.addPage([PAGE.width, PAGE.height]);
  const f = new Form(page, regular, bold);
  const full = RIGHT - LEFT;
  const main = full - SIDE;
  const sideX = RIGHT - SIDE;

  // The portal's words to the customer.
  let y = PAGE.height - 16 * MM;
  f.text(brand.name, LEFT, y, { size: 16, bold: true, width: full / 2 });
  f.text(word(words.title), RIGHT, y, { size: 16, bold: true, muted: true, right: true });
  y -= 18;
  y -= 12 * f.paragraph(word(words.howTo, { date: due }), LEFT, y, full);
  y -= 12 * (f.paragraph(word(words.confirmation), LEFT, y, full, { muted: true }) - 1);

  // The payer's receipt.
  y -= 26;
  f.text(word(words.payerReceipt), RIGHT, y + 4, { size: 7, muted: true, right: true });
  y -= 4;
  f.header(y, word(words.bank), code, line);
  y -= 22;
  const row = 22;
  f.cell(LEFT, y, main, row, word(words.beneficiary), beneficiary);
  f.cell(sideX, y, SIDE, row, word(words.dueDate), due, { right: true, bold: true });
  y -= row;
  f.cell(LEFT, y, main / 2, row, word(words.agency), agency);
  f.cell(LEFT + main / 2, y, main / 2, row, word(words.documentNumber), slip.documentNumber);
  f.cell(sideX, y, SIDE, row, word(words.ourNumber), ourNumber, { right: true });
  y -= row;
  f.cell(LEFT, y, main, row, word(words.payer), [payerName, payerId].filter(Boolean).join(' — '));
  f.cell(sideX, y, SIDE, row, word(words.amount), amount, { right: true, bold: true });
  y -= row;

  // The cut line.
  y -= 26;
  page.drawLine({ start: { x: LEFT, y }, end: { x: RIGHT, y }, thickness: 0.6, color: MUTED, dashArray: [4, 3] });
  f.text(`✂ ${word(words.cutHere)}`, RIGHT, y + 3, { size: 7, muted: true, right: true });

  // The compensation form.
  y -= 22;
  f.header(y, word(words.bank), code, line);
  y -= 22;
  f.cell(LEFT, y, main, row, word(words.paymentPlace), word(words.anyBank));
  f.cell(sideX, y, SIDE, row, word(words.dueDate), due, { right: true, bold: true });
  y -= row;
  f.cell(LEFT, y, main, row, word(words.beneficiary), beneficiary);
  f.cell(sideX, y, SIDE, row, word(words.agency), agency, { right: true });
  y -= row;
  const fifth = main / 5;
  f.cell(LEFT, y, fifth, row, word(words.documentDate), issued);
  f.cell(LEFT + fifth, y, fifth * 1.4, row, word(words.documentNumber), slip.documentNumber);
  f.cell(LEFT + fifth * 2.4, y, fifth * 0.6, row, word(words.kind), 'DS');
  f.cell(LEFT + fifth * 3, y, fifth * 0.6, row, word(words.accepted), 'N');
  f.cell(LEFT + fifth * 3.6, y, fifth * 1.4, row, word(words.processed), issued);
  f.cell(sideX, y, SIDE, row, word(words.ourNumber), ourNumber, { right: true });
  y -= row;
  f.cell(LEFT, y, main / 2, row, word(words.wallet), wallet);
  f.cell(LEFT + main / 2, y, main / 2, row, word(words.currency), 'R$');
  f.cell(sideX, y, SIDE, row, word(words.amount), amount, { right: true, bold: true });
  y -= row;
  const tall = 5 * row;
  f.cell(LEFT, y, main, tall, word(words.instructions));
  f.text(word(words.order, { orderId: slip.orderId, plan: slip.planName }), LEFT + 3, y - 20, { size: 9, width: main - 6 });
  f.text(word(words.notAfterDue), LEFT + 3, y - 33, { size: 9, width: main - 6 });
  f.cell(sideX, y, SIDE, tall, word(words.charged));
  y -= tall;
  const payerBox = 40;
  f.cell(LEFT, y, full, payerBox, word(words.payer));
  f.text([payerName, payerId].filter(Boolean).join('   '), LEFT + 3, y - 18, { size: 9, bold: true, width: full - 6 });
  if (slip.payer?.address) f.text(slip.payer.address, LEFT + 3, y - 31, { size: 8.5, width: full - 6 });
  y -= payerBox;

  // The barcode: bars and spaces from bwip-js, each unit 103 mm / 405 wide, 13 mm high.
  f.text(word(words.authentication), RIGHT, y - 9, { size: 7, muted: true, right: true });
  const units = interleaved2of5(slip.barcode);
  const symbolUnits = units.slice(0, units.length % 2 === 0 ? -1 : undefined).reduce((a, b) => a + b, 0);
  const unit = (BOLETO_BARCODE_MM.width * MM) / symbolUnits;
  const height = BOLETO_BARCODE_MM.height * MM;
  const bottom = y - 8 - height;
  let x = LEFT;
  units.forEach((width, i) => {
    // Even positions are bars, odd ones spaces (the symbol starts with a bar).
    if (i % 2 === 0) page.drawRectangle({ x, y: bottom, width: width * unit, height, color: INK });
    x += width * unit;
  });

  return doc.save();
}
