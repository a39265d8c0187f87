import { useSelector } from '@xstate/react';
import { createDataExportActors } from '../../../machines/data-export/data-export.actors';
import { dataExportMachine } from '../../../machines/data-export/data-export.machine';
import { selectDataExportView } from '../../../machines/data-export/data-export.selectors';
import { useFlowActor, type ProvideFlow } from './use-flow';

const provideDataExport: ProvideFlow<typeof dataExportMachine> = (services) =>
  dataExportMachine.provide({
    actors: createDataExportActors(services.api),
  });

/** Starts "Download my data" (docs/decisions/061) with the app's client; settings reads its view. */
export function useDataExport() {
  const actor = useFlowActor(provideDataExport, undefined);
  return { view: useSelector(actor, selectDataExportView), send: actor.send };
}
