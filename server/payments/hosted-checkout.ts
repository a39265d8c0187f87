import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';
import type { ChargeOutcome, ChargeRequest, MethodType, ProviderStatus } from './provider';

/**
 * The provider side of a hosted checkout: the merchant creates it, the payer approves (or cancels)
 * it on the provider's page, and the provider sends the browser back to the merchant. PayPal's
 * Orders v2 and the e-wallet both work this way; they differ in who completes the payment
 * (PayPal: the merchant's capture; the wallet: the approval itself, announced by a webhook).
 * Rows live in `sandbox_checkouts`, which a real provider keeps on its side.
 */

export type CheckoutStatus = 'CREATED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';

export interface CheckoutRow {
  provider: string;
  id: string;
  reference: string;
  amount: number;
  currency: string;
  status: CheckoutStatus;
  payer_id: string | null;
  capture_id: string | null;
  return_url: string;
  cancel_url: string;
  expires_at: Date;
}

const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** An id like PayPal's order ids: 17 upper-case letters and digits. */
export function checkoutId(length = 17): string {
  let out = '';
  while (out.length < length) {
    // 252 = 7 × 36: bytes from 252 up are dropped so every character is equally likely.
    for (const b of randomBytes(24)) if (b < 252 && out.length < length) out += ID_ALPHABET[b % 36];
  }
  return out;
}

export interface HostedCheckoutOptions {
  provider: string;
  /** Where the provider's page lives, e.g. `${publicUrl}/sandbox/paypal/checkoutnow?token=`. */
  approveUrl: (id: string) => string;
  /** Where the payer comes back to after approving or cancelling. */
  returnUrl: (orderId: string) => string;
  cancelUrl: (orderId: string) => string;
  ttlMs: number;
}

export function createHostedCheckout(options: HostedCheckoutOptions) {
  const { provider } = options;

  async function find(q: Queryable, id: string, lock = false): Promise<CheckoutRow | undefined> {
    const [row] = await q.query<CheckoutRow>(`SELECT * FROM sandbox_checkouts WHERE provider = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`, [provider, id]);
    return row && { ...row, amount: Number(row.amount) };
  }

  return {
    find,

    /** Creates the checkout; the customer is sent to its approval page. */
    async create(q: Queryable, request: ChargeRequest): Promise<ChargeOutcome> {
      const id = checkoutId();
      const expiresAt = request.now + options.ttlMs;
      await q.query(
        `INSERT INTO sandbox_checkouts (provider, id, reference, amount, currency, status, return_url, cancel_url, expires_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, 'CREATED', $6, $7, $8, $9, $9)`,
        [
          provider,
          id,
          request.orderId,
          request.amount,
          request.currency,
          options.returnUrl(request.orderId),
          options.cancelUrl(request.orderId),
          new Date(expiresAt),
          new Date(request.now),
        ],
      );
      return { status: 'pending', providerRef: id, payBy: expiresAt, instructions: { next: 'redirect', url: options.approveUrl(id) } };
    },

    /** The payer approved on the provider's page: where the browser goes next, or why not. */
    async approve(q: Queryable, id: string, now: number, complete: boolean): Promise<{ ok: true; row: CheckoutRow } | { ok: false; reason: string }> {
      const row = await find(q, id, true);
      if (!row) return { ok: false, reason: 'unknown checkout' };
      if (row.status !== 'CREATED') return { ok: false, reason: `checkout is ${row.status}` };
      if (now >= new Date(row.expires_at).getTime()) return { ok: false, reason: 'checkout expired' };
      const payerId = checkoutId(13);
      const status: CheckoutStatus = complete ? 'COMPLETED' : 'APPROVED';
      await q.query('UPDATE sandbox_checkouts SET status = $3, payer_id = $4, updated_at = $5 WHERE provider = $1 AND id = $2', [
        provider,
        id,
        status,
        payerId,
        new Date(now),
      ]);
      return { ok: true, row: { ...row, status, payer_id: payerId } };
    },

    /** The payer cancelled on the provider's page: the checkout can no longer be approved. */
    async void(q: Queryable, id: string, now: number): Promise<CheckoutRow | undefined> {
      const row = await find(q, id, true);
      if (!row) return undefined;
      if (row.status === 'CREATED' || row.status === 'APPROVED') {
        await q.query("UPDATE sandbox_checkouts SET status = 'VOIDED', updated_at = $3 WHERE provider = $1 AND id = $2", [provider, id, new Date(now)]);
      }
      return row;
    },

    /** The provider's view of a checkout: completed is paid; voided or expired will never be. */
    async status(q: Queryable, id: string, now: number): Promise<ProviderStatus> {
      const row = await find(q, id);
      if (!row || row.status === 'VOIDED') return 'cancelled';
      if (row.status === 'COMPLETED') return 'succeeded';
      return now >= new Date(row.expires_at).getTime() ? 'cancelled' : 'pending';
    },
  };
}
export type HostedCheckout = ReturnType<typeof createHostedCheckout>;

/** A provider that charges through a hosted checkout: it creates one, and the checkout's status is the attempt's. */
export function hostedCheckoutProvider<const T extends MethodType>(type: T, options: HostedCheckoutOptions) {
  const checkout = createHostedCheckout(options);
  return {
    name: options.provider,
    type,
    checkout,
    charge: (q: Queryable, request: ChargeRequest): Promise<ChargeOutcome> => checkout.create(q, request),
    status: (q: Queryable, providerRef: string, now: number): Promise<ProviderStatus> => checkout.status(q, providerRef, now),
  };
}
