import { createHmac } from 'node:crypto';

/** The browser SDK's token for the card fields lives 15 minutes. */
export const SDK_TOKEN_TTL_MS = 15 * 60_000;

/**
 * A short-lived token for the card provider's browser SDK (the card fields are tokenised at the
 * provider): the account, the method and the order it may pay, signed with the server's SDK key.
 */
export function mintSdkToken(key: Buffer, claims: { accountUid: number; method: string; orderId: string | undefined; expiresAt: number }): string {
  const { accountUid, method, orderId, expiresAt } = claims;
  const payload = Buffer.from(JSON.stringify({ uid: String(accountUid), method, ...(orderId ? { orderId } : {}), exp: expiresAt })).toString('base64url');
  return `${payload}.${createHmac('sha256', key).update(payload).digest('base64url')}`;
}
