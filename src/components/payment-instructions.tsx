import { useState, type ReactNode } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import type { PayResultOf } from '../../machines/payment/payment.types';
import { formatMoney, plainAmount } from '../../core/config/money';
import { TimeLeft } from './time-left';

/**
 * The instructions of a payment left to finish (the PIX code, the slip, the account to transfer to,
 * the crypto address), as plain presentational panels. The payment flow (payment-steps.tsx) shows
 * them while it waits for the money; /paynowTips shows them again for an order left pending
 * (docs/decisions/019). Each panel takes what the flow adds (waiting notice, proof upload, coin
 * chooser, "pay later") as children, so the markup stays one.
 */
const m = defineMessages({
  copy: { id: 'payment.copy', defaultMessage: 'Copy', description: 'Button that copies a payment code to the clipboard' },
  copied: { id: 'payment.copied', defaultMessage: 'Copied', description: 'Shown after a payment code was copied' },
  pixTitle: { id: 'payment.pix.title', defaultMessage: 'Pay with PIX', description: 'Heading of the PIX panel' },
  pixHow: {
    id: 'payment.pix.how',
    defaultMessage: 'Scan the QR code with your bank app, or copy the PIX code and paste it there.',
    description: 'How to pay a PIX code',
  },
  pixQr: { id: 'payment.pix.qr', defaultMessage: 'PIX QR code', description: 'Alternative text of the PIX QR image' },
  pixCode: { id: 'payment.pix.code', defaultMessage: 'PIX copy-and-paste code', description: 'Label of the PIX code field' },
  boletoTitle: { id: 'payment.boleto.title', defaultMessage: 'Pay the payment slip (boleto)', description: 'Heading of the boleto panel' },
  boletoLine: { id: 'payment.boleto.line', defaultMessage: 'Digitable line', description: 'Label of the boleto digitable line' },
  transferTitle: { id: 'payment.transfer.title', defaultMessage: 'Pay by bank transfer', description: 'Heading of the bank transfer panel' },
  transferHow: {
    id: 'payment.transfer.how',
    defaultMessage: 'Transfer the exact amount to this account and write the reference in the transfer description.',
    description: 'How to pay by bank transfer',
  },
  bank: { id: 'payment.transfer.bank', defaultMessage: 'Bank', description: 'Label: the receiving bank' },
  holder: { id: 'payment.transfer.holder', defaultMessage: 'Account holder', description: 'Label: the receiving account holder' },
  branch: { id: 'payment.transfer.branch', defaultMessage: 'Branch', description: 'Label: the bank branch (agência)' },
  account: { id: 'payment.transfer.account', defaultMessage: 'Account number', description: 'Label: the receiving account number' },
  routing: { id: 'payment.transfer.routing', defaultMessage: 'Routing number', description: 'Label: the US routing number' },
  swift: { id: 'payment.transfer.swift', defaultMessage: 'SWIFT/BIC', description: 'Label: the SWIFT code' },
  taxId: { id: 'payment.transfer.taxId', defaultMessage: 'Tax ID', description: "Label: the account holder's tax id (CNPJ)" },
  reference: { id: 'payment.transfer.reference', defaultMessage: 'Reference', description: 'Label: what the payer writes in the transfer description' },
  amount: { id: 'payment.amount', defaultMessage: 'Amount', description: 'Label: the amount to pay' },
  cryptoTitle: { id: 'payment.crypto.title', defaultMessage: 'Pay with crypto', description: 'Heading of the crypto panel' },
  cryptoAddress: { id: 'payment.crypto.address', defaultMessage: 'Send to this address', description: 'Label of the receiving address' },
  cryptoAmount: { id: 'payment.crypto.amount', defaultMessage: 'Exact amount to send', description: 'Label of the coin amount' },
});

const payBy = defineMessage<{ readonly when: string }>({
  id: 'payment.payBy',
  defaultMessage: 'Pay by {when}',
  description: 'When the payment window closes; {when} is a date and time',
});

/** A date and time in the user's language, as every panel shows a payment window. */
function useFormatters() {
  const intl = useIntl();
  return {
    intl,
    when: (ms: number) => intl.formatDate(ms, { dateStyle: 'medium', timeStyle: 'short' }),
    money: (minor: number, currency: string) => formatMoney(minor, currency, intl.locale),
  };
}

/**
 * Spec section 5 (copy buttons): the code goes to the clipboard, and the button says so.
 * `describedBy`: the label of what it copies, where a page has several.
 */
export function CopyButton({ text, describedBy }: { text: string; describedBy?: string }) {
  const intl = useIntl();
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="button button-secondary"
      aria-describedby={describedBy}
      onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true))}
    >
      {intl.formatMessage(copied ? m.copied : m.copy)}
    </button>
  );
}

/** FEBRABAN's grouping of the 47-digit line: 5.5 5.6 5.6 1 14. */
export function groupDigitableLine(line: string): string {
  const g = (a: number, b: number) => line.slice(a, b);
  return `${g(0, 5)}.${g(5, 10)} ${g(10, 15)}.${g(15, 21)} ${g(21, 26)}.${g(26, 32)} ${g(32, 33)} ${g(33, 47)}`;
}

export function PixPanel({ pix, children }: { pix: PayResultOf<'pix'>; children?: ReactNode }) {
  const { intl, when, money } = useFormatters();
  const qr = pix.qrSvg ? `data:image/svg+xml;utf8,${encodeURIComponent(pix.qrSvg)}` : pix.qrPngDataUrl;
  return (
    <section aria-labelledby="pix-title" className="payment-step">
      <h2 id="pix-title">{intl.formatMessage(m.pixTitle)}</h2>
      <p>{intl.formatMessage(m.pixHow)}</p>
      {qr ? <img src={qr} alt={intl.formatMessage(m.pixQr)} width={220} height={220} className="qr" /> : null}
      <p>
        {intl.formatMessage(m.amount)}: <strong>{money(pix.amount, pix.currency)}</strong> · {intl.formatMessage(payBy, { when: when(pix.expiresAt) })}
      </p>
      <TimeLeft until={pix.expiresAt} />
      <label htmlFor="pix-code">{intl.formatMessage(m.pixCode)}</label>
      <textarea id="pix-code" readOnly value={pix.brCode} rows={3} className="code" />
      <CopyButton text={pix.brCode} />
      {children}
    </section>
  );
}

export function BoletoPanel({ boleto, children }: { boleto: PayResultOf<'boleto'>; children?: ReactNode }) {
  const { intl, money } = useFormatters();
  return (
    <section aria-labelledby="boleto-title" className="payment-step">
      <h2 id="boleto-title">{intl.formatMessage(m.boletoTitle)}</h2>
      <p>
        {intl.formatMessage(m.amount)}: <strong>{money(boleto.amount, boleto.currency)}</strong> ·{' '}
        {intl.formatMessage(payBy, { when: intl.formatDate(`${boleto.dueDate}T12:00:00`, { dateStyle: 'long' }) })}
      </p>
      <label htmlFor="boleto-line">{intl.formatMessage(m.boletoLine)}</label>
      <input id="boleto-line" readOnly value={groupDigitableLine(boleto.digitableLine)} className="code" />
      <CopyButton text={boleto.digitableLine} />
      {children}
    </section>
  );
}

/** The account to transfer to and the reference; the flow adds the proof upload as children. */
export function TransferPanel({ transfer: t, children }: { transfer: PayResultOf<'bank_transfer'>; children?: ReactNode }) {
  const { intl, when, money } = useFormatters();
  // What a bank app asks to be typed gets a copy button: numbers and the reference.
  const rows: Array<[keyof typeof m, string | undefined, string?]> = [
    ['bank', t.account.bankName],
    ['holder', t.account.accountHolder],
    ['taxId', t.account.taxId, t.account.taxId],
    ['branch', t.account.branch, t.account.branch],
    ['account', t.account.accountNumber, t.account.accountNumber],
    ['routing', t.account.routingNumber, t.account.routingNumber],
    ['swift', t.account.swift, t.account.swift],
    ['reference', t.reference, t.reference],
    ['amount', money(t.amount, t.currency), plainAmount(t.amount, t.currency, intl.locale)],
  ];
  return (
    <section aria-labelledby="transfer-title" className="payment-step">
      <h2 id="transfer-title">{intl.formatMessage(m.transferTitle)}</h2>
      <p>{intl.formatMessage(m.transferHow)}</p>
      <dl className="details">
        {rows
          .filter(([, v]) => v)
          .map(([k, v, copy]) => (
            <div key={k}>
              <dt id={`transfer-${k}`}>{intl.formatMessage(m[k])}</dt>
              <dd>
                <span>{v}</span> {copy ? <CopyButton text={copy} describedBy={`transfer-${k}`} /> : null}
              </dd>
            </div>
          ))}
      </dl>
      {t.expiresAt ? <p>{intl.formatMessage(payBy, { when: when(t.expiresAt) })}</p> : null}
      {children}
    </section>
  );
}

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
function CryptoUnderpaid({ quote: q }: { quote: PayResultOf<'crypto'> }) {
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

/** The address and exact coin amount, and once part arrived what is left; the flow puts its coin chooser in `chooser`, above them. */
export function CryptoPanel({ crypto: q, chooser, children }: { crypto: PayResultOf<'crypto'>; chooser?: ReactNode; children?: ReactNode }) {
  const { intl, when, money } = useFormatters();
  return (
    <section aria-labelledby="crypto-title" className="payment-step">
      <h2 id="crypto-title">{intl.formatMessage(m.cryptoTitle)}</h2>
      {chooser}
      <label htmlFor="crypto-amount">{intl.formatMessage(m.cryptoAmount)}</label>
      <input id="crypto-amount" readOnly value={`${q.coinAmount} ${q.coin}`} className="code" />
      <CopyButton text={q.coinAmount} />
      <label htmlFor="crypto-address">{intl.formatMessage(m.cryptoAddress)}</label>
      <input id="crypto-address" readOnly value={q.address} className="code" />
      <CopyButton text={q.address} />
      <p>
        {money(q.amount, q.currency)} · {intl.formatMessage(payBy, { when: when(q.expiresAt) })}
      </p>
      <CryptoUnderpaid quote={q} />
      {children}
    </section>
  );
}
