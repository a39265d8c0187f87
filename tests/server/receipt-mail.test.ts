// "E-mail me this receipt" (POST /api/bill/order/receipt/mail/v1, docs/decisions/055): a paid
// order's receipt to an address the customer already gave, in the account's language, once a
// minute per order.
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../server/clock';
import { DECLINED, testCard as card, VISA_OK } from '../helpers/cards';
import { loggedInCustomer, uniquePhone, type TestAccountOptions } from '../helpers/accounts';
import { useTestServer } from '../helpers/test-server';

const MAIL = '/api/bill/order/receipt/mail/v1';

describe('e-mailing a receipt', () => {
  const clock = createFakeClock();
  const server = useTestServer({}, { clock });
  const customer = (options: TestAccountOptions = {}) => loggedInCustomer(server, options);
  const pay = (auth: Record<string, string>, extra: Record<string, unknown> = {}) =>
    server.post('/api/bill/pay/v1', { planId: '3', method: 'card', currency: 'BRL', email: 'pagos@example.com', card: card(VISA_OK), ...extra }, auth);
  const paidOrder = async (auth: Record<string, string>) => {
    const paid = await pay(auth);
    expect(paid.body.code).toBe(0);
    return paid.body.data.orderId as string;
  };
  const receiptsTo = async (to: string) => (await server.services.outbox.list({ to })).filter((m) => m.template === 'receipt');

  it("sends the receipt once to the account's address in its language, then asks to wait the rest of the minute", async () => {
    const { auth, account } = await customer({ language: 'es', nickname: 'Lúcia' });
    const orderId = await paidOrder(auth);
    const before = (await receiptsTo(account.email!)).length;

    const sent = await server.postChecked(MAIL, { orderId }, auth);
    expect(sent.body.data).toEqual({ orderId, email: `${account.email![0]}***@example.com`, resendAfter: 60 });
    const mails = await receiptsTo(account.email!);
    expect(mails).toHaveLength(before + 1);
    const [mail] = mails;
    // The request was in English; the account reads Spanish.
    expect(mail).toMatchObject({ channel: 'email', to: account.email, lang: 'es', template: 'receipt', sentAt: null });
    expect(mail!.text).toContain('Hola, Lúcia');
    expect(mail!.text).toContain('R$ 159,90');
    expect(mail!.text).toContain(`/receipt?orderId=${orderId}`);
    // The payment email was not written to: the copy goes where it was asked.
    expect((await receiptsTo('pagos@example.com')).every((m) => !m.text.includes('/receipt?orderId='))).toBe(true);

    clock.advance(20_000);
    const again = await server.app.inject({ method: 'POST', url: MAIL, headers: { 'content-type': 'application/json', ...auth }, payload: { orderId } });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 1, errCode: -3031 });
    expect(again.headers['retry-after']).toBe('40');
    expect(await receiptsTo(account.email!)).toHaveLength(before + 1);

    clock.advance(40_000);
    const toOrder = await server.postChecked(MAIL, { orderId, email: 'PAGOS@example.com' }, auth);
    expect(toOrder.body.data).toEqual({ orderId, email: 'p***@example.com', resendAfter: 60 });
    const [copy] = await receiptsTo('pagos@example.com');
    expect(copy!.text).toContain(`/receipt?orderId=${orderId}`);
  });

  it("refuses another customer's order, an unpaid one and an address the customer never gave", async () => {
    const owner = await customer();
    const orderId = await paidOrder(owner.auth);
    const stranger = await customer();
    expect((await server.post(MAIL, { orderId }, stranger.auth)).body).toMatchObject({ code: 1, errCode: 1001 });
    expect(await receiptsTo(stranger.account.email!)).toEqual([]);

    expect((await pay(owner.auth, { card: card(DECLINED) })).body.errCode).toBe(301);
    const failed = (await server.post('/api/bill/query/cart', {}, owner.auth)).body.data.id as string;
    expect((await server.post(MAIL, { orderId: failed }, owner.auth)).body).toMatchObject({ code: 1, errCode: 1040 });

    expect((await server.post(MAIL, { orderId, email: 'someone-else@example.com' }, owner.auth)).body).toMatchObject({ code: 1, errCode: 5000 });
    expect(await receiptsTo('someone-else@example.com')).toEqual([]);
    expect(await receiptsTo(owner.account.email!)).toEqual([]);
  });

  it('refuses a phone account without an email with code 4, in the request language', async () => {
    const { auth } = await customer({ phone: uniquePhone() });
    const orderId = await paidOrder(auth);
    const refused = await server.post(MAIL, { orderId }, { ...auth, Language: 'pt' });
    expect(refused.body).toEqual({ code: 1, errCode: 4, msg: expect.stringMatching(/e-?mail/i) });
    expect(refused.body.msg).not.toBe('Email cannot be empty');
    // Asking the order's own address still works: the customer gave it when paying.
    expect((await server.postChecked(MAIL, { orderId, email: 'pagos@example.com' }, auth)).body.data.email).toBe('p***@example.com');
  });
});
