import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { RepayMachine } from '../../../machines/repay/repay.machine';
import { formatMoney } from '../../../core/config/money';
import { selectRepayView, type RepayView } from '../../../machines/repay/repay.selectors';
import type { Order, PaymentMethod } from '../../../machines/payment/payment.types';
import { useRepayInstallmentsPlan } from '../../queries/installment-queries';
import { Failure, m, orderNo } from './checkout-section';
import { Methods } from './methods';
import { InstallmentChooser } from './installments';
import type { Merchant } from './checkout-trust';
import { dueOfOption, PayFields, usePayingForm } from './pay-fields';
import type { SavedCard } from './method-form';
import { PaymentSteps, usePaymentStepsSoon } from './payment-steps-lazy';
import { useNamesIn } from '../../queries/payment-method-queries';

// Only an order whose code or slip is still open asks first (docs/decisions/052): its chunk loads
// then, outside the payment page's budget (docs/decisions/026).
const PendingMoneyPrompt = lazy(() => import('./pending-money-prompt').then((module) => ({ default: module.PendingMoneyPrompt })));

/** Repaying an open order as a thin view of the repay machine (docs/decisions/015): reads selectRepayView, sends events. */
export function RepaySection({
  actorRef,
  sandbox,
  savedCards = [],
  merchant,
}: {
  actorRef: ActorRefFrom<RepayMachine>;
  sandbox: boolean;
  savedCards?: SavedCard[];
  /** Who sells, from the site configuration (docs/decisions/048). */
  merchant?: Merchant | undefined;
}) {
  const intl = useIntl();
  const view = useSelector(actorRef, selectRepayView);
  const send = actorRef.send;
  const line = view.order?.items[0];
  const names = useNamesIn(intl.locale, line && view.order && { planId: line.planId, country: view.country, currency: view.order.currency });
  const { paying, formHidden } = usePayingForm(view.step === 'paying', view.payment);
  usePaymentStepsSoon();
  if (view.step === 'loading' || view.step === 'finished')
    return (
      <p className="load-state" role="status">
        {intl.formatMessage(m.loading)}
      </p>
    );
  if (view.step === 'failure') return <Failure onRetry={() => send({ type: 'RETRY' })} />;
  const order = view.order;
  if (view.step === 'awaitingMoney' && order)
    return (
      <section className="page narrow">
        <h1>{intl.formatMessage(m.repayTitle)}</h1>
        <Suspense
          fallback={
            <p className="load-state" role="status">
              {intl.formatMessage(m.loading)}
            </p>
          }
        >
          <PendingMoneyPrompt
            order={order}
            onShowAgain={() => send({ type: 'SHOW_AGAIN_CHOSEN' })}
            onOtherMethod={() => send({ type: 'OTHER_METHOD_CHOSEN' })}
          />
        </Suspense>
      </section>
    );
  const busy = view.step !== 'form';
  return (
    <section className="page payment-page" aria-busy={busy}>
      <h1>{intl.formatMessage(m.repayTitle)}</h1>
      {order ? (
        <section aria-labelledby="summary-title" className="summary">
          <h2 id="summary-title">{intl.formatMessage(orderNo, { id: order.id })}</h2>
          <p>
            {line && names.plan(line)} · <strong>{formatMoney(order.total, order.currency, intl.locale)}</strong>
          </p>
        </section>
      ) : null}
      {view.payment ? <PaymentSteps actorRef={view.payment} /> : null}
      {/* Kept mounted while paying, so a declined card comes back with what was typed. */}
      <div hidden={formHidden} className="page">
        <Methods
          methods={view.methods}
          name={names.method}
          selected={view.method}
          disabled={busy}
          onSelect={(code) => send({ type: 'METHOD_SELECTED', code })}
        />
        {order && view.method ? (
          <RepayPayment
            order={order}
            method={view.method}
            view={view}
            busy={busy}
            paying={paying}
            sandbox={sandbox}
            savedCards={savedCards}
            merchant={merchant}
            send={send}
          />
        ) : (
          <PayFields view={view} busy={busy} paying={paying} due={undefined} sandbox={sandbox} savedCards={savedCards} merchant={merchant} send={send} />
        )}
      </div>
    </section>
  );
}

/**
 * The order valued afresh for the chosen method, as the server will charge it (a code or a method
 * discount may have changed since the order was made): the instalment options and the Pay
 * button's amount come from that quote; until it arrives the button says "Pay now".
 */
function RepayPayment({
  order,
  method,
  view,
  busy,
  paying,
  sandbox,
  savedCards,
  merchant,
  send,
}: {
  order: Order;
  method: PaymentMethod;
  view: RepayView;
  busy: boolean;
  paying: boolean;
  sandbox: boolean;
  savedCards: SavedCard[];
  merchant: Merchant | undefined;
  send: ActorRefFrom<RepayMachine>['send'];
}) {
  const intl = useIntl();
  const quote = useRepayInstallmentsPlan(
    { id: order.id, planId: order.items[0]?.planId ?? '', currency: order.currency, discountCode: order.discountCode },
    method.code,
  );
  const plan = quote.data;
  const chosen = plan?.options.find((o) => o.count === view.installments);
  return (
    <>
      {method.maxInstallments > 1 ? (
        <InstallmentChooser
          id="repay-installments"
          plan={plan}
          max={method.maxInstallments}
          value={view.installments}
          disabled={busy}
          onChange={(n) => send({ type: 'INSTALLMENTS_CHANGED', installments: n })}
        />
      ) : null}
      <PayFields
        view={view}
        busy={busy}
        paying={paying}
        due={chosen && plan ? dueOfOption(chosen, plan.currency, intl) : undefined}
        sandbox={sandbox}
        savedCards={savedCards}
        merchant={merchant}
        send={send}
      />
    </>
  );
}
