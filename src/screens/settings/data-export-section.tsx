import { useEffect } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { saveFile } from '../../components/save-file';
import { useDataExport } from '../../queries/flows/data-export-flow';

const m = defineMessages({
  title: {
    id: 'dataExport.title',
    defaultMessage: 'Download my data',
    description: 'Settings: heading of the section that downloads the account’s personal data',
  },
  lead: {
    id: 'dataExport.lead',
    defaultMessage:
      'Everything we hold on your account: profile, consents, devices, orders, payments (cards by their last 4 digits only), slip payer details and the e-mails we sent you.',
    description: 'Settings: what "Download my data" contains (docs/decisions/061)',
  },
  json: { id: 'dataExport.json', defaultMessage: 'Download as JSON', description: 'Settings: button that downloads the personal data as a JSON file' },
  pdf: { id: 'dataExport.pdf', defaultMessage: 'Download as PDF', description: 'Settings: button that downloads the personal data as a readable PDF' },
  preparing: { id: 'dataExport.preparing', defaultMessage: 'Preparing your file…', description: 'Settings: shown while the personal data file is being made' },
  downloaded: { id: 'dataExport.downloaded', defaultMessage: 'Your file is downloaded.', description: 'Settings: the personal data file was saved' },
  failed: {
    id: 'dataExport.failed',
    defaultMessage: 'Your file could not be prepared. Please try again.',
    description: 'Settings: making the personal data file failed for an unexpected reason',
  },
  retry: { id: 'dataExport.retry', defaultMessage: 'Try again', description: 'Settings: asks for the same personal data file again' },
});

/** "Download my data" (docs/decisions/061): the JSON file or the readable PDF, saved by the browser. */
export function DataExportSection() {
  const intl = useIntl();
  const { view, send } = useDataExport();
  // Each file the machine made is handed to the browser once, as it arrives.
  const { file } = view;
  useEffect(() => {
    if (file) saveFile(file.blob, file.filename);
  }, [file]);
  return (
    <section className="card stack" aria-labelledby="data-export-title" aria-busy={view.busy}>
      <h2 id="data-export-title">{intl.formatMessage(m.title)}</h2>
      <p className="muted">{intl.formatMessage(m.lead)}</p>
      <div className="actions">
        <button
          type="button"
          className="button button-secondary"
          disabled={!view.canRequest}
          onClick={() => send({ type: 'DOWNLOAD_REQUESTED', format: 'json' })}
        >
          {intl.formatMessage(m.json)}
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={!view.canRequest}
          onClick={() => send({ type: 'DOWNLOAD_REQUESTED', format: 'pdf' })}
        >
          {intl.formatMessage(m.pdf)}
        </button>
      </div>
      <p role="status" className={view.status === 'downloaded' ? 'notice notice-success' : 'muted'}>
        {view.status === 'preparing' ? intl.formatMessage(m.preparing) : view.status === 'downloaded' ? intl.formatMessage(m.downloaded) : null}
      </p>
      {view.status === 'failure' && (
        <div className="notice notice-warning" role="alert">
          <p>{intl.formatMessage(m.failed)}</p>
          <div className="actions">
            <button type="button" className="button" onClick={() => send({ type: 'RETRY_REQUESTED' })}>
              {intl.formatMessage(m.retry)}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
