import type { SnapshotFrom } from 'xstate';
import type { PlanChangeMachine } from './plan-change.machine';
import type { PlanChangeQuote } from './plan-change.types';

export type PlanChangeStatus = 'idle' | 'quoting' | 'reviewing' | 'changing' | 'upgradeOrdered' | 'scheduled' | 'undoing' | 'undone' | 'refused' | 'failure';

export interface PlanChangeView {
  status: PlanChangeStatus;
  busy: boolean;
  /** The plan picked, being quoted, reviewed or changed to. */
  planId: string | null;
  /** The quote the customer reads (while reviewing and changing). */
  quote: PlanChangeQuote | null;
  /** The last refusal, shown by the view with its catalogue message. */
  message: number | null;
  /** An answer that changed or may have changed the waiting change (the view reads it again). */
  answered: boolean;
  canChoose: boolean;
  canConfirm: boolean;
  /** A waiting change can be undone from here (the view shows "Undo" only while one waits). */
  canUndo: boolean;
}

/** Each state as the view tells it: the three refusals read alike. */
const STATES: ReadonlyArray<readonly [string, PlanChangeStatus]> = [
  ['idle', 'idle'],
  ['quoting', 'quoting'],
  ['reviewing', 'reviewing'],
  ['changing', 'changing'],
  ['upgradeOrdered', 'upgradeOrdered'],
  ['scheduled', 'scheduled'],
  ['undoing', 'undoing'],
  ['undone', 'undone'],
  ['quoteRefused', 'refused'],
  ['changeRefused', 'refused'],
  ['undoRefused', 'refused'],
  ['failure', 'failure'],
];

export function selectPlanChangeView(snapshot: SnapshotFrom<PlanChangeMachine>): PlanChangeView {
  const status = STATES.find(([state]) => snapshot.matches(state as never))?.[1] ?? 'idle';
  const showsQuote = status === 'reviewing' || status === 'changing';
  return {
    status,
    busy: snapshot.hasTag('busy'),
    planId: snapshot.context.planId,
    quote: showsQuote ? snapshot.context.quote : null,
    message: snapshot.context.errCode,
    answered: status === 'scheduled' || status === 'undone' || status === 'refused',
    canChoose: snapshot.can({ type: 'PLAN_CHOSEN', planId: '' }),
    canConfirm: snapshot.can({ type: 'CHANGE_CONFIRMED' }),
    canUndo: snapshot.can({ type: 'UNDO_REQUESTED' }),
  };
}
