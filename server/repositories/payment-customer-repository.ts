import type { Queryable } from '../db/database';

/** The account's customer at a payment provider (`payment_customers`): one per account and provider. */

export async function customerIdOf(q: Queryable, accountUid: number, provider: string): Promise<string | undefined> {
  const [existing] = await q.query<{ customer_id: string }>('SELECT customer_id FROM payment_customers WHERE account_uid = $1 AND provider = $2', [
    accountUid,
    provider,
  ]);
  return existing?.customer_id;
}

/** The account a provider's customer belongs to. */
export async function customerOwner(q: Queryable, customerId: string, provider: string): Promise<number | undefined> {
  const [customer] = await q.query<{ account_uid: number }>('SELECT account_uid FROM payment_customers WHERE customer_id = $1 AND provider = $2', [
    customerId,
    provider,
  ]);
  return customer ? Number(customer.account_uid) : undefined;
}

export async function saveCustomer(tx: Queryable, c: { accountUid: number; provider: string; customerId: string; now: number }): Promise<void> {
  await tx.query('INSERT INTO payment_customers (account_uid, provider, customer_id, created_at) VALUES ($1, $2, $3, $4)', [
    c.accountUid,
    c.provider,
    c.customerId,
    new Date(c.now),
  ]);
}
