import type { Queryable } from '../db/database';
import type { Language } from '../../core/i18n/languages';
import { signInColumns, type SignInAccount } from './account-repository';

/**
 * New accounts (by email, by phone, through Google) and the addresses they confirm or bind later.
 * Two sign-ups for one address or number at once meet the tables' unique keys: the callers
 * translate that error.
 */

export async function emailTaken(q: Queryable, email: string): Promise<boolean> {
  return (await q.query('SELECT 1 FROM accounts WHERE email = $1', [email])).length > 0;
}

export async function phoneTaken(q: Queryable, areaCode: string, phone: string): Promise<boolean> {
  return (await q.query('SELECT 1 FROM accounts WHERE area_code = $1 AND phone = $2', [areaCode, phone])).length > 0;
}

/** An email account, unconfirmed until its link is followed; answers its uid. */
export async function createEmailAccount(
  tx: Queryable,
  a: { email: string; nickname: string; passwordHash: string; language: Language; now: number },
): Promise<number> {
  const rows = await tx.query<{ uid: number }>(
    `INSERT INTO accounts (type, email, nickname, password_hash, language, terms_accepted_at, created_at)
     VALUES ('email', $1, $2, $3, $4, $5, $5) RETURNING uid`,
    [a.email, a.nickname, a.passwordHash, a.language, new Date(a.now)],
  );
  return Number(rows[0]!.uid);
}

/**
 * A phone account, active at once: it has no address to confirm and no SMS provider to prove the
 * number with (docs/decisions/005), so verified_at marks "no confirmation pending", which is what
 * the log-in check reads. It starts without offer e-mails: it has no address to send them to, and
 * subscribing is the customer's choice once it has one (settings). Answers its uid.
 */
export async function createPhoneAccount(
  tx: Queryable,
  a: { areaCode: string; phone: string; nickname: string; passwordHash: string; language: Language; now: number },
): Promise<number> {
  const rows = await tx.query<{ uid: number }>(
    `INSERT INTO accounts (type, area_code, phone, nickname, password_hash, language, subscribe_email, verified_at, terms_accepted_at, created_at)
     VALUES ('phone', $1, $2, $3, $4, $5, false, $6, $6, $6) RETURNING uid`,
    [a.areaCode, a.phone, a.nickname, a.passwordHash, a.language, new Date(a.now)],
  );
  return Number(rows[0]!.uid);
}

/** Whether an account already has this Google identity or this address. */
export async function googleIdentityTaken(tx: Queryable, googleSub: string, email: string): Promise<boolean> {
  return (await tx.query('SELECT 1 FROM accounts WHERE google_sub = $1 OR email = $2', [googleSub, email])).length > 0;
}

/** A verified email account without a password: Google vouched for the address. */
export async function createGoogleAccount(
  tx: Queryable,
  a: { email: string; nickname: string; language: Language; googleSub: string; now: Date },
): Promise<SignInAccount> {
  const rows = await tx.query<SignInAccount>(
    `INSERT INTO accounts (type, email, nickname, password_hash, language, verified_at, terms_accepted_at, google_sub, created_at)
     VALUES ('email', $1, $2, NULL, $3, $4, $4, $5, $4)
     RETURNING ${signInColumns}`,
    [a.email, a.nickname, a.language, a.now, a.googleSub],
  );
  const account = rows[0]!;
  return { ...account, uid: Number(account.uid) };
}

/** Confirms an email account's address (once the link is followed); undefined when it no longer holds it. */
export async function confirmAccountEmail(tx: Queryable, uid: number, email: string, now: number): Promise<string | undefined> {
  const rows = await tx.query<{ email: string }>(
    `UPDATE accounts SET verified_at = COALESCE(verified_at, $3) WHERE uid = $1 AND email = $2 AND type = 'email' RETURNING email`,
    [uid, email, new Date(now)],
  );
  return rows[0]?.email;
}

/** Gives a phone account the address it asked to bind; undefined when it is not a phone account. */
export async function bindAccountEmail(tx: Queryable, uid: number, email: string): Promise<{ uid: number; email: string } | undefined> {
  const rows = await tx.query<{ uid: number; email: string }>(`UPDATE accounts SET email = $2 WHERE uid = $1 AND type = 'phone' RETURNING uid, email`, [
    uid,
    email,
  ]);
  return rows[0];
}

/** A signed-in account as an email binding needs it: a phone account without an email may ask for one. */
export async function accountForBinding(
  tx: Queryable,
  uid: number,
): Promise<{ type: string; email: string | null; nickname: string; language: Language } | undefined> {
  const rows = await tx.query<{ type: string; email: string | null; nickname: string; language: Language }>(
    `SELECT type, email, nickname, language FROM accounts WHERE uid = $1`,
    [uid],
  );
  return rows[0];
}

/** The account holding the address, as the confirmation email needs it. */
export async function accountToConfirm(
  tx: Queryable,
  email: string,
): Promise<{ uid: number; nickname: string; language: Language; verified_at: Date | null; type: string } | undefined> {
  const accounts = await tx.query<{ uid: number; nickname: string; language: Language; verified_at: Date | null; type: string }>(
    'SELECT uid, nickname, language, verified_at, type FROM accounts WHERE email = $1',
    [email],
  );
  return accounts[0];
}

/** The phone account that last asked to bind the address and has no address yet. */
export async function phoneAccountBinding(tx: Queryable, email: string): Promise<{ uid: number; nickname: string; language: Language } | undefined> {
  const pending = await tx.query<{ uid: number; nickname: string; language: Language }>(
    `SELECT a.uid, a.nickname, a.language FROM email_tokens t JOIN accounts a ON a.uid = t.account_uid
     WHERE t.purpose = 'bindEmail' AND t.email = $1 AND a.type = 'phone' AND a.email IS NULL
     ORDER BY t.created_at DESC, t.id DESC LIMIT 1`,
    [email],
  );
  return pending[0];
}
