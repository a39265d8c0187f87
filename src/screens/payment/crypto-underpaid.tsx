import { defineMessage, useIntl } from 'react-intl';
import type { PayResultOf } from '../../../machines/payment/payment.types';
import { CopyButton } from '../../components/payment-instructions';

const underpaid = defineMessage<{
  readonly received: string;
  readonly quoted: string;
  readonly remaining: string;
  readonly coin: string;
  readonly time: string;
}>({
  id: 'payment.crypto.underpaid',
  defaultMessage: 'Received {received} {coin} of {quoted} {coin}. Send the remaining {remaining} {coin} to the same address before {time}.',
  description:
    'Crypto quote paid in part: {received} is what the address got, {quoted} the whole quote, {remaining} what is left, {coin} the coin (BTC…), {time} when the quote ends',
});

const ifLate = defineMessage({
  id: 'payment.crypto.underpaidLate',
  defaultMessage:
    'If the rest does not arrive in time, this order closes and what you sent does not pay it. It is not lost: our support returns it to you on request, quoting this order.',
  description: 'Under the crypto underpayment line: what happens to a partial payment when the quote runs out (docs/decisions/050)',
});

const copyRemaining = defineMessage({
  id: 'payment.crypto.copyRemaining',
  defaultMessage: 'Remaining amount',
  description: 'What the copy button next to the crypto underpayment line copies (read by screen readers)',
});

/** `0.003` written with as many decimals as `like` has (`0.00120000` → `0.00300000`): one column of digits. */
export function sameDecimals(amount: string, like: string): string {
  const places = like.split('.')[1]?.length ?? 0;
  const [whole, fraction = ''] = amount.split('.');
  return places > fraction.length ? `${whole}.${fraction.padEnd(places, '0')}` : amount;
}

/**
 * A crypto quote paid in part (docs/decisions/050), as Coinbase Commerce and BitPay show an
 * underpaid invoice: what arrived, what is left to send to the same address and until when, with
 * the remaining amount to copy into the wallet. Nothing until a transfer arrived short.
 */
export function CryptoUnderpaid({ quote: q }: { quote: PayResultOf<'crypto'> }) {
  const intl = useIntl();
  const short = q.coinReceived && q.coinRemaining && /[1-9]/.test(q.coinRemaining) ? { received: q.coinReceived, remaining: q.coinRemaining } : undefined;
  // The live region is there from the quote's first screen, so the line the poll adds is announced.
  return (
    <div role="status">
      {short ? (
        <div className="notice notice-warning stack">
          <p id="crypto-underpaid">
            {intl.formatMessage(underpaid, {
              received: short.received,
              quoted: sameDecimals(q.coinAmount, short.received),
              remaining: short.remaining,
              coin: q.coin,
              time: intl.formatTime(q.expiresAt, { timeStyle: 'short' }),
            })}
          </p>
          <p>
            <span id="crypto-remaining" hidden>
              {intl.formatMessage(copyRemaining)}
            </span>
            <CopyButton text={short.remaining} describedBy="crypto-remaining" />
          </p>
          <p>{intl.formatMessage(ifLate)}</p>
        </div>
      ) : null}
    </div>
  );
}
