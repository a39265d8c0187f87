import { useIntl } from 'react-intl';
import { errorMessageFor } from '../../core/i18n/error-messages';

/** A refusal a flow routes itself (spec section 8), said once where it happened: its catalogue message. */
export function RefusalNotice({ code }: { code: number | null }) {
  const intl = useIntl();
  if (code === null) return null;
  return (
    <p className="notice notice-warning" role="alert">
      {intl.formatMessage(errorMessageFor(code))}
    </p>
  );
}
