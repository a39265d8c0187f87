// "Download my data" as a readable A4 PDF (docs/decisions/061): the same facts as the JSON file,
// one section per kind, over as many numbered pages as they take. Drawn with the receipt's writer
// and fonts (server/billing/receipt-pdf.ts), so Cyrillic and accents come out in every language.
import { PDFDocument } from 'pdf-lib';
import type { components } from '../../openapi/schema';
import type { Language } from '../../core/i18n/languages';
import { personalDataDocumentMessages as words } from '../../core/i18n/mail-messages';
import { colorOf, embedDocumentFonts, fit, MUTED, PAGE, Writer, type ReceiptBrand } from '../billing/receipt-pdf';
import { bundledMessageFormatter } from '../i18n';
import { formatMoney, locales } from '../mail/templates';
import { currencySymbol } from '../../core/config/money';

type PersonalData = components['schemas']['PersonalData'];

const LINE = 14;

export async function personalDataPdf(data: PersonalData, brand: ReceiptBrand, lang: Language): Promise<Uint8Array> {
  const format = bundledMessageFormatter();
  const word = (descriptor: { id: string }, values?: Record<string, string>) => format(descriptor, lang, values);
  const when = (at: number | undefined) =>
    at === undefined
      ? '—'
      : new Intl.DateTimeFormat(locales[lang], { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Sao_Paulo' }).format(new Date(at));
  const money = (minor: number, currency: string) => formatMoney(minor, { symbol: currencySymbol(currency), decimals: 2 }, lang);
  const yesNo = (v: boolean) => word(v ? words.yes : words.no);

  const doc = await PDFDocument.create();
  const { regular, bold } = await embedDocumentFonts(doc);
  const title = `${brand.name ? `${brand.name} · ` : ''}${word(words.title)}`;
  doc.setTitle(title, { showInWindowTitleBar: true });
  doc.setAuthor(brand.name);
  doc.setLanguage(locales[lang]);
  doc.setCreationDate(new Date(data.generatedAt));
  doc.setModificationDate(new Date(data.generatedAt));

  const w = new Writer(doc, PAGE.height, regular, bold);
  const left = PAGE.margin;
  const width = PAGE.width - 2 * PAGE.margin;
  const newPage = () => {
    w.newPage();
    w.page.drawRectangle({ x: 0, y: PAGE.height - 12, width: PAGE.width, height: 12, color: colorOf(brand.color) });
    w.down(14);
  };
  /** One line of text, on the next page when this one is full. */
  const line = (text: string, options: { bold?: boolean; size?: number; muted?: boolean } = {}) => {
    const size = options.size ?? 9;
    if (!w.fits(LINE + 4)) newPage();
    w.down(LINE);
    w.text(fit(text, options.bold ? bold : regular, size, width), left, {
      size,
      ...(options.bold ? { bold: true } : {}),
      ...(options.muted ? { color: MUTED } : {}),
    });
  };
  const section = (heading: { id: string }, rows: string[]) => {
    if (!w.fits(LINE * 3)) newPage();
    w.down(10);
    line(word(heading), { bold: true, size: 12 });
    w.rule(4);
    if (rows.length === 0) line(word(words.none), { muted: true });
    for (const row of rows) line(row);
  };

  newPage();
  line(title, { bold: true, size: 18 });
  w.down(6);
  line(word(words.intro, { brand: brand.name, uid: data.profile.uid, date: when(data.generatedAt) }), { muted: true, size: 10 });

  const p = data.profile;
  section(words.profile, [
    `${word(words.name)}: ${p.nickname}`,
    ...(p.email ? [`${word(words.email)}: ${p.email}`] : []),
    ...(p.phone ? [`${word(words.phone)}: +${p.areaCode ?? ''} ${p.phone}`] : []),
    `${word(words.language)}: ${p.language}`,
    `${word(words.created)}: ${when(p.createdAt)}`,
    `${word(words.google)}: ${yesNo(p.googleLinked)}`,
  ]);
  section(
    words.consents,
    data.consents.map((c) => `${word(c.kind === 'terms' ? words.terms : words.marketing)}: ${yesNo(c.given)}${c.at ? ` (${when(c.at)})` : ''}`),
  );
  section(words.plan, [
    ...(data.plan ? [`#${data.plan.planId} · ${data.plan.deviceCount} · ${when(data.plan.expiresAt)}`] : []),
    ...(data.renewal
      ? [`#${data.renewal.planId} · ${data.renewal.status} · ${money(data.renewal.amount, data.renewal.currency)} · ${when(data.renewal.nextBillingAt)}`]
      : []),
  ]);
  section(
    words.devices,
    data.devices.map((d) => `${when(d.time)} · ${d.device} · ${d.model} · ${d.ip} · ${d.scene} · ${d.loginType}${d.endedAt ? ` → ${when(d.endedAt)}` : ''}`),
  );
  section(
    words.orders,
    data.orders.flatMap((o) => [
      `${o.id} (${o.viewCode}) · ${when(o.createdAt)} · ${o.status} · ${money(o.total, o.currency)} · ${o.email}`,
      ...o.items.map((i) => `    ${i.planName} × ${i.quantity}: ${money(i.subtotal, o.currency)}`),
    ]),
  );
  section(
    words.payments,
    data.payments.map((x) => `${when(x.createdAt)} · ${x.orderId} · ${x.method} · ${x.status} · ${money(x.amount, x.currency)}`),
  );
  section(
    words.cards,
    data.cards.map((c) => `${c.brand} •••• ${c.last4} · ${String(c.expMonth).padStart(2, '0')}/${c.expYear} · ${c.holder}`),
  );
  section(
    words.payers,
    data.payerDetails.map((x) => `${x.orderId} · ${x.name} · ${x.document}${x.address ? ` · ${x.address}` : ''}`),
  );
  section(
    words.messages,
    data.messages.map((m) => `${when(m.createdAt)} · ${m.channel} · ${m.to} · ${m.template}${m.sentAt ? ` → ${when(m.sentAt)}` : ''}`),
  );
  section(
    words.recordings,
    data.recordings.map((r) => `${when(r.recordedAt)} · ${r.channelName} · ${r.title} · ${Math.round(r.durationSeconds / 60)} min`),
  );
  section(
    words.uploads,
    data.uploads.map((u) => `${when(u.createdAt)} · ${u.contentType} · ${u.size} B`),
  );

  const pages = w.pages.length;
  for (let i = 0; i < pages; i++) {
    w.turnTo(i);
    w.text(word(words.page, { page: String(i + 1), pages: String(pages) }), PAGE.width / 2, { color: MUTED, size: 9, align: 'center', y: PAGE.margin });
  }
  return doc.save();
}
