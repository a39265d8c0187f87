import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { formatMoney } from '../../../core/config/money';
import type { Order } from '../../../machines/payment/payment.types';
import { Dialog } from '../../components/dialog';
import { orderNo } from './checkout-section';

const m = defineMessages({
  title: {
    id: 'payment.pending.title',
    defaultMessage: 'This order is waiting for your payment',
    description: 'Title of the prompt shown when an order to pay has a PIX code, slip, transfer or crypto quote still open',
  },
  showPix: { id: 'payment.pending.showPix', defaultMessage: 'Show the PIX code again', description: 'Button: see the same PIX code of the order again' },
  showBoleto: {
    id: 'payment.pending.showBoleto',
    defaultMessage: 'Show the payment slip again',
    description: 'Button: see the same payment slip (boleto) of the order again',
  },
  showTransfer: {
    id: 'payment.pending.showTransfer',
    defaultMessage: 'Show the transfer details again',
    description: 'Button: see the same bank transfer details of the order again',
  },
  showCrypto: {
    id: 'payment.pending.showCrypto',
    defaultMessage: 'Show the crypto address again',
    description: 'Button: see the same crypto address and amount of the order again',
  },
  other: {
    id: 'payment.pending.other',
    defaultMessage: 'Pay another way',
    description: 'Button: pay the order with another method, which cancels the pending code or slip',
  },
  warnPix: {
    id: 'payment.pending.warnPix',
    defaultMessage: 'Paying another way cancels this PIX code. If you have already paid it, do not pay again: we confirm it as soon as your bank tells us.',
    description: 'Warning on the prompt about an open PIX code',
  },
  warnBoleto: {
    id: 'payment.pending.warnBoleto',
    defaultMessage:
      'Paying another way cancels this slip. A slip paid at the bank takes up to 3 working days to be confirmed: if you have already paid it, do not pay again.',
    description: 'Warning on the prompt about an open payment slip (boleto)',
  },
  warnTransfer: {
    id: 'payment.pending.warnTransfer',
    defaultMessage: 'Paying another way cancels these transfer details. If you have already made the transfer, do not pay again: send us its receipt instead.',
    description: 'Warning on the prompt about open bank transfer details',
  },
  warnCrypto: {
    id: 'payment.pending.warnCrypto',
    defaultMessage:
      'Paying another way cancels this address and amount. If you have already sent the coins, do not pay again: we confirm them once the network does.',
    description: 'Warning on the prompt about an open crypto quote',
  },
});

const byType: Record<string, { show: MessageDescriptor; warn: MessageDescriptor }> = {
  pix: { show: m.showPix, warn: m.warnPix },
  boleto: { show: m.showBoleto, warn: m.warnBoleto },
  bank_transfer: { show: m.showTransfer, warn: m.warnTransfer },
  crypto: { show: m.showCrypto, warn: m.warnCrypto },
};

/**
 * Paying an order whose PIX code, slip, transfer details or crypto quote are still open
 * (docs/decisions/052): they are offered again first, since paying another way cancels what the
 * customer may already have paid at the bank; the warning says so before the choice.
 */
export function PendingMoneyPrompt({ order, onShowAgain, onOtherMethod }: { order: Order; onShowAgain(): void; onOtherMethod(): void }) {
  const intl = useIntl();
  const texts = byType[order.paymentType ?? ''] ?? byType.pix!;
  return (
    <Dialog labelledBy="pending-title" describedBy="pending-warning">
      <h2 id="pending-title">{intl.formatMessage(m.title)}</h2>
      <p>
        {intl.formatMessage(orderNo, { id: order.id })} · {order.items[0]?.planName} · {formatMoney(order.total, order.currency, intl.locale)}
      </p>
      <p id="pending-warning">{intl.formatMessage(texts.warn)}</p>
      <button type="button" className="button" onClick={onShowAgain}>
        {intl.formatMessage(texts.show)}
      </button>
      <button type="button" className="button button-secondary" onClick={onOtherMethod}>
        {intl.formatMessage(m.other)}
      </button>
    </Dialog>
  );
}
