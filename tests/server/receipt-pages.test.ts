// A receipt of many lines (docs/decisions/055): the PDF goes on over more pages, each with the
// table's header and "Page n of m", and the totals and service period stay together on the last.
import { describe, expect, it } from 'vitest';
import { receiptPdf, type ReceiptOrder } from '../../server/billing/receipt-pdf';
import { createFakeClock } from '../../server/clock';
import { testCard as card, VISA_OK } from '../helpers/cards';
import { loggedInCustomer } from '../helpers/accounts';
import { receiptOrder, receiptPeriod } from '../fixtures/receipt';
import { readPdf } from '../helpers/pdf-text';
import { useTestServer } from '../helpers/test-server';

/** The contract's most lines in one order (OrderLine maxItems). */
const MAX_LINES = 20;

describe('a receipt longer than a page', () => {
  it('repeats the table header on each page, numbers the pages and keeps the totals with the period on the last', async () => {
    const items = Array.from({ length: MAX_LINES }, (_, i) => ({
      planId: '2',
      planName: `Linha ${String(i + 1).padStart(2, '0')}`,
      quantity: 1,
      price: 1000 + i,
      subtotal: 1000 + i,
      validDays: 30,
    }));
    const order: ReceiptOrder = { ...receiptOrder, items };
    // Half an A4 page, so the twenty lines cross at least two page breaks.
    const facts = await readPdf(await receiptPdf(order, receiptPeriod, { name: 'Aurora TV' }, 'pt', { pageHeight: 420, issuedAt: Date.UTC(2026, 0, 11) }));
    expect(facts.pages).toBeGreaterThanOrEqual(3);
    const pages = facts.pageTexts;
    const total = pages.length;
    pages.forEach((texts, i) => {
      expect(texts).toContain(`Página ${i + 1} de ${total}`);
      expect(texts).toContain('Obrigado pela sua compra.');
    });
    // Every page that holds lines starts their table with its header.
    const withLines = pages.filter((texts) => texts.some((t) => t.startsWith('Linha ')));
    expect(withLines.length).toBeGreaterThanOrEqual(2);
    for (const texts of withLines) expect(texts).toEqual(expect.arrayContaining(['Item', 'Qtd.', 'Preço unitário', 'Valor']));
    // Each line once, in order, across the pages.
    expect(pages.flat().filter((t) => t.startsWith('Linha '))).toEqual(items.map((i) => i.planName));
    // The totals and the period only on the last page, together.
    const last = pages[total - 1]!;
    for (const label of ['Subtotal', 'Desconto', 'Total', 'Período do serviço']) {
      expect(last).toContain(label);
      for (const earlier of pages.slice(0, -1)) expect(earlier).not.toContain(label);
    }
  });

  it('a one-page receipt has no page number', async () => {
    const facts = await readPdf(await receiptPdf(receiptOrder, receiptPeriod, { name: 'Aurora TV' }, 'en'));
    expect(facts.pages).toBe(1);
    expect(facts.texts.some((t) => t.startsWith('Page '))).toBe(false);
  });

  describe('through the API', () => {
    const clock = createFakeClock();
    const server = useTestServer({}, { clock });

    it('an order of twenty lines gives an A4 receipt of two pages, its totals on the second', async () => {
      const { auth } = await loggedInCustomer(server);
      const paid = await server.post('/api/bill/pay/v1', { planId: '3', method: 'card', currency: 'BRL', email: 'rui@example.com', card: card(VISA_OK) }, auth);
      expect(paid.body.code).toBe(0);
      const orderId = paid.body.data.orderId as string;
      // The checkout makes one line an order; the contract allows twenty, so the rest go in here.
      await server.db.query(
        `INSERT INTO order_lines (order_id, line_no, plan_id, plan_name, quantity, price, subtotal, valid_days)
         SELECT order_id, line_no + n, plan_id, plan_name, quantity, price, subtotal, valid_days
           FROM order_lines, generate_series(1, $2::int - 1) AS n WHERE order_id = $1 AND line_no = (SELECT min(line_no) FROM order_lines WHERE order_id = $1)`,
        [orderId, MAX_LINES],
      );
      const order = (await server.get(`/api/bill/order/v1/${orderId}`, auth)).body.data;
      expect(order.items).toHaveLength(MAX_LINES);

      const res = await server.app.inject({ method: 'GET', url: `/api/bill/order/v1/${orderId}/receipt.pdf`, headers: { ...auth, Language: 'en' } });
      expect(res.statusCode).toBe(200);
      const facts = await readPdf(new Uint8Array(res.rawPayload));
      expect(facts.pages).toBe(2);
      const [first, second] = facts.pageTexts as [string[], string[]];
      expect(first).toContain('Page 1 of 2');
      expect(second).toContain('Page 2 of 2');
      const planName = order.items[0].planName as string;
      expect(first.filter((t) => t === planName)).toHaveLength(MAX_LINES);
      expect(first).not.toContain('Total');
      expect(second).toEqual(expect.arrayContaining(['Subtotal', 'Total', 'Service period']));
    });
  });
});
