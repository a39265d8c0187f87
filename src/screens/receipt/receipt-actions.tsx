import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { isPassThrough } from '../../../core/api/api-error';
import { RefusalNotice } from '../../components/refusal-notice';
import { saveFile } from '../../components/save-file';
import { useReceiptPdf } from '../../queries/order-queries';
import { m } from './receipt-messages';

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
