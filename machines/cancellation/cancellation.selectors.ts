import type { SnapshotFrom } from 'xstate';
import type { CancellationMachine } from './cancellation.machine';
import type { CancellationReason, RetentionOffer, RetentionResult } from './cancellation.types';

export type CancellationStep = 'reason' | 'offer' | 'confirm' | 'accepted' | 'confirmed' | 'refused';

export interface CancellationView {
  step: CancellationStep;
  busy: boolean;
  reason: CancellationReason | null;
  otherText: string;
  offer: RetentionOffer | null;
  kept: RetentionResult | null;
  endsAt: number | null;
  /** The last refusal, said once with its catalogue message (the actors name these codes to the client). */
  message: number | null;
  /** An unexpected failure left the customer where they were: the view says nothing changed. */
  failed: boolean;
  /** Settled: the auto-renewal panel reloads where it stands. */
  done: boolean;
}

function stepOf(snapshot: SnapshotFrom<CancellationMachine>): CancellationStep {
  if (snapshot.matches('offering') || snapshot.matches('accepting')) return 'offer';
  if (snapshot.matches('confirming')) return 'confirm';
  if (snapshot.matches('cancelling')) return snapshot.context.offer ? 'offer' : 'confirm';
  if (snapshot.matches('accepted')) return 'accepted';
  if (snapshot.matches('confirmed')) return 'confirmed';
  if (snapshot.matches('refused')) return 'refused';
  return 'reason';
}

export function selectCancellationView(snapshot: SnapshotFrom<CancellationMachine>): CancellationView {
  const { reason, otherText, offer, kept, endsAt, errCode, error } = snapshot.context;
  return {
    step: stepOf(snapshot),
    busy: snapshot.hasTag('busy'),
    reason,
    otherText,
    offer,
    kept,
    endsAt,
    message: errCode,
    failed: error !== undefined,
    done: snapshot.status === 'done',
  };
}
