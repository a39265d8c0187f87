import type { components } from '../../openapi/schema';
import type { Queryable } from '../db/database';

type Schemas = components['schemas'];

/**
 * The saved cards (`cards`): what the cards screen lists, who owns a card, and its removal. A
 * card is saved by the charge that tokenised it (billing/charging.ts, `saveCard`).
 */

export interface SavedCardRow {
  id: string;
  brand: Schemas['Card']['brand'];
  last4: string;
  exp_month: number;
  exp_year: number;
  holder: string;
  is_default: boolean;
  used_for_renewal: boolean;
}

/** The account's live cards, the default first, then the newest, with whether a running renewal bills each. */
export async function listSavedCards(q: Queryable, accountUid: number, limit: number): Promise<SavedCardRow[]> {
  return q.query<SavedCardRow>(
    `SELECT c.id, c.brand, c.last4, c.exp_month, c.exp_year, c.holder, c.is_default,
            EXISTS (SELECT 1 FROM subscriptions s WHERE s.card_id = c.id AND s.status = 'activated') AS used_for_renewal
     FROM cards c WHERE c.account_uid = $1 AND c.deleted_at IS NULL
     ORDER BY c.is_default DESC, c.created_at DESC, c.id LIMIT $2`,
    [accountUid, limit],
  );
}

/** A live (not deleted) card's owner, provider and expiry; `forUpdate` locks it. */
export async function liveCard(
  q: Queryable,
  cardId: string,
  { forUpdate = false } = {},
): Promise<{ account_uid: number; provider: string; is_default: boolean; exp_month: number; exp_year: number } | undefined> {
  const [card] = await q.query<{ account_uid: number; provider: string; is_default: boolean; exp_month: number; exp_year: number }>(
    `SELECT account_uid, provider, is_default, exp_month, exp_year FROM cards WHERE id = $1 AND deleted_at IS NULL${forUpdate ? ' FOR UPDATE' : ''}`,
    [cardId],
  );
  return card && { ...card, account_uid: Number(card.account_uid) };
}

/** The live card the provider knows by this token, whoever saved it. */
export async function cardByProviderToken(q: Queryable, provider: string, providerToken: string): Promise<{ id: string; account_uid: number } | undefined> {
  const [card] = await q.query<{ id: string; account_uid: number }>(
    'SELECT id, account_uid FROM cards WHERE provider = $1 AND provider_token = $2 AND deleted_at IS NULL',
    [provider, providerToken],
  );
  return card && { ...card, account_uid: Number(card.account_uid) };
}

/** Deletes the account's card from the list; the newest remaining card becomes the default if it was. */
export async function softDeleteCard(tx: Queryable, cardId: string, accountUid: number, wasDefault: boolean, now: number): Promise<void> {
  await tx.query('UPDATE cards SET deleted_at = $2, is_default = false WHERE id = $1', [cardId, new Date(now)]);
  if (wasDefault) {
    await tx.query(
      `UPDATE cards SET is_default = true WHERE id = (
         SELECT id FROM cards WHERE account_uid = $1 AND deleted_at IS NULL ORDER BY created_at DESC, id LIMIT 1)`,
      [accountUid],
    );
  }
}

/** Forgets a card kept for one payment only, which did not go through. */
export async function dropCard(tx: Queryable, cardId: string): Promise<void> {
  await tx.query('DELETE FROM cards WHERE id = $1', [cardId]);
}
