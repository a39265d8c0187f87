import type { Database } from '../db/database';

/**
 * An account and all the portal holds of it, removed at once for the sandbox's account removal
 * (server/routes/sandbox-accounts.ts). Sessions, codes, tokens, lockouts, entitlements, cloud
 * recordings and personal codes go with the account row (ON DELETE CASCADE); its money history
 * (orders, saved cards, subscription, idempotency keys, uploaded receipts) references it without
 * a cascade, since the portal itself never deletes an account, so it goes first, each table
 * before the ones it references (subscriptions name a card, orders an upload). Outbox messages
 * and tracking events keep their rows with no account (ON DELETE SET NULL). The sandbox
 * providers' own records stay: they are the provider's, as a real provider's would be.
 * False when there is no such account.
 */
export async function removeAccount(db: Database, uid: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    // PIX Automático's authorisations and their charges name orders (docs/decisions/060).
    await tx.query('DELETE FROM pix_recurring_charges c USING pix_recurrences r WHERE c.id_rec = r.id_rec AND r.account_uid = $1', [uid]);
    await tx.query('DELETE FROM pix_recurrences WHERE account_uid = $1', [uid]);
    // Its ledger goes with it: the one delete the ledger allows, and only in this transaction (migration 033).
    await tx.query("SELECT set_config('portal.ledger_purge', 'sandbox-account-removal', true)");
    await tx.query('DELETE FROM refunds r USING orders o WHERE r.order_id = o.id AND o.account_uid = $1', [uid]);
    await tx.query('DELETE FROM ledger_entries WHERE account_uid = $1', [uid]);
    for (const table of ['subscriptions', 'idempotency_keys', 'orders', 'uploads', 'cards']) {
      await tx.query(`DELETE FROM ${table} WHERE account_uid = $1`, [uid]);
    }
    return (await tx.query('DELETE FROM accounts WHERE uid = $1 RETURNING uid', [uid])).length > 0;
  });
}

/** The flag a system upgrade leaves on an account: a new password before the next purchase (spec section 6, -2500). */
export async function requirePasswordReset(db: Database, uid: number): Promise<void> {
  await db.query('UPDATE accounts SET must_reset_password = true WHERE uid = $1', [uid]);
}
