import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 32 random bytes (256 bits), URL-safe: session tokens and emailed links. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** What the database keeps instead of a token: its SHA-256. */
export const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest();

/** A code of `length` digits from the CSPRNG, leading zeros kept. */
export const randomDigits = (length = 4) => Array.from({ length }, () => randomInt(0, 10)).join('');

/** Equal-length constant-time comparison of two strings' SHA-256. */
export function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(tokenHash(a), tokenHash(b));
}
