// Auto-renewal on the account screen (spec sections 2, 4, 7 and 8; docs/decisions/010): whether
// it is on or off, turning it off (the cancellation flow, machines/cancellation: reason and
// retention offer, docs/decisions/057), and the billing card renewals are charged to. Turning it back on is not done here: after cancelling, the customer buys a monthly plan with
// auto-renew again (the view links to /pricing-table).
import { assertEvent, assign, setup } from 'xstate';
import { invocationError, type InvocationEvents } from '../actor-events';
import { criteriaFor } from '../acceptance';
import { isRefusedWith, otherRefusals, refusedWith, saying } from '../expected-refusals';
import type { AutoRenewalActors } from './auto-renewal.actors';
import type { acceptanceCriteria } from './auto-renewal.criteria';
import { RenewalCode, type AutoRenewalContext, type AutoRenewalEvent, type RenewInfo } from './auto-renewal.types';

/** The user's events and the answers of the machine's calls, as each actor types them. */
export type AutoRenewalMachineEvent = AutoRenewalEvent | InvocationEvents<AutoRenewalActors>;

const R = RenewalCode;
/** The calls that answer the renewal's state or a refusal. */
const ANSWERS = ['xstate.done.actor.loadInfo', 'xstate.done.actor.changeCard'] as const;

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

export const autoRenewalSetup = setup({
  types: {
    context: {} as AutoRenewalContext,
    events: {} as AutoRenewalMachineEvent,
  },
  actors: {} as AutoRenewalActors,
  guards: {
    isActivated: hasStatus('activated'),
    isCancelled: hasStatus('cancelled'),
    refusedWith: isRefusedWith,
    /** Spec section 4: it cannot be cancelled while a renewal is in progress. */
    isNotRenewing: ({ context }) => context.info?.renewing !== true,
    isRenewing: ({ context }) => context.info?.renewing === true,
    hasInfo: ({ event }) => infoOf(event) !== null,
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

/** The acceptance criteria the states and transitions name (docs/decisions/074); their texts stay out of the bundle. */
const accept = criteriaFor<keyof typeof acceptanceCriteria>();

export const autoRenewalMachine = autoRenewalSetup.createMachine({
  id: 'autoRenewal',
  description: "The customer's auto-renewal on the account screen: on or off, turning it off, and the card renewals are charged to.",
  context: { info: null, cards: [], errCode: null, cardChanged: false, error: undefined },
  initial: 'loading',
  states: {
    loading: {
      description: "The panel asks the server where the customer's auto-renewal stands: on, off, ended, or never bought.",
      tags: ['busy'],
      invoke: {
        id: 'loadInfo',
        src: 'loadInfo',
        onDone: [
          {
            guard: 'isActivated',
            target: 'activated',
            actions: 'takeInfo',
            description: 'Auto-renewal is on (spec section 4): the customer sees the plan, its next billing date and billing card.',
          },
          {
            guard: 'isCancelled',
            target: 'cancelled',
            actions: 'takeInfo',
            description: 'Auto-renewal was turned off (spec section 4): the customer sees it off, with the way to buy it again.',
          },
          {
            guard: refusedWith(R.none),
            target: 'none',
            actions: 'dropInfo',
            meta: saying({ [R.none]: 'autoRenewal.none' }),
            description: 'No auto-renewal on this account (spec section 8, 6201): it never bought a plan that renews by itself.',
          },
          {
            target: 'expired',
            actions: 'takeInfo',
            description: 'Auto-renewal has expired (spec section 4): three renewals were declined, or the plan is no longer sold.',
          },
        ],
        onError: {
          target: 'failure',
          actions: 'recordError',
          description: 'The server could not be asked (network, fault): the panel says it could not load and offers to try again.',
        },
      },
    },
    activated: {
      description: 'Auto-renewal is on (spec section 4): the plan renews by itself each month, charged to the billing card.',
      meta: accept('activated'),
      tags: ['on'],
      initial: 'idle',
      states: {
        idle: {
          description: 'The customer sees auto-renewal on, with its billing card, and may turn it off or change the card.',
          on: {
            CANCEL_REQUESTED: {
              guard: 'isNotRenewing',
              target: 'confirmingCancel',
              actions: 'clearRefusal',
              description: 'The customer asks to turn auto-renewal off; not offered while a renewal charge runs (spec section 4, 6207).',
            },
            CARD_CHANGE_REQUESTED: {
              target: 'loadingCards',
              actions: 'clearRefusal',
              description: 'The customer opens the change-billing-card dialog, which lists the saved cards (spec section 2).',
            },
            REFRESH_REQUESTED: {
              guard: 'isRenewing',
              target: '#autoRenewal.loading',
              actions: 'clearRefusal',
              description: 'While a renewal charge runs, the customer checks again whether it has ended, so it may be turned off.',
            },
          },
        },
        confirmingCancel: {
          description:
            'The customer is turning auto-renewal off: asked why, maybe offered a discount or a pause to stay (the cancellation flow, docs/decisions/057).',
          on: {
            CANCELLATION_SETTLED: {
              target: '#autoRenewal.loading',
              actions: 'clearRefusal',
              description: 'The customer kept it with an offer, turned it off, or was told it changed meanwhile: the panel asks where it stands now.',
            },
            CANCEL_DISMISSED: {
              target: 'idle',
              description: 'The customer keeps auto-renewal on: nothing changes, and the next renewal is charged as planned.',
            },
          },
        },
        loadingCards: {
          description: "The change-billing-card dialog is open and loads the customer's saved cards to choose from.",
          tags: ['busy'],
          invoke: {
            id: 'listCards',
            src: 'listCards',
            onDone: {
              target: 'choosingCard',
              actions: 'takeCards',
              description: 'The dialog lists the saved cards, the current billing card marked, for the customer to choose from.',
            },
            onError: {
              target: 'idle',
              actions: 'recordError',
              description: 'The saved cards could not be loaded: the dialog closes and the billing card stays as it was.',
            },
          },
        },
        choosingCard: {
          description: 'The customer picks the saved card the next renewals are charged to, or closes the dialog.',
          on: {
            CARD_CHOSEN: {
              target: 'changingCard',
              actions: 'clearRefusal',
              description: 'The customer chooses a saved card to charge the next renewals to (spec section 2).',
            },
            CARD_CHANGE_DISMISSED: { target: 'idle', description: 'The customer closes the dialog without choosing: the billing card stays as it was.' },
          },
        },
        changingCard: {
          description: 'The chosen card is being set as the billing card for renewals; the dialog waits for the server.',
          tags: ['busy'],
          invoke: {
            id: 'changeCard',
            src: 'changeCard',
            input: ({ event }) => {
              assertEvent(event, 'CARD_CHOSEN');
              return { cardId: event.cardId };
            },
            onDone: [
              {
                guard: 'hasInfo',
                target: 'idle',
                actions: ['takeInfo', 'markCardChanged'],
                description: 'Card changed (docs/decisions/010): the next renewal is charged to it, past declines reset; the panel confirms it.',
                meta: accept('cardChanged'),
              },
              {
                guard: refusedWith(R.cardUnusable),
                target: 'choosingCard',
                actions: 'takeRefusal',
                description: 'Card expired or cannot be charged by renewals (6206): the customer chooses another card.',
                meta: accept('cardRefused'),
              },
              {
                guard: refusedWith(R.cardNotUpdated),
                target: '#autoRenewal.loading',
                actions: 'takeRefusal',
                description: 'Card not updated (2002): auto-renewal is no longer on, or a renewal charge runs; the panel asks again where it stands.',
              },
              {
                target: 'loadingCards',
                actions: 'takeRefusal',
                meta: otherRefusals(R.savedCardNotFound, R.cardUserMismatch),
                description: "Card deleted in another tab (-2511) or not this account's (1020): the dialog says so and lists the cards again.",
              },
            ],
            onError: {
              target: 'choosingCard',
              actions: 'recordError',
              description: 'Changing the card failed unexpectedly: the billing card stays as it was, and the customer may choose again.',
            },
          },
        },
      },
    },
    cancelled: {
      description: 'Auto-renewal is off: the paid plan runs to its end; the way back is buying a monthly plan with auto-renew (spec section 4).',
      meta: accept('cancelled'),
      type: 'final',
      tags: ['off'],
    },
    expired: {
      description: 'Auto-renewal has ended (spec section 4): renewals were declined or the plan left sale; the customer may buy a new plan.',
      type: 'final',
      tags: ['off'],
    },
    none: {
      description: "None of the customer's plans renews by itself (6201); the panel offers a monthly plan with auto-renew.",
      type: 'final',
      tags: ['off'],
    },
    failure: {
      description: 'The auto-renewal could not be loaded for an unexpected reason; the customer may try again.',
      on: { REFRESH_REQUESTED: { target: 'loading', description: 'The customer tries again to load where the auto-renewal stands.' } },
    },
  },
});

export type AutoRenewalMachine = typeof autoRenewalMachine;
