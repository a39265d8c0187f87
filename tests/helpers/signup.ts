import { expect } from 'vitest';
import { contractErrors } from './contract-check';
import type { useTestServer } from './test-server';

/** What the sign-up suites share: fresh addresses, the sign-up call, its links and the answers' checks. */

export const SIGNUP_PATH = '/api/user/signup/v1';
const base = { password: 'secret-pass', nickname: 'Ana', acceptTerms: true, language: 'en' } as const;

/** A sign-up body for `account`, with the suites' usual password, nickname and language. */
export const signupBody = (account: string, extra: Record<string, unknown> = {}) => ({ account, ...base, ...extra });

let seq = 0;
/** A fresh address per test: a suite shares one database. */
export const freshEmail = (tag: string) => `${tag}.${++seq}.${Date.now().toString(36)}@example.com`;
/** A fresh Brazilian mobile (11 digits) per test. */
export const freshPhone = () => `119${String(10_000_000 + ++seq * 7919).slice(-8)}`;

export function expectOk(method: string, path: string, res: { status: number; body: { code: number; errCode?: number } }) {
  expect(res.status).toBe(200);
  expect(res.body.code).toBe(0);
  expect(res.body.errCode).toBeUndefined();
  expect(contractErrors(method, path, res.status, res.body)).toEqual([]);
}

export function expectRefusal(res: { status: number; body: { code: number; errCode?: number; msg?: string } }, errCode: number, status = 200) {
  expect(res.body).toMatchObject({ code: 1, errCode });
  expect(res.status).toBe(status);
  expect(typeof res.body.msg).toBe('string');
}

/** Sign-up against the suite's server, and what it leaves: the newest link sent, an account's row. */
export function signupTools(server: ReturnType<typeof useTestServer>) {
  return {
    signup: (body: Record<string, unknown>, headers: Record<string, string> = {}) => server.post(SIGNUP_PATH, { ...base, ...body }, headers),

    /** The token of the newest link in the outbox for `to`, and the link itself. */
    async lastLink(to: string, page: 'activate' | 'bindEmailConfirmed') {
      const [message] = await server.services.outbox.list({ to, limit: 1 });
      if (!message) throw new Error(`no message to ${to}`);
      const match = new RegExp(`(https?://\\S+/${page}\\?token=([A-Za-z0-9_-]+)&la=(\\w+))`).exec(message.text);
      if (!match) throw new Error(`no ${page} link in: ${message.text}`);
      return { message, link: match[1]!, token: match[2]!, lang: match[3]! };
    },

    async accountRow(where: string, params: unknown[]) {
      const rows = await server.db.query<Record<string, any>>(`SELECT * FROM accounts WHERE ${where}`, params);
      return rows[0];
    },
  };
}
