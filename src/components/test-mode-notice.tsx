import { defineMessages, useIntl } from 'react-intl';
import { Outlet } from 'react-router-dom';
import { useUserConfig } from '../queries/site-queries';

const m = defineMessages({
  badge: {
    id: 'testMode.badge',
    defaultMessage: 'Test mode',
    description: 'Badge on every payment screen while the site takes test money only (sandbox payment providers)',
  },
  body: {
    id: 'testMode.body',
    defaultMessage: 'No real money is charged.',
    description: 'First sentence next to the test-mode badge on payment screens (shown on every screen size)',
  },
  more: {
    id: 'testMode.more',
    defaultMessage: 'Only test cards and the sandbox bank pay here.',
    description: 'Second sentence next to the test-mode badge on payment screens (left out on phones)',
  },
});

/** Whether the site's payment providers take test money only (the user config's `env`, docs/decisions/035). */
export function useTestMode(): boolean {
  const config = useUserConfig();
  return config.status === 'success' && config.data.env === 'sandbox';
}

/**
 * The band every payment screen shows in test mode, as Stripe's checkout does: fixed to the
 * bottom of the window, so it shifts nothing when it arrives after the page (the drawn first
 * frame, docs/decisions/033) and stays in sight while the customer types a card number.
 */
export function TestModeNotice() {
  const intl = useIntl();
  if (!useTestMode()) return null;
  return (
    <div role="note" className="test-mode-notice" data-testid="test-mode">
      <strong className="test-mode-badge">{intl.formatMessage(m.badge)}</strong> <span>{intl.formatMessage(m.body)}</span>{' '}
      <span className="test-mode-more">{intl.formatMessage(m.more)}</span>
    </div>
  );
}

/** The payment routes' frame: the test-mode band, then the screen. */
export function PaymentFrame() {
  return (
    <>
      <TestModeNotice />
      <Outlet />
    </>
  );
}
