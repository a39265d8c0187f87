import type { IncomingHttpHeaders } from 'node:http';
import { deriveKey } from '../security/secrets';
import { verifyWebhook } from './webhook-signature';

// What a provider's webhook carries once verified, and how the sandbox providers sign theirs: the
// registry (which verifier a provider has), the sandbox bank (which signs) and the receiver
// (webhooks.ts) all read it, so it depends on none of them.

/** The one event the portal acts on, in its own words: whatever the provider's format, a live adapter's `verify` maps to this. */
export interface PaymentEvent {
  /** The provider's event id: a redelivery carries the same one. */
  id: string;
  type: 'payment.succeeded';
  /**
   * `reference`: the provider's reference of the attempt (the `providerRef` its `charge` answered).
   * `coinAmount`: a crypto transfer's own amount in the quote's coin (a decimal string), as
   * processors report each payment to an invoice; the order is paid once they sum to the quote
   * (docs/decisions/050).
   */
  data: { reference: string; amount: number; currency: string; paidAt: number; coinAmount?: string };
}

/** A card network's dispute (chargeback) statuses, as Stripe names them (docs/decisions/059). */
export type DisputeStatus = 'needs_response' | 'under_review' | 'won' | 'lost' | 'warning_closed';

/**
 * A card network's dispute event, as Stripe's `charge.dispute.*` events carry it: the dispute's
 * id, the charge disputed (`reference`, the `providerRef` its `charge` answered), the amount, the
 * holder's reason and the dispute's status; `paymentMethod`: the card's provider token.
 */
export interface DisputeEvent {
  id: string;
  type: 'charge.dispute.created' | 'charge.dispute.updated' | 'charge.dispute.closed';
  data: {
    dispute: string;
    reference: string;
    amount: number;
    currency: string;
    reason: string;
    status: DisputeStatus;
    paymentMethod: string | null;
    at: number;
  };
}

export const isDisputeEvent = (event: ProviderEvent): event is DisputeEvent => event.type.startsWith('charge.dispute.');
/**
 * A refund the provider settled (docs/decisions/058): `reference` is the provider's id for the
 * refund (the `refundRef` its `refund` answered); `failureReason` says why one was not made.
 */
export interface RefundEvent {
  id: string;
  type: 'refund.succeeded' | 'refund.failed';
  data: { reference: string; amount: number; currency: string; settledAt: number; failureReason?: string };
}

export type ProviderEvent = PaymentEvent | DisputeEvent | RefundEvent;

export type WebhookCheck = { ok: true; event: ProviderEvent } | { ok: false; status: 400 | 401; reason: string };

/** A provider's side of its webhooks: authenticity (signature, source) and its event format. */
export interface WebhookVerifier {
  verify(rawBody: string, headers: IncomingHttpHeaders, now: number): WebhookCheck;
}

/**
 * `partial`: a crypto transfer kept toward its quote, which it does not complete yet; `returned`:
 * money for an order that can no longer be paid, booked and given back (docs/decisions/069).
 */
export type EventResult = 'applied' | 'partial' | 'duplicate' | 'mismatch' | 'ignored' | 'returned';

export const WEBHOOK_SIGNATURE_HEADER = 'webhook-signature';

/** The sandbox providers' signing key: their side signs with it (the sandbox bank), ours checks (the registry). */
export const sandboxWebhookKey = (services: { secret: string }) => deriveKey(services.secret, 'sandbox-webhook');

/**
 * The sandbox providers' webhooks: the portal's own event format, signed the way Stripe signs
 * (`webhook-signature: t=…,v1=…`, HMAC-SHA256, 300 s tolerance, webhook-signature.ts).
 */
export function signedEventVerifier(key: Buffer, options: { refundsOnly?: boolean } = {}): WebhookVerifier {
  return {
    verify(rawBody, headers, now) {
      const header = headers[WEBHOOK_SIGNATURE_HEADER];
      const check = verifyWebhook(key, rawBody, typeof header === 'string' ? header : undefined, now);
      if (!check.ok) return { ok: false, status: 401, reason: check.reason };
      const event = parseEvent(rawBody);
      // A provider whose payments the portal settles itself (a PayPal capture, a mobile-money
      // code) is told nothing paid by a webhook: only its refunds arrive that way.
      if (event && options.refundsOnly && event.type === 'payment.succeeded') return { ok: false, status: 400, reason: 'not an event of this provider' };
      return event ? { ok: true, event } : { ok: false, status: 400, reason: 'malformed event' };
    },
  };
}

const disputeTypes: readonly string[] = ['charge.dispute.created', 'charge.dispute.updated', 'charge.dispute.closed'];
const disputeStatuses: readonly string[] = ['needs_response', 'under_review', 'won', 'lost', 'warning_closed'];

function parseDispute(e: Partial<DisputeEvent>): DisputeEvent | undefined {
  const d = e.data;
  if (!d || typeof d.dispute !== 'string' || typeof d.reference !== 'string' || typeof d.reason !== 'string' || typeof d.at !== 'number') return undefined;
  if (!Number.isSafeInteger(d.amount) || typeof d.currency !== 'string' || !disputeStatuses.includes(d.status as string)) return undefined;
  if (d.paymentMethod !== null && typeof d.paymentMethod !== 'string') return undefined;
  return e as DisputeEvent;
}

export function parseEvent(raw: string): ProviderEvent | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const refund = value as Partial<RefundEvent> | null;
  if (refund && (refund.type === 'refund.succeeded' || refund.type === 'refund.failed')) return parseRefundEvent(refund);
  const e = value as Partial<PaymentEvent> | null;
  const d = e?.data;
  if (!e || typeof e.id !== 'string' || e.id.length === 0 || e.id.length > 128 || !d) return undefined;
  if (disputeTypes.includes(e.type as string)) return parseDispute(e as Partial<DisputeEvent>);
  if (e.type !== 'payment.succeeded') return undefined;
  if (typeof d.reference !== 'string' || !Number.isSafeInteger(d.amount) || typeof d.currency !== 'string' || typeof d.paidAt !== 'number') return undefined;
  if (d.coinAmount !== undefined && (typeof d.coinAmount !== 'string' || !/^\d{1,18}(\.\d{1,18})?$/.test(d.coinAmount))) return undefined;
  return e as PaymentEvent;
}

function parseRefundEvent(e: Partial<RefundEvent>): RefundEvent | undefined {
  const d = e.data;
  if (typeof e.id !== 'string' || e.id.length === 0 || e.id.length > 128 || !d) return undefined;
  if (typeof d.reference !== 'string' || !Number.isSafeInteger(d.amount) || typeof d.currency !== 'string' || typeof d.settledAt !== 'number') return undefined;
  if (d.failureReason !== undefined && (typeof d.failureReason !== 'string' || !/^[a-z_]{1,64}$/.test(d.failureReason))) return undefined;
  return e as RefundEvent;
}
