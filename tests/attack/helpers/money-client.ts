/**
 * A customer's calls as the app makes them, against a spawned server whose clock moves
 * (TEST_CLOCK=on), for money-crash.attack.ts: a new session when a moved clock outlived the last
 * one, the same request again after a 429 (-3031, the key or the order still being worked on), and
 * every answer counted (a suite kills the server after so many); a 5xx is noted as a failure, a
 * request the server died under throws NoAnswer. Also the account's MoneySubject over HTTP.
 */
import type { Queryable } from '../../../server/db/database';
import type { MoneySubject } from '../../helpers/money-invariants';
import type { Outcome } from '../../helpers/money-world';
import { NoAnswer, sandboxRequest, type Sent } from './money-parties';
import { post, type Account, type Answer } from './portal-client';

export interface Session {
  account: Account;
  uid: number;
  token: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const shown = (a: { status: number; body: unknown } | undefined) => (a ? `${a.status} ${JSON.stringify(a.body).slice(0, 200)}` : 'nothing to do');

export class MoneyClient {
  answers = 0;
  tooFrequent = 0;
  /** Answers of 500 and above, and 429s that never ended: nothing a kill explains. */
  readonly failures: string[] = [];
  /** Called on each answer. */
  onAnswer: () => void = () => undefined;

  constructor(readonly url: string) {}

  private counted<T extends Sent | Answer>(what: string, answer: T): T {
    this.onAnswer();
    this.answers++;
    if (answer.status >= 500) this.failures.push(`${what}: ${shown(answer)}`);
    return answer;
  }

  /** A contract call with the account's session and, for a payment, its Idempotency-Key. */
  async api<T>(s: Session, path: string, body: unknown, key?: string): Promise<Answer<T>> {
    for (let tries = 1; ; tries++) {
      let answer: Answer<T>;
      try {
        answer = await post<T>(this.url, path, body, { Authorization: s.token, Language: 'en', ...(key ? { 'Idempotency-Key': key } : {}) });
      } catch {
        throw new NoAnswer(path);
      }
      this.counted(path, answer);
      if (answer.status === 401 && tries <= 3) {
        const login = await post<{ token: string }>(this.url, '/api/user/login/v1', s.account.login, { Language: 'en' }).catch(() => {
          throw new NoAnswer('login');
        });
        s.token = login.body.data?.token ?? s.token;
        continue;
      }
      if (answer.status !== 429) return answer;
      this.tooFrequent++;
      if (tries >= 100) {
        this.failures.push(`${path}: still -3031 after ${tries} tries`);
        return answer;
      }
      await sleep(50 + Math.random() * 100);
    }
  }

  /** A call to the sandbox (the bank, the network, the PSP, the clock). */
  async sandbox(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Sent> {
    return this.counted(path, await sandboxRequest(this.url, method, path, body));
  }

  /** Whose money is checked: the account's rows in `db`, what the API shows it, and the server's time `now`. */
  subject(s: Session, db: Queryable, now: number): MoneySubject {
    const outcome = async <T>(path: string, body: unknown): Promise<Outcome<T>> => {
      const res = await this.api<T>(s, path, body);
      return res.body.code === 0 ? { ok: true, data: res.body.data as T } : { ok: false, errCode: res.body.errCode ?? res.status };
    };
    return {
      uid: s.uid,
      db,
      now: () => now,
      orders: () => outcome('/api/bill/orders/v1', { page: 1, pageSize: 50 }),
      info: () => outcome('/api/user/queryInfo/v1', {}),
    };
  }
}
