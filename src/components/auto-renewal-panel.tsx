import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { AutoRenewalMachine } from '../../machines/auto-renewal/auto-renewal.machine';
import { selectAutoRenewalView, type AutoRenewalView } from '../../machines/auto-renewal/auto-renewal.selectors';
import { RefusalNotice } from './refusal-notice';
import { formatMoney } from '../../core/config/money';
import { CardDialog, cardMessages, cardText, type Send } from './billing-card-line';

const m = defineMessages({
  title: { id: 'autoRenewal.title', defaultMessage: 'Auto-renewal', description: 'Heading of the auto-renewal panel on the account screen' },
  loading: { id: 'autoRenewal.loading', defaultMessage: 'Loading your auto-renewal…', description: 'Shown while the auto-renewal is loading' },
  loadFailed: {
    id: 'autoRenewal.loadFailed',
    defaultMessage: 'Your auto-renewal could not be loaded.',
    description: 'Shown when the auto-renewal could not be loaded',
  },
  retry: { id: 'autoRenewal.retry', defaultMessage: 'Try again', description: 'Button: load the auto-renewal again' },
  on: { id: 'autoRenewal.on', defaultMessage: 'On', description: 'Auto-renewal status: on (activated)' },
  off: { id: 'autoRenewal.off', defaultMessage: 'Off', description: 'Auto-renewal status: off (cancelled, expired or none)' },
  statusLabel: { id: 'autoRenewal.statusLabel', defaultMessage: 'Status', description: 'Label of the auto-renewal status (on or off)' },
  activated: {
    id: 'autoRenewal.activated',
    defaultMessage: 'Your plan renews by itself: the billing card is charged at each renewal.',
    description: 'Explains auto-renewal when it is on',
  },
  cancelled: {
    id: 'autoRenewal.cancelled',
    defaultMessage: 'You turned auto-renewal off. Your plan stays active until the end of the period already paid.',
    description: 'Explains auto-renewal when the customer cancelled it',
  },
  expired: {
    id: 'autoRenewal.expired',
    defaultMessage: 'Auto-renewal has ended: the last renewals could not be charged.',
    description: 'Explains auto-renewal when it expired',
  },
  chargedBack: {
    id: 'autoRenewal.chargedBack',
    defaultMessage:
      'Auto-renewal has stopped: a payment with its card was charged back by your bank, so that card is not charged again. To go on, buy a plan with another card.',
    description: 'Explains auto-renewal when the portal stopped it because a payment with its billing card was charged back (docs/decisions/059)',
  },
  none: {
    id: 'autoRenewal.none',
    defaultMessage: 'None of your plans renews by itself.',
    description: 'Shown when the account has no auto-renewal (error 6201)',
  },
  byPixAutomatico: {
    id: 'autoRenewal.byPixAutomatico',
    defaultMessage: 'Your plan renews by PIX Automático instead of a card: each month is paid in your bank app (see PIX Automático below).',
    description: 'Shown instead of "off" when the plan renews by an approved PIX Automático authorisation (docs/decisions/060)',
  },
  repurchase: {
    id: 'autoRenewal.repurchase',
    defaultMessage: 'Buy a monthly plan with auto-renew',
    description: 'Link to the pricing table: the way to turn auto-renewal on again (spec section 4)',
  },
  plan: { id: 'autoRenewal.plan', defaultMessage: 'Plan', description: 'Label of the renewed plan name' },
  nextBilling: { id: 'autoRenewal.nextBilling', defaultMessage: 'Next billing date', description: 'Label of the date of the next renewal charge' },
  amount: { id: 'autoRenewal.amount', defaultMessage: 'Renewal amount', description: 'Label of what the next renewal charges' },
  card: { id: 'autoRenewal.card', defaultMessage: 'Billing card', description: 'Label of the card renewals are charged to' },

  renewing: {
    id: 'autoRenewal.renewing',
    defaultMessage: 'A renewal is being charged right now. You can turn auto-renewal off once it is done.',
    description: 'Shown while a renewal charge runs (cancelling is not possible then, error 6207)',
  },
  checkAgain: { id: 'autoRenewal.checkAgain', defaultMessage: 'Check again', description: 'Button: ask the server again whether the renewal charge has ended' },
  cancel: { id: 'autoRenewal.cancel', defaultMessage: 'Turn off auto-renewal', description: 'Button: start turning auto-renewal off' },
});

/** The panel itself, a view of the auto-renewal actor (spec section 2, "Subscriptions with auto-renewal on or off"). */
export function AutoRenewalSection({
  actorRef,
  cancellation,
  byPixAutomatico = false,
}: {
  actorRef: ActorRefFrom<AutoRenewalMachine>;
  cancellation?: ReactNode;
  /** The plan renews by PIX Automático (docs/decisions/060): said instead of "off" and the way to buy one that renews. */
  byPixAutomatico?: boolean;
}) {
  const intl = useIntl();
  const view = useSelector(actorRef, selectAutoRenewalView);
  const send: Send = actorRef.send;
  return (
    <section className="panel auto-renewal" aria-labelledby="auto-renewal-title" aria-busy={view.busy}>
      <h2 id="auto-renewal-title">{intl.formatMessage(m.title)}</h2>
      {view.status === 'loading' ? (
        <p className="load-state" role="status">
          {intl.formatMessage(m.loading)}
        </p>
      ) : view.status === 'failure' ? (
        <>
          <p className="notice notice-warning" role="alert">
            {intl.formatMessage(m.loadFailed)}
          </p>
          <div className="actions">
            <button type="button" className="button" onClick={() => send({ type: 'REFRESH_REQUESTED' })}>
              {intl.formatMessage(m.retry)}
            </button>
          </div>
        </>
      ) : (
        <RenewalDetails view={view} send={send} byPixAutomatico={byPixAutomatico} />
      )}
      {/* Turning it off is the account screen's cancellation flow (docs/decisions/057); kept mounted while the panel reloads, to say how it ended. */}
      {cancellation}
    </section>
  );
}

function RenewalDetails({ view, send, byPixAutomatico }: { view: AutoRenewalView; send: Send; byPixAutomatico: boolean }) {
  const intl = useIntl();
  const { info } = view;
  // A charged-back card says why renewal stopped (docs/decisions/059).
  const explanation =
    info?.stoppedReason === 'card_charged_back'
      ? m.chargedBack
      : { activated: m.activated, cancelled: m.cancelled, expired: m.expired, none: m.none }[view.status as 'activated' | 'cancelled' | 'expired' | 'none'];
  // PIX Automático renews the plan: its approval ended the card's renewal (one renewal, not two), so
  // that is what the panel says, even before it has read the card's renewal again.
  const byPix = byPixAutomatico;
  const on = view.status === 'activated' && !byPix;
  return (
    <div className="stack">
      <p className="renewal-status">
        <span className="muted">{intl.formatMessage(m.statusLabel)}: </span>
        <strong className={on || byPix ? 'badge renewal-on' : 'badge renewal-off'}>{intl.formatMessage(on || byPix ? m.on : m.off)}</strong>
      </p>
      <p>{intl.formatMessage(byPix ? m.byPixAutomatico : explanation)}</p>
      {info && !byPix && (
        <dl className="renewal-facts">
          <div>
            <dt>{intl.formatMessage(m.plan)}</dt>
            <dd>{info.planName}</dd>
          </div>
          {info.nextBillingDate !== undefined && (
            <div>
              <dt>{intl.formatMessage(m.nextBilling)}</dt>
              <dd>{intl.formatDate(info.nextBillingDate, { dateStyle: 'long' })}</dd>
            </div>
          )}
          {on && (
            <div>
              <dt>{intl.formatMessage(m.amount)}</dt>
              <dd>{formatMoney(info.amount, info.currency, intl.locale)}</dd>
            </div>
          )}
          {info.card && (
            <div>
              <dt>{intl.formatMessage(m.card)}</dt>
              <dd>{cardText(intl, info.card)}</dd>
            </div>
          )}
        </dl>
      )}
      {view.renewing && (
        <p className="notice" role="status">
          {intl.formatMessage(m.renewing)}
        </p>
      )}
      {view.cardChanged && (
        <p className="notice notice-success" role="status">
          {intl.formatMessage(cardMessages.cardChanged)}
        </p>
      )}
      {!view.cardDialog.open && <RefusalNotice code={view.message} />}
      {on && (
        <div className="actions">
          <button type="button" className="button button-secondary" disabled={!view.canCancel} onClick={() => send({ type: 'CANCEL_REQUESTED' })}>
            {intl.formatMessage(m.cancel)}
          </button>
          <button type="button" className="button button-secondary" disabled={!view.canChangeCard} onClick={() => send({ type: 'CARD_CHANGE_REQUESTED' })}>
            {intl.formatMessage(cardMessages.changeCard)}
          </button>
          {view.renewing && (
            <button type="button" className="button button-secondary" disabled={!view.canRefresh} onClick={() => send({ type: 'REFRESH_REQUESTED' })}>
              {intl.formatMessage(m.checkAgain)}
            </button>
          )}
        </div>
      )}
      {view.offerRepurchase && !byPix && (
        <p>
          <Link className="button" to="/pricing-table">
            {intl.formatMessage(m.repurchase)}
          </Link>
        </p>
      )}
      {view.cardDialog.open && <CardDialog view={view} send={send} />}
    </div>
  );
}
