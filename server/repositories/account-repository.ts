import type { components } from '../../openapi/schema';
import type { Queryable } from '../db/database';
import type { Language } from '../../core/i18n/languages';

type Schemas = components['schemas'];

/**
 * The accounts table outside the identity code's lookups (auth/accounts.ts): the account as token
 * and Google log-in read it, the settings a customer changes, and the facts other screens need.
 */

/** An account as token and Google log-in check it. */
export interface SignInAccount {
  uid: number;
  type: Schemas['AccountType'];
  email: string | null;
  phone: string | null;
  nickname: string;
  status: 'active' | 'login_not_allowed' | 'blocked';
  verified_at: Date | null;
  google_sub: string | null;
}
export const signInColumns = 'uid, type, email, phone, nickname, status, verified_at, google_sub';

/** The account whose `column` holds `value` (a uid given as digits stays a string: it may pass int4). */
export async function findSignInAccount(q: Queryable, column: 'uid' | 'google_sub' | 'email', value: unknown): Promise<SignInAccount | undefined> {
  const rows = await q.query<SignInAccount>(`SELECT ${signInColumns} FROM accounts WHERE ${column} = $1`, [value]);
  const row = rows[0];
  return row && { ...row, uid: Number(row.uid) };
}

/** Links a Google identity to an account that has none yet. */
export async function linkGoogleIdentity(tx: Queryable, uid: number, googleSub: string): Promise<void> {
  await tx.query('UPDATE accounts SET google_sub = $2 WHERE uid = $1 AND google_sub IS NULL', [uid, googleSub]);
}

/** The uid of the account holding this (lower-case) address. */
export async function uidByEmail(q: Queryable, email: string): Promise<number | undefined> {
  const [account] = await q.query<{ uid: number | string }>('SELECT uid FROM accounts WHERE email = $1', [email]);
  return account ? Number(account.uid) : undefined;
}

/** The account's own address as stored: undefined without an account, null without an address. */
export async function accountEmail(q: Queryable, uid: number): Promise<string | null | undefined> {
  const [account] = await q.query<{ email: string | null }>('SELECT email FROM accounts WHERE uid = $1', [uid]);
  return account?.email;
}

/**
 * The address asked for, as stored, when the customer already gave it: the order's payment email
 * or the account's own, in any letter case (docs/decisions/035); undefined for any other.
 */
export async function givenAddress(q: Queryable, uid: number, orderEmail: string, asked: string): Promise<string | undefined> {
  const wanted = asked.trim().toLowerCase();
  if (orderEmail.toLowerCase() === wanted) return orderEmail;
  const email = await accountEmail(q, uid);
  return email?.toLowerCase() === wanted ? email : undefined;
}

/** How a message to the account greets it and in which language. */
export async function accountGreeting(q: Queryable, uid: number): Promise<{ nickname: string; language: Language } | undefined> {
  const [account] = await q.query<{ nickname: string; language: Language }>('SELECT nickname, language FROM accounts WHERE uid = $1', [uid]);
  return account;
}

/**
 * Locks the account's row: serialises what one account may do once at a time. Every flow that
 * moves an account's money (its payments, the bank's and the card network's events, the jobs)
 * takes it first, so two of them touching one account run one after the other, always in the same
 * lock order (the account, then its orders), which keeps PostgreSQL from deadlocking
 * (docs/decisions/069).
 */
export async function lockAccount(tx: Queryable, uid: number): Promise<void> {
  await tx.query('SELECT 1 FROM accounts WHERE uid = $1 FOR UPDATE', [uid]);
}

/** Whether the account must reset its password (docs/decisions/002), found by uid, phone or address. */
export async function mustResetPassword(
  q: Queryable,
  by: { uid: number } | { areaCode: string | undefined; phone: string } | { email: string },
): Promise<boolean> {
  const rows =
    'uid' in by
      ? await q.query<{ must_reset_password: boolean }>('SELECT must_reset_password FROM accounts WHERE uid = $1', [by.uid])
      : 'phone' in by
        ? await q.query<{ must_reset_password: boolean }>('SELECT must_reset_password FROM accounts WHERE area_code = $1 AND phone = $2', [
            by.areaCode,
            by.phone,
          ])
        : await q.query<{ must_reset_password: boolean }>('SELECT must_reset_password FROM accounts WHERE email = $1', [by.email]);
  return rows[0]?.must_reset_password === true;
}

/** The language of the account's messages as stored (docs/decisions/049), or undefined when there is no such account. */
export async function setAccountLanguage(q: Queryable, uid: number, language: Language): Promise<Language | undefined> {
  const rows = await q.query<{ language: Language }>('UPDATE accounts SET language = $2 WHERE uid = $1 RETURNING language', [uid, language]);
  return rows[0]?.language;
}

/** The nickname as stored, or undefined when there is no such account. */
export async function setNickname(q: Queryable, uid: number, nickname: string): Promise<string | undefined> {
  const rows = await q.query<{ nickname: string }>('UPDATE accounts SET nickname = $2 WHERE uid = $1 RETURNING nickname', [uid, nickname]);
  return rows[0]?.nickname;
}

/** Whether the account now takes marketing email (false when there is no such account). */
export async function setSubscribeEmail(q: Queryable, uid: number, subscribe: boolean): Promise<boolean> {
  const rows = await q.query<{ subscribe_email: boolean }>('UPDATE accounts SET subscribe_email = $2 WHERE uid = $1 RETURNING subscribe_email', [
    uid,
    subscribe,
  ]);
  return rows[0]?.subscribe_email === true;
}

/**
 * A new password hash, which ends a must-reset; `confirmsEmail`: the password was set through the
 * account's mailbox, which proves the address too.
 */
export async function setPasswordHash(tx: Queryable, uid: number, passwordHash: string, confirmsEmail: boolean, now: Date): Promise<void> {
  await tx.query(
    `UPDATE accounts SET password_hash = $2, must_reset_password = false,
       verified_at = CASE WHEN $3::boolean THEN COALESCE(verified_at, $4) ELSE verified_at END
     WHERE uid = $1`,
    [uid, passwordHash, confirmsEmail, now],
  );
}
