import type { SnapshotFrom } from 'xstate';
import type { DataExportMachine } from './data-export.machine';
import type { ExportFile, ExportFormat } from './data-export.types';

export type DataExportStatus = 'idle' | 'preparing' | 'downloaded' | 'failure';

export interface DataExportView {
  status: DataExportStatus;
  busy: boolean;
  /** The file being made, or last made. */
  format: ExportFormat | null;
  /** The file made, while the view has it to save. */
  file: ExportFile | null;
  canRequest: boolean;
  canRetry: boolean;
}

const STATUSES: readonly DataExportStatus[] = ['idle', 'preparing', 'downloaded', 'failure'];

export function selectDataExportView(snapshot: SnapshotFrom<DataExportMachine>): DataExportView {
  return {
    status: STATUSES.find((s) => snapshot.matches(s)) ?? 'idle',
    busy: snapshot.hasTag('busy'),
    format: snapshot.context.format,
    file: snapshot.context.file,
    canRequest: snapshot.can({ type: 'DOWNLOAD_REQUESTED', format: 'json' }),
    canRetry: snapshot.can({ type: 'RETRY_REQUESTED' }),
  };
}
