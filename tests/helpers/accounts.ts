import { randomBytes } from 'node:crypto';
import type { CaptchaPurpose } from '../../server/auth/captcha';
import type { Database } from '../../server/db/database';
import type { RequestContext } from '../../server/openapi/bind';
import type { ServerServices } from '../../server/services';
import { solveCaptcha, type CaptchaChallenge } from '../../src/components/captcha-solver';

/** What the fixtures need from `useTestServer()`. */
export interface ServerHandle {
  db: Database;
  services: ServerServices;
}

export interface TestAccountOptions {
  /** An email account with this address (the default: a fresh random address). */
  email?: string;
  /** A phone account with these national digits (with `areaCode`, default 55). */
  phone?: string;
  areaCode?: string;
  /** An address bound to a phone account. */
  boundEmail?: string;
  /** Default `test-password-1`; null for an account without a password (Google sign-up). */
  password?: string | null;
  nickname?: string;
  language?: 'pt' | 'en' | 'es' | 'ru';
  status?: 'active' | 'login_not_allowed' | 'blocked';
  mustResetPassword?: boolean;
  /** Email accounts are confirmed unless this is false (unconfirmed ones answer 9 at log-in). */
  verified?: boolean;
}

export interface TestAccount {
  uid: number;
  type: 'email' | 'phone';
  /** What the user types in the account field: the email, or the phone digits. */
  account: string;
  areaCode?: string;
  email: string | null;
  phone: string | null;
  password: string | null;
  /** Where SMS for the account go (`+55…`), for `outbox.list({ to })`. */
  smsTo: string | null;
}

export const DEFAULT_TEST_PASSWORD = 'test-password-1';

// argon2 is slow by design; the same password's hash is reused across a suite.
const hashes = new Map<string, Promise<string>>();
const hashOf = (server: ServerHandle, password: string) => {
  let h = hashes.get(password);
  if (!h) {
    h = server.services.hasher.hash(password);
    hashes.set(password, h);
  }
  return h;
};

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
/** A Brazilian mobile number's 11 digits, unique enough for one suite. */
export const uniquePhone = () => `119${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;

/**
 * Inserts an account straight into the database (sign-up is another slice's business): an email
 * account by default, a phone account when `phone` is given.
 */
export async function createTestAccount(server: ServerHandle, options: TestAccountOptions = {}): Promise<TestAccount> {
  const password = options.password === undefined ? DEFAULT_TEST_PASSWORD : options.password;
  const passwordHash = password === null ? null : await hashOf(server, password);
  const isPhone = options.phone !== undefined;
  const areaCode = isPhone ? (options.areaCode ?? '55') : null;
  const email = isPhone ? (options.boundEmail?.toLowerCase() ?? null) : (options.email ?? uniqueEmail()).toLowerCase();
  const verified = options.verified ?? true;
  const rows = await server.db.query<{ uid: number }>(
    `INSERT INTO accounts (type, email, area_code, phone, nickname, password_hash, language, status, must_reset_password, verified_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING uid`,
    [
      isPhone ? 'phone' : 'email',
      email,
      areaCode,
      options.phone ?? null,
      options.nickname ?? 'Tester',
      passwordHash,
      options.language ?? 'en',
      options.status ?? 'active',
      options.mustResetPassword ?? false,
      verified ? new Date(server.services.clock.now()) : null,
    ],
  );
  return {
    uid: Number(rows[0]!.uid),
    type: isPhone ? 'phone' : 'email',
    account: isPhone ? options.phone! : email!,
    ...(areaCode ? { areaCode } : {}),
    email,
    phone: options.phone ?? null,
    password,
    smsTo: isPhone ? `+${areaCode}${options.phone}` : null,
  };
}

/** The log-in body for an account (`account`, `areaCode` for phones, `password`). */
export const loginBody = (a: TestAccount, password = a.password ?? '') => ({
  account: a.account,
  ...(a.areaCode ? { areaCode: a.areaCode } : {}),
  password,
});

/** The account field(s) alone, for code calls. */
export const accountFields = (a: TestAccount) => ({ account: a.account, ...(a.areaCode ? { areaCode: a.areaCode } : {}) });

/** The solution of a challenge the server answered, worked out by the browser's own solver. */
export async function solveCaptchaOf(captcha: { captchaId: string; challenge: CaptchaChallenge }): Promise<{ captchaId: string; captchaCode: string }> {
  const captchaCode = await solveCaptcha(captcha.challenge);
  if (!captchaCode) throw new Error(`captcha ${captcha.captchaId} was not solved`);
  return { captchaId: captcha.captchaId, captchaCode };
}

/**
 * A captcha solved for real, for calls that ask for one: a challenge from the server for
 * `purpose`, worked out at the test server's difficulty. Spread it into the request body.
 */
export async function solvedCaptcha(server: { post(url: string, body: unknown): Promise<{ body: { code: number; data?: any } }> }, purpose: CaptchaPurpose) {
  const res = await server.post('/api/user/createRandCode/v1', { purpose });
  if (res.body.code !== 0) throw new Error(`no captcha: ${JSON.stringify(res.body)}`);
  return solveCaptchaOf(res.body.data);
}

/** Every row of the tables, with bytea as hex and base64, for "no secret in the database" checks. */
export async function dumpTables(db: Database, tables: string[]): Promise<string> {
  const parts: string[] = [];
  for (const table of tables) {
    const rows = await db.query<Record<string, unknown>>(`SELECT * FROM ${table}`);
    parts.push(
      JSON.stringify(rows, (_k, v: unknown) => {
        if (v && typeof v === 'object' && (v as { type?: unknown }).type === 'Buffer' && Array.isArray((v as { data?: unknown }).data)) {
          const b = Buffer.from((v as { data: number[] }).data);
          return `${b.toString('hex')} ${b.toString('base64')} ${b.toString('base64url')} ${b.toString('utf8')}`;
        }
        if (v instanceof Uint8Array) {
          const b = Buffer.from(v);
          return `${b.toString('hex')} ${b.toString('base64')} ${b.toString('base64url')} ${b.toString('utf8')}`;
        }
        return v;
      }),
    );
  }
  return parts.join('\n');
}

/** A fresh account, logged in: its session token and the headers an authenticated call sends. */
export async function loggedInCustomer(
  server: ServerHandle & { post(url: string, body: unknown): Promise<{ body: { code: number; data?: any } }> },
  options: TestAccountOptions = {},
) {
  const account = await createTestAccount(server, options);
  const res = await server.post('/api/user/login/v1', loginBody(account));
  if (res.body.code !== 0) throw new Error(`test log-in failed: ${JSON.stringify(res.body)}`);
  const token = res.body.data.token as string;
  return { account, token, auth: { Authorization: token, Language: 'en' } };
}

/** A session opened straight in the session service (no log-in round trip, lockout or captcha): its token. */
export async function sessionFor(server: ServerHandle, account: Pick<TestAccount, 'uid'>): Promise<string> {
  const ctx: RequestContext = { lang: 'en', scene: 'WEB', clientType: 'WEB', token: null, fingerprint: null, ip: '127.0.0.1' };
  return (await server.services.sessions.open(server.db, { accountUid: account.uid, loginType: 'password', ctx })).token;
}
