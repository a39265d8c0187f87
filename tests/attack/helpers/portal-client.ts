/**
 * The portal's API over a real socket, as a client would call it, for the attack suites that
 * talk to a spawned server (server-process.ts). Phone accounts are active at sign-up
 * (docs/decisions/005), so a suite can make as many as it needs without the mailbox.
 */
import { randomInt, randomUUID } from 'node:crypto';

export interface Envelope<T = unknown> {
  code: number;
  errCode?: number;
  msg?: string;
  data?: T;
}

export interface Answer<T = unknown> {
  status: number;
  body: Envelope<T>;
}

/** One POST with a JSON body; never throws on a refusal (the suites count them). */
export async function post<T = unknown>(baseUrl: string, pathname: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
  const res = await fetch(`${baseUrl}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Language: 'pt', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

/** A POST that must succeed; its `data`. */
export async function call<T = unknown>(baseUrl: string, pathname: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const answer = await post<T>(baseUrl, pathname, body, headers);
  if (answer.body.code !== 0) throw new Error(`${pathname} refused (${answer.status}): ${JSON.stringify(answer.body)}`);
  return answer.body.data as T;
}

export interface Account {
  uid: string;
  token: string;
  login: { account: string; areaCode: string; password: string };
}

/** A Brazilian mobile's national digits, at random. */
export const randomPhone = () => `119${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

/** A new phone account (`phone`, a random number by default), signed in. */
export async function signUp(baseUrl: string, password = 'attack-password-1', phone = randomPhone()): Promise<Account> {
  const login = { account: phone, areaCode: '55', password };
  const data = await call<{ userInfo: { token: string; uid: string } }>(baseUrl, '/api/user/signup/v1', {
    ...login,
    nickname: 'Attack',
    acceptTerms: true,
    language: 'pt',
  });
  return { uid: data.userInfo.uid, token: data.userInfo.token, login };
}

/** The sandbox network's approved test card (core/config/sandbox-cards.ts). */
export const testCard = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123', holder: 'Attack Tester' };

/** A card payment of a plan, with an Idempotency-Key of its own unless one is given. */
export function payByCard(baseUrl: string, account: Account, options: { planId?: string; idempotencyKey?: string; card?: typeof testCard } = {}) {
  return post<{ next: string; orderId?: string; status?: string }>(
    baseUrl,
    '/api/bill/pay/v1',
    { planId: options.planId ?? '3', method: 'card', currency: 'BRL', email: 'attack@example.com', card: options.card ?? testCard },
    { Authorization: account.token, 'Idempotency-Key': options.idempotencyKey ?? randomUUID() },
  );
}
