import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { isPassThrough } from '../../../core/api/api-error';
import { RefusalNotice } from '../../components/refusal-notice';
import { useReceiptPdf } from '../../queries/order-queries';
import { m } from './receipt-messages';

/** Hands a downloaded file to the browser under `name` (an object URL and a temporary link). */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the URL can go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function ReceiptActions({ orderId }: { orderId: string }) {
  const intl = useIntl();
  const download = useReceiptPdf();
  const pdf = download.status === 'success' ? download.data : undefined;
  useEffect(() => {
    if (pdf) saveFile(pdf, `receipt-${orderId}.pdf`);
  }, [pdf, orderId]);
  const busy = download.status === 'pending';
  const refusal = download.status === 'error' && isPassThrough(download.error) ? download.error.errCode : null;
  return (
    <>
      <div className="actions receipt-actions" role="group" aria-label={intl.formatMessage(m.actions)}>
        <button type="button" className="button button-secondary" onClick={() => window.print()}>
          {intl.formatMessage(m.print)}
        </button>
        {/* Not disabled while busy, so keyboard focus stays on it; a second click is ignored meanwhile. */}
        <button type="button" className="button" aria-busy={busy} aria-disabled={busy} onClick={() => void download.mutate(orderId)}>
          {intl.formatMessage(busy ? m.downloading : m.download)}
        </button>
      </div>
      {download.status === 'error' ? (
        refusal !== null ? (
          <div className="receipt-actions">
            <RefusalNotice code={refusal} />
          </div>
        ) : (
          <p className="notice notice-warning receipt-actions" role="alert">
            {intl.formatMessage(m.downloadFailed)}
          </p>
        )
      ) : null}
    </>
  );
}
