import { randomInt } from 'node:crypto';
import type { components } from '../../openapi/schema';
import type { Queryable } from '../db/database';
import type { Language } from '../../core/i18n/languages';
import { openStatuses } from './order-status';

type Coupon = components['schemas']['Coupon'];

const DAY_MS = 86_400_000;

/** The welcome code every new account gets (docs/decisions/023): 15 % off one order within 30 days. */
export const WELCOME_CODE = { prefix: 'BEMVINDO-', percent: 15, days: 30 } as const;

/** Expired codes offered to everyone stay on the page this long after they end, then drop off. */
export const EXPIRED_LISTED_SHOWN_MS = 30 * DAY_MS;

/** Letters and digits that cannot be misread for one another (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * Gives a new account its personal welcome code, in the transaction that creates the account. A
 * personal code is unknown to every other account (pricing's `checkDiscountCode` answers 9001),
 * takes one use and works once for its account.
 */
export async function grantWelcomeCode(tx: Queryable, accountUid: number, now: number): Promise<string> {
  for (;;) {
    const suffix = Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
    const code = `${WELCOME_CODE.prefix}${suffix}`;
    const rows = await tx.query<{ code: string }>(
      `INSERT INTO discount_codes (code, kind, value, valid_from, valid_to, max_uses, per_account_limit, account_uid, created_at)
       VALUES ($1, 'percent', $2, $3, $4, 1, 1, $5, $3)
       ON CONFLICT (code) DO NOTHING RETURNING code`,
      [code, WELCOME_CODE.percent, new Date(now), new Date(now + WELCOME_CODE.days * DAY_MS), accountUid],
    );
    // 31^6 codes: a clash is rare, and the next draw settles it.
    if (rows[0]) return rows[0].code;
  }
}

interface CouponRow {
  code: string;
  kind: 'percent' | 'fixed';
  value: number;
  currency: string | null;
  plan_id: number | null;
  plan_name: string | null;
  plan_active: boolean | null;
  valid_from: Date | null;
  valid_to: Date | null;
  max_uses: number | null;
  used_count: number;
  active: boolean;
  listed: boolean;
  account_uid: number | string | null;
  per_account_limit: number | null;
  uses: number | string;
  held_by: string | null;
}

const statusRank: Record<Coupon['status'], number> = { available: 0, held: 1, used: 2, expired: 3, exhausted: 4 };

/**
 * The account's discount codes for the coupons page: the codes offered to every account (listed
 * and switched on), its personal codes, and every code its orders carried, each with what the
 * account can do with it now. Codes not started yet are left out; an expired offered code stays
 * 30 days, so a customer who missed it sees why.
 */
export async function listCoupons(q: Queryable, accountUid: number, lang: Language, now: number): Promise<Coupon[]> {
  const rows = await q.query<CouponRow>(
    `WITH mine AS (
       SELECT discount_code AS code,
              count(*) FILTER (WHERE paid_at IS NOT NULL) AS uses,
              (array_agg(id ORDER BY created_at DESC) FILTER (WHERE status = ANY($3::text[])))[1] AS held_by
       FROM orders WHERE account_uid = $1 AND discount_code IS NOT NULL
       GROUP BY discount_code
     )
     SELECT d.code, d.kind, d.value, d.currency, d.plan_id, d.valid_from, d.valid_to, d.max_uses, d.used_count, d.active,
            d.listed, d.account_uid, d.per_account_limit, COALESCE(m.uses, 0) AS uses, m.held_by, p.active AS plan_active,
            (SELECT t.name FROM plan_texts t WHERE t.plan_id = d.plan_id ORDER BY t.lang = $2 DESC, t.lang = 'en' DESC LIMIT 1) AS plan_name
     FROM discount_codes d
     LEFT JOIN mine m ON m.code = d.code
     LEFT JOIN plans p ON p.id = d.plan_id
     WHERE (d.listed AND d.active) OR d.account_uid = $1 OR m.code IS NOT NULL
     LIMIT 500`,
    [accountUid, lang, [...openStatuses]],
  );

  const coupons: (Coupon & { sortEnd: number })[] = [];
  for (const r of rows) {
    const uses = Number(r.uses);
    const from = r.valid_from === null ? null : new Date(r.valid_from).getTime();
    const to = r.valid_to === null ? null : new Date(r.valid_to).getTime();
    const source: Coupon['source'] = r.listed ? 'offered' : r.account_uid !== null ? 'personal' : 'ordered';
    const touched = uses > 0 || r.held_by !== null;
    if (from !== null && from > now && !touched) continue;
    if (source === 'offered' && to !== null && to + EXPIRED_LISTED_SHOWN_MS <= now && !touched) continue;

    const ended = !r.active || (to !== null && to <= now) || (from !== null && from > now) || r.plan_active === false;
    const status: Coupon['status'] =
      r.held_by !== null
        ? 'held'
        : r.per_account_limit !== null && uses >= r.per_account_limit
          ? 'used'
          : ended
            ? 'expired'
            : r.max_uses !== null && r.used_count >= r.max_uses
              ? 'exhausted'
              : 'available';

    coupons.push({
      code: r.code,
      kind: r.kind,
      ...(r.kind === 'percent' ? { percent: r.value } : { amount: Number(r.value), currency: r.currency ?? 'BRL' }),
      ...(r.plan_id !== null ? { planId: String(r.plan_id), ...(r.plan_name ? { planName: r.plan_name } : {}) } : {}),
      ...(from !== null ? { validFrom: from } : {}),
      ...(to !== null ? { validTo: to } : {}),
      source,
      status,
      ...(r.held_by !== null ? { heldByOrderId: r.held_by } : {}),
      yourUses: uses,
      ...(r.per_account_limit !== null ? { usesPerAccount: r.per_account_limit } : {}),
      sortEnd: to ?? Number.MAX_SAFE_INTEGER,
    });
  }
  coupons.sort((a, b) => statusRank[a.status] - statusRank[b.status] || a.sortEnd - b.sortEnd || a.code.localeCompare(b.code));
  return coupons.slice(0, 100).map(({ sortEnd: _sortEnd, ...c }) => c);
}
