import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Database } from '../db/database';

/**
 * The server secret: APP_SECRET when configured (required in production, and the same for every
 * process), else one generated once and kept in the database for development and tests.
 */
export async function resolveAppSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const candidate = randomBytes(32).toString('base64url');
  await db.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', ['app', candidate]);
  const rows = await db.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', ['app']);
  return rows[0]!.value;
}

/** A purpose-bound 256-bit key from the secret (HKDF-SHA256), so one leak does not unlock the rest. */
export function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'streaming-portal', purpose, 32));
}

/** AES-256-GCM: `iv.tag.ciphertext`, base64url. Tampering makes `open` throw. */
export function seal(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

export function open(key: Buffer, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !tag || !body) throw new Error('malformed sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}
