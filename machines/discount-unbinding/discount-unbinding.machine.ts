// Discount-code unbinding (spec section 4; docs/decisions/008): the code the
// customer typed is held by another open order of theirs. The machine explains that using the code
// here cancels that order, and cancels it only when the customer confirms. The checkout machine
// invokes it as its child `unbinding` and reads the output.
import { assertEvent, assign, setup } from 'xstate';
import { invocationError, type InvocationEvents } from '../actor-events';
import type { DiscountUnbindingActors } from './discount-unbinding.actors';
import {
  CANNOT_REMOVE_CODE,
  type DiscountUnbindingContext,
  type DiscountUnbindingEvent,
  type DiscountUnbindingInput,
  type DiscountUnbindingOutput,
} from './discount-unbinding.types';

/** The customer's events and the unbinding call's answer, as its actor types it. */
export type DiscountUnbindingMachineEvent = DiscountUnbindingEvent | InvocationEvents<DiscountUnbindingActors>;

export const discountUnbindingSetup = setup({
  types: {
    context: {} as DiscountUnbindingContext,
    events: {} as DiscountUnbindingMachineEvent,
    input: {} as DiscountUnbindingInput,
    output: {} as DiscountUnbindingOutput,
  },
  actors: {} as DiscountUnbindingActors,
  guards: {
    isUnbound: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.unbind');
      return event.output.kind === 'unbound';
    },
  },
  actions: {
    takeRefusal: assign({
      errCode: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.unbind');
        return event.output.kind === 'refused' ? event.output.errCode : null;
      },
    }),
    recordError: assign({ error: invocationError }),
    /** How it ended, for the checkout that invoked it. */
    end: assign((_, outcome: DiscountUnbindingOutput) => ({ outcome })),
  },
});

export const discountUnbindingMachine = discountUnbindingSetup.createMachine({
  id: 'discountUnbinding',
  context: ({ input }) => ({ orderId: input.orderId, discountCode: input.discountCode, errCode: null, error: undefined, outcome: undefined }),
  initial: 'explaining',
  // Each final state says how it ended: the checkout reads it from its child's done event.
  output: ({ context }) => context.outcome ?? { kind: 'kept' },
  states: {
    explaining: {
      // Spec section 4: a code bound to another open order must be unbound first, and unbinding
      // cancels that order; nothing happens until the customer says so.
      on: {
        CONFIRMED: { target: 'unbinding' },
        // Cancelling keeps everything as it was (the other order keeps the code).
        CANCELLED: { target: 'kept' },
      },
    },
    unbinding: {
      tags: ['busy'],
      invoke: {
        id: 'unbind',
        src: 'unbind',
        input: ({ context }) => ({ orderId: context.orderId, discountCode: context.discountCode }),
        onDone: [
          // The other order is PAYMENT_CANCELLED and the code is free for this one.
          { guard: 'isUnbound', target: 'unbound' },
          // Spec section 8, 1003 "Unable to remove code" (the one refusal it answers): that order
          // was paid meanwhile, or its payment outcome is unknown (NETWORK_ERROR); the client has
          // shown the message.
          { target: 'cannotRemove', actions: 'takeRefusal' },
        ],
        // Network, timeout, 1001, a server fault: recorded; the customer may try again or keep.
        onError: { target: 'failure', actions: 'recordError' },
      },
    },
    failure: {
      on: {
        RETRY_REQUESTED: { target: 'unbinding' },
        CANCELLED: { target: 'kept' },
      },
    },
    unbound: { type: 'final', entry: { type: 'end', params: { kind: 'unbound' } } },
    kept: { type: 'final', entry: { type: 'end', params: { kind: 'kept' } } },
    cannotRemove: { type: 'final', entry: { type: 'end', params: { kind: 'cannotRemove', errCode: CANNOT_REMOVE_CODE } } },
  },
});

export type DiscountUnbindingMachine = typeof discountUnbindingMachine;
