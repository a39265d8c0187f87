import { useEffect, useState } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';

const timeLeft = defineMessage<{ readonly time: string }>({
  id: 'payment.timeLeft',
  defaultMessage: 'Time left to pay: {time}',
  description: 'A live countdown to the end of a payment window, e.g. "Time left to pay: 29:41"',
});
const m = defineMessages({
  over: { id: 'payment.timeOver', defaultMessage: 'The time to pay this code is over.', description: 'Shown when a payment window (a PIX code) has closed' },
});

/** Seconds as a clock reads them: 29:41, or 1:05:09 past an hour. */
export function clockOf(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const min = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(min).padStart(2, '0')}:${s}` : `${min}:${s}`;
}

/**
 * The time left before a payment window closes (`until`, epoch ms from the server), ticking once a
 * second next to the time it closes, as Mercado Pago's PIX page does: a customer switching to the
 * bank app sees at a glance whether there is time. A timer, not a live region: read on demand, it
 * is not announced every second. The server decides when the window closes; this only tells.
 */
export function TimeLeft({ until }: { until: number }) {
  const intl = useIntl();
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  const running = left > 0;
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return (
    <p className={running ? 'time-left' : 'time-left time-over'} role="timer" aria-live="off">
      {running ? intl.formatMessage(timeLeft, { time: clockOf(left) }) : intl.formatMessage(m.over)}
    </p>
  );
}
