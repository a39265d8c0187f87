// "Download my data"'s graph for the walks (docs/decisions/061): the events each state offers, with
// the typed results of its invocation, which the walks then arrange for real.
import type { EventObject } from 'xstate';
import { createDataExportActors } from '../../machines/data-export/data-export.actors';
import { dataExportMachine, type DataExportMachine } from '../../machines/data-export/data-export.machine';
import { done, error, type GraphModel } from './harness';

const userEvents: EventObject[] = [
  { type: 'DOWNLOAD_REQUESTED', format: 'json' } as EventObject,
  { type: 'DOWNLOAD_REQUESTED', format: 'pdf' } as EventObject,
  { type: 'RETRY_REQUESTED' },
];

/** The machine's graph for the walks: stand-in actors suffice, since each walk runs the machine with its own. */
export function dataExportGraph(
  machine: DataExportMachine = dataExportMachine.provide({ actors: createDataExportActors({} as never) }),
): GraphModel<DataExportMachine> {
  return {
    machine,
    inputs: { signedIn: undefined as never },
    events: (snapshot) => [
      ...userEvents.filter((e) => snapshot.can(e as never)),
      ...Object.keys(snapshot.children).flatMap((id) => (id === 'prepareFile' ? [done('prepareFile', { kind: 'file' }), error('prepareFile')] : [])),
    ],
  };
}
