import type { components } from '../../openapi/schema';
import { createChangeCache } from '../db/change-cache';
import type { Database } from '../db/database';
import type { Language } from '../../core/i18n/languages';

type Schemas = components['schemas'];

/** Spec section 9: the account screen lists the last 5 log-ins. */
export const DEVICE_HISTORY = 5;

/** What the account screen is built from; the parts that depend on the time are worked out per call. */
export interface AccountFacts {
  /** The clock when the facts were read: the live sessions are the ones that ran past it. */
  readAt: number;
  type: Schemas['AccountType'];
  email: string | null;
  phone: string | null;
  nickname: string;
  /** The language its messages are written in (docs/decisions/049). */
  language: Language;
  createdAt: number;
  subscribeEmail: boolean;
  loginApp: boolean;
  plan: { id: number; deviceCount: number; expiresAt: number; name: string | null } | null;
  /** When each session not logged out and still running at `readAt` runs out. */
  liveSessionsEnd: number[];
  devices: DeviceFacts[];
}

/** One of the last log-ins, with what the device list needs to sign it out (docs/decisions/054). */
export interface DeviceFacts {
  /** The opaque id the client names it by: derived from the stored token hash, never the row's id or the token. */
  id: string;
  /** The session's row, to tell the caller's own; never sent. */
  sessionId: number;
  device: string;
  model: string;
  ip: string;
  time: number;
  expiresAt: number;
  revoked: boolean;
}

/**
 * A log-in's opaque id: part of the SHA-256 of the stored token hash. It names the session without
 * revealing its row number (how many log-ins the service has) or anything that opens it.
 */
export const DEVICE_ID_SQL = (tokenHash: string) => `substr(encode(sha256(${tokenHash}), 'hex'), 1, 24)`;

const ms = (column: string) => `floor(extract(epoch FROM ${column}) * 1000)::float8`;

// One round trip: the account, its entitlement with the plan's name in the caller's language (then
// the site's default, then English), its running sessions and its last log-ins.
const factsQuery = `
  SELECT a.type, a.email, a.phone, a.nickname, a.language, ${ms('a.created_at')} AS created_at, a.subscribe_email, a.login_app,
         e.plan_id, e.device_count, ${ms('e.expires_at')} AS expires_at,
         (SELECT t.name FROM plan_texts t WHERE t.plan_id = e.plan_id
           ORDER BY array_position(ARRAY[$3::text, (SELECT s.value->>'defaultLang' FROM site_settings s WHERE s.key = 'siteConfig'), 'en'], t.lang) NULLS LAST, t.lang
           LIMIT 1) AS plan_name,
         (SELECT COALESCE(json_agg(${ms('s.expires_at')}), '[]'::json) FROM sessions s
           WHERE s.account_uid = a.uid AND s.revoked_at IS NULL AND s.expires_at > $2) AS live_sessions_end,
         (SELECT COALESCE(json_agg(json_build_object('id', ${DEVICE_ID_SQL('d.token_hash')}, 'sessionId', d.id, 'device', d.device, 'model', d.model,
                                                     'ip', d.ip, 'time', ${ms('d.created_at')}, 'expiresAt', ${ms('d.expires_at')}, 'revoked', d.revoked_at IS NOT NULL)
                                   ORDER BY d.created_at DESC, d.id DESC), '[]'::json)
           FROM (SELECT id, token_hash, device, model, ip, created_at, expires_at, revoked_at FROM sessions WHERE account_uid = a.uid
                 ORDER BY created_at DESC, id DESC LIMIT ${DEVICE_HISTORY}) d) AS devices
  FROM accounts a LEFT JOIN entitlements e ON e.account_uid = a.uid
  WHERE a.uid = $1`;

interface FactsRow {
  type: Schemas['AccountType'];
  email: string | null;
  phone: string | null;
  nickname: string;
  language: Language;
  created_at: number;
  subscribe_email: boolean;
  login_app: boolean;
  plan_id: number | null;
  device_count: number | null;
  expires_at: number | null;
  plan_name: string | null;
  live_sessions_end: number[];
  devices: AccountFacts['devices'];
}

/** Not kept: a uid without an account gets one by an insert, which nothing announces. */
class NoSuchAccount extends Error {}

export function createAccountInfoRepository(db: Database) {
  // Kept per account and language until one of its rows changes (docs/decisions/027), and only
  // where every writer is this process: a user reads this screen right after changing it.
  const cache = createChangeCache<AccountFacts>(db.changes, ['accounts', 'sessions', 'entitlements', 'plan_texts', 'site_settings'], {
    localOnly: true,
    maxEntries: 10_000,
  });

  async function read(uid: number, lang: Language, now: number): Promise<AccountFacts> {
    const [r] = await db.query<FactsRow>(factsQuery, [uid, new Date(now), lang]);
    if (!r) throw new NoSuchAccount();
    return {
      readAt: now,
      type: r.type,
      email: r.email,
      phone: r.phone,
      nickname: r.nickname,
      language: r.language,
      createdAt: Number(r.created_at),
      subscribeEmail: r.subscribe_email,
      loginApp: r.login_app,
      plan:
        r.plan_id !== null && r.expires_at !== null
          ? { id: Number(r.plan_id), deviceCount: Number(r.device_count ?? 1), expiresAt: Number(r.expires_at), name: r.plan_name }
          : null,
      liveSessionsEnd: r.live_sessions_end.map(Number),
      devices: r.devices.map((d) => ({ ...d, sessionId: Number(d.sessionId), time: Number(d.time), expiresAt: Number(d.expiresAt) })),
    };
  }

  return {
    /** The account's facts, or null when there is no such account. */
    async facts(uid: number, lang: Language, now: number): Promise<AccountFacts | null> {
      const key = `${uid} ${lang}`;
      const kept = cache.peek(key);
      try {
        // A clock set back (tests do) could count a session that had already run out when read.
        if (kept) return kept.readAt <= now ? kept : await read(uid, lang, now);
        return await cache.get(key, () => read(uid, lang, now), String(uid));
      } catch (error) {
        if (error instanceof NoSuchAccount) return null;
        throw error;
      }
    },
  };
}
export type AccountInfoRepository = ReturnType<typeof createAccountInfoRepository>;
