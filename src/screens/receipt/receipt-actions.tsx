import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { isPassThrough } from '../../../core/api/api-error';
import { RefusalNotice } from '../../components/refusal-notice';
import { saveFile } from '../../components/save-file';
import { useReceiptPdf } from '../../queries/order-queries';
import { useMailReceipt } from '../../queries/receipt-mail-queries';
import { MailButton, MailStatus } from './receipt-mail';
import { m } from './receipt-messages';

export function ReceiptActions({ orderId }: { orderId: string }) {
  const intl = useIntl();
  const download = useReceiptPdf();
  const mail = useMailReceipt();
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
        <MailButton busy={mail.status === 'pending'} onClick={() => void mail.mutate(orderId)} />
      </div>
      <MailStatus state={mail} />
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
