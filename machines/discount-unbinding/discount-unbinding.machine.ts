// Discount-code unbinding (spec section 4; docs/decisions/008): the code the
// customer typed is held by another open order of theirs. The machine explains that using the code
// here cancels that order, and cancels it only when the customer confirms. The checkout machine
// invokes it as its child `unbinding` and reads the output.
import { assertEvent, assign, setup } from 'xstate';
import { invocationError, type InvocationEvents } from '../actor-events';
import { otherRefusals } from '../expected-refusals';
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
  description: 'The code the customer typed is held by another open order of theirs: using it here cancels that order (spec section 4).',
  context: ({ input }) => ({ orderId: input.orderId, discountCode: input.discountCode, errCode: null, error: undefined, outcome: undefined }),
  initial: 'explaining',
  // Each final state says how it ended: the checkout reads it from its child's done event.
  output: ({ context }) => context.outcome ?? { kind: 'kept' },
  states: {
    explaining: {
      description: 'The dialog explains that using the code here cancels the other order holding it; nothing happens until confirmed.',
      on: {
        CONFIRMED: { target: 'unbinding', description: 'The customer agrees to cancel the other order so the code applies to this one (spec section 4).' },
        CANCELLED: { target: 'kept', description: 'The customer keeps the other order: it stays open and keeps the code; nothing changes.' },
      },
    },
    unbinding: {
      description: 'The other order is being cancelled to free the code; the dialog waits for the server and takes no other choice.',
      tags: ['busy'],
      invoke: {
        id: 'unbind',
        src: 'unbind',
        input: ({ context }) => ({ orderId: context.orderId, discountCode: context.discountCode }),
        onDone: [
          { guard: 'isUnbound', target: 'unbound', description: 'The other order is cancelled (PAYMENT_CANCELLED) and the code is free for this one.' },
          {
            target: 'cannotRemove',
            actions: 'takeRefusal',
            meta: otherRefusals(CANNOT_REMOVE_CODE),
            description: 'Unable to remove code (spec section 8, 1003): that order was paid meanwhile, or its outcome is unknown.',
          },
        ],
        onError: {
          target: 'failure',
          actions: 'recordError',
          description: 'The other order could not be cancelled (network, timeout, 1001, a fault): nothing changed; retry or keep it.',
        },
      },
    },
    failure: {
      description: 'The dialog says the other order could not be cancelled just now and nothing was changed.',
      on: {
        RETRY_REQUESTED: { target: 'unbinding', description: 'The customer tries again to cancel the other order and free the code.' },
        CANCELLED: { target: 'kept', description: 'The customer gives up and keeps the other order, which keeps the code.' },
      },
    },
    unbound: {
      description: 'The code is free: the dialog closes and the checkout prices this order again with the code.',
      type: 'final',
      entry: { type: 'end', params: { kind: 'unbound' } },
    },
    kept: {
      description: 'The other order keeps the code: the dialog closes and this order goes on without it.',
      type: 'final',
      entry: { type: 'end', params: { kind: 'kept' } },
    },
    cannotRemove: {
      description: "The code stays with the other order (1003, said by the client's message); this order goes on without it.",
      type: 'final',
      entry: { type: 'end', params: { kind: 'cannotRemove', errCode: CANNOT_REMOVE_CODE } },
    },
  },
});

export type DiscountUnbindingMachine = typeof discountUnbindingMachine;
