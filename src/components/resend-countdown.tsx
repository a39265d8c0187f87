import { useEffect, useState } from 'react';
import type { MessageDescriptor } from 'react-intl';
import { useIntl } from 'react-intl';

/**
 * The seconds left before another code or link may be asked for (spec section 9), ticking once a
 * second from when it is shown. The machine's own `after` timer decides when the resend button
 * works; this only tells the user how long that is, so it never needs to agree to the millisecond.
 */
export function ResendCountdown({ seconds, message }: { seconds: number; message: MessageDescriptor }) {
  const intl = useIntl();
  const [startedAt] = useState(() => Date.now());
  const [now, setNow] = useState(startedAt);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(1, seconds - Math.floor((now - startedAt) / 1000));
  return (
    <p className="muted small" role="timer" aria-live="off">
      {intl.formatMessage(message, { seconds: left })}
    </p>
  );
}
