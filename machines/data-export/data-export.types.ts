/** The two files of "Download my data" (docs/decisions/061): the JSON file and the readable PDF. */
export type ExportFormat = 'json' | 'pdf';

/** A file ready to save: its bytes and the name the browser saves it under. */
export interface ExportFile {
  format: ExportFormat;
  blob: Blob;
  filename: string;
}

export interface DataExportContext {
  /** The file being made, or last made; null before the first. */
  format: ExportFormat | null;
  /** The last file made, for the view to save; null before the first. */
  file: ExportFile | null;
  /** The last unexpected failure, for the record. */
  error: unknown;
}

export type DataExportEvent =
  /** The customer asks for the JSON file or the PDF. */
  | { type: 'DOWNLOAD_REQUESTED'; format: ExportFormat }
  /** After a failure: ask for the same file again. */
  | { type: 'RETRY_REQUESTED' };

export type DataExportEventType = DataExportEvent['type'];

/** The machine's invocations, by id (the graph walks arrange each one's answers). */
export type DataExportInvokeId = 'prepareFile';
