import { useSelector } from '@xstate/react';
import { defineMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { RepayMachine } from '../../../machines/repay/repay.machine';
import { selectRepayView } from '../../../machines/repay/repay.selectors';
import { formatMoney } from '../../../core/config/money';
import { Failure, inFull, m, Methods, orderNo } from './checkout-section';
import { PayFields, usePayingForm } from './pay-fields';
import type { SavedCard } from './method-form';
import { PaymentSteps } from './payment-steps';

const nPayments = defineMessage<{ readonly n: number }>({
  id: 'payment.nPayments',
  defaultMessage: '{n} instalments',
  description: 'Instalment option when paying an order again: n payments',
});

/** Repaying an open order as a thin view of the repay machine (docs/decisions/015): reads selectRepayView, sends events. */
export function RepaySection({ actorRef, sandbox, savedCards = [] }: { actorRef: ActorRefFrom<RepayMachine>; sandbox: boolean; savedCards?: SavedCard[] }) {
  const intl = useIntl();
  const view = useSelector(actorRef, selectRepayView);
  const send = actorRef.send;
  const { paying, formHidden } = usePayingForm(view.step === 'paying', view.payment);
  if (view.step === 'loading' || view.step === 'finished')
    return (
      <p className="load-state" role="status">
        {intl.formatMessage(m.loading)}
      </p>
    );
  if (view.step === 'failure') return <Failure onRetry={() => send({ type: 'RETRY' })} />;
  const order = view.order;
  const busy = view.step !== 'form';
  const max = view.method?.maxInstallments ?? 1;
  return (
    <section className="page payment-page" aria-busy={busy}>
      <h1>{intl.formatMessage(m.repayTitle)}</h1>
      {order ? (
        <section aria-labelledby="summary-title" className="summary">
          <h2 id="summary-title">{intl.formatMessage(orderNo, { id: order.id })}</h2>
          <p>
            {order.items[0]?.planName} · <strong>{formatMoney(order.total, order.currency, intl.locale)}</strong>
          </p>
        </section>
      ) : null}
      {view.payment ? <PaymentSteps actorRef={view.payment} /> : null}
      {/* Kept mounted while paying, so a declined card comes back with what was typed. */}
      <div hidden={formHidden} className="page">
        <Methods methods={view.methods} selected={view.method} disabled={busy} onSelect={(code) => send({ type: 'METHOD_SELECTED', code })} />
        {max > 1 ? (
          <div className="field">
            <label htmlFor="repay-installments">{intl.formatMessage(m.installments)}</label>
            <select
              id="repay-installments"
              value={view.installments}
              disabled={busy}
              onChange={(e) => send({ type: 'INSTALLMENTS_CHANGED', installments: Number(e.currentTarget.value) })}
            >
              {Array.from({ length: max }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n === 1 ? intl.formatMessage(inFull) : intl.formatMessage(nPayments, { n })}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <PayFields
          view={view}
          busy={busy}
          paying={paying}
          // Instalments of an order paid again are priced by the provider: only a payment in full has its amount here.
          due={order && view.installments === 1 ? formatMoney(order.total, order.currency, intl.locale) : undefined}
          sandbox={sandbox}
          savedCards={savedCards}
          send={send}
        />
      </div>
    </section>
  );
}
