// The payment slip PDF (GET /api/bill/order/v1/{id}/slip.pdf, docs/decisions/044): an order
// awaiting its boleto gets the slip as Brazilian banks print it, and its barcode, read back from
// the drawn bars with a decoder written here from the Interleaved 2 of 5 standard, gives the 44
// digits again.
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../server/clock';
import { loggedInCustomer } from '../helpers/accounts';
import { PAYER } from '../model/payment-refusals';
import { testCard, VISA_OK } from '../helpers/cards';
import { readPdf } from '../helpers/pdf-text';
import { useTestServer } from '../helpers/test-server';

const MM = 72 / 25.4;

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The filled shapes of a PDF's first page, as boxes in page coordinates: a small reader of the
 * content stream (q/Q, translations by `cm`, m/l paths and `re`, filled by f), independent of
 * how the server drew them.
 */
async function filledBoxes(bytes: Uint8Array): Promise<Rect[]> {
  const doc = await PDFDocument.load(bytes);
  const contents = doc.getPages()[0]!.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
  const program = streams
    .filter((s): s is PDFRawStream => s instanceof PDFRawStream)
    .map((s) => Buffer.from(decodePDFRawStream(s).decode()).toString('latin1'))
    .join('\n');
  // Text between BT and ET holds no shapes, and its strings could hold anything.
  const tokens = program
    .replace(/BT[\s\S]*?ET/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const boxes: Rect[] = [];
  const stack: Array<[number, number]> = [];
  let origin: [number, number] = [0, 0];
  let points: Array<[number, number]> = [];
  const operands: number[] = [];
  for (const token of tokens) {
    if (/^-?[\d.]+$/.test(token)) {
      operands.push(Number(token));
      continue;
    }
    const args = operands.splice(0);
    if (token === 'q') stack.push(origin);
    else if (token === 'Q') origin = stack.pop() ?? [0, 0];
    else if (token === 'cm' && args[0] === 1 && args[1] === 0 && args[2] === 0 && args[3] === 1) origin = [origin[0] + args[4]!, origin[1] + args[5]!];
    else if (token === 'm' || token === 'l') points.push([origin[0] + args[0]!, origin[1] + args[1]!]);
    else if (token === 're') {
      const [x, y, w, h] = args as [number, number, number, number];
      points.push([origin[0] + x, origin[1] + y], [origin[0] + x + w, origin[1] + y + h]);
    } else if (token === 'f' || token === 'f*') {
      const xs = points.map((p) => p[0]);
      const ys = points.map((p) => p[1]);
      if (points.length > 0)
        boxes.push({ x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) });
      points = [];
    } else if (token === 'S' || token === 's' || token === 'n' || token === 'B' || token === 'b') points = [];
  }
  return boxes;
}

/** The bars of a symbol as alternating bar and space widths, left to right, starting with a bar. */
function elementsOf(bars: Rect[]): number[] {
  const sorted = [...bars].sort((a, b) => a.x - b.x);
  const out: number[] = [];
  sorted.forEach((bar, i) => {
    out.push(bar.width);
    const next = sorted[i + 1];
    if (next) out.push(next.x - (bar.x + bar.width));
  });
  return out;
}

/**
 * Interleaved 2 of 5 from its elements (ISO/IEC 16390): start is four narrow elements, stop a wide
 * bar, a narrow space and a narrow bar; between them each pair of digits is five bars (the first
 * digit) interleaved with five spaces (the second), two of each five wide. A digit's value is
 * the sum of the weights 1, 2, 4, 7, 0 of its wide elements, 11 standing for 0.
 */
function decodeInterleaved2of5(elements: number[]): string {
  const narrow = Math.min(...elements);
  const wide = Math.max(...elements);
  if (wide / narrow < 2 || wide / narrow > 3.2) throw new Error(`wide/narrow ratio ${wide / narrow}`);
  const isWide = (w: number) => w > (narrow + wide) / 2;
  const flags = elements.map(isWide);
  if (flags.slice(0, 4).some(Boolean)) throw new Error('no start pattern');
  if (flags.slice(-3).join() !== 'true,false,false') throw new Error('no stop pattern');
  const body = flags.slice(4, -3);
  if (body.length % 10 !== 0) throw new Error(`${body.length} elements between start and stop`);
  const digit = (five: boolean[]) => {
    if (five.filter(Boolean).length !== 2) throw new Error('a digit without exactly two wide elements');
    const value = five.reduce((s, w, i) => s + (w ? [1, 2, 4, 7, 0][i]! : 0), 0);
    return value === 11 ? 0 : value;
  };
  let digits = '';
  for (let i = 0; i < body.length; i += 10) {
    const pair = body.slice(i, i + 10);
    digits += `${digit(pair.filter((_, k) => k % 2 === 0))}${digit(pair.filter((_, k) => k % 2 === 1))}`;
  }
  return digits;
}

describe('the payment slip PDF', () => {
  const clock = createFakeClock();
  const server = useTestServer({}, { clock });
  const customer = () => loggedInCustomer(server);
  const payBySlip = async (auth: Record<string, string>) => {
    const res = await server.post(
      '/api/bill/pay/v1',
      { planId: '1', method: 'boleto', currency: 'BRL', country: 'BR', email: 'ana@example.com', payer: PAYER },
      auth,
    );
    expect(res.body).toMatchObject({ code: 0, data: { next: 'boleto' } });
    return res.body.data as { orderId: string; barcode: string; digitableLine: string; dueDate: string; amount: number };
  };
  async function pdf(orderId: string, headers: Record<string, string>) {
    const res = await server.app.inject({ method: 'GET', url: `/api/bill/order/v1/${orderId}/slip.pdf`, headers });
    return {
      status: res.statusCode,
      headers: res.headers,
      bytes: new Uint8Array(res.rawPayload),
      json: () => res.json() as { code: number; errCode?: number },
    };
  }

  it('gives the slip with the bank code, the digitable line, beneficiary, payer, due date, amount and our number, in Portuguese', async () => {
    const { auth } = await customer();
    const slip = await payBySlip(auth);
    const order = (await server.get(`/api/bill/order/v1/${slip.orderId}`, auth)).body.data;
    const res = await pdf(slip.orderId, { ...auth, Language: 'pt' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="slip-${slip.orderId}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(Buffer.from(res.bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');

    const facts = await readPdf(res.bytes);
    expect(facts.pages).toBe(1);
    const l = slip.digitableLine;
    const grouped = `${l.slice(0, 5)}.${l.slice(5, 10)} ${l.slice(10, 15)}.${l.slice(15, 21)} ${l.slice(21, 26)}.${l.slice(26, 32)} ${l.slice(32, 33)} ${l.slice(33)}`;
    const [yyyy, mm, dd] = slip.dueDate.split('-');
    const ourNumber = `09/${slip.barcode.slice(25, 36)}`;
    expect(facts.texts).toEqual(
      expect.arrayContaining([
        'Aurora TV',
        'Boleto bancário',
        // 999 is the sandbox's bank code; its check digit by mod 11 is 7 (as 001-9, 237-2, 341-7).
        '999-7',
        grouped,
        'Vencimento',
        `${dd}/${mm}/${yyyy}`,
        'Beneficiário',
        // The site's registered name and CNPJ (docs/decisions/048).
        'Aurora TV Serviços Digitais Ltda. · CNPJ 11.222.333/0001-81',
        'Pagador',
        'Ana Souza — CPF/CNPJ: 123.456.789-09',
        'Avenida Paulista, 1000 · São Paulo – SP · 01310-100',
        'Nosso número',
        ourNumber,
        'Nº do documento',
        order.viewCode,
        '(=) Valor do documento',
        `R$ ${(slip.amount / 100).toFixed(2).replace('.', ',')}`,
        'Não receber após o vencimento.',
        'Autenticação mecânica – Ficha de Compensação',
      ]),
    );
    expect(facts.texts.join('\n')).not.toContain('\uFFFD');
  });

  it('draws the 44-digit barcode in Interleaved 2 of 5, 103 × 13 mm with wide bars three times the narrow, and it decodes back', async () => {
    const { auth } = await customer();
    const slip = await payBySlip(auth);
    const boxes = await filledBoxes((await pdf(slip.orderId, auth)).bytes);
    const bars = boxes.filter((b) => Math.abs(b.height - 13 * MM) < 0.5);
    // 22 pairs of five bars, two at the start and two at the stop.
    expect(bars).toHaveLength(22 * 5 + 2 + 2);
    const left = Math.min(...bars.map((b) => b.x));
    const right = Math.max(...bars.map((b) => b.x + b.width));
    expect(Math.abs(right - left - 103 * MM)).toBeLessThan(0.5);
    const elements = elementsOf(bars);
    expect(Math.max(...elements) / Math.min(...elements)).toBeCloseTo(3, 1);
    expect(decodeInterleaved2of5(elements)).toBe(slip.barcode);

    // The decoder is not a rubber stamp: a digit's wide bar made narrow does not read.
    const damaged = [...elements];
    const firstWide = damaged.findIndex((w, i) => i >= 4 && w > 2 * Math.min(...elements));
    damaged[firstWide] = Math.min(...elements);
    expect(() => decodeInterleaved2of5(damaged)).toThrow();
  });

  it('speaks the request’s language, Cyrillic included', async () => {
    const { auth } = await customer();
    const slip = await payBySlip(auth);
    const ru = await readPdf((await pdf(slip.orderId, { ...auth, Language: 'ru' })).bytes);
    expect(ru.texts).toEqual(expect.arrayContaining(['Платёжная квитанция (boleto)', 'Срок оплаты', 'Плательщик', 'Не принимать после срока оплаты.']));
    expect(ru.texts.join('\n')).not.toContain('\uFFFD');
    const en = await readPdf((await pdf(slip.orderId, auth)).bytes);
    expect(en.texts).toEqual(expect.arrayContaining(['Payment slip', 'Due date', 'Payer', 'Our number', 'Do not accept after the due date.']));
  });

  it("refuses another account's order and an unknown one with 1001, a card-paid order with 1040, and no session with 401", async () => {
    const { auth } = await customer();
    const slip = await payBySlip(auth);
    const stranger = await customer();
    for (const res of [await pdf(slip.orderId, stranger.auth), await pdf('ORDNOSUCHORDER', auth)]) {
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({ code: 1, errCode: 1001 });
    }
    const card = await server.post(
      '/api/bill/pay/v1',
      { planId: '3', method: 'card', currency: 'BRL', email: 'rui@example.com', card: testCard(VISA_OK) },
      stranger.auth,
    );
    expect((await pdf(card.body.data.orderId as string, stranger.auth)).json()).toMatchObject({ code: 1, errCode: 1040 });
    const anonymous = await pdf(slip.orderId, { Authorization: 'null' });
    expect(anonymous.status).toBe(401);
  });

  it('refuses with 1040 once the slip is paid, and once its due date has ended', async () => {
    const { auth } = await customer();
    const paid = await payBySlip(auth);
    const bank = await server.app.inject({ method: 'POST', url: `/api/sandbox/boleto/pay/${paid.barcode}` });
    expect(bank.statusCode).toBe(200);
    expect((await server.get(`/api/bill/order/v1/${paid.orderId}`, auth)).body.data.status).toBe('PAYMENT_SUCCEEDED');
    expect((await pdf(paid.orderId, auth)).json()).toMatchObject({ code: 1, errCode: 1040 });

    const other = await customer();
    const late = await payBySlip(other.auth);
    const today = clock.now();
    clock.set(Date.parse(`${late.dueDate}T23:59:00-03:00`));
    expect((await pdf(late.orderId, other.auth)).headers['content-type']).toBe('application/pdf');
    clock.advance(2 * 60_000);
    expect((await pdf(late.orderId, other.auth)).json()).toMatchObject({ code: 1, errCode: 1040 });
    clock.set(today);
  });
});
