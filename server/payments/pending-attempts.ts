// Attempts the payer completes outside the portal (PIX, boleto, bank transfer, crypto): the
// charge hands out instructions with a deadline, and the attempt reads as cancelled once it passed.
import type { Queryable } from '../db/database';
import type { ChargeOutcome, ProviderStatus } from './provider';

/**
 * The current view of a pending PIX/boleto attempt kept in `payment_attempts`: a pending one
 * whose window closed (`payBy` from its instructions) reads as cancelled.
 */
export async function attemptStatus(
  q: Queryable,
  provider: string,
  providerRef: string,
  now: number,
  payByOf: (instructions: Record<string, unknown>) => number | null,
): Promise<ProviderStatus> {
  const [row] = await q.query<{ status: ProviderStatus | 'unknown'; instructions: Record<string, unknown> | null }>(
    'SELECT status, instructions FROM payment_attempts WHERE provider = $1 AND provider_ref = $2',
    [provider, providerRef],
  );
  if (!row) return 'failed';
  if (row.status === 'unknown') return 'pending';
  if (row.status !== 'pending') return row.status;
  const payBy = row.instructions ? payByOf(row.instructions) : null;
  return payBy !== null && now >= payBy ? 'cancelled' : 'pending';
}

/** The `expiresAt` of a pending attempt's instructions (PIX, crypto, transfer), if it has one. */
export const instructionsExpiry = (instructions: Record<string, unknown>) => (typeof instructions.expiresAt === 'number' ? instructions.expiresAt : null);

/** A charge the payer completes elsewhere until `expiresAt`; the instructions carry the deadline too. */
export function awaitingPayer(providerRef: string, expiresAt: number, instructions: Record<string, unknown>): ChargeOutcome {
  return { status: 'pending', providerRef, payBy: expiresAt, instructions: { ...instructions, expiresAt } };
}

/** A provider's `status` for attempts whose instructions carry `expiresAt`. */
export const statusUntilExpiry = (provider: string) => (q: Queryable, providerRef: string, now: number) =>
  attemptStatus(q, provider, providerRef, now, instructionsExpiry);
