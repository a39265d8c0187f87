import type { IncomingHttpHeaders } from 'node:http';
import { WEBHOOK_SIGNATURE_HEADER } from './payment-events';
import { randomAlnum } from './pix-provider';
import { verifyWebhook } from './webhook-signature';

/**
 * PIX Automático as the Banco Central's API Pix names it (docs/decisions/060): a recurrence
 * ("recorrência", `/rec`, named by its idRec) the payer authorises once at their bank, and the
 * recurring charges ("cobrança recorrente", `/cobr`, named by a txid) the receiver sends for each
 * cycle. The portal's side reads only these words; a real PSP adapter maps its webhooks to
 * `PixAutomaticoEvent` and replaces the sandbox's routes (server/routes/pix-automatico.ts).
 */
export const PIX_AUTOMATICO_PROVIDER = 'sandbox-pix-automatico';
/** The sandbox PSP's ISPB (the 8-digit id of a payment institution), as idRec carries it. */
export const SANDBOX_ISPB = '99999999';

/** idRec: "RR", the receiver PSP's ISPB, the creation date (AAAAMMDD) and 11 letters or digits. */
export function newIdRec(now: number): string {
  return `RR${SANDBOX_ISPB}${new Date(now).toISOString().slice(0, 10).replaceAll('-', '')}${randomAlnum(11)}`;
}

/** A recurring charge's txid: 26 to 35 letters and digits; 35 here. */
export const newRecurringTxid = () => randomAlnum(35);

/** The statuses of a recurrence (`/rec`) and of a recurring charge (`/cobr`). */
export type RecurrenceStatus = 'CRIADA' | 'APROVADA' | 'REJEITADA' | 'EXPIRADA' | 'CANCELADA';
export type RecurringChargeStatus = 'CRIADA' | 'ATIVA' | 'CONCLUIDA' | 'EXPIRADA' | 'REJEITADA' | 'CANCELADA';

/** What the PSP tells the portal, in the portal's words (each delivered once per `id`). */
export type PixAutomaticoEvent =
  | { id: string; type: 'rec.approved'; data: { idRec: string } }
  | { id: string; type: 'rec.rejected'; data: { idRec: string } }
  /** The payer cancelled the authorisation in their bank app. */
  | { id: string; type: 'rec.cancelled'; data: { idRec: string } }
  | { id: string; type: 'cobr.settled'; data: { txid: string; amount: number; paidAt: number } }
  /** The debit on the scheduled day failed (no funds, account closed): the receiver may retry. */
  | { id: string; type: 'cobr.failed'; data: { txid: string; reason: string } };

const TYPES = new Set(['rec.approved', 'rec.rejected', 'rec.cancelled', 'cobr.settled', 'cobr.failed']);

export function parsePixAutomaticoEvent(raw: string): PixAutomaticoEvent | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const e = value as { id?: unknown; type?: unknown; data?: Record<string, unknown> } | null;
  if (!e || typeof e.id !== 'string' || e.id.length === 0 || e.id.length > 128 || typeof e.type !== 'string' || !TYPES.has(e.type)) return undefined;
  const d = e.data;
  if (!d) return undefined;
  if (e.type.startsWith('rec.')) return typeof d.idRec === 'string' ? (e as PixAutomaticoEvent) : undefined;
  if (typeof d.txid !== 'string') return undefined;
  if (e.type === 'cobr.settled' && (!Number.isSafeInteger(d.amount) || typeof d.paidAt !== 'number')) return undefined;
  if (e.type === 'cobr.failed' && typeof d.reason !== 'string') return undefined;
  return e as PixAutomaticoEvent;
}

export type PixAutomaticoCheck = { ok: true; event: PixAutomaticoEvent } | { ok: false; status: 400 | 401; reason: string };

/** The sandbox PSP signs as the other sandbox providers do (webhook-signature.ts). */
export function verifyPixAutomaticoWebhook(key: Buffer, raw: string, headers: IncomingHttpHeaders, now: number): PixAutomaticoCheck {
  const header = headers[WEBHOOK_SIGNATURE_HEADER];
  const check = verifyWebhook(key, raw, typeof header === 'string' ? header : undefined, now);
  if (!check.ok) return { ok: false, status: 401, reason: check.reason };
  const event = parsePixAutomaticoEvent(raw);
  return event ? { ok: true, event } : { ok: false, status: 400, reason: 'malformed event' };
}
