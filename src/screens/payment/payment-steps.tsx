import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { PaymentMachine } from '../../../machines/payment/payment.machine';
import { selectPaymentView } from '../../../machines/payment/payment.selectors';
import type { CryptoCoin, PayResultOf } from '../../../machines/payment/payment.types';
import { RefusalNotice } from '../../components/refusal-notice';
import { formatMoney } from '../../config/money';

const m = defineMessages({
  submitting: { id: 'payment.submitting', defaultMessage: 'Processing your payment…', description: 'Shown while the payment is sent to the provider' },
  waiting: { id: 'payment.waiting', defaultMessage: 'Waiting for your payment. This page updates by itself when it arrives.', description: 'Shown while the page polls for a PIX, slip, crypto or transfer payment' },
  payLater: { id: 'payment.payLater', defaultMessage: 'I will pay later', description: 'Button: leave the page; the order stays open until its payment window closes' },
  copy: { id: 'payment.copy', defaultMessage: 'Copy', description: 'Button that copies a payment code to the clipboard' },
  copied: { id: 'payment.copied', defaultMessage: 'Copied', description: 'Shown after a payment code was copied' },
  pixTitle: { id: 'payment.pix.title', defaultMessage: 'Pay with PIX', description: 'Heading of the PIX panel' },
  pixHow: { id: 'payment.pix.how', defaultMessage: 'Scan the QR code with your bank app, or copy the PIX code and paste it there.', description: 'How to pay a PIX code' },
  pixQr: { id: 'payment.pix.qr', defaultMessage: 'PIX QR code', description: 'Alternative text of the PIX QR image' },
  pixCode: { id: 'payment.pix.code', defaultMessage: 'PIX copy-and-paste code', description: 'Label of the PIX code field' },
  boletoTitle: { id: 'payment.boleto.title', defaultMessage: 'Pay the payment slip (boleto)', description: 'Heading of the boleto panel' },
  boletoLine: { id: 'payment.boleto.line', defaultMessage: 'Digitable line', description: 'Label of the boleto digitable line' },
  transferTitle: { id: 'payment.transfer.title', defaultMessage: 'Pay by bank transfer', description: 'Heading of the bank transfer panel' },
  transferHow: { id: 'payment.transfer.how', defaultMessage: 'Transfer the exact amount to this account and write the reference in the transfer description.', description: 'How to pay by bank transfer' },
  bank: { id: 'payment.transfer.bank', defaultMessage: 'Bank', description: 'Label: the receiving bank' },
  holder: { id: 'payment.transfer.holder', defaultMessage: 'Account holder', description: 'Label: the receiving account holder' },
  branch: { id: 'payment.transfer.branch', defaultMessage: 'Branch', description: 'Label: the bank branch (agência)' },
  account: { id: 'payment.transfer.account', defaultMessage: 'Account number', description: 'Label: the receiving account number' },
  routing: { id: 'payment.transfer.routing', defaultMessage: 'Routing number', description: 'Label: the US routing number' },
  swift: { id: 'payment.transfer.swift', defaultMessage: 'SWIFT/BIC', description: 'Label: the SWIFT code' },
  taxId: { id: 'payment.transfer.taxId', defaultMessage: 'Tax ID', description: "Label: the account holder's tax id (CNPJ)" },
  reference: { id: 'payment.transfer.reference', defaultMessage: 'Reference', description: 'Label: what the payer writes in the transfer description' },
  amount: { id: 'payment.amount', defaultMessage: 'Amount', description: 'Label: the amount to pay' },
  proof: { id: 'payment.transfer.proof', defaultMessage: 'Upload the bank receipt (PNG, JPEG or PDF, up to 5 MB)', description: 'Label of the proof-of-payment file input' },
  uploading: { id: 'payment.transfer.uploading', defaultMessage: 'Uploading your receipt…', description: 'Shown while the proof is uploaded' },
  reported: { id: 'payment.transfer.reported', defaultMessage: 'Thank you: your transfer is reported. We confirm it as soon as it reaches our account.', description: 'Shown once the proof is attached' },
  otpTitle: { id: 'payment.otp.title', defaultMessage: 'Confirm with the code from your operator', description: 'Heading of the mobile money code panel' },
  otpCode: { id: 'payment.otp.code', defaultMessage: 'Code', description: 'Label of the mobile money code field' },
  otpConfirm: { id: 'payment.otp.confirm', defaultMessage: 'Confirm payment', description: 'Button that confirms the mobile money payment with the code' },
  cryptoTitle: { id: 'payment.crypto.title', defaultMessage: 'Pay with crypto', description: 'Heading of the crypto panel' },
  cryptoCoin: { id: 'payment.crypto.coin', defaultMessage: 'Coin and network', description: 'Label of the coin chooser' },
  cryptoAddress: { id: 'payment.crypto.address', defaultMessage: 'Send to this address', description: 'Label of the receiving address' },
  cryptoAmount: { id: 'payment.crypto.amount', defaultMessage: 'Exact amount to send', description: 'Label of the coin amount' },
  redirecting: { id: 'payment.redirecting', defaultMessage: 'Taking you to the payment provider…', description: 'Shown before the browser leaves for PayPal or the wallet' },
});

const payBy = defineMessage<{ readonly when: string }>({ id: 'payment.payBy', defaultMessage: 'Pay by {when}', description: 'When the payment window closes; {when} is a date and time' });
const otpSent = defineMessage<{ readonly phone: string; readonly operator: string }>({
  id: 'payment.otp.sent',
  defaultMessage: '{operator} sent a code by SMS to {phone}.',
  description: 'Where the mobile money code went; {operator} is the operator, {phone} the masked phone',
});

/** Spec section 5 (copy buttons): the code goes to the clipboard, and the button says so. */
function CopyButton({ text }: { text: string }) {
  const intl = useIntl();
  const [copied, setCopied] = useState(false);
  return (
    <button type="button" className="button button-secondary" onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true))}>
      {intl.formatMessage(copied ? m.copied : m.copy)}
    </button>
  );
}

/** FEBRABAN's grouping of the 47-digit line: 5.5 5.6 5.6 1 14. */
export function groupDigitableLine(line: string): string {
  const g = (a: number, b: number) => line.slice(a, b);
  return `${g(0, 5)}.${g(5, 10)} ${g(10, 15)}.${g(15, 21)} ${g(21, 26)}.${g(26, 32)} ${g(32, 33)} ${g(33, 47)}`;
}

const COINS: Array<{ coin: CryptoCoin; network: string; label: string }> = [
  { coin: 'BTC', network: 'bitcoin', label: 'Bitcoin (BTC)' },
  { coin: 'ETH', network: 'ERC20', label: 'Ethereum (ETH)' },
  { coin: 'USDT', network: 'TRC20', label: 'Tether (USDT, TRC20)' },
  { coin: 'USDT', network: 'ERC20', label: 'Tether (USDT, ERC20)' },
  { coin: 'USDC', network: 'ERC20', label: 'USD Coin (USDC, ERC20)' },
  { coin: 'LTC', network: 'litecoin', label: 'Litecoin (LTC)' },
];

/**
 * What the customer sees while paying (the payment machine's steps): the PIX code, the slip, the
 * transfer details and proof, the operator's code, the crypto quote. A thin view: it reads
 * selectPaymentView and sends the flow's events.
 */
export function PaymentSteps({ actorRef }: { actorRef: ActorRefFrom<PaymentMachine> }) {
  const intl = useIntl();
  const view = useSelector(actorRef, selectPaymentView);
  const send = actorRef.send;
  const when = (ms: number) => intl.formatDate(ms, { dateStyle: 'medium', timeStyle: 'short' });
  const money = (minor: number, currency: string) => formatMoney(minor, currency, intl.locale);
  const step = view.current;
  const leave = view.canLeave ? (
    <button type="button" className="button button-secondary" onClick={() => send({ type: 'LEFT_TO_PAY_LATER' })}>
      {intl.formatMessage(m.payLater)}
    </button>
  ) : null;
  const waiting = (
    <p role="status" className="muted">
      {intl.formatMessage(m.waiting)}
    </p>
  );

  switch (step.step) {
    case 'submitting':
      return (
        <p role="status" aria-busy="true">
          {intl.formatMessage(m.submitting)}
        </p>
      );
    case 'redirecting':
      return <p role="status">{intl.formatMessage(m.redirecting)}</p>;
    case 'finished':
      return null;
    case 'pix':
      return <PixPanel pix={step.pix} when={when} money={money} footer={[waiting, leave]} />;
    case 'boleto':
      return (
        <section aria-labelledby="boleto-title" className="payment-step">
          <h2 id="boleto-title">{intl.formatMessage(m.boletoTitle)}</h2>
          <p>
            {intl.formatMessage(m.amount)}: <strong>{money(step.boleto.amount, step.boleto.currency)}</strong> · {intl.formatMessage(payBy, { when: intl.formatDate(`${step.boleto.dueDate}T12:00:00`, { dateStyle: 'long' }) })}
          </p>
          <label htmlFor="boleto-line">{intl.formatMessage(m.boletoLine)}</label>
          <input id="boleto-line" readOnly value={groupDigitableLine(step.boleto.digitableLine)} className="code" />
          <CopyButton text={step.boleto.digitableLine} />
          {waiting}
          {leave}
        </section>
      );
    case 'transfer': {
      const t = step.transfer;
      const rows: Array<[keyof typeof m, string | undefined]> = [
        ['bank', t.account.bankName],
        ['holder', t.account.accountHolder],
        ['taxId', t.account.taxId],
        ['branch', t.account.branch],
        ['account', t.account.accountNumber],
        ['routing', t.account.routingNumber],
        ['swift', t.account.swift],
        ['reference', t.reference],
        ['amount', money(t.amount, t.currency)],
      ];
      return (
        <section aria-labelledby="transfer-title" className="payment-step">
          <h2 id="transfer-title">{intl.formatMessage(m.transferTitle)}</h2>
          <p>{intl.formatMessage(m.transferHow)}</p>
          <dl className="details">
            {rows
              .filter(([, v]) => v)
              .map(([k, v]) => (
                <div key={k}>
                  <dt>{intl.formatMessage(m[k])}</dt>
                  <dd>{v}</dd>
                </div>
              ))}
          </dl>
          {t.expiresAt ? <p>{intl.formatMessage(payBy, { when: when(t.expiresAt) })}</p> : null}
          {step.reported ? (
            <p role="status">{intl.formatMessage(m.reported)}</p>
          ) : (
            <>
              <label htmlFor="proof">{intl.formatMessage(m.proof)}</label>
              <input
                id="proof"
                type="file"
                accept="image/png,image/jpeg,application/pdf"
                disabled={view.busy}
                onChange={(e) => {
                  const file = e.currentTarget.files?.[0];
                  if (file) send({ type: 'PROOF_SELECTED', file });
                }}
              />
              {view.busy ? <p role="status">{intl.formatMessage(m.uploading)}</p> : null}
              <RefusalNotice code={view.errCode ?? null} />
            </>
          )}
          {waiting}
          {leave}
        </section>
      );
    }
    case 'otp':
      return <OtpPanel otp={step.otp} busy={view.busy} errCode={view.errCode} onSubmit={(otp) => send({ type: 'OTP_SUBMITTED', otp })} sentTo={intl.formatMessage(otpSent, { phone: step.otp.phone, operator: step.otp.operator })} />;
    case 'crypto': {
      const q = step.crypto;
      const current = COINS.findIndex((c) => c.coin === q.coin && c.network === q.network);
      return (
        <section aria-labelledby="crypto-title" className="payment-step">
          <h2 id="crypto-title">{intl.formatMessage(m.cryptoTitle)}</h2>
          <label htmlFor="coin">{intl.formatMessage(m.cryptoCoin)}</label>
          <select
            id="coin"
            value={current}
            disabled={view.busy}
            onChange={(e) => {
              const c = COINS[Number(e.currentTarget.value)];
              if (c) send({ type: 'COIN_CHANGED', coin: c.coin, network: c.network });
            }}
          >
            {COINS.map((c, i) => (
              <option key={c.label} value={i}>
                {c.label}
              </option>
            ))}
          </select>
          <label htmlFor="crypto-amount">{intl.formatMessage(m.cryptoAmount)}</label>
          <input id="crypto-amount" readOnly value={`${q.coinAmount} ${q.coin}`} className="code" />
          <CopyButton text={q.coinAmount} />
          <label htmlFor="crypto-address">{intl.formatMessage(m.cryptoAddress)}</label>
          <input id="crypto-address" readOnly value={q.address} className="code" />
          <CopyButton text={q.address} />
          <p>
            {money(q.amount, q.currency)} · {intl.formatMessage(payBy, { when: when(q.expiresAt) })}
          </p>
          <RefusalNotice code={view.errCode ?? null} />
          {waiting}
          {leave}
        </section>
      );
    }
  }
}

function PixPanel({ pix, when, money, footer }: { pix: PayResultOf<'pix'>; when(ms: number): string; money(minor: number, currency: string): string; footer: React.ReactNode[] }) {
  const intl = useIntl();
  const qr = pix.qrSvg ? `data:image/svg+xml;utf8,${encodeURIComponent(pix.qrSvg)}` : pix.qrPngDataUrl;
  return (
    <section aria-labelledby="pix-title" className="payment-step">
      <h2 id="pix-title">{intl.formatMessage(m.pixTitle)}</h2>
      <p>{intl.formatMessage(m.pixHow)}</p>
      {qr ? <img src={qr} alt={intl.formatMessage(m.pixQr)} width={220} height={220} className="qr" /> : null}
      <p>
        {intl.formatMessage(m.amount)}: <strong>{money(pix.amount, pix.currency)}</strong> · {intl.formatMessage(payBy, { when: when(pix.expiresAt) })}
      </p>
      <label htmlFor="pix-code">{intl.formatMessage(m.pixCode)}</label>
      <textarea id="pix-code" readOnly value={pix.brCode} rows={3} className="code" />
      <CopyButton text={pix.brCode} />
      {footer}
    </section>
  );
}

function OtpPanel({ otp, busy, errCode, onSubmit, sentTo }: { otp: PayResultOf<'otp'>; busy: boolean; errCode: number | undefined; onSubmit(otp: string): void; sentTo: string }) {
  const intl = useIntl();
  const [code, setCode] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (new RegExp(`^[0-9]{${otp.otpLength}}$`).test(code)) onSubmit(code);
  };
  return (
    <section aria-labelledby="otp-title" className="payment-step">
      <h2 id="otp-title">{intl.formatMessage(m.otpTitle)}</h2>
      <p>{sentTo}</p>
      <form onSubmit={submit}>
        <label htmlFor="otp">{intl.formatMessage(m.otpCode)}</label>
        <input id="otp" inputMode="numeric" autoComplete="one-time-code" maxLength={otp.otpLength} value={code} onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))} />
        <RefusalNotice code={errCode ?? null} />
        <button type="submit" disabled={busy || code.length !== otp.otpLength}>
          {intl.formatMessage(m.otpConfirm)}
        </button>
      </form>
    </section>
  );
}
