import type { components } from '../../openapi/schema';
import type { Queryable } from '../db/database';
import type { Language } from '../../core/i18n/languages';
import { parsePhone } from '../data/area-codes';

type AccountType = components['schemas']['AccountType'];

/** An account as the identity code needs it (never sent to a client as it is). */
export interface AccountRecord {
  uid: number;
  type: AccountType;
  email: string | null;
  areaCode: string | null;
  phone: string | null;
  nickname: string;
  passwordHash: string | null;
  language: Language;
  status: 'active' | 'login_not_allowed' | 'blocked';
  mustResetPassword: boolean;
  verifiedAt: number | null;
}

interface AccountRow {
  uid: number;
  type: AccountType;
  email: string | null;
  area_code: string | null;
  phone: string | null;
  nickname: string;
  password_hash: string | null;
  language: Language;
  status: AccountRecord['status'];
  must_reset_password: boolean;
  verified_at: Date | null;
}

const columns = 'uid, type, email, area_code, phone, nickname, password_hash, language, status, must_reset_password, verified_at';

const toRecord = (r: AccountRow): AccountRecord => ({
  uid: Number(r.uid),
  type: r.type,
  email: r.email,
  areaCode: r.area_code,
  phone: r.phone,
  nickname: r.nickname,
  passwordHash: r.password_hash,
  language: r.language,
  status: r.status,
  mustResetPassword: r.must_reset_password,
  verifiedAt: r.verified_at ? new Date(r.verified_at).getTime() : null,
});

async function one(q: Queryable, where: string, params: unknown[], forUpdate: boolean): Promise<AccountRecord | null> {
  const rows = await q.query<AccountRow>(`SELECT ${columns} FROM accounts WHERE ${where}${forUpdate ? ' FOR UPDATE' : ''}`, params);
  return rows[0] ? toRecord(rows[0]) : null;
}

/** Emails are kept lower-case (the column checks it); what the user typed is trimmed and lowered. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The account that holds this address: an email account, or a phone account that bound it. */
export const findAccountByEmail = (q: Queryable, email: string, { forUpdate = false } = {}) => one(q, 'email = $1', [normalizeEmail(email)], forUpdate);

export const findAccountByPhone = (q: Queryable, areaCode: string, phone: string, { forUpdate = false } = {}) =>
  one(q, 'area_code = $1 AND phone = $2', [areaCode, phone], forUpdate);

export const findAccountByUid = (q: Queryable, uid: number, { forUpdate = false } = {}) => one(q, 'uid = $1', [uid], forUpdate);

/** What the user typed in an account field, read as the contract's `Account` (+ `areaCode`). */
export type AccountIdentifier =
  | { kind: 'email'; email: string }
  | { kind: 'phone'; areaCode: string; phone: string }
  /** Phone digits without a country code: errCode 4000 "Select your country code". */
  | { kind: 'phoneWithoutAreaCode'; phone: string };

export function parseAccountIdentifier(account: string, areaCode?: string | null): AccountIdentifier {
  const value = account.trim();
  if (value.includes('@')) return { kind: 'email', email: normalizeEmail(value) };
  if (!areaCode) return { kind: 'phoneWithoutAreaCode', phone: value };
  // The national number as sign-up stored it (trunk prefix such as Brazil's 0 dropped), so a
  // number typed with or without its leading 0 finds the same account.
  const parsed = parsePhone(areaCode, value);
  return { kind: 'phone', areaCode, phone: parsed.ok ? parsed.national : value };
}

export function findAccount(q: Queryable, id: AccountIdentifier, options: { forUpdate?: boolean } = {}): Promise<AccountRecord | null> {
  if (id.kind === 'email') return findAccountByEmail(q, id.email, options);
  if (id.kind === 'phone') return findAccountByPhone(q, id.areaCode, id.phone, options);
  return Promise.resolve(null);
}

/** The name the account is known by on the wire (`UserInfo.account`): its email, or its phone digits. */
export const accountName = (a: AccountRecord): string => (a.type === 'email' ? (a.email ?? '') : (a.phone ?? ''));

/** Where an SMS for a phone account goes: E.164 (`+` country code, national number). */
export const smsAddress = (a: Pick<AccountRecord, 'areaCode' | 'phone'>): string | null => (a.areaCode && a.phone ? `+${a.areaCode}${a.phone}` : null);

/**
 * Where a notice about the account (password changed…) goes: its email when it has one, else an
 * SMS to its phone.
 */
export function noticeAddress(a: AccountRecord): { channel: 'email' | 'sms'; to: string } | null {
  if (a.email) return { channel: 'email', to: a.email };
  const sms = smsAddress(a);
  return sms ? { channel: 'sms', to: sms } : null;
}

/** `ana.silva@example.com` → `a***@example.com`; what the user typed, so it never confirms an account. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}
