// Discount-code unbinding (spec section 4; issue 5 point 4; docs/decisions/008): the code the
// customer typed is held by another open order of theirs. The machine explains that using the code
// here cancels that order, and cancels it only when the customer confirms. The checkout machine
// invokes it as its child `unbinding` and reads the output.
import { assign, setup } from 'xstate';
import { outputOf, refusalIn } from '../expected-refusals';
import type { DiscountUnbindingActors } from './discount-unbinding.actors';
import {
  CANNOT_REMOVE_CODE,
  type DiscountUnbindingContext,
  type DiscountUnbindingEvent,
  type DiscountUnbindingInput,
  type DiscountUnbindingOutput,
} from './discount-unbinding.types';


export const discountUnbindingSetup = setup({
  types: {
    context: {} as DiscountUnbindingContext,
    events: {} as DiscountUnbindingEvent,
    input: {} as DiscountUnbindingInput,
    output: {} as DiscountUnbindingOutput,
  },
  actors: {} as DiscountUnbindingActors,
  guards: {
    isUnbound: ({ event }) => (outputOf(event) as { kind?: string } | undefined)?.kind === 'unbound',
    isCannotRemove: ({ event }) => refusalIn(outputOf(event), [CANNOT_REMOVE_CODE]) !== null,
  },
  actions: {
    takeRefusal: assign({ errCode: ({ event }) => refusalIn(outputOf(event), [CANNOT_REMOVE_CODE]) }),
    recordError: assign({ error: ({ event }) => (event as { error?: unknown }).error }),
  },
});

export const discountUnbindingMachine = discountUnbindingSetup.createMachine({
  id: 'discountUnbinding',
  context: ({ input }) => ({ orderId: input.orderId, discountCode: input.discountCode, errCode: null, error: undefined }),
  initial: 'explaining',
  // The final state's output is the machine's: the checkout reads it from its child's done event.
  output: ({ event }) => event.output as DiscountUnbindingOutput,
  states: {
    explaining: {
      // Spec section 4: a code bound to another open order must be unbound first, and unbinding
      // cancels that order; nothing happens until the customer says so.
      on: {
        CONFIRMED: { target: 'unbinding' },
        // Issue 5: cancelling keeps everything as it was (the other order keeps the code).
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
          // Spec section 8, 1003 "Unable to remove code": that order was paid meanwhile, or its
          // payment outcome is unknown (NETWORK_ERROR); the client has shown the message.
          { guard: 'isCannotRemove', target: 'cannotRemove', actions: 'takeRefusal' },
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
    unbound: { type: 'final', output: { kind: 'unbound' } },
    kept: { type: 'final', output: { kind: 'kept' } },
    cannotRemove: { type: 'final', output: { kind: 'cannotRemove', errCode: CANNOT_REMOVE_CODE } },
  },
});

export type DiscountUnbindingMachine = typeof discountUnbindingMachine;
