import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { refusalMessage } from './refusal-message';

/**
 * A refusal a flow routes itself (spec section 8), said once where it happened: its catalogue
 * message. `takeFocus`: the notice answers the button the customer just pressed, so focus and the
 * view move to it (a phone would otherwise keep it below the screen, and a screen reader silent).
 */
export function RefusalNotice({ code, takeFocus = false }: { code: number | null; takeFocus?: boolean }) {
  const intl = useIntl();
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!takeFocus || code === null || !ref.current) return;
    ref.current.focus();
    ref.current.scrollIntoView?.({ block: 'center' });
  }, [takeFocus, code]);
  if (code === null) return null;
  return (
    <p ref={ref} className="notice notice-warning" role="alert" tabIndex={takeFocus ? -1 : undefined}>
      {intl.formatMessage(refusalMessage(intl, code))}
    </p>
  );
}
