// "Download my data" as a readable A4 PDF (docs/decisions/061): the same facts as the JSON file,
// one section per kind, over as many numbered pages as they take. Drawn with the receipt's writer
// and fonts (server/billing/receipt-pdf.ts), so Cyrillic and accents come out in every language.
import { PDFDocument, type PDFFont } from 'pdf-lib';
import type { components } from '../../openapi/schema';
import type { Language } from '../../core/i18n/languages';
import { personalDataDocumentMessages as words } from '../../core/i18n/mail-messages';
import { personalDataHistoryMessages as history } from '../../core/i18n/personal-data-messages';
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
  /**
   * One entry, on the next page when this one is full, wrapped over as many lines as it takes: an
   * export leaves nothing out (a reason written on cancelling may be 500 characters long).
   */
  const line = (text: string, options: { bold?: boolean; size?: number; muted?: boolean } = {}) => {
    const size = options.size ?? 9;
    const font = options.bold ? bold : regular;
    for (const piece of wrap(text, font, size, width)) {
      if (!w.fits(LINE + 4)) newPage();
      w.down(LINE);
      w.text(piece, left, { size, ...(options.bold ? { bold: true } : {}), ...(options.muted ? { color: MUTED } : {}) });
    }
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

  historySections(data, { word, when, money, section, brand: brand.name });

  const pages = w.pages.length;
  for (let i = 0; i < pages; i++) {
    w.turnTo(i);
    w.text(word(words.page, { page: String(i + 1), pages: String(pages) }), PAGE.width / 2, { color: MUTED, size: 9, align: 'center', y: PAGE.margin });
  }
  return doc.save();
}

/** `text` cut at spaces into lines no wider than `width`, the later ones indented; a word wider than a line is cut where it must. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (t: string) => font.widthOfTextAtSize(t, size) <= width;
  if (fits(text)) return [text];
  const indent = text.match(/^ */)![0] + '    ';
  const lines: string[] = [];
  let current = '';
  for (const word of text.trim().split(/ +/)) {
    const next = current ? `${current} ${word}` : `${lines.length > 0 ? indent : text.match(/^ */)![0]}${word}`;
    if (fits(next) || !current) {
      current = next;
      continue;
    }
    lines.push(current);
    current = `${indent}${word}`;
  }
  lines.push(current);
  return lines.map((l) => fit(l, font, size, width));
}

type Word = (descriptor: { id: string }, values?: Record<string, string>) => string;
interface Drawing {
  word: Word;
  when: (at: number | undefined) => string;
  money: (minor: number, currency: string) => string;
  section: (heading: { id: string }, rows: string[]) => void;
  brand: string;
}

/** What the self-service flows keep (docs/decisions/056 to 058, 060), one section each, as the JSON lists it. */
function historySections(data: PersonalData, { word, when, money, section, brand }: Drawing) {
  section(history.cancellations, [
    ...data.cancellations.flatMap((c) => [
      `${when(c.createdAt)} · ${word(history.reason, { reason: c.reason })}${c.otherText ? ` (“${c.otherText}”)` : ''}`,
      `    ${[
        ...(c.offerKind && c.offerValue !== undefined ? [word(history.offer, { kind: c.offerKind, value: String(c.offerValue) })] : []),
        word(history.outcome, { outcome: c.outcome }),
      ].join(' · ')}`,
    ]),
    ...data.retentionDiscounts.map(
      (d) =>
        word(history.discount, { percent: String(d.percent), date: when(d.createdAt) }) +
        (d.orderId ? ` · ${word(history.discountOrder, { orderId: d.orderId })}` : ''),
    ),
  ]);
  section(
    history.refunds,
    data.refunds.flatMap((r) => [
      [
        r.orderId,
        money(r.amount, r.currency),
        word(history.refundStatus, { status: r.status }) + (r.rejectReason ? ` (${r.rejectReason})` : ''),
        word(history.refundsTo, { to: r.refundsTo }),
        word(history.refundRequested, { date: when(r.requestedAt) }),
        ...(r.settledAt ? [word(history.refundSettled, { date: when(r.settledAt) })] : []),
      ].join(' · '),
      ...(r.bankAccount
        ? [
            `    ${word(history.bankAccount, { bank: r.bankAccount.bank, branch: r.bankAccount.branch, account: r.bankAccount.account, cpf: r.bankAccount.holderCpf })}`,
          ]
        : []),
      ...(r.refundAddress ? [`    ${r.refundAddress}`] : []),
    ]),
  );
  section(
    history.pixAutomatico,
    data.pixAutomatico.flatMap((p) => [
      [
        p.idRec,
        word(history.pixStatus, { status: p.status }),
        ...(p.cancelledBy ? [word(history.pixCancelledBy, { by: p.cancelledBy, brand })] : []),
        ...(p.nextDueAt ? [word(history.pixNext, { date: when(p.nextDueAt) })] : []),
      ].join(' · '),
      `    ${word(history.pixTerms, {
        planId: String(p.planId),
        amount: money(p.amount, p.currency),
        max: money(p.maxAmount, p.currency),
        start: when(p.startAt),
        end: when(p.endAt),
      })}`,
      ...p.charges.map(
        (c) =>
          `    ${word(history.pixCharge, { date: when(c.dueAt), amount: money(c.amount, p.currency), status: c.status })}${c.orderId ? ` · ${c.orderId}` : ''}`,
      ),
    ]),
  );
  section(
    history.planChanges,
    data.planChanges.map(
      (c) =>
        `${when(c.createdAt)} · ${word(history.planChange, { from: String(c.fromPlanId), to: String(c.toPlanId), date: when(c.appliesAt), status: c.status })}`,
    ),
  );
}
