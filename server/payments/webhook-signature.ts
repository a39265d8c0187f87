import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Provider webhooks are signed the way Stripe signs them: header `t=<unix seconds>,v1=<hex>`
 * where v1 = HMAC-SHA256(secret, `${t}.${rawBody}`). A receiver checks the signature in
 * constant time and refuses timestamps older (or newer) than the tolerance, so a captured event
 * cannot be replayed later.
 */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signWebhook(secret: string | Buffer, rawBody: string, nowMs: number): string {
  const t = Math.floor(nowMs / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

export type SignatureCheck = { ok: true; timestamp: number } | { ok: false; reason: 'malformed' | 'stale' | 'mismatch' };

export function verifyWebhook(
  secret: string | Buffer,
  rawBody: string,
  header: string | undefined,
  nowMs: number,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): SignatureCheck {
  const parts = new Map((header ?? '').split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1');
  if (!Number.isInteger(t) || !v1 || !/^[0-9a-f]{64}$/.test(v1)) return { ok: false, reason: 'malformed' };
  if (Math.abs(nowMs / 1000 - t) > toleranceSeconds) return { ok: false, reason: 'stale' };
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  return timingSafeEqual(expected, Buffer.from(v1, 'hex')) ? { ok: true, timestamp: t } : { ok: false, reason: 'mismatch' };
}
