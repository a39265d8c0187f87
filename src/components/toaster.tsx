import { useSyncExternalStore } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { errorMessages } from '../../core/i18n/error-messages';
import { refusalMessage } from './refusal-message';
import type { ToastCode } from '../../core/api/error-rules';

const m = defineMessages({
  dismiss: { id: 'toast.dismiss', defaultMessage: 'Dismiss', description: 'Button that closes a notification' },
});

export interface ToastView {
  id: number;
  level: 'error' | 'warning';
  code: ToastCode;
}

interface Props {
  subscribe(listener: () => void): () => void;
  getToasts(): ToastView[];
  dismiss(id: number): void;
}

/** Errors the client reports (spec section 8), translated through the catalogue. */
export function Toaster({ subscribe, getToasts, dismiss }: Props) {
  const intl = useIntl();
  const toasts = useSyncExternalStore(subscribe, getToasts, getToasts);
  const text = (code: ToastCode) =>
    intl.formatMessage(code === 'network' ? errorMessages.network : code === 'timeout' ? errorMessages.timeout : refusalMessage(intl, code));
  return (
    <div className="toaster" role="region" aria-live="assertive">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.level}`} role={t.level === 'error' ? 'alert' : 'status'}>
          <span>{text(t.code)}</span>
          <button type="button" className="toast-close" onClick={() => dismiss(t.id)} aria-label={intl.formatMessage(m.dismiss)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
