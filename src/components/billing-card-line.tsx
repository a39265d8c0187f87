import { useSelector } from '@xstate/react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { AutoRenewalMachine } from '../../machines/auto-renewal/auto-renewal.machine';
import { selectAutoRenewalView, type AutoRenewalView } from '../../machines/auto-renewal/auto-renewal.selectors';
import type { AutoRenewalEvent, SavedCard } from '../../machines/auto-renewal/auto-renewal.types';
import { RefusalNotice } from './refusal-notice';
import { Dialog } from './dialog';

// The billing card of a running auto-renewal, and the dialog that changes it: the account's
// auto-renewal panel (auto-renewal-panel.tsx) and the payment page show them (spec section 2). A
// module of their own, so the payment page does not carry the panel.

/** The card's messages, which the panel shows too. */
export const cardMessages = defineMessages({
  changeCard: { id: 'autoRenewal.changeCard', defaultMessage: 'Change billing card', description: 'Button: open the change-billing-card dialog' },
  cardDialogTitle: { id: 'autoRenewal.cardDialogTitle', defaultMessage: 'Change billing card', description: 'Title of the change-billing-card dialog' },
  cardsLoading: { id: 'autoRenewal.cardsLoading', defaultMessage: 'Loading your saved cards…', description: 'Shown while the saved cards load' },
  cardChanging: { id: 'autoRenewal.cardChanging', defaultMessage: 'Changing the billing card…', description: 'Shown while the billing card is being changed' },
  noCards: {
    id: 'autoRenewal.noCards',
    defaultMessage: 'You have no other saved card. A card is saved when you pay with it and choose to save it.',
    description: 'Shown in the change-billing-card dialog when there is no card to choose',
  },
  close: { id: 'autoRenewal.close', defaultMessage: 'Close', description: 'Button: close the change-billing-card dialog' },
  cardChanged: { id: 'autoRenewal.cardChanged', defaultMessage: 'Your billing card was changed.', description: 'Shown after the billing card was changed' },
});

const cardTextMessage = defineMessage<{ readonly brand: string; readonly last4: string; readonly month: string; readonly year: number }>({
  id: 'autoRenewal.cardText',
  defaultMessage: '{brand} ending in {last4}, expires {month}/{year}',
  description: 'A saved card: its brand, last 4 digits and expiry month/year',
});

const useCardMessage = defineMessage<{ readonly card: string }>({
  id: 'autoRenewal.useCard',
  defaultMessage: 'Use {card}',
  description: 'Button: make this saved card the billing card. {card} describes the card',
});

const currentCardMessage = defineMessage<{ readonly card: string }>({
  id: 'autoRenewal.currentCard',
  defaultMessage: '{card} (current)',
  description: 'The saved card that is already the billing card',
});

const billingCardMessage = defineMessage<{ readonly plan: string; readonly card: string }>({
  id: 'autoRenewal.billingCardLine',
  defaultMessage: 'Your {plan} renews by itself, charged to {card}.',
  description: 'On the payment page: which card the running auto-renewal is charged to',
});

export type Send = (event: AutoRenewalEvent) => void;

/**
 * The payment page's line about auto-renewal (spec section 2, /payment: the change-billing-card
 * dialog): while a plan renews by itself, which card it is charged to and the way to change it.
 * Nothing otherwise.
 */
export function BillingCardLine({ actorRef }: { actorRef: ActorRefFrom<AutoRenewalMachine> }) {
  const intl = useIntl();
  const view = useSelector(actorRef, selectAutoRenewalView);
  const send: Send = actorRef.send;
  if (view.status !== 'activated' || !view.info?.card) return null;
  return (
    <div className="notice billing-card-line stack">
      <p>{intl.formatMessage(billingCardMessage, { plan: view.info.planName, card: cardText(intl, view.info.card) })}</p>
      {view.cardChanged && (
        <p className="notice-success" role="status">
          {intl.formatMessage(cardMessages.cardChanged)}
        </p>
      )}
      {!view.cardDialog.open && <RefusalNotice code={view.message} />}
      <div className="actions">
        <button type="button" className="button button-secondary" disabled={!view.canChangeCard} onClick={() => send({ type: 'CARD_CHANGE_REQUESTED' })}>
          {intl.formatMessage(cardMessages.changeCard)}
        </button>
      </div>
      {view.cardDialog.open && <CardDialog view={view} send={send} />}
    </div>
  );
}

export function cardText(intl: ReturnType<typeof useIntl>, card: SavedCard) {
  const brand = card.brand === 'other' ? '' : card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  return intl.formatMessage(cardTextMessage, { brand, last4: card.last4, month: String(card.expMonth).padStart(2, '0'), year: card.expYear });
}

export function CardDialog({ view, send }: { view: AutoRenewalView; send: Send }) {
  const intl = useIntl();
  const { loading, changing, cards, currentCardId } = view.cardDialog;
  const choosable = !loading && !changing;
  return (
    <Dialog labelledBy="renewal-card-title" busy={loading || changing} onEscape={choosable ? () => send({ type: 'CARD_CHANGE_DISMISSED' }) : undefined}>
      <h2 id="renewal-card-title">{intl.formatMessage(cardMessages.cardDialogTitle)}</h2>
      {(loading || changing) && (
        <p role="status" className="muted">
          {intl.formatMessage(loading ? cardMessages.cardsLoading : cardMessages.cardChanging)}
        </p>
      )}
      <RefusalNotice code={view.message} />
      {!loading && cards.length > 0 && (
        <ul className="card-choices">
          {cards.map((card) => (
            <li key={card.id}>
              {card.id === currentCardId ? (
                <span className="muted">{intl.formatMessage(currentCardMessage, { card: cardText(intl, card) })}</span>
              ) : (
                <button type="button" className="button button-secondary" disabled={!choosable} onClick={() => send({ type: 'CARD_CHOSEN', cardId: card.id })}>
                  {intl.formatMessage(useCardMessage, { card: cardText(intl, card) })}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {!loading && cards.every((c) => c.id === currentCardId) && <p>{intl.formatMessage(cardMessages.noCards)}</p>}
      <div className="actions">
        <button type="button" className="button button-secondary" disabled={!choosable} onClick={() => send({ type: 'CARD_CHANGE_DISMISSED' })}>
          {intl.formatMessage(cardMessages.close)}
        </button>
      </div>
    </Dialog>
  );
}
