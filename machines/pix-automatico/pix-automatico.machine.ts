// Renewal by PIX Automático on the account page (docs/decisions/060): a monthly plan renews by the
// payer's standing authorisation at their bank instead of a card. Journey 3 of the Banco Central's
// rules: one composite QR pays the next month now and authorises a fixed monthly amount until an
// end date; the portal then schedules each month's charge. The customer sees the authorisation's
// terms and status and may cancel it here (or in their bank app, which ends it the same way).
import { assertEvent, assign, setup } from 'xstate';
import { invocationError, type InvocationEvents } from '../actor-events';
import { isRefusedWith, refusedWith, saying } from '../expected-refusals';
import type { PixAutomaticoActors } from './pix-automatico.actors';
import { PixAutomaticoCode as C, type PixAutomatico, type PixAutomaticoContext, type PixAutomaticoEvent } from './pix-automatico.types';

/** The user's events and the answers of the machine's calls, as each actor types them. */
export type PixAutomaticoMachineEvent = PixAutomaticoEvent | InvocationEvents<PixAutomaticoActors>;

const ANSWERS = ['xstate.done.actor.loadInfo', 'xstate.done.actor.start', 'xstate.done.actor.cancel'] as const;
const infoOf = (event: PixAutomaticoMachineEvent): PixAutomatico | null => {
  assertEvent(event, ANSWERS);
  return event.output.kind === 'info' ? event.output.info : null;
};
const hasStatus =
  (...statuses: PixAutomatico['status'][]) =>
  ({ event }: { event: PixAutomaticoMachineEvent }) => {
    const status = infoOf(event)?.status;
    return status !== undefined && statuses.includes(status);
  };

export const pixAutomaticoSetup = setup({
  types: {
    context: {} as PixAutomaticoContext,
    events: {} as PixAutomaticoMachineEvent,
  },
  actors: {} as PixAutomaticoActors,
  guards: {
    refusedWith: isRefusedWith,
    isAwaitingPayer: hasStatus('CRIADA'),
    isApproved: hasStatus('APROVADA'),
  },
  actions: {
    takeInfo: assign({ info: ({ event }) => infoOf(event), errCode: null }),
    takeRefusal: assign({
      errCode: ({ event }) => {
        assertEvent(event, ANSWERS);
        return event.output.kind === 'refused' ? event.output.errCode : null;
      },
    }),
    clearRefusal: assign({ errCode: null }),
    recordError: assign({ error: invocationError }),
  },
});

const start = (after: string) => ({
  START_REQUESTED: {
    target: '#pixAutomatico.starting',
    description: `${after}: the customer asks to renew their monthly plan by PIX Automático ("Renew by PIX Automático").`,
  },
});
const cancel = (after: string) => ({
  CANCEL_REQUESTED: {
    target: '#pixAutomatico.confirmingCancel',
    description: `${after}: the customer asks to cancel the authorisation ("Cancel authorisation"); it asks to confirm first.`,
  },
});

/** Where an answer carrying the authorisation leads: by its status. */
const byStatus = (what: string) => [
  {
    guard: 'isAwaitingPayer' as const,
    target: '#pixAutomatico.awaitingApproval',
    actions: 'takeInfo' as const,
    description: `${what}: the authorisation awaits the payer (CRIADA); the customer sees the QR to scan in their bank app.`,
  },
  {
    guard: 'isApproved' as const,
    target: '#pixAutomatico.authorised',
    actions: 'takeInfo' as const,
    description: `${what}: the bank approved it (APROVADA); the customer sees its terms and the next month's charge.`,
  },
  {
    target: '#pixAutomatico.ended',
    actions: 'takeInfo' as const,
    description: `${what}: the authorisation ended (cancelled, rejected by the bank, or expired); the customer reads why and may start again.`,
  },
];

export const pixAutomaticoMachine = pixAutomaticoSetup.createMachine({
  id: 'pixAutomatico',
  description: 'Renewing a monthly plan by PIX Automático from the account page: the composite QR, the authorisation and cancelling it.',
  context: { info: null, errCode: null, error: undefined },
  initial: 'loading',
  states: {
    loading: {
      description: 'The panel asks the server where the PIX Automático authorisation stands.',
      tags: ['busy'],
      invoke: {
        id: 'loadInfo',
        src: 'loadInfo',
        onDone: [
          {
            guard: refusedWith(C.none),
            target: 'offered',
            actions: 'clearRefusal',
            meta: saying({ [C.none]: 'pixAuto.offer' }),
            description: 'No authorisation yet (8603): the customer is offered to renew by PIX Automático.',
          },
          ...byStatus('Read'),
        ],
        onError: {
          target: 'failure',
          actions: 'recordError',
          description: 'Reading the authorisation failed unexpectedly (network, fault): the customer may try again.',
        },
      },
    },
    offered: {
      description: 'The customer reads that their monthly plan can renew by PIX Automático instead of a card, with a button to start.',
      on: start('Offered'),
    },
    starting: {
      description: 'The composite QR is being made (it pays the next month and authorises the rest).',
      tags: ['busy'],
      invoke: {
        id: 'start',
        src: 'start',
        input: ({ event }) => {
          assertEvent(event, 'START_REQUESTED');
          return { planId: event.planId };
        },
        onDone: [
          {
            guard: refusedWith(C.planNotMonthly, C.alreadyAuthorised, C.needsEmail),
            target: 'refused',
            actions: 'takeRefusal',
            description: 'Refused: the plan is not monthly (8601), PIX Automático already renews it (8602), or the account has no email for receipts (8604).',
          },
          {
            target: 'awaitingApproval',
            actions: 'takeInfo',
            description: 'The QR is made (or the one still payable is shown again): the authorisation awaits the payer (CRIADA).',
          },
        ],
        onError: {
          target: 'failure',
          actions: 'recordError',
          description: 'Making the QR failed unexpectedly: nothing was authorised, and the customer may try again.',
        },
      },
    },
    awaitingApproval: {
      description:
        'The customer sees the composite QR and its terms (fixed monthly amount, maximum, end date) to scan in their bank app, which pays the next month and approves.',
      on: {
        REFRESH_REQUESTED: {
          target: 'loading',
          description: 'The customer says they approved it in their bank app ("I have approved it"): the panel reads it again.',
        },
        ...cancel('Before approving'),
      },
    },
    authorised: {
      description:
        'PIX Automático renews the plan: the customer sees the amount, maximum, frequency, end date, status and the next charge, with "Cancel authorisation".',
      on: cancel('While authorised'),
    },
    confirmingCancel: {
      description: 'A dialog asks the customer to confirm: "Cancel the PIX Automático authorisation?"; the plan then stops renewing.',
      on: {
        CANCEL_CONFIRMED: { target: 'cancelling', description: 'The customer confirms: the authorisation is cancelled now.' },
        CANCEL_DISMISSED: { target: 'loading', description: 'The customer keeps the authorisation: the dialog closes and the panel reads it again.' },
      },
    },
    cancelling: {
      description: 'The authorisation is being cancelled; the dialog waits for the server.',
      tags: ['busy'],
      invoke: {
        id: 'cancel',
        src: 'cancel',
        onDone: [
          {
            guard: refusedWith(C.none, C.ended),
            target: 'refused',
            actions: 'takeRefusal',
            description: 'Refused: it had already ended (8605, e.g. cancelled in the bank app meanwhile) or there is none (8603).',
          },
          {
            target: 'ended',
            actions: 'takeInfo',
            description: 'Cancelled (CANCELADA): the plan stops renewing; the days already paid for stay.',
          },
        ],
        onError: {
          target: 'failure',
          actions: 'recordError',
          description: 'Cancelling failed unexpectedly: the authorisation stays as it was, and the customer may try again.',
        },
      },
    },
    ended: {
      description: 'The authorisation ended: the customer reads whether they, their bank or the portal ended it, or that it expired, and may start again.',
      on: start('After it ended'),
    },
    refused: {
      description: 'The customer reads why the server refused, next to the panel, and may read the authorisation again.',
      on: {
        REFRESH_REQUESTED: { target: 'loading', description: 'The customer goes back to the authorisation as it stands.' },
      },
    },
    failure: {
      description: 'Something failed unexpectedly: the customer reads so and may try again; nothing changed.',
      on: {
        RETRY_REQUESTED: { target: 'loading', description: 'The customer tries again: the panel reads the authorisation again.' },
      },
    },
  },
});

export type PixAutomaticoMachine = typeof pixAutomaticoMachine;
