import type { Queryable } from '../db/database';
import { coinQuoteDecimals, parseCoinAmount } from './crypto-provider';

/**
 * The transfers a crypto quote's address received (crypto_receipts, docs/decisions/050), as
 * Coinbase Commerce and BitPay keep an invoice's payments: a transfer short of the quote leaves
 * the invoice "underpaid", the next one to the same address adds up, and the sum reaching the
 * quote pays the order (more is fine). Amounts are exact: integers of the quote's smallest unit.
 */

/** A quote as its attempt's instructions keep it: the coin amount in units, at the coin's decimals. */
async function quoteUnits(q: Queryable, instructions: Record<string, unknown>): Promise<{ quoted: bigint; decimals: number } | undefined> {
  if (instructions.next !== 'crypto' || typeof instructions.coinAmount !== 'string' || typeof instructions.coin !== 'string') return undefined;
  const decimals = await coinQuoteDecimals(q, instructions.coin);
  if (decimals === undefined) return undefined;
  const quoted = parseCoinAmount(instructions.coinAmount, decimals);
  return quoted === undefined ? undefined : { quoted, decimals };
}

/** What the attempt's address has received so far, in units. */
async function receivedUnits(q: Queryable, attemptId: number): Promise<bigint> {
  const [row] = await q.query<{ total: string }>('SELECT COALESCE(sum(units), 0)::text AS total FROM crypto_receipts WHERE attempt_id = $1', [attemptId]);
  return BigInt(row?.total ?? '0');
}

/** `120000` units at 8 decimals is `0.00120000`: every decimal of the coin shown, as wallets show them. */
export function fixedCoinAmount(units: bigint, decimals: number): string {
  if (decimals === 0) return units.toString();
  const text = units.toString().padStart(decimals + 1, '0');
  return `${text.slice(0, text.length - decimals)}.${text.slice(text.length - decimals)}`;
}

export type TransferRecord = { ok: true; received: bigint; quoted: bigint } | { ok: false };

/**
 * Keeps one transfer to the attempt's address (once per event id) and answers the sum received
 * and the quote; `{ ok: false }` when the attempt holds no quote or the amount has more decimals
 * than the coin is quoted in (no chain of that coin sends such an amount).
 */
export async function recordCryptoTransfer(
  tx: Queryable,
  attempt: { id: number; instructions: Record<string, unknown> | null },
  eventId: string,
  coinAmount: string,
  now: number,
): Promise<TransferRecord> {
  const quote = attempt.instructions ? await quoteUnits(tx, attempt.instructions) : undefined;
  const units = quote ? parseCoinAmount(coinAmount, quote.decimals) : undefined;
  if (!quote || units === undefined || units === 0n) return { ok: false };
  await tx.query('INSERT INTO crypto_receipts (attempt_id, event_id, units, received_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
    attempt.id,
    eventId,
    units.toString(),
    new Date(now),
  ]);
  return { ok: true, received: await receivedUnits(tx, attempt.id), quoted: quote.quoted };
}

/**
 * A pending attempt's instructions as the customer sees them again: a crypto quote that has
 * received something also says how much (`coinReceived`) and what is left to send
 * (`coinRemaining`, 0 once reached), at every decimal of the coin.
 */
export async function withReceipts(q: Queryable, attempt: { id: number; instructions: Record<string, unknown> }): Promise<Record<string, unknown>> {
  const quote = await quoteUnits(q, attempt.instructions);
  if (!quote) return attempt.instructions;
  const received = await receivedUnits(q, attempt.id);
  if (received === 0n) return attempt.instructions;
  const remaining = received >= quote.quoted ? 0n : quote.quoted - received;
  return { ...attempt.instructions, coinReceived: fixedCoinAmount(received, quote.decimals), coinRemaining: fixedCoinAmount(remaining, quote.decimals) };
}
