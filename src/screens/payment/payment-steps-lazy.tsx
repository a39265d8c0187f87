import { lazy, Suspense, useEffect, type ComponentProps } from 'react';
import { useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import { selectPaymentView } from '../../../machines/payment/payment.selectors';
import type { PaymentSteps as Steps } from './payment-steps';
import { submittingMessage } from './method-form';

const load = () => import('./payment-steps');
const StepsChunk = lazy(() => load().then((module) => ({ default: module.PaymentSteps })));

/**
 * A payment's own steps (the PIX code, the slip, the transfer details, the wallet's prompt) are
 * needed only once a payment asks for them, so the payment page does not carry them in its own
 * bytes (docs/decisions/026, amended): they load in idle time after the page is drawn, and the
 * rare customer who pays before that sees the payment's progress while they arrive.
 */
export function PaymentSteps(props: ComponentProps<typeof Steps>) {
  const intl = useIntl();
  // While the payment is being sent the form says so itself (its Pay button and status); only a
  // step that replaces the form needs words of its own while its code arrives.
  const step = useSelector(props.actorRef, (s) => selectPaymentView(s).current.step);
  const ownStatus = step !== 'submitting' && step !== 'finished';
  return (
    <Suspense
      fallback={
        ownStatus ? (
          <p className="load-state" role="status">
            {intl.formatMessage(submittingMessage)}
          </p>
        ) : null
      }
    >
      <StepsChunk {...props} />
    </Suspense>
  );
}

/** Fetches the steps' code once the page is idle, so a payment's next screen is there when asked. */
export function usePaymentStepsSoon() {
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
    // A fetch that fails here is tried again when the steps are shown, and fails visibly there.
    idle(() => void load().catch(() => undefined));
  }, []);
}
