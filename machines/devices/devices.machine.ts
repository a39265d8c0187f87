// Signing other devices out from the account page's device list (docs/decisions/054): one other
// log-in, or every log-in but this device's, each after a confirmation. Their sessions end at once;
// their next call answers -24020 and they are signed out there (spec section 8). The list itself is
// the account page's query, which the view reloads after each answer.
import { assertEvent, assign, setup } from 'xstate';
import { invocationError, type InvocationEvents } from '../actor-events';
import { isRefusedWith, refusedWith } from '../expected-refusals';
import type { DevicesActors } from './devices.actors';
import { DevicesCode, type DevicesContext, type DevicesEvent } from './devices.types';

/** The user's events and the answers of the machine's calls, as each actor types them. */
export type DevicesMachineEvent = DevicesEvent | InvocationEvents<DevicesActors>;

export const devicesSetup = setup({
  types: {
    context: {} as DevicesContext,
    events: {} as DevicesMachineEvent,
  },
  actors: {} as DevicesActors,
  guards: {
    refusedWith: isRefusedWith,
  },
  actions: {
    chooseOne: assign({
      target: ({ event }) => {
        assertEvent(event, 'SIGN_OUT_REQUESTED');
        return { kind: 'one' as const, id: event.id, label: event.label };
      },
      errCode: null,
    }),
    chooseOthers: assign({ target: { kind: 'others' as const }, errCode: null }),
    takeRefusal: assign({
      errCode: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.signOut');
        return event.output.kind === 'refused' ? event.output.errCode : null;
      },
    }),
    clearRefusal: assign({ errCode: null }),
    recordError: assign({ error: invocationError }),
  },
});

/** What the customer may ask wherever the list is shown: the same two requests, each confirmed first. */
const requests = (after: string) => ({
  SIGN_OUT_REQUESTED: {
    target: '#devices.confirming',
    actions: 'chooseOne' as const,
    description: `${after}: the customer asks to sign out one other device of the list ("Sign out"); it asks to confirm first.`,
  },
  SIGN_OUT_OTHERS_REQUESTED: {
    target: '#devices.confirming',
    actions: 'chooseOthers' as const,
    description: `${after}: the customer asks to sign out every device but this one ("Sign out all other devices"); it asks to confirm first.`,
  },
});

export const devicesMachine = devicesSetup.createMachine({
  id: 'devices',
  description: "Signing the customer's other devices out from the account page's device list, one or all of them at once.",
  context: { target: null, errCode: null, error: undefined },
  initial: 'idle',
  states: {
    idle: {
      description: 'The customer sees the last log-ins, "This device" marked, with a way to sign out each other running one, or all of them.',
      on: requests('From the list'),
    },
    confirming: {
      description: 'A dialog asks the customer to confirm: "Sign out Chrome · Windows?" or "Sign out all other devices?".',
      on: {
        SIGN_OUT_CONFIRMED: {
          target: 'signingOut',
          description: 'The customer confirms: the device (or every other device) is signed out now.',
        },
        SIGN_OUT_DISMISSED: {
          target: 'idle',
          actions: 'clearRefusal',
          description: 'The customer keeps the devices signed in: the dialog closes and nothing changes.',
        },
      },
    },
    signingOut: {
      description: 'The device (or every other device) is being signed out; the dialog waits for the server.',
      tags: ['busy'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        input: ({ context }) => context.target!,
        onDone: [
          {
            guard: refusedWith(DevicesCode.notSignedIn),
            target: 'refused',
            actions: 'takeRefusal',
            description: 'Refused (8101): that device was no longer signed in (signed out meanwhile, or its session ran out); the list reloads.',
          },
          {
            target: 'done',
            actions: 'clearRefusal',
            description: 'Signed out (docs/decisions/054): the device must log in again; the list reloads and says "Signed out."',
          },
        ],
        onError: {
          target: 'failure',
          actions: 'recordError',
          description: 'Signing out failed unexpectedly (network, fault): the devices stay as they were, and the customer may try again.',
        },
      },
    },
    done: {
      description: 'Signed out: the reloaded list shows that device (or every other one) no longer signed in, and says "Signed out."',
      on: requests('After signing out'),
    },
    refused: {
      description: 'The device was already signed out: the customer reads why, next to the reloaded list.',
      on: requests('After a refusal'),
    },
    failure: {
      description: 'Signing out failed for an unexpected reason: the customer reads so and may try again; nothing changed.',
      on: {
        RETRY_REQUESTED: {
          target: 'signingOut',
          description: 'The customer tries the same sign-out again.',
        },
        ...requests('After a failure'),
      },
    },
  },
});

export type DevicesMachine = typeof devicesMachine;
