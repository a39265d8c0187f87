import type { SnapshotFrom } from 'xstate';
import type { AutoRenewalMachine } from './auto-renewal.machine';
import type { RenewInfo, SavedCard } from './auto-renewal.types';

export type AutoRenewalStatus = 'loading' | 'activated' | 'cancelled' | 'expired' | 'none' | 'failure';

export interface AutoRenewalView {
  status: AutoRenewalStatus;
  busy: boolean;
  info: RenewInfo | null;
  /** A renewal charge is running: cancelling waits until it ends (spec section 4, 6207). */
  renewing: boolean;
  /** The cancellation flow is open (reason, offer; docs/decisions/057). */
  confirmingCancel: boolean;
  /** The change-billing-card dialog: open while cards load, are chosen or one is being set. */
  cardDialog: { open: boolean; loading: boolean; changing: boolean; cards: SavedCard[]; currentCardId: string | null };
  cardChanged: boolean;
  /**
   * The last refusal, shown by the view with its catalogue message. The actors name these codes
   * to the client (`expect`), which therefore does not toast them: the panel says it once.
   */
  message: number | null;
  /** Off: the way back is buying a monthly plan with auto-renew (spec section 4). */
  offerRepurchase: boolean;
  canCancel: boolean;
  canChangeCard: boolean;
  canRefresh: boolean;
}

function statusOf(snapshot: SnapshotFrom<AutoRenewalMachine>): AutoRenewalStatus {
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('activated')) return 'activated';
  if (snapshot.matches('cancelled')) return 'cancelled';
  if (snapshot.matches('expired')) return 'expired';
  if (snapshot.matches('none')) return 'none';
  return 'failure';
}

export function selectAutoRenewalView(snapshot: SnapshotFrom<AutoRenewalMachine>): AutoRenewalView {
  const m = (state: Parameters<typeof snapshot.matches>[0]) => snapshot.matches(state);
  const { info, errCode, cards, cardChanged } = snapshot.context;
  const status = statusOf(snapshot);
  const loadingCards = m({ activated: 'loadingCards' });
  const changing = m({ activated: 'changingCard' });
  return {
    status,
    busy: snapshot.hasTag('busy'),
    info,
    renewing: info?.renewing === true,
    confirmingCancel: m({ activated: 'confirmingCancel' }),
    cardDialog: {
      open: loadingCards || changing || m({ activated: 'choosingCard' }),
      loading: loadingCards,
      changing,
      cards,
      currentCardId: info?.card?.id ?? null,
    },
    cardChanged,
    message: errCode,
    offerRepurchase: snapshot.hasTag('off'),
    canCancel: snapshot.can({ type: 'CANCEL_REQUESTED' }),
    canChangeCard: snapshot.can({ type: 'CARD_CHANGE_REQUESTED' }),
    canRefresh: snapshot.can({ type: 'REFRESH_REQUESTED' }),
  };
}
