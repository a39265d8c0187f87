// The receipt PDF (GET /api/bill/order/v1/{id}/receipt.pdf, docs/decisions/018): a paid order's
// one-page document in the request's language, and the same refusals as the order itself.
import { describe, expect, it } from 'vitest';
import { receiptPdf } from '../../server/billing/receipt-pdf';
import { createFakeClock } from '../../server/clock';
import { DECLINED, testCard as card, VISA_OK } from '../helpers/cards';
import { loggedInCustomer } from '../helpers/accounts';
import { receiptOrder, receiptPeriod } from '../fixtures/receipt';
import { readPdf } from '../helpers/pdf-text';
import { useTestServer } from '../helpers/test-server';

describe('the receipt PDF', () => {
  const clock = createFakeClock();
  const server = useTestServer({}, { clock });
  const customer = () => loggedInCustomer(server);
  const pay = (auth: Record<string, string>, extra: Record<string, unknown> = {}) =>
    server.post('/api/bill/pay/v1', { planId: '3', method: 'card', currency: 'BRL', email: 'rui@example.com', card: card(VISA_OK), ...extra }, auth);

  async function pdf(orderId: string, headers: Record<string, string>) {
    const res = await server.app.inject({ method: 'GET', url: `/api/bill/order/v1/${orderId}/receipt.pdf`, headers });
    return {
      status: res.statusCode,
      headers: res.headers,
      bytes: new Uint8Array(res.rawPayload),
      json: () => res.json() as { code: number; errCode?: number; msg?: string },
    };
  }

  it("gives a paid order's receipt as a one-page PDF with the order's figures, in Russian with its own fonts", async () => {
    const { auth } = await customer();
    const paid = await pay(auth);
    expect(paid.body.code).toBe(0);
    const orderId = paid.body.data.orderId as string;
    const order = (await server.get(`/api/bill/order/v1/${orderId}`, auth)).body.data;

    const res = await pdf(orderId, { ...auth, Language: 'ru' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="receipt-${orderId}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(Buffer.from(res.bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    // The fonts are subsets: the whole of DejaVu Sans would be 1.5 MB.
    expect(res.bytes.length).toBeLessThan(80_000);

    const facts = await readPdf(res.bytes);
    expect(facts.pages).toBe(1);
    expect(facts.fonts.every((f) => f.startsWith('DejaVuSans'))).toBe(true);
    expect(facts.title).toBe(`Aurora TV · Квитанция ${order.viewCode}`);
    expect(facts.texts).toEqual(
      expect.arrayContaining([
        'Квитанция',
        'Заказ',
        orderId,
        order.viewCode,
        'Способ оплаты',
        'Банковская карта',
        'Полгода · 1 экран',
        'Итого',
        // The plan's price, in the reader's digits: R$ 159,90 is the demo's 180-day plan.
        `R$ ${(order.total / 100).toFixed(2).replace('.', ',')} (BRL)`,
        'Период обслуживания',
        '180 дн.',
      ]),
    );
    expect(facts.texts.join('\n')).not.toContain('\uFFFD');
  });

  it("speaks the Language header's language, and names the exchange rate when the currency is not the base currency", async () => {
    const { auth } = await customer();
    const paid = await pay(auth, { currency: 'USD' });
    const orderId = paid.body.data.orderId as string;
    const order = (await server.get(`/api/bill/order/v1/${orderId}`, auth)).body.data;
    expect(order).toMatchObject({ currency: 'USD', baseCurrency: 'BRL', exchangeRate: '0.182500' });

    const pt = await readPdf((await pdf(orderId, { ...auth, Language: 'pt' })).bytes);
    expect(pt.texts).toEqual(expect.arrayContaining(['Recibo', 'Forma de pagamento', 'Cartão de crédito', 'Período do serviço', 'Câmbio: 1 BRL = 0,1825 USD']));
    const en = await readPdf((await pdf(orderId, auth)).bytes);
    expect(en.texts).toEqual(expect.arrayContaining(['Receipt', 'Payment method', 'Credit card', 'Service period', 'Exchange rate: 1 BRL = 0.1825 USD']));
    const period = (await server.get(`/api/bill/service/v1/${orderId}`, auth)).body.data;
    expect(en.texts).toContain(`From: ${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'America/Sao_Paulo' }).format(period.startTime)}`);
  });

  it("refuses like the order does: 1001 for an unknown order and for another account's, without a byte of it", async () => {
    const { auth } = await customer();
    const orderId = (await pay(auth)).body.data.orderId as string;
    const stranger = await customer();

    for (const res of [await pdf('ORDNOSUCHORDER', auth), await pdf(orderId, stranger.auth)]) {
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ code: 1, errCode: 1001, msg: 'Order not found' });
    }
    // The same refusal text whoever owns the order: nothing tells a foreign order from a missing one.
    expect((await pdf(orderId, { ...stranger.auth, Language: 'pt' })).json()).toEqual(
      (await pdf('ORDNOSUCHORDER', { ...stranger.auth, Language: 'pt' })).json(),
    );
  });

  it('refuses an unpaid order with 1040, as its service period does (there is no receipt to give)', async () => {
    const { auth } = await customer();
    expect((await pay(auth, { card: card(DECLINED) })).body.errCode).toBe(301);
    const open = (await server.post('/api/bill/query/cart', {}, auth)).body.data;
    expect(open.status).toBe('PAYMENT_FAILED');
    const res = await pdf(open.id, auth);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ code: 1, errCode: 1040 });
  });

  it('refuses without a session (401, -24020), and a malformed id (400, 5000)', async () => {
    const { auth } = await customer();
    const orderId = (await pay(auth)).body.data.orderId as string;
    const anonymous = await pdf(orderId, { Authorization: 'null' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 1, errCode: -24020 });
    const malformed = await pdf('ORD.BAD', auth);
    expect(malformed.status).toBe(400);
    expect(malformed.json()).toMatchObject({ errCode: 5000 });
  });
});

describe('receiptPdf, the pure document', () => {
  // In its base currency: no exchange rate to show.
  const order = { ...receiptOrder, currency: 'BRL', exchangeRate: '1' };
  const period = receiptPeriod;

  it('shows the discount, the interest and the instalments, and no exchange rate for a base-currency order', async () => {
    const facts = await readPdf(
      await receiptPdf(order, period, { name: 'Aurora TV', color: '#5b2be0' }, 'pt', { methodName: 'Cartão de crédito', issuedAt: Date.UTC(2026, 0, 11) }),
    );
    expect(facts.texts).toEqual(
      expect.arrayContaining([
        'Aurora TV',
        'Mensal · 2 telas',
        '3',
        'R$ 39,90',
        'R$ 119,70',
        'Desconto',
        '−R$ 11,97',
        'Juros do parcelamento',
        'R$ 2,50',
        'R$ 110,23 (BRL)',
        '3x de R$ 36,75',
        'De: 10 de janeiro de 2026',
        'Até: 10 de abril de 2026',
        '90 dias',
        'Emitido em 10 de janeiro de 2026',
      ]),
    );
    expect(facts.texts.some((t) => t.startsWith('Câmbio'))).toBe(false);
  });

  it('leaves out a zero discount and zero interest, in Spanish', async () => {
    const plain = { ...order, discount: 0, interest: 0, total: 11970, installments: 1, installmentAmount: undefined };
    const facts = await readPdf(await receiptPdf(plain, period, { name: 'Aurora TV' }, 'es'));
    expect(facts.texts).toEqual(expect.arrayContaining(['Recibo', 'Subtotal', 'Total', 'R$ 119,70 (BRL)', 'Período del servicio']));
    expect(facts.texts).not.toContain('Descuento');
    expect(facts.texts).not.toContain('Intereses de las cuotas');
  });
});
