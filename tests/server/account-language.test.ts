// The language of the account's messages (docs/decisions/049): the signed-in customer sets it, the
// account call reports it, and every message sent afterwards is written in it, whatever language
// the request that caused the message was made in.
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../server/clock';
import { DECLINED, testCard as card } from '../helpers/cards';
import { loggedInCustomer, type TestAccount } from '../helpers/accounts';
import { contractErrors } from '../helpers/contract-check';
import { useTestServer } from '../helpers/test-server';

const LANGUAGE = '/api/user/language/v1';
const INFO = '/api/user/queryInfo/v1';
const clock = createFakeClock();
const server = useTestServer({}, { clock });

const accountLanguage = async (account: TestAccount, auth: Record<string, string>) =>
  (await server.post(INFO, { uid: String(account.uid), account: account.account, type: account.type }, auth)).body.data.language as string;

describe('POST /api/user/language/v1', () => {
  it('stores the language; the account call reports it and the next reminder and password notice are written in it', async () => {
    const { account, auth } = await loggedInCustomer(server, { language: 'pt' });
    expect(await accountLanguage(account, auth)).toBe('pt');

    const set = await server.post(LANGUAGE, { language: 'en' }, { ...auth, Language: 'pt' });
    expect(contractErrors('POST', LANGUAGE, set.status, set.body)).toEqual([]);
    expect(set.body).toEqual({ code: 0, data: { language: 'en' } });
    // Read in Portuguese: the account's language is not the page's.
    expect(await accountLanguage(account, { ...auth, Language: 'pt' })).toBe('en');

    // A declined card leaves an open order; its reminder is asked for from a Portuguese page.
    const paid = await server.post(
      '/api/bill/pay/v1',
      { planId: '3', method: 'card', currency: 'BRL', email: 'lembrete@example.com', card: card(DECLINED) },
      auth,
    );
    expect(paid.body.errCode).toBe(301);
    const orderId = (await server.post('/api/bill/query/cart', {}, auth)).body.data.id as string;
    expect((await server.post('/api/bill/order/remind/v1', { orderId }, { ...auth, Language: 'pt' })).body.code).toBe(0);
    const [english] = await server.services.outbox.list({ to: 'lembrete@example.com', limit: 1 });
    expect(english).toMatchObject({ template: 'orderReminder', lang: 'en' });

    // Changed again: the next message follows at once.
    expect((await server.post(LANGUAGE, { language: 'es' }, auth)).body.data).toEqual({ language: 'es' });
    clock.advance(61_000);
    expect((await server.post('/api/bill/order/remind/v1', { orderId }, { ...auth, Language: 'ru' })).body.code).toBe(0);
    const [spanish] = await server.services.outbox.list({ to: 'lembrete@example.com', limit: 1 });
    expect(spanish).toMatchObject({ template: 'orderReminder', lang: 'es' });
    expect(spanish!.subject).not.toBe(english!.subject);

    expect((await server.post(LANGUAGE, { language: 'ru' }, auth)).body.code).toBe(0);
    const changed = await server.post('/api/user/changePassword/v1', { oldPassword: account.password, newPassword: 'another-password-7' }, auth);
    expect(changed.body.code).toBe(0);
    const [notice] = await server.services.outbox.list({ to: account.email!, limit: 1 });
    expect(notice).toMatchObject({ template: 'passwordChanged', lang: 'ru' });
  });

  it('refuses a language the contract does not know, or a malformed body, with 5000 and keeps the one stored', async () => {
    const { account, auth } = await loggedInCustomer(server, { language: 'es' });
    for (const body of [{ language: 'fr' }, { language: 'EN' }, { language: 'pt-BR' }, { language: '' }, {}, { language: 'en', extra: 1 }, { language: 7 }]) {
      const res = await server.post(LANGUAGE, body, auth);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: 1, errCode: 5000 });
      expect(typeof res.body.msg).toBe('string');
    }
    expect(await accountLanguage(account, auth)).toBe('es');
  });

  it('refuses with 5000 a language the site has switched off, and accepts it again once it is back', async () => {
    const { account, auth } = await loggedInCustomer(server, { language: 'pt' });
    await server.db.query("UPDATE languages SET enabled = false WHERE code = 'ru'");
    try {
      expect((await server.post(LANGUAGE, { language: 'ru' }, auth)).body).toMatchObject({ code: 1, errCode: 5000 });
      expect(await accountLanguage(account, auth)).toBe('pt');
    } finally {
      await server.db.query("UPDATE languages SET enabled = true WHERE code = 'ru'");
    }
    expect((await server.post(LANGUAGE, { language: 'ru' }, auth)).body.data).toEqual({ language: 'ru' });
  });

  it('needs a session: -24020 with 401, as every signed-in call', async () => {
    for (const Authorization of ['null', 'not-a-token']) {
      const res = await server.post(LANGUAGE, { language: 'en' }, { Authorization, Language: 'en' });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 1, errCode: -24020 });
    }
  });
});
