import { useEffect } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { isPassThrough } from '../../../core/api/api-error';
import { RefusalNotice } from '../../components/refusal-notice';
import { saveFile } from '../../components/save-file';
import { useSlipPdf } from '../../queries/order-queries';

const m = defineMessages({
  download: {
    id: 'payment.boleto.download',
    defaultMessage: 'Download the slip (PDF)',
    description: 'Button beside the slip’s digitable line: saves the payment slip with its barcode as a PDF, to print or open in a bank app',
  },
  downloading: { id: 'payment.boleto.downloading', defaultMessage: 'Preparing the slip…', description: 'The slip download button while the PDF is made' },
  downloadFailed: {
    id: 'payment.boleto.downloadFailed',
    defaultMessage: 'The slip could not be downloaded. The line above still pays it; try the download again in a moment.',
    description: 'Shown under the slip download button when the PDF did not arrive',
  },
});

/**
 * The slip as a PDF (docs/decisions/044). A button, not a plain link: the document is the
 * session's (its Authorization header goes with the typed client), then saved under its name.
 */
export function SlipDownload({ orderId }: { orderId: string }) {
  const intl = useIntl();
  const download = useSlipPdf();
  const pdf = download.status === 'success' ? download.data : undefined;
  useEffect(() => {
    if (pdf) saveFile(pdf, `slip-${orderId}.pdf`);
  }, [pdf, orderId]);
  const busy = download.status === 'pending';
  const refusal = download.status === 'error' && isPassThrough(download.error) ? download.error.errCode : null;
  return (
    <>
      {/* Not disabled while busy, so keyboard focus stays on it; a second click is ignored meanwhile. */}
      <button type="button" className="button button-secondary" aria-busy={busy} aria-disabled={busy} onClick={() => void download.mutate(orderId)}>
        {intl.formatMessage(busy ? m.downloading : m.download)}
      </button>
      {download.status === 'error' ? (
        refusal !== null ? (
          <RefusalNotice code={refusal} />
        ) : (
          <p className="notice notice-warning" role="alert">
            {intl.formatMessage(m.downloadFailed)}
          </p>
        )
      ) : null}
    </>
  );
}
