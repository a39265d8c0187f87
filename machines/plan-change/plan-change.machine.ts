// Changing plan from the account page (docs/decisions/056): the customer picks another plan and
// reads what it means before anything changes. An upgrade takes effect now (while the site's
// upgradePolicy is on): the quote shows the credit for the unused days, the new plan's price and the
// amount due, and confirming opens the payment page on an upgrade order, paid with any method. A
// downgrade (spec section 6: a multi-device package cannot go down to a single-device one before it
// ends) waits for the next renewal, shown on the account page with "Undo" until the renewal applies it.
import { assertEvent, assign, setup } from 'xstate';
import { invocationError, type InvocationEvents } from '../actor-events';
import { isRefusedWith, refusedWith } from '../expected-refusals';
import type { PlanChangeActors } from './plan-change.actors';
import { PlanChangeCode, type PlanChangeContext, type PlanChangeEvent } from './plan-change.types';

/** The user's events and the answers of the machine's calls, as each actor types them. */
export type PlanChangeMachineEvent = PlanChangeEvent | InvocationEvents<PlanChangeActors>;

export const planChangeSetup = setup({
  types: {
    context: {} as PlanChangeContext,
    events: {} as PlanChangeMachineEvent,
  },
  actors: {} as PlanChangeActors,
  guards: {
    refusedWith: isRefusedWith,
    isUpgradeOrdered: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.change');
      return event.output.kind === 'upgradeOrdered';
    },
  },
  actions: {
    choosePlan: assign({
      planId: ({ event }) => {
        assertEvent(event, 'PLAN_CHOSEN');
        return event.planId;
      },
      quote: null,
      errCode: null,
    }),
    takeQuote: assign({
      quote: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.quote');
        return event.output.kind === 'quoted' ? event.output.quote : null;
      },
    }),
    takeRefusal: assign({
      errCode: ({ event }) => {
        assertEvent(event, ['xstate.done.actor.quote', 'xstate.done.actor.change', 'xstate.done.actor.undo']);
        return event.output.kind === 'refused' ? event.output.errCode : null;
      },
    }),
    forget: assign({ planId: null, quote: null, errCode: null }),
    recordError: assign({ error: invocationError }),
    /** The app layer opens /payment on the upgrade order (src/queries/flows/plan-change-flow.ts). */
    openPayment: (_, _params: { orderId: string }) => {},
  },
});

/**
 * What the customer may do where the plan list shows: pick a plan and, where a change may still
 * wait for the renewal (the account page shows it with "Undo"), undo it.
 */
const requests = (after: string, { undo }: { undo: boolean }) => ({
  PLAN_CHOSEN: {
    target: '#planChange.quoting',
    actions: 'choosePlan' as const,
    description: `${after}: the customer picks another plan ("Change to this plan"); it is quoted before anything changes.`,
  },
  ...(undo
    ? {
        UNDO_REQUESTED: {
          target: '#planChange.undoing',
          actions: 'forget' as const,
          description: `${after}: the customer undoes the plan change waiting for the next renewal ("Undo").`,
        },
      }
    : {}),
});

export const planChangeMachine = planChangeSetup.createMachine({
  id: 'planChange',
  description: 'Changing plan from the account page: an upgrade now, paying the difference pro rata, or a downgrade at the next renewal, which can be undone.',
  context: { planId: null, quote: null, errCode: null, error: undefined },
  initial: 'idle',
  states: {
    idle: {
      description: 'The account page shows the running plan, the plans it can change to, and any change waiting for the renewal with "Undo".',
      on: requests('From the account page', { undo: true }),
    },
    quoting: {
      description: 'The change to the picked plan is being worked out; the plan list waits for the server.',
      tags: ['busy'],
      invoke: {
        id: 'quote',
        src: 'quote',
        input: ({ context }) => ({ planId: context.planId! }),
        onDone: [
          {
            guard: refusedWith(PlanChangeCode.creditCoversPrice),
            target: 'quoteRefused',
            actions: 'takeRefusal',
            description: 'Refused (8206): the unused days are worth more than the picked plan; the customer reads why and may pick a longer one.',
          },
          {
            target: 'reviewing',
            actions: 'takeQuote',
            description:
              'Quoted: an upgrade now with its credit for the unused days, the new price and the amount due; or a change at the next renewal with its date.',
          },
        ],
        onError: {
          target: 'failure',
          actions: 'recordError',
          description: 'The change could not be worked out (network, fault): nothing changed, and the customer may pick again.',
        },
      },
    },
    reviewing: {
      description:
        'The customer reads the change before confirming: for an upgrade, "Credit for unused days", "New plan" and "Due now"; for a change at the renewal, the date it applies.',
      on: {
        CHANGE_CONFIRMED: {
          target: 'changing',
          description: 'The customer confirms: "Pay the difference" for an upgrade, "Change at renewal" otherwise.',
        },
        CHANGE_DISMISSED: {
          target: 'idle',
          actions: 'forget',
          description: 'The customer keeps the plan: the quote closes and nothing changes.',
        },
      },
    },
    changing: {
      description: 'The change is being made: an upgrade order is opened, or the change is scheduled for the renewal.',
      tags: ['busy'],
      invoke: {
        id: 'change',
        src: 'change',
        input: ({ context }) => ({ planId: context.planId! }),
        onDone: [
          {
            guard: refusedWith(PlanChangeCode.noRenewalToChange),
            target: 'changeRefused',
            actions: 'takeRefusal',
            description: 'Refused (8203): auto-renewal was turned off meanwhile, so there is no renewal to change; the plan simply ends on its date.',
          },
          {
            guard: 'isUpgradeOrdered',
            target: 'upgradeOrdered',
            description: 'The upgrade order is open: the payment page shows the amount due, to pay with any method the portal offers.',
          },
          {
            target: 'scheduled',
            description: 'Scheduled: the account page shows the change and the date the renewal applies it, with "Undo".',
          },
        ],
        onError: {
          target: 'failure',
          actions: 'recordError',
          description: 'The change could not be made (network, fault): nothing changed, and the customer may pick again.',
        },
      },
    },
    upgradeOrdered: {
      description: 'The payment page opens on the upgrade order: the new plan, the credit as its discount, and the amount due.',
      type: 'final',
      entry: {
        type: 'openPayment',
        params: ({ event }) => {
          assertEvent(event, 'xstate.done.actor.change');
          return { orderId: event.output.kind === 'upgradeOrdered' ? event.output.orderId : '' };
        },
      },
    },
    scheduled: {
      description: 'The change waits for the next renewal: the account page says which plan and when, with "Undo".',
      on: requests('After scheduling', { undo: true }),
    },
    undoing: {
      description: 'The change waiting for the renewal is being undone.',
      tags: ['busy'],
      invoke: {
        id: 'undo',
        src: 'undo',
        onDone: [
          {
            guard: refusedWith(PlanChangeCode.nothingScheduled),
            target: 'undoRefused',
            actions: 'takeRefusal',
            description: 'Refused (8205): nothing waits any more (the renewal applied it, or another tab undid it); the account page is read again.',
          },
          {
            target: 'undone',
            description: 'Undone: the renewal will renew the running plan, as before.',
          },
        ],
        onError: {
          target: 'failure',
          actions: 'recordError',
          description: 'Undoing failed unexpectedly (network, fault): the change still waits, and the customer may try again.',
        },
      },
    },
    undone: {
      description: 'The account page says the change was undone; the running plan renews as before.',
      on: requests('After undoing', { undo: false }),
    },
    quoteRefused: {
      description: 'The customer reads why that plan cannot be picked (8206), next to the plan list; a change already waiting still shows with "Undo".',
      on: requests('After a refused quote', { undo: true }),
    },
    changeRefused: {
      description: 'The customer reads that auto-renewal is off, so the plan simply ends on its date (8203); nothing waits for a renewal.',
      on: requests('After a refused change', { undo: false }),
    },
    undoRefused: {
      description: 'The customer reads that no change waits any more (8205); the account page shows the plan as it is.',
      on: requests('After a refused undo', { undo: false }),
    },
    failure: {
      description: 'Something failed unexpectedly: the customer reads so and may pick a plan, or undo, again; nothing changed.',
      on: requests('After a failure', { undo: true }),
    },
  },
});

export type PlanChangeMachine = typeof planChangeMachine;
