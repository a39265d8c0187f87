// Real server state for the auto-renewal and discount-unbinding walks and hand tests: every answer
// a path expects is produced by the server's own routes and jobs (a purchase with a saved card, a
// renewal pass paused between its claim and its charge, declines until expiry),
// the way tests/server/renewal.test.ts and discounts.test.ts arrange them.
import { runRenewals } from '../../server/billing/renewal';
import type { Database } from '../../server/db/database';
import { createTestAccount, loginBody, type TestAccount } from '../helpers/accounts';
import type { useTestServer } from '../helpers/test-server';
import { createClientWorld, type ClientWorld, type ServerAt } from './real-server';

type Server = ReturnType<typeof useTestServer>;
type Auth = Record<string, string>;

/** Sandbox card numbers (server/payments/card-sandbox.ts). */
export const Cards = {
  visa: '4242424242424242',
  master: '5555555555554444',
  declined: '4000000000000002',
  /** Charged, but the answer is lost: the order stays NETWORK_ERROR until reconciled. */
  answerLost: '4000000000001117',
} as const;
const cardInput = (number: string, save = true) => ({ number, expMonth: 12, expYear: 2030, cvc: '123', holder: 'Lia Alves', save });

/** A customer signed in through the app's own client: its session store holds the token; `at`, where its calls go (the suite's server). */
export async function signedInClient(server: Server, at: ServerAt = server.app): Promise<{ client: ClientWorld; account: TestAccount; auth: Auth }> {
  const account = await createTestAccount(server);
  const client = createClientWorld(at);
  const userInfo = await client.api.callData(client.api.client.POST('/api/user/login/v1', { body: loginBody(account) }));
  client.store.set('userInfo', userInfo as never);
  return { client, account, auth: { Authorization: userInfo.token, Language: 'en' } };
}

async function ok(res: Promise<{ body: { code: number; errCode?: number; data?: any } }>, what: string) {
  const { body } = await res;
  if (body.code !== 0) throw new Error(`${what}: ${JSON.stringify(body)}`);
  return body.data;
}

/** Pays a plan by card with `save: true`; plan 1 is monthly with auto-renew, so it starts the subscription. */
export async function buyWithSavedCard(server: Server, auth: Auth, email: string, planId = '1', number: string = Cards.visa): Promise<string> {
  const before = new Set(((await ok(server.post('/api/bill/listCard', {}, auth), 'listCard')) as { id: string }[]).map((c) => c.id));
  await ok(server.post('/api/bill/pay/v1', { planId, method: 'card', currency: 'BRL', email, card: cardInput(number) }, auth), 'pay');
  const cards = (await ok(server.post('/api/bill/listCard', {}, auth), 'listCard')) as { id: string }[];
  return cards.find((c) => !before.has(c.id))!.id;
}

export const renewInfo = (server: Server, auth: Auth) => server.post('/api/job/renewInfo/v1', {}, auth);
export const cancelRenewal = (server: Server, auth: Auth) => ok(server.post('/api/job/updateRenewStatus/v1', { status: 'cancelled' }, auth), 'cancel');
export const deleteCard = (server: Server, auth: Auth, cardId: string) => ok(server.post('/api/bill/deleteCard', { cardId }, auth), 'deleteCard');

export async function subscription(db: Database, uid: number) {
  const [row] = await db.query<{ status: string; card_id: string | null; renewing_since: Date | null; next_billing_at: Date; next_retry_at: Date | null }>(
    'SELECT status, card_id, renewing_since, next_billing_at, next_retry_at FROM subscriptions WHERE account_uid = $1',
    [uid],
  );
  return row;
}

/**
 * A renewal pass that has claimed the subscription (renewing_since set: cancelling answers 6207,
 * changing the card 2002) and waits before its charge until released; `release` lets the pass
 * charge and finish, and resolves once it has.
 */
export async function pauseRenewal(server: Server, uid: number): Promise<{ release(): Promise<void> }> {
  const sub = (await subscription(server.db, uid))!;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let transactions = 0;
  const db = server.db;
  const paused = new Proxy(db, {
    get(target, prop) {
      if (prop === 'transaction') {
        // The first transaction is the claim; the charges wait at the gate.
        return (fn: never) => (transactions++ === 0 ? target.transaction(fn) : gate.then(() => target.transaction(fn)));
      }
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const pass = runRenewals(
    { db: paused, outbox: server.services.outbox, payments: server.services.payments },
    { now: new Date(sub.next_billing_at).getTime() - 3_600_000 },
  );
  // Waits for the pass's claim (its first transaction); 30 s is a ceiling for a busy machine, not a delay.
  const deadline = Date.now() + 30_000;
  while ((await subscription(db, uid))!.renewing_since === null) {
    if (Date.now() > deadline) throw new Error('the renewal pass did not claim the subscription within 30 s');
    await new Promise((r) => setTimeout(r, 5));
  }
  return {
    async release() {
      open();
      await pass;
    },
  };
}

/** The billing card declines from now on, and three renewal passes (a day apart) expire the subscription. */
export async function expireByDeclines(server: Server, uid: number): Promise<void> {
  const sub = (await subscription(server.db, uid))!;
  await server.db.query(
    "UPDATE sandbox_card_tokens SET outcome = 'declined', decline_code = 302 WHERE token = (SELECT provider_token FROM cards WHERE id = $1)",
    [sub.card_id],
  );
  for (let i = 0; i < 3; i++) {
    const s = (await subscription(server.db, uid))!;
    const due = Math.max(new Date(s.next_billing_at).getTime(), s.next_retry_at ? new Date(s.next_retry_at).getTime() : 0);
    await runRenewals(server.services, { now: due });
  }
  const after = (await subscription(server.db, uid))!;
  if (after.status !== 'expired') throw new Error(`expected an expired subscription, got ${after.status}`);
}

/** A saved card past its expiry month: renewals cannot charge it (6206). */
export async function expireCard(server: Server, cardId: string): Promise<void> {
  await server.db.query('UPDATE cards SET exp_month = 1, exp_year = 2025 WHERE id = $1', [cardId]);
}

/**
 * An open order of the customer holding `code`: a card payment of plan 1 with the code, declined
 * (PAYMENT_FAILED) or with its answer lost (NETWORK_ERROR). Returns what a new valuation with the
 * same code answers: the order holding it (`boundOrderId`, 9004).
 */
export async function orderHoldingCode(server: Server, auth: Auth, email: string, code: string, number: string = Cards.declined): Promise<string> {
  const paid = await server.post(
    '/api/bill/pay/v1',
    { planId: '1', method: 'card', currency: 'BRL', email, discountCode: code, card: cardInput(number, false) },
    auth,
  );
  if (paid.body.code === 0 && paid.body.data?.status === 'PAYMENT_SUCCEEDED') throw new Error('the order was paid');
  return boundOrderOf(server, auth, code);
}

/** The valuation's answer for `code`: the other open order that holds it (9004). */
export async function boundOrderOf(server: Server, auth: Auth, code: string): Promise<string> {
  const valuation = await ok(server.post('/api/bill/goodsValuation', { planId: '1', currency: 'BRL', discountCode: code }, auth), 'goodsValuation');
  if (valuation.discountCode?.errCode !== 9004) throw new Error(`the code is not held by another order: ${JSON.stringify(valuation.discountCode)}`);
  return valuation.discountCode.boundOrderId as string;
}

export async function orderStatus(db: Database, orderId: string): Promise<{ status: string; discount_code: string | null }> {
  const [row] = await db.query<{ status: string; discount_code: string | null }>('SELECT status, discount_code FROM orders WHERE id = $1', [orderId]);
  return row!;
}
