// The account screen's date rules (spec sections 3 and 9). Pure: the caller passes the clock.

/** Spec section 9: milliseconds per day. */
export const MS_PER_DAY = 86_400_000;

/**
 * Spec section 9: a timestamp is shown only when it has 13 digits (milliseconds since 1970,
 * from 2001-09-09 to 2286): the timestamp, or null for anything else (seconds, 0, text, absent).
 */
export function shownTimestamp(value: unknown): number | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && /^\d{13}$/.test(String(value))) return value;
  if (typeof value === 'string' && /^\d{13}$/.test(value)) return Number(value);
  return null;
}

/** Spec section 3, daysRemaining: the days left rounded up, or 0 once the expiry has passed. */
export function daysRemaining(expiredTime: number, now: number): number {
  const left = expiredTime - now;
  return left > 0 ? Math.ceil(left / MS_PER_DAY) : 0;
}

/**
 * Spec section 3, the accountDays text: '0 day' once expired, 'less than a day' under one day,
 * otherwise the rounded-up days. The view turns it into a plural message.
 */
export type AccountDays = { kind: 'expired' } | { kind: 'underOneDay' } | { kind: 'days'; days: number };

export function accountDays(expiredTime: number, now: number): AccountDays {
  const left = expiredTime - now;
  if (left <= 0) return { kind: 'expired' };
  if (left < MS_PER_DAY) return { kind: 'underOneDay' };
  return { kind: 'days', days: daysRemaining(expiredTime, now) };
}

/**
 * The plan the account runs now (spec section 3): its id while its expiry, a shown timestamp, is
 * still ahead; undefined once it ended (a refund ends it at once, docs/decisions/058) or with none.
 */
export function runningPlanId(account: { planId?: string | number | null; expiredTime?: unknown } | undefined, now: number) {
  const expiry = shownTimestamp(account?.expiredTime);
  return account?.planId && expiry !== null && expiry > now ? account.planId : undefined;
}
