import { useEffect, useState } from 'react';
import type { MessageDescriptor } from 'react-intl';
import { useIntl } from 'react-intl';

/**
 * The seconds left before another code or link may be asked for (spec section 9): to `until`, the
 * machine's deadline (epoch ms), ticking once a second. Counted to a deadline rather than from
 * when it is shown, so a countdown shown again after a wrong code goes on where it was. The
 * machine's own `after` timer decides when the resend button works; this only tells the user how
 * long that is, so it never needs to agree to the millisecond.
 */
export function ResendCountdown({ until, message }: { until: number; message: MessageDescriptor }) {
  const intl = useIntl();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(1, Math.ceil((until - now) / 1000));
  return (
    <p className="muted small" role="timer" aria-live="off">
      {intl.formatMessage(message, { seconds: left })}
    </p>
  );
}
