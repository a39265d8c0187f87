import type { Queryable } from '../db/database';

/** Uploaded files (proofs of payment), kept in the database with their checked type and digest. */

/** How many files the account uploaded since `since`. */
export async function uploadsSince(tx: Queryable, accountUid: number, since: number): Promise<number> {
  const [{ count } = { count: 0 }] = await tx.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM uploads WHERE account_uid = $1 AND created_at > $2',
    [accountUid, new Date(since)],
  );
  return Number(count);
}

export async function insertUpload(
  tx: Queryable,
  u: { objectKey: string; accountUid: number; contentType: string; bytes: Buffer; sha256: string; now: number },
): Promise<void> {
  await tx.query('INSERT INTO uploads (object_key, account_uid, content_type, size, sha256, data, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
    u.objectKey,
    u.accountUid,
    u.contentType,
    u.bytes.length,
    u.sha256,
    u.bytes,
    new Date(u.now),
  ]);
}

/** Who uploaded the file, if it exists. */
export async function uploadOwner(tx: Queryable, objectKey: string): Promise<number | undefined> {
  const [upload] = await tx.query<{ account_uid: number }>('SELECT account_uid FROM uploads WHERE object_key = $1', [objectKey]);
  return upload ? Number(upload.account_uid) : undefined;
}
