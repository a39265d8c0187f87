// Turning auto-renewal off with a reason and a retention offer (spec section 4: "turned off by
// cancelling"; docs/decisions/057). The account page's auto-renewal panel opens it when the
// customer asks to turn auto-renewal off: the reason, then the offer the site makes for it, if
// any; accepting keeps the subscription, declining (or confirming when no offer is made) turns it
// off at the end of the period paid. The panel closes it ("Keep it on") from any settled step.
import { assertEvent, assign, setup } from 'xstate';
import { invocationError, type InvocationEvents } from '../actor-events';
import { isRefusedWith, otherRefusals, refusedWith } from '../expected-refusals';
import type { CancellationActors } from './cancellation.actors';
import { CancellationCode, type CancellationContext, type CancellationEvent } from './cancellation.types';

/** The user's events and the answers of the machine's calls, as each actor types them. */
export type CancellationMachineEvent = CancellationEvent | InvocationEvents<CancellationActors>;

const C = CancellationCode;
const ANSWERS = ['xstate.done.actor.findOffer', 'xstate.done.actor.acceptOffer', 'xstate.done.actor.cancelRenewal'] as const;
const refusalOf = (event: CancellationMachineEvent): number | null => {
  assertEvent(event, ANSWERS);
  return event.output.kind === 'refused' ? event.output.errCode : null;
};
const reasonOf = ({ context }: { context: CancellationContext }) => ({ reason: context.reason!, otherText: context.otherText });

export const cancellationSetup = setup({
  types: {
    context: {} as CancellationContext,
    events: {} as CancellationMachineEvent,
  },
  actors: {} as CancellationActors,
  guards: {
    refusedWith: isRefusedWith,
    hasOffer: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.findOffer');
      return event.output.kind === 'offer' && event.output.offer !== null;
    },
    isKept: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.acceptOffer');
      return event.output.kind === 'kept';
    },
    isCancelled: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.cancelRenewal');
      return event.output.kind === 'cancelled';
    },
    wasOffered: ({ context }) => context.offer !== null,
  },
  actions: {
    takeReason: assign(({ event }) => {
      assertEvent(event, 'REASON_SUBMITTED');
      return { reason: event.reason, otherText: event.otherText, errCode: null, error: undefined };
    }),
    takeOffer: assign({
      offer: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.findOffer');
        return event.output.kind === 'offer' ? event.output.offer : null;
      },
    }),
    takeKept: assign({
      kept: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.acceptOffer');
        return event.output.kind === 'kept' ? event.output.kept : null;
      },
    }),
    takeEnd: assign({
      endsAt: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.cancelRenewal');
        return event.output.kind === 'cancelled' ? event.output.endsAt : null;
      },
    }),
    takeRefusal: assign({ errCode: ({ event }) => refusalOf(event) }),
    clearRefusal: assign({ errCode: null, error: undefined }),
    recordError: assign({ error: invocationError }),
  },
});

/** Auto-renewal changed meanwhile (spec section 8): none, expired, already off, or a renewal charge running. */
const gone = [C.none, C.expired, C.alreadyCancelled, C.renewing] as const;

export const cancellationMachine = cancellationSetup.createMachine({
  id: 'cancellation',
  description: 'Turning auto-renewal off: the customer says why, may be offered a discount or a pause to stay, and keeps it or turns it off.',
  context: { reason: null, otherText: '', offer: null, kept: null, endsAt: null, errCode: null, error: undefined },
  initial: 'choosingReason',
  states: {
    choosingReason: {
      description:
        'The customer is asked why they turn auto-renewal off: too expensive, not using it, missing content, technical problems, switching service, or other (in their words).',
      on: {
        REASON_SUBMITTED: {
          target: 'findingOffer',
          actions: 'takeReason',
          description: 'The customer picks a reason (and writes it, for "other") and goes on.',
        },
      },
    },
    findingOffer: {
      description: 'The server is asked which offer, if any, the site makes to a customer leaving for this reason.',
      tags: ['busy'],
      invoke: {
        id: 'findOffer',
        src: 'findOffer',
        input: reasonOf,
        onDone: [
          {
            guard: 'hasOffer',
            target: 'offering',
            actions: 'takeOffer',
            description: 'An offer for this reason (docs/decisions/057): the customer is shown a discount on the next renewal, or a pause.',
          },
          {
            guard: refusedWith(C.reasonTextMissing),
            target: 'choosingReason',
            actions: 'takeRefusal',
            description: 'Refused (8301): "other" was chosen without saying what; the customer is asked to write it.',
          },
          {
            guard: refusedWith(...gone),
            target: 'refused',
            actions: 'takeRefusal',
            description: 'Refused: auto-renewal is no longer on (6201, 6202, 6204) or a renewal charge runs (6207); the panel says so.',
          },
          {
            target: 'confirming',
            actions: 'takeOffer',
            description: 'No offer for this reason (none configured, or one taken this year): the customer is asked to confirm.',
          },
        ],
        onError: {
          target: 'choosingReason',
          actions: 'recordError',
          description: 'The server could not be asked: nothing changed, and the customer may go on again.',
        },
      },
    },
    offering: {
      description: 'The customer sees the offer to stay (a discount on the next renewal, or a pause of 1 to 3 months) and accepts or declines it.',
      on: {
        OFFER_ACCEPTED: { target: 'accepting', actions: 'clearRefusal', description: 'The customer accepts the offer and keeps auto-renewal on.' },
        OFFER_DECLINED: {
          target: 'cancelling',
          actions: 'clearRefusal',
          description: 'The customer declines the offer: auto-renewal is turned off at the end of the period paid.',
        },
      },
    },
    confirming: {
      description: 'No offer is made: the customer is asked to confirm turning auto-renewal off, the plan running to the end of the period paid.',
      on: {
        CANCEL_CONFIRMED: {
          target: 'cancelling',
          actions: 'clearRefusal',
          description: 'The customer confirms: auto-renewal is turned off at the end of the period paid.',
        },
      },
    },
    accepting: {
      description: 'The offer is being applied; the customer waits for the server.',
      tags: ['busy'],
      invoke: {
        id: 'acceptOffer',
        src: 'acceptOffer',
        input: ({ context }) => ({ ...reasonOf({ context }), offer: context.offer! }),
        onDone: [
          {
            guard: 'isKept',
            target: 'accepted',
            actions: 'takeKept',
            description: 'Applied (docs/decisions/057): auto-renewal stays on, with the discount on the next renewal or the next charge after the pause.',
          },
          {
            guard: refusedWith(C.offerUnavailable),
            target: 'findingOffer',
            actions: 'takeRefusal',
            description: 'Refused (8302): the site no longer makes this offer; the customer is told and shown what it makes now.',
          },
          {
            target: 'refused',
            actions: 'takeRefusal',
            meta: otherRefusals(...gone),
            description: 'Refused: auto-renewal is no longer on (6201, 6202, 6204) or a renewal charge runs (6207); the panel says so.',
          },
        ],
        onError: {
          target: 'offering',
          actions: 'recordError',
          description: 'Applying the offer failed unexpectedly: nothing changed, and the customer may choose again.',
        },
      },
    },
    cancelling: {
      description: "Auto-renewal is being turned off at the customer's request; the customer waits for the server.",
      tags: ['busy'],
      invoke: {
        id: 'cancelRenewal',
        src: 'cancelRenewal',
        input: ({ context }) => ({ ...reasonOf({ context }), declinedOffer: context.offer }),
        onDone: [
          {
            guard: 'isCancelled',
            target: 'confirmed',
            actions: 'takeEnd',
            description: 'Turned off, the reason stored: the customer sees the date the plan already paid for ends.',
          },
          {
            target: 'refused',
            actions: 'takeRefusal',
            meta: otherRefusals(...gone),
            description: 'Refused: auto-renewal is no longer on (6201, 6202, 6204) or a renewal charge runs (6207); the panel says so.',
          },
        ],
        onError: [
          {
            guard: 'wasOffered',
            target: 'offering',
            actions: 'recordError',
            description: 'Turning it off failed unexpectedly: auto-renewal stays on, and the customer sees the offer again.',
          },
          {
            target: 'confirming',
            actions: 'recordError',
            description: 'Turning it off failed unexpectedly: auto-renewal stays on, and the customer may confirm again.',
          },
        ],
      },
    },
    accepted: {
      description: 'The customer kept auto-renewal with the offer: they see the discount and its renewal date, or when the pause ends.',
      type: 'final',
    },
    confirmed: {
      description: 'Auto-renewal is off: the customer sees the date the plan already paid for ends; nothing is charged after.',
      type: 'final',
    },
    refused: {
      description: 'Auto-renewal changed meanwhile (ended, off in another tab, or a renewal being charged): the panel says so and shows where it stands.',
      type: 'final',
    },
  },
});

export type CancellationMachine = typeof cancellationMachine;
