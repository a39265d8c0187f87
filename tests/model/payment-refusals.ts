// What the payment walks arrange for the refusals the payment flow's calls expect
// (machines/payment/payment.actors.ts `refusals`): the new order each refusal of the submit asks for
// (a sandbox card, a saved card, a method, country or currency not taken, a code used up), and the
// server state some need first, made through the server's own routes where it has them: a card
// saved by an earlier purchase, another customer, a code's last use, a setting left out, a code's
// tries used up, the day's uploads used up.
import type { PayRequest } from '../../machines/payment/payment.types';
import { uploadsSince } from '../../server/repositories/upload-repository';
import { MAX_UPLOADS_PER_DAY } from '../../server/routes/uploads';
import { createTestAccount, loginBody } from '../helpers/accounts';
import { multipartFile } from '../helpers/multipart';
import type { useTestServer } from '../helpers/test-server';
import { buyWithSavedCard, cancelRenewal, deleteCard } from './billing.world';

type Server = ReturnType<typeof useTestServer>;
type Auth = Record<string, string>;
export type PayBody = Omit<PayRequest, 'email'>;

const DAY = 86_400_000;
export const PDF = '%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n';
export const PAYER = {
  firstName: 'Ana',
  lastName: 'Souza',
  cpf: '12345678909',
  zipcode: '01310-100',
  state: 'SP',
  city: 'São Paulo',
  street: 'Avenida Paulista',
  streetNumber: '1000',
};
export const base = { planId: '1', currency: 'BRL', country: 'BR' };
const card = (number: string) => ({ card: { number, expMonth: 12, expYear: 2099, cvc: '123', holder: 'ANA SOUZA' } });
export const byCard = (number: string): PayBody => ({ ...base, method: 'card', ...card(number) });

/** A new order refused with `errCode` (the submit's refusals but the capture's 2003); a saved card's is arranged first. */
export function refusedBody(errCode: number, savedCardId: string | undefined): PayBody {
  switch (errCode) {
    case 301:
      return byCard('4000000000000002');
    case 302:
      return byCard('4000000000009995');
    case 309:
      return byCard('4000000000000069');
    case 315:
      return byCard('4000000000000127');
    case 5015:
      return byCard('4000000000000119');
    // A number failing the Luhn check.
    case 314:
      return byCard('4242424242424241');
    case 1015:
      return byCard('4000000000001117');
    // A saved card: declined by its network (306, 312), deleted meanwhile (-2511), or another account's (1020).
    case 306:
    case 312:
    case -2511:
    case 1020:
      return { ...base, method: 'card', card: { savedCardId: savedCardId ?? '' } };
    // The card method without a card.
    case -2400:
      return { ...base, method: 'card' };
    // A transfer in dollars, a currency the site's receiving accounts then leave out.
    case -2602:
      return { ...base, currency: 'USD', method: 'bank_transfer', payer: { firstName: 'Ana', lastName: 'Souza' } };
    // PIX from outside Brazil, in dollars, or without the payer's fields.
    case 5003:
      return { ...base, country: 'US', method: 'pix', payer: PAYER };
    case -2408:
      return { ...base, currency: 'USD', method: 'pix', payer: PAYER };
    case 5000:
      return { ...base, method: 'pix' };
    // A one-use code another customer used meanwhile.
    case 9003:
      return { ...byCard('4242424242424242'), discountCode: 'UMAVEZ' };
    // -3031: the same payment, still running in another request (its claim on the key is arranged).
    default:
      return byCard('4242424242424242');
  }
}

/** Another customer, signed in: the owner of a card, the one who takes a code's last use. */
async function otherCustomer(server: Server): Promise<{ email: string; auth: Auth }> {
  const account = await createTestAccount(server);
  const login = await server.post('/api/user/login/v1', loginBody(account));
  return { email: account.account, auth: { Authorization: (login.body.data as { token: string }).token, Language: 'en' } };
}

/**
 * What a new order's refusal `errCode` needs on the server before the customer pays: the saved
 * card to pay with (306, 312, -2511, 1020), and how to undo a setting changed for the length of
 * the answer (-2602).
 */
export async function arrangeNewOrderRefusal(
  server: Server,
  customer: { email: string; auth: Auth },
  errCode: number,
): Promise<{ savedCardId?: string; undo?: () => Promise<void> }> {
  switch (errCode) {
    case 306:
    case 312: {
      // A card saved with an earlier purchase, which its network now declines with this code.
      const savedCardId = await buyWithSavedCard(server, customer.auth, customer.email);
      await server.db.query(
        "UPDATE sandbox_card_tokens SET outcome = 'declined', decline_code = $2 WHERE token = (SELECT provider_token FROM cards WHERE id = $1)",
        [savedCardId, errCode],
      );
      return { savedCardId };
    }
    case -2511: {
      // The customer turned auto-renewal off and deleted the saved card (in another tab) before paying with it.
      const savedCardId = await buyWithSavedCard(server, customer.auth, customer.email);
      await cancelRenewal(server, customer.auth);
      await deleteCard(server, customer.auth, savedCardId);
      return { savedCardId };
    }
    case 1020: {
      const other = await otherCustomer(server);
      return { savedCardId: await buyWithSavedCard(server, other.auth, other.email) };
    }
    case 9003: {
      const [code] = await server.db.query<{ used_count: number; max_uses: number }>("SELECT used_count, max_uses FROM discount_codes WHERE code = 'UMAVEZ'");
      if (code && code.used_count >= code.max_uses) return {};
      const other = await otherCustomer(server);
      const paid = await server.post('/api/bill/pay/v1', { ...refusedBody(9003, undefined), email: other.email }, other.auth);
      if ((paid.body.data as { status?: string } | undefined)?.status !== 'PAYMENT_SUCCEEDED')
        throw new Error(`UMAVEZ was not used: ${JSON.stringify(paid.body)}`);
      return {};
    }
    case -2602: {
      // The site's receiving accounts leave dollars out, until the answer has arrived.
      const [row] = await server.db.query<{ account: unknown }>("SELECT value -> 'USD' AS account FROM site_settings WHERE key = 'bankAccounts'");
      await server.db.query("UPDATE site_settings SET value = value - 'USD' WHERE key = 'bankAccounts'");
      const undo = async () =>
        void (await server.db.query("UPDATE site_settings SET value = value || jsonb_build_object('USD', $1::jsonb) WHERE key = 'bankAccounts'", [
          JSON.stringify(row!.account),
        ]));
      return { undo };
    }
    default:
      return {};
  }
}

/** Wrong codes typed before (here, straight to the server) until one try is left: the customer's wrong code is the last (17). */
export async function useUpTries(server: Server, auth: Auth, orderId: string, wrongCode: () => Promise<string>) {
  for (;;) {
    const [collection] = await server.db.query<{ attempts_left: number }>(
      `SELECT m.attempts_left FROM sandbox_mobile_money m JOIN payment_attempts a ON a.provider_ref = m.reference
       WHERE a.order_id = $1 ORDER BY a.id DESC LIMIT 1`,
      [orderId],
    );
    if (!collection || collection.attempts_left <= 1) return;
    await server.post('/api/bill/payment/liQuiDo/confirm/v1', { orderId, otp: await wrongCode() }, auth);
  }
}

/** The day's uploads used up (-3031): as many receipts as an account may upload in 24 hours, uploaded before. */
export async function useUpUploads(server: Server, auth: Auth, accountUid: number, now: number) {
  const { payload, contentType } = multipartFile('file', 'earlier.pdf', 'application/pdf', Buffer.from(PDF));
  for (let n = await uploadsSince(server.db, accountUid, now - DAY); n < MAX_UPLOADS_PER_DAY; n++) {
    const res = await server.app.inject({ method: 'POST', url: '/api/uploadObject/v1', headers: { ...auth, 'content-type': contentType }, payload });
    if ((res.json() as { code: number }).code !== 0) throw new Error(`an earlier upload was refused: ${res.body}`);
  }
}

/**
 * The refusals of a request the payment page never builds, met from the page as a race: the
 * customer pays with PIX from Brazil in reais with the payer's fields, while the site changes PIX
 * meanwhile: no longer offered in Brazil (5003), no longer taking reais (-2408), or asking for
 * the payer's date of birth too (5000). Answers how to put PIX back, once the answer arrived.
 */
export async function changePixMeanwhile(server: Server, errCode: number): Promise<() => Promise<void>> {
  const change: Record<number, [column: string, value: string[]]> = {
    5003: ['countries', ['US']],
    [-2408]: ['currencies', ['USD']],
    5000: ['required_fields', ['firstName', 'lastName', 'cpf', 'birthday']],
  };
  const [column, value] = change[errCode] ?? [];
  if (!column) throw new Error(`no change of PIX makes ${errCode}`);
  const [row] = await server.db.query<{ value: string[] }>(`SELECT ${column} AS value FROM payment_methods WHERE code = 'pix'`);
  await server.db.query(`UPDATE payment_methods SET ${column} = $1 WHERE code = 'pix'`, [value]);
  return async () => void (await server.db.query(`UPDATE payment_methods SET ${column} = $1 WHERE code = 'pix'`, [row!.value]));
}

/** The refusals `changePixMeanwhile` makes. */
export const pixChanges: readonly number[] = [5003, -2408, 5000];
