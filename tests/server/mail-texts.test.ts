// Golden texts of every email and SMS the server sends, and of the receipt PDF's words, in the four
// languages. The fixture was written from the four-language table these texts lived in before they
// moved to the one message catalogue (core/i18n/lang, docs/decisions/038), so it proves the move
// changed no byte. Samples cover every branch of the texts (a verification code's purpose, a
// receipt with and without discount, interest and instalments) and values ICU would misread if
// they reached it as message text (quotes, braces, `#`) or would regroup if they were numbers.
//
// A deliberate change of wording: run with UPDATE_MAIL_TEXTS=1 to rewrite the fixture, and review
// its diff.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { languages } from '../../core/i18n/languages';
import { receiptPdf, type ReceiptOrder } from '../../server/billing/receipt-pdf';
import { renderMessage, type TemplateName, type TemplateParams } from '../../server/mail/templates';
import { receiptOrder, receiptPeriod } from '../fixtures/receipt';
import { readPdf } from '../helpers/pdf-text';

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'mail-texts.json');
const DAY = 86_400_000;
const BRL = { currency: 'BRL', symbol: 'R$', decimals: 2 };

interface Case<T extends TemplateName = TemplateName> {
  name: string;
  template: T;
  params: TemplateParams[T];
  brand: string;
}
const sample = <T extends TemplateName>(name: string, template: T, params: TemplateParams[T], brand = 'Aurora TV'): Case => ({ name, template, params, brand });

const receipt: TemplateParams['receipt'] = {
  nickname: 'Ana',
  orderId: 'ORD20260110ABCDEF',
  viewCode: 'AB12C',
  items: [
    { name: 'Mensal · 2 telas', quantity: 3, amount: 11970 },
    { name: "Kids' {extra} #1", quantity: 1, amount: 123456 },
  ],
  subtotal: 135426,
  discount: 1197,
  interest: 250,
  total: 134479,
  installments: 3,
  installmentAmount: 44827,
  ...BRL,
  validFrom: Date.UTC(2026, 0, 10, 15, 5),
  validTo: Date.UTC(2026, 0, 10, 15, 5) + 90 * DAY,
  validDays: 90,
};

const cases: Case[] = [
  sample('confirmEmail', 'confirmEmail', { nickname: 'Ana', link: 'https://tv.example/confirm?token=abc&next=%2F', hours: 24 }),
  sample(
    'confirmEmail, quotes and braces in values, no brand',
    'confirmEmail',
    { nickname: "O'Brien {x} '{y}' #", link: "https://tv.example/c?t={a}&u='b'", hours: 1000 },
    '',
  ),
  sample('resetPasswordLink', 'resetPasswordLink', { nickname: 'Ana', link: 'https://tv.example/reset?token=abc', minutes: 30 }),
  sample('resetPasswordLink, long', 'resetPasswordLink', { nickname: "D'Artagnan", link: 'https://tv.example/reset?token=x', minutes: 1500 }, "Bob's {TV}"),
  sample('verificationCode, login', 'verificationCode', { code: '012345', minutes: 10, purpose: 'login' }),
  sample('verificationCode, resetPassword', 'verificationCode', { code: '987654', minutes: 10, purpose: 'resetPassword' }),
  sample('verificationCode, odd brand', 'verificationCode', { code: '000001', minutes: 1, purpose: 'login' }, "It's {on}"),
  sample('bindEmail', 'bindEmail', { nickname: 'Ana', link: 'https://tv.example/bind?token=abc', hours: 48 }),
  sample('passwordChanged', 'passwordChanged', { nickname: 'Ana' }),
  sample('passwordChanged, no brand', 'passwordChanged', { nickname: "{nickname}'s" }, ''),
  sample('receipt, discount, interest and instalments', 'receipt', receipt),
  sample('receipt, plain', 'receipt', {
    ...receipt,
    items: [{ name: 'Mensal', quantity: 1, amount: 3990 }],
    subtotal: 3990,
    discount: 0,
    interest: 0,
    total: 3990,
    installments: 1,
    installmentAmount: 3990,
    validDays: 30,
    validTo: receipt.validFrom + 30 * DAY,
  }),
  sample(
    'receipt, no items, zero-decimal currency, one day',
    'receipt',
    {
      ...receipt,
      items: [],
      currency: 'CLP',
      symbol: '$',
      decimals: 0,
      subtotal: 1234567,
      discount: 0,
      interest: 0,
      total: 1234567,
      installments: 12,
      installmentAmount: 102881,
      validDays: 1000,
      validTo: receipt.validFrom + 1000 * DAY,
    },
    '',
  ),
  sample('orderReminder', 'orderReminder', {
    nickname: 'Ana',
    orderId: 'ORD20260110ABCDEF',
    viewCode: 'AB12C',
    total: 15990,
    ...BRL,
    link: 'https://tv.example/payment?orderId=ORD20260110ABCDEF',
  }),
  sample('orderReminder, large', 'orderReminder', {
    nickname: "O'Neil",
    orderId: 'ORDX',
    viewCode: 'ZZ99Z',
    total: 123456789,
    currency: 'USD',
    symbol: '$',
    decimals: 2,
    link: 'https://tv.example/p?o={x}',
  }),
  sample('mobileMoneyCode', 'mobileMoneyCode', { code: '4821', minutes: 5, operator: 'M-Pesa', amount: 15990, symbol: 'R$', decimals: 2 }),
  sample(
    'mobileMoneyCode, odd operator',
    'mobileMoneyCode',
    { code: '0000', minutes: 1200, operator: "Op'{1}#", amount: 100000000, symbol: '₱', decimals: 2 },
    "Bob's {TV}",
  ),
];

function renderAll(): Record<string, Record<string, { subject: string; text: string }>> {
  return Object.fromEntries(
    cases.map((c) => [
      `${c.template}: ${c.name}`,
      Object.fromEntries(languages.map((lang) => [lang, renderMessage(c.template, lang, c.params as never, c.brand)])),
    ]),
  );
}

const plainOrder: ReceiptOrder = {
  ...receiptOrder,
  currency: 'BRL',
  exchangeRate: '1',
  discount: 0,
  interest: 0,
  total: 11970,
  installments: 1,
  installmentAmount: undefined,
  viewCode: undefined,
};

async function pdfAll() {
  const out: Record<string, Record<string, { title: string | undefined; subject: string | undefined; texts: string[] }>> = {};
  const documents = [
    ['everything', receiptOrder, { methodName: 'Card', issuedAt: Date.UTC(2026, 0, 11) }],
    ['plain', plainOrder, {}],
  ] as const;
  for (const [name, o, options] of documents) {
    out[name] = {};
    for (const lang of languages) {
      const bytes = await receiptPdf(o, receiptPeriod, { name: 'Aurora TV' }, lang, options);
      const facts = await readPdf(bytes);
      const subject = (await PDFDocument.load(bytes, { updateMetadata: false })).getSubject();
      out[name][lang] = { title: facts.title, subject, texts: facts.texts };
    }
  }
  return out;
}

describe('the texts the server sends are the same, byte for byte, in every language', () => {
  const expected = async () => {
    if (process.env.UPDATE_MAIL_TEXTS === '1') writeFileSync(fixture, `${JSON.stringify({ messages: renderAll(), receiptPdf: await pdfAll() }, null, 2)}\n`);
    if (!existsSync(fixture)) throw new Error(`${fixture} is missing: run with UPDATE_MAIL_TEXTS=1 to write it`);
    return JSON.parse(readFileSync(fixture, 'utf8')) as { messages: unknown; receiptPdf: unknown };
  };

  it('every email and SMS, subject and text', async () => {
    expect(renderAll()).toEqual((await expected()).messages);
  });

  it("the receipt PDF's words, title and subject", async () => {
    expect(await pdfAll()).toEqual((await expected()).receiptPdf);
  });
});
