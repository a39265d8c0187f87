// Auto-renewal on the account screen (spec sections 2, 4, 7 and 8; docs/decisions/010): whether
// it is on or off, turning it off after a confirmation, and the billing card renewals are charged
// to. Turning it back on is not done here: after cancelling, the customer buys a monthly plan with
// auto-renew again (the view links to /pricing-table).
import { assertEvent, assign, setup } from 'xstate';
import { invocationError, type InvocationEvents } from '../actor-events';
import type { AutoRenewalActors } from './auto-renewal.actors';
import { RenewalCode, type AutoRenewalContext, type AutoRenewalEvent, type RenewInfo } from './auto-renewal.types';

/** The user's events and the answers of the machine's calls, as each actor types them. */
export type AutoRenewalMachineEvent = AutoRenewalEvent | InvocationEvents<AutoRenewalActors>;

const R = RenewalCode;
/** The calls that answer the renewal's state or a refusal. */
const ANSWERS = ['xstate.done.actor.loadInfo', 'xstate.done.actor.cancelRenewal', 'xstate.done.actor.changeCard'] as const;

const infoOf = (event: AutoRenewalMachineEvent): RenewInfo | null => {
  assertEvent(event, ANSWERS);
  return event.output.kind === 'info' ? event.output.info : null;
};
const hasStatus =
  (status: RenewInfo['status']) =>
  ({ event }: { event: AutoRenewalMachineEvent }) =>
    infoOf(event)?.status === status;
const refusalOf = (event: AutoRenewalMachineEvent): number | null => {
  assertEvent(event, ANSWERS);
  return event.output.kind === 'refused' ? event.output.errCode : null;
};
const refusedWith =
  (...codes: number[]) =>
  ({ event }: { event: AutoRenewalMachineEvent }) => {
    const errCode = refusalOf(event);
    return errCode !== null && codes.includes(errCode);
  };

export const autoRenewalSetup = setup({
  types: {
    context: {} as AutoRenewalContext,
    events: {} as AutoRenewalMachineEvent,
  },
  actors: {} as AutoRenewalActors,
  guards: {
    isActivated: hasStatus('activated'),
    isCancelled: hasStatus('cancelled'),
    hasNoRenewal: refusedWith(R.none),
    /** Spec section 4: it cannot be cancelled while a renewal is in progress. */
    isNotRenewing: ({ context }) => context.info?.renewing !== true,
    isRenewing: ({ context }) => context.info?.renewing === true,
    hasInfo: ({ event }) => infoOf(event) !== null,
    isCardUnusable: refusedWith(R.cardUnusable),
    isCardNotUpdated: refusedWith(R.cardNotUpdated),
  },
  actions: {
    takeInfo: assign({ info: ({ event }) => infoOf(event) }),
    dropInfo: assign({ info: null }),
    takeCards: assign({
      cards: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.listCards');
        return event.output;
      },
    }),
    takeRefusal: assign({ errCode: ({ event }) => refusalOf(event) }),
    clearRefusal: assign({ errCode: null, cardChanged: false }),
    markCardChanged: assign({ cardChanged: true }),
    recordError: assign({ error: invocationError }),
  },
});

export const autoRenewalMachine = autoRenewalSetup.createMachine({
  id: 'autoRenewal',
  context: { info: null, cards: [], errCode: null, cardChanged: false, error: undefined },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadInfo',
        src: 'loadInfo',
        // Spec section 4: auto-renewal is on (activated) or off (cancelled, expired).
        onDone: [
          { guard: 'isActivated', target: 'activated', actions: 'takeInfo' },
          { guard: 'isCancelled', target: 'cancelled', actions: 'takeInfo' },
          // Spec section 8, 6201: this account has no auto-renewal (it never bought an auto-renew plan).
          { guard: 'hasNoRenewal', target: 'none', actions: 'dropInfo' },
          // The last status is expired: three declined renewals, or the plan is no longer sold.
          { target: 'expired', actions: 'takeInfo' },
        ],
        onError: { target: 'failure', actions: 'recordError' },
      },
    },
    activated: {
      tags: ['on'],
      initial: 'idle',
      states: {
        idle: {
          on: {
            // Spec section 4: cancelling asks for confirmation, and is not offered while the
            // server says a renewal charge is running (the cancel would answer 6207).
            CANCEL_REQUESTED: { guard: 'isNotRenewing', target: 'confirmingCancel', actions: 'clearRefusal' },
            // Spec section 2: the change-billing-card dialog lists the saved cards.
            CARD_CHANGE_REQUESTED: { target: 'loadingCards', actions: 'clearRefusal' },
            // While a renewal charge runs, whether it has ended is only known by asking again.
            REFRESH_REQUESTED: { guard: 'isRenewing', target: '#autoRenewal.loading', actions: 'clearRefusal' },
          },
        },
        confirmingCancel: {
          on: {
            CANCEL_CONFIRMED: { target: 'cancelling' },
            CANCEL_DISMISSED: { target: 'idle' },
          },
        },
        cancelling: {
          tags: ['busy'],
          invoke: {
            id: 'cancelRenewal',
            src: 'cancelRenewal',
            onDone: [
              // Off; the entitlement already paid for runs to its end (docs/decisions/010).
              { guard: 'hasInfo', target: '#autoRenewal.cancelled', actions: 'takeInfo' },
              // 6207 a renewal charge started meanwhile (auto-renewal stays on), 6204 cancelled in
              // another tab, 6202 expired meanwhile (the only refusals it answers): the panel shows
              // the message, and asking the server again shows where the renewal really stands.
              { target: '#autoRenewal.loading', actions: 'takeRefusal' },
            ],
            onError: { target: 'idle', actions: 'recordError' },
          },
        },
        loadingCards: {
          tags: ['busy'],
          invoke: {
            id: 'listCards',
            src: 'listCards',
            onDone: { target: 'choosingCard', actions: 'takeCards' },
            onError: { target: 'idle', actions: 'recordError' },
          },
        },
        choosingCard: {
          on: {
            CARD_CHOSEN: { target: 'changingCard', actions: 'clearRefusal' },
            CARD_CHANGE_DISMISSED: { target: 'idle' },
          },
        },
        changingCard: {
          tags: ['busy'],
          invoke: {
            id: 'changeCard',
            src: 'changeCard',
            input: ({ event }) => {
              assertEvent(event, 'CARD_CHOSEN');
              return { cardId: event.cardId };
            },
            onDone: [
              // The next renewal is charged to this card, with failures reset (docs/decisions/010).
              { guard: 'hasInfo', target: 'idle', actions: ['takeInfo', 'markCardChanged'] },
              // 6206: that card is expired or cannot be charged by renewals: choose another.
              { guard: 'isCardUnusable', target: 'choosingCard', actions: 'takeRefusal' },
              // 2002: no longer activated, or a renewal charge is running; the server is asked
              // again where the renewal stands.
              { guard: 'isCardNotUpdated', target: '#autoRenewal.loading', actions: 'takeRefusal' },
              // -2511 deleted (in another tab), 1020 not this account's (the last refusals it
              // answers): the list is stale.
              { target: 'loadingCards', actions: 'takeRefusal' },
            ],
            onError: { target: 'choosingCard', actions: 'recordError' },
          },
        },
      },
    },
    // Spec section 4: after cancellation the way back is buying a monthly plan with auto-renew.
    cancelled: { type: 'final', tags: ['off'] },
    expired: { type: 'final', tags: ['off'] },
    none: { type: 'final', tags: ['off'] },
    failure: {
      on: { REFRESH_REQUESTED: { target: 'loading' } },
    },
  },
});

export type AutoRenewalMachine = typeof autoRenewalMachine;
