// "Download my data" in settings (docs/decisions/061, LGPD art. 18 II and V): the customer asks
// for the JSON file or the readable PDF of everything the portal holds on the account; the file is
// made by the server in seconds and saved by the browser.
import { assertEvent, assign, setup } from 'xstate';
import { invocationError, type InvocationEvents } from '../actor-events';
import type { DataExportActors } from './data-export.actors';
import type { DataExportContext, DataExportEvent } from './data-export.types';

export type DataExportMachineEvent = DataExportEvent | InvocationEvents<DataExportActors>;

export const dataExportSetup = setup({
  types: {
    context: {} as DataExportContext,
    events: {} as DataExportMachineEvent,
  },
  actors: {} as DataExportActors,
  actions: {
    chooseFormat: assign({
      format: ({ event }) => {
        assertEvent(event, 'DOWNLOAD_REQUESTED');
        return event.format;
      },
    }),
    recordError: assign({ error: invocationError }),
    /** The file the view hands to the browser to save, once (the machine holds no DOM). */
    keepFile: assign({
      file: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.prepareFile');
        return event.output;
      },
    }),
  },
});

const request = (after: string) => ({
  DOWNLOAD_REQUESTED: {
    target: '#dataExport.preparing',
    actions: 'chooseFormat' as const,
    description: `${after}: the customer asks for their data as a JSON file or as a PDF ("Download my data").`,
  },
});

export const dataExportMachine = dataExportSetup.createMachine({
  id: 'dataExport',
  description: 'Downloading everything the portal holds on the account, as a JSON file or a readable PDF.',
  context: { format: null, file: null, error: undefined },
  initial: 'idle',
  states: {
    idle: {
      description: 'Settings shows "Download my data" with two buttons: the JSON file and the PDF.',
      on: request('From settings'),
    },
    preparing: {
      description: 'The file is being made; the buttons wait and say so.',
      tags: ['busy'],
      invoke: {
        id: 'prepareFile',
        src: 'prepareFile',
        input: ({ context }) => context.format ?? 'json',
        onDone: {
          target: 'downloaded',
          actions: 'keepFile',
          description: 'The server answered with the file: the browser saves it and settings says "Your file is downloaded."',
        },
        onError: {
          target: 'failure',
          actions: 'recordError',
          description: 'Making the file failed unexpectedly (network, fault): the customer reads so and may try again.',
        },
      },
    },
    downloaded: {
      description: 'The file was saved: settings says so, and the customer may download either file again.',
      on: request('After a download'),
    },
    failure: {
      description: 'The file could not be made: the customer reads so and may try again.',
      on: {
        RETRY_REQUESTED: { target: 'preparing', description: 'The customer asks for the same file again.' },
        ...request('After a failure'),
      },
    },
  },
});

export type DataExportMachine = typeof dataExportMachine;
