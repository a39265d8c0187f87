// "Download my data" and "Delete my account" (docs/decisions/061, LGPD art. 18), against the real
// server in-process: the export holds everything the portal keeps on the account and no secret;
// the deletion refuses while money may still move, then ends every session (-24020, spec section
// 8), cancels the renewal, erases the personal data and keeps the orders anonymised.
import { describe, expect, it } from 'vitest';
import { runPixAutomatico } from '../../server/billing/pix-automatico';
import { createFakeClock } from '../../server/clock';
import { dumpTables, loggedInCustomer, loginBody, sessionFor, type TestAccountOptions } from '../helpers/accounts';
import { testCard as card, VISA_OK } from '../helpers/cards';
import { expectContract } from '../helpers/expect-contract';
import { readPdf } from '../helpers/pdf-text';
import { signupTools } from '../helpers/signup';
import { useTestServer } from '../helpers/test-server';

const DATA = '/api/user/data/v1';
const PDF = '/api/user/data/v1/personal-data.pdf';
const DELETE = '/api/user/account/delete/v1';
const PAYER = { firstName: 'Ana', lastName: 'Souza', cpf: '12345678909' };
const BOLETO_PAYER = { ...PAYER, zipcode: '01310-100', state: 'SP', city: 'São Paulo', street: 'Avenida Paulista', streetNumber: '1000' };

const clock = createFakeClock();
const server = useTestServer({}, { clock });
type Auth = Record<string, string>;

/** A customer who bought plan 1 (monthly, auto-renew) with a card saved for the renewal. */
async function subscriber(options: TestAccountOptions = {}, holder = 'BEATRIZ LIMA') {
  const c = await loggedInCustomer(server, { nickname: 'Beatriz Lima', ...options });
  const paid = await server.postChecked(
    '/api/bill/pay/v1',
    { planId: '1', method: 'card', currency: 'BRL', email: c.account.email, card: card(VISA_OK, { save: true, holder }) },
    c.auth,
  );
  expect(paid.body).toMatchObject({ code: 0, data: { status: 'PAYMENT_SUCCEEDED' } });
  return { ...c, uid: c.account.uid, orderId: paid.body.data.orderId as string };
}

const boleto = (auth: Auth) =>
  server.postChecked(
    '/api/bill/pay/v1',
    { planId: '3', method: 'boleto', currency: 'BRL', country: 'BR', email: 'pagador@example.com', payer: BOLETO_PAYER },
    auth,
  );

const refusal = async (auth: Auth, password: string) => (await server.post(DELETE, { password }, auth)).body as { code: number; errCode?: number };

describe('download my data (docs/decisions/061)', () => {
  it('holds the profile, consents, plan, log-ins, orders, payments, cards, slip payer and e-mails, and no secret', async () => {
    const s = await subscriber();
    expect((await boleto(s.auth)).body.code).toBe(0);
    const res = await server.get(DATA, s.auth);
    expectContract('get', DATA, res);
    const data = res.body.data;
    expect(data.profile).toMatchObject({ uid: String(s.uid), type: 'email', email: s.account.email, nickname: 'Beatriz Lima', googleLinked: false });
    expect(data.consents.map((c: { kind: string }) => c.kind)).toEqual(['terms', 'marketingEmail']);
    expect(data.plan.planId).toBe(1);
    expect(data.renewal).toMatchObject({ planId: 1, status: 'activated' });
    expect(data.devices[0]).toMatchObject({ ip: expect.any(String), loginType: 'password' });
    expect(data.orders.map((o: { id: string }) => o.id)).toContain(s.orderId);
    expect(data.orders.find((o: { id: string }) => o.id === s.orderId).items).toHaveLength(1);
    expect(data.payments.length).toBeGreaterThanOrEqual(2);
    expect(data.cards).toEqual([expect.objectContaining({ last4: '4242', holder: 'BEATRIZ LIMA', removed: false })]);
    expect(data.payerDetails).toEqual([expect.objectContaining({ name: 'Ana Souza', document: '12345678909' })]);

    const text = JSON.stringify(data);
    // Brand and last 4 at most; never a hash, a provider token or the session's token.
    expect(text).not.toContain(VISA_OK);
    expect(text).not.toContain('argon2');
    expect(text).not.toContain(s.token);
    const [tokenRow] = await server.db.query<{ provider_token: string }>('SELECT provider_token FROM cards WHERE account_uid = $1', [s.uid]);
    expect(text).not.toContain(tokenRow!.provider_token);
    expect(text.match(/hash|provider_?token|secret|sealed/i)?.[0]).toBeUndefined();
  });

  it('is also a readable PDF in the request’s language, over numbered pages when long', async () => {
    const s = await subscriber({ nickname: 'Юлия' });
    for (let i = 0; i < 30; i++) await sessionFor(server, s.account);
    const res = await server.app.inject({ method: 'GET', url: PDF, headers: { ...s.auth, Language: 'pt' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="personal-data-${s.uid}.pdf"`);
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.title).toContain('Meus dados pessoais');
    expect(pdf.pages).toBeGreaterThan(1);
    const all = pdf.pageTexts.flat().join('\n');
    expect(all).toContain('Юлия');
    expect(all).toContain(s.account.email!);
    expect(all).toContain('•••• 4242');
    expect(all).toContain(`Página 2 de ${pdf.pages}`);
  });

  it('answers -24020 without a session', async () => {
    expect((await server.get(DATA, {})).body).toMatchObject({ code: 1, errCode: -24020 });
  });
});

describe('download my data: what the self-service flows keep (docs/decisions/056 to 058, 060, 061)', () => {
  const post = async (url: string, body: unknown, auth: Auth) => {
    const res = await server.postChecked(url, body, auth);
    expect(res.body, `${url}: ${JSON.stringify(res.body)}`).toMatchObject({ code: 0 });
    return res.body.data;
  };
  const exportOf = async (auth: Auth) => {
    const res = await server.get(DATA, auth);
    expectContract('get', DATA, res);
    return res.body.data;
  };
  const pdfText = async (auth: Auth, lang: string) => {
    const res = await server.app.inject({ method: 'GET', url: PDF, headers: { ...auth, Language: lang } });
    expect(res.statusCode, res.body).toBe(200);
    return (await readPdf(res.rawPayload)).pageTexts.flat().join('\n');
  };

  it('lists the scheduled plan changes, the reason given on cancelling and the retention discount taken', async () => {
    await server.db.query("UPDATE site_settings SET value = jsonb_set(value, '{retentionOffers}', $1::jsonb) WHERE key = 'siteConfig'", [
      JSON.stringify([{ kind: 'discount', percent: 30 }]),
    ]);
    const c = await loggedInCustomer(server, { nickname: 'Carla Mudança' });
    const paid = await post(
      '/api/bill/pay/v1',
      { planId: '2', method: 'card', currency: 'BRL', email: c.account.email, card: card(VISA_OK, { save: true }) },
      c.auth,
    );
    // A downgrade scheduled, undone, then scheduled again: both are the customer's decisions.
    await post('/api/bill/planChange/v1', { planId: '1' }, c.auth);
    await post('/api/bill/planChange/undo/v1', {}, c.auth);
    await post('/api/bill/planChange/v1', { planId: '1' }, c.auth);
    const offer = (await post('/api/job/cancellation/offer/v1', { reason: 'other', otherText: 'Preço subiu demais' }, c.auth)).offer;
    expect(offer).toEqual({ kind: 'discount', percent: 30 });
    await post('/api/job/cancellation/accept/v1', { reason: 'other', otherText: 'Preço subiu demais', offer }, c.auth);

    const data = await exportOf(c.auth);
    expect(data.planChanges).toEqual([
      expect.objectContaining({ fromPlanId: 2, toPlanId: 1, status: 'scheduled', appliesAt: data.plan.expiresAt }),
      expect.objectContaining({ fromPlanId: 2, toPlanId: 1, status: 'undone' }),
    ]);
    expect(data.cancellations).toEqual([
      { reason: 'other', otherText: 'Preço subiu demais', offerKind: 'discount', offerValue: 30, outcome: 'offer_accepted', createdAt: clock.now() },
    ]);
    expect(data.retentionDiscounts).toEqual([{ percent: 30, createdAt: clock.now() }]);
    expect(data.orders.find((o: { id: string }) => o.id === paid.orderId)).toMatchObject({ kind: 'purchase' });

    const text = await pdfText(c.auth, 'en');
    for (const words of ['Scheduled plan changes', 'Plan #2 → plan #1', 'undone by you', 'Cancellations and retention offers', '“Preço subiu demais”'])
      expect(text).toContain(words);
    expect(text).toContain('offer: 30% off the next renewal · offer accepted');
    expect(await pdfText(c.auth, 'ru')).toContain('Запланированные смены тарифа');

    // A pause taken instead: the offer is listed, and the renewal's next billing date moved.
    await server.db.query("UPDATE site_settings SET value = jsonb_set(value, '{retentionOffers}', $1::jsonb) WHERE key = 'siteConfig'", [
      JSON.stringify([{ kind: 'pause', months: 2 }]),
    ]);
    const paused = await subscriber();
    const before = (await exportOf(paused.auth)).renewal.nextBillingAt;
    const pause = (await post('/api/job/cancellation/offer/v1', { reason: 'not_using' }, paused.auth)).offer;
    const accepted = await post('/api/job/cancellation/accept/v1', { reason: 'not_using', offer: pause }, paused.auth);
    const after = await exportOf(paused.auth);
    expect(after.cancellations).toEqual([{ reason: 'not_using', offerKind: 'pause', offerValue: 2, outcome: 'offer_accepted', createdAt: clock.now() }]);
    expect(after.renewal.nextBillingAt).toBe(accepted.nextBillingDate);
    expect(after.renewal.nextBillingAt).toBeGreaterThan(before);
    expect(await pdfText(paused.auth, 'ru')).toContain('предложение: продление приостановлено на 2 месяца · предложение принято');
  });

  it('lists a refund with its route, and the bank account it goes to masked as the cards are', async () => {
    const c = await loggedInCustomer(server, { nickname: 'Rui Reembolso' });
    const slip = (await boleto(c.auth)).body.data as { orderId: string };
    const [attempt] = await server.db.query<{ provider_ref: string }>('SELECT provider_ref FROM payment_attempts WHERE order_id = $1', [slip.orderId]);
    expect((await server.app.inject({ method: 'POST', url: `/api/sandbox/boleto/pay/${attempt!.provider_ref}` })).json()).toMatchObject({ result: 'applied' });
    const bankAccount = { bank: '341', branch: '0425', account: '98765-4', holderCpf: PAYER.cpf };
    expect(await post('/api/bill/order/withdraw/v1', { orderId: slip.orderId, bankAccount }, c.auth)).toMatchObject({ status: 'pending' });

    const data = await exportOf(c.auth);
    expect(data.refunds).toEqual([
      expect.objectContaining({
        orderId: slip.orderId,
        provider: expect.any(String),
        status: 'pending',
        refundsTo: 'bank_account',
        bankAccount: { bank: '341', branch: '0425', account: '•••65-4', holderCpf: '***.456.789-**' },
        requestedAt: clock.now(),
      }),
    ]);
    const text = JSON.stringify(data.refunds);
    expect(text).not.toContain('98765');
    expect(text).not.toContain(PAYER.cpf);

    const pdf = await pdfText(c.auth, 'pt');
    expect(pdf).toContain('Reembolsos');
    expect(pdf).toContain('pendente · para uma conta bancária');
    expect(pdf).toContain('Banco 341, agência 0425, conta •••65-4, CPF do titular ***.456.789-**');
    expect(pdf).not.toContain('98765-4');
  });

  it('lists a PIX Automático authorisation with its maximum, end date and charges', async () => {
    const c = await loggedInCustomer(server, { nickname: 'Paula Pix' });
    const started = await post('/api/job/pixAutomatico/start/v1', { planId: '1' }, c.auth);
    const approved = await server.app.inject({ method: 'POST', url: `/api/sandbox/pix-automatico/rec/${started.idRec}/approve` });
    expect(approved.json()).toMatchObject({ result: 'applied' });

    const [rec] = (await exportOf(c.auth)).pixAutomatico;
    expect(rec).toMatchObject({
      idRec: started.idRec,
      planId: 1,
      status: 'APROVADA',
      amount: started.amount,
      maxAmount: started.maxAmount,
      currency: 'BRL',
      startAt: started.startDate,
      endAt: started.endDate,
      nextDueAt: expect.any(Number),
    });
    // The month the renewal job schedules against it is listed with it.
    clock.set(rec.nextDueAt - 86_400_000);
    await runPixAutomatico(server.services, { now: clock.now() });
    const [after] = (await exportOf({ ...c.auth, Authorization: await sessionFor(server, c.account) })).pixAutomatico;
    expect(after.charges).toEqual([expect.objectContaining({ dueAt: rec.nextDueAt, amount: started.amount, status: expect.any(String), failures: 0 })]);

    const pdf = await pdfText({ Authorization: await sessionFor(server, c.account) }, 'es');
    expect(pdf).toContain('Autorizaciones de PIX Automático');
    expect(pdf).toContain(`${started.idRec} · aprobada`);
    expect(pdf).toContain('Cobro con vencimiento el');
  });
});

describe('delete my account (docs/decisions/061)', () => {
  it('refuses a wrong password, an account without one, a pending payment and an open refund, each with its code', async () => {
    const s = await subscriber();
    expect(await refusal(s.auth, 'not-the-password')).toMatchObject({ code: 1, errCode: 8701 });

    const google = await loggedInCustomer(server);
    await server.db.query('UPDATE accounts SET password_hash = NULL WHERE uid = $1', [google.account.uid]);
    expect(await refusal(google.auth, 'anything')).toMatchObject({ code: 1, errCode: 8702 });

    expect((await boleto(s.auth)).body.code).toBe(0);
    expect(await refusal(s.auth, s.account.password!)).toMatchObject({ code: 1, errCode: 8703 });

    const r = await subscriber();
    // A refund the operator opened (no customer call opens one): the order is paid and its money may go back.
    await server.db.query(`UPDATE orders SET status = 'REFUND_PENDING' WHERE id = $1`, [r.orderId]);
    expect(await refusal(r.auth, r.account.password!)).toMatchObject({ code: 1, errCode: 8704 });
    // Nothing was erased by a refusal.
    expect((await server.get(DATA, r.auth)).body.data.profile.email).toBe(r.account.email);
  });

  it('ends every session, cancels the renewal, erases the personal data, keeps the orders anonymised and confirms by e-mail', async () => {
    const s = await subscriber({ language: 'pt', nickname: 'Zuleica Apagada' }, 'ZULEICA APAGADA');
    const email = s.account.email!;
    const other = { Authorization: await sessionFor(server, s.account), Language: 'en' };
    const before = JSON.stringify((await server.get(DATA, s.auth)).body.data);
    const [order] = await server.db.query<Record<string, unknown>>('SELECT total, subtotal, status, created_at FROM orders WHERE id = $1', [s.orderId]);

    const res = await server.postChecked(DELETE, { password: s.account.password }, s.auth);
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 0 });

    // Every session ends: this one and the other device's answer -24020.
    for (const auth of [s.auth, other]) {
      const info = await server.post('/api/user/queryInfo/v1', { uid: String(s.uid), account: email, type: 'email' }, auth);
      expect(info.body).toMatchObject({ code: 1, errCode: -24020 });
    }
    // It cannot log in: the address no longer names an account.
    expect((await server.post('/api/user/login/v1', loginBody(s.account))).body.code).toBe(1);

    const [sub] = await server.db.query<{ status: string; card_id: string | null }>('SELECT status, card_id FROM subscriptions WHERE account_uid = $1', [
      s.uid,
    ]);
    expect(sub).toEqual({ status: 'cancelled', card_id: null });
    const [kept] = await server.db.query<Record<string, unknown>>(
      'SELECT total, subtotal, status, created_at, email, anonymised_at FROM orders WHERE id = $1',
      [s.orderId],
    );
    expect(kept).toMatchObject({ ...order, email: '' });
    expect(kept!.anonymised_at).not.toBeNull();
    const [lines] = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM order_lines WHERE order_id = $1', [s.orderId]);
    expect(lines!.n).toBe(1);

    // The confirmation goes to the address the account had, in its language, tied to no account.
    const [mail] = (await server.services.outbox.list({ to: email })).filter((m) => m.template === 'accountDeleted');
    expect(mail).toMatchObject({ accountUid: null, channel: 'email', lang: 'pt' });
    expect(mail!.subject).toContain('excluída');
    expect((await server.services.outbox.list({ to: email })).filter((m) => m.template !== 'accountDeleted')).toEqual([]);

    // Once delivered, not even the address is left anywhere: no name, e-mail, IP, card holder.
    await server.services.outbox.markSent(mail!.id);
    const everything = await dumpTables(server.db, [
      'accounts',
      'sessions',
      'orders',
      'cards',
      'outbox',
      'subscriptions',
      'payment_attempts',
      'verification_codes',
      'email_tokens',
      'tracking_events',
      'auth_failures',
      'sandbox_card_customers',
    ]);
    for (const value of [email, 'Zuleica Apagada', 'ZULEICA APAGADA']) expect(everything).not.toContain(value);
    expect(before).toContain('ZULEICA APAGADA');
  });

  it('also erases what the later flows keep: a past refund’s bank account, the reason written on cancelling, and ends a PIX Automático authorisation', async () => {
    const s = await subscriber({ nickname: 'Ivo Esquecido' });
    const now = new Date(clock.now());
    const destination = { bank: '001', branch: '1234', account: '56789-0', holderCpf: '52998224725', holderName: 'IVO ESQUECIDO' };
    await server.db.query(
      `INSERT INTO refunds (order_id, provider, refund_ref, idempotency_key, amount, currency, status, destination, requested_at, settled_at)
       VALUES ($1, 'boleto', 'rf-erase-1', 'erase-1', 2990, 'BRL', 'succeeded', $2, $3, $3)`,
      [s.orderId, JSON.stringify(destination), now],
    );
    await server.db.query(
      `INSERT INTO cancellation_reasons (account_uid, reason, other_text, outcome, created_at) VALUES ($1, 'other', 'Ivo Esquecido prefere outro serviço', 'cancelled', $2)`,
      [s.uid, now],
    );
    await server.db.query(
      `INSERT INTO pix_recurrences (id_rec, account_uid, plan_id, status, amount, max_amount, currency, start_at, end_at, first_order_id, created_at, updated_at)
       VALUES ('RR1234567820261127Abcdefghijk', $1, 1, 'APROVADA', 2990, 2990, 'BRL', $2, $2, $3, $2, $2)`,
      [s.uid, now, s.orderId],
    );

    expect((await server.postChecked(DELETE, { password: s.account.password }, s.auth)).body).toMatchObject({ code: 0 });

    const kept = await dumpTables(server.db, ['refunds', 'cancellation_reasons', 'pix_recurrences']);
    for (const value of ['56789-0', '52998224725', 'IVO ESQUECIDO', 'Ivo Esquecido']) expect(kept).not.toContain(value);
    const [reason] = await server.db.query<{ reason: string; other_text: string | null }>(
      'SELECT reason, other_text FROM cancellation_reasons WHERE account_uid = $1',
      [s.uid],
    );
    expect(reason).toEqual({ reason: 'other', other_text: null });
    const [authorisation] = await server.db.query<{ status: string; cancelled_by: string }>(
      'SELECT status, cancelled_by FROM pix_recurrences WHERE account_uid = $1',
      [s.uid],
    );
    expect(authorisation).toEqual({ status: 'CANCELADA', cancelled_by: 'receiver' });
  });

  it('lets the address sign up again as a new account', async () => {
    const s = await subscriber();
    expect((await server.postChecked(DELETE, { password: s.account.password }, s.auth)).body.code).toBe(0);
    const { signup, accountRow } = signupTools(server);
    const again = await signup({ account: s.account.email });
    expect(again.body).toMatchObject({ code: 0 });
    const row = await accountRow('email = $1', [s.account.email]);
    expect(Number(row!.uid)).not.toBe(s.uid);
  });
});
