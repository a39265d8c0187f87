import { defineMessages, useIntl } from 'react-intl';

const m = defineMessages({
  loading: { id: 'load.loading', defaultMessage: 'Loading…', description: 'Shown while a page fetches its content' },
  failed: { id: 'load.failed', defaultMessage: 'This content could not be loaded.', description: 'Shown when a page could not fetch its content' },
  retry: { id: 'load.retry', defaultMessage: 'Try again', description: 'Button that fetches failed content again' },
});

/** The loading and failed states every read shares; the error itself was already toasted. */
export function LoadState({ status, onRetry }: { status: 'loading' | 'error'; onRetry(): void }) {
  const intl = useIntl();
  if (status === 'loading') {
    return (
      <p className="load-state" role="status" aria-live="polite">
        {intl.formatMessage(m.loading)}
      </p>
    );
  }
  return (
    <div className="load-state" role="alert">
      <p>{intl.formatMessage(m.failed)}</p>
      <button type="button" className="button" onClick={onRetry}>
        {intl.formatMessage(m.retry)}
      </button>
    </div>
  );
}
