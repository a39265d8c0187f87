import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { PaymentMachine } from '../../../machines/payment/payment.machine';
import { selectPaymentView } from '../../../machines/payment/payment.selectors';
import type { CryptoCoin, PayResultOf } from '../../../machines/payment/payment.types';
import { RefusalNotice } from '../../components/refusal-notice';
import { isProofFile, PROOF_TYPES } from '../../../core/config/uploads';
import { BoletoPanel, CryptoPanel, PixPanel, TransferPanel } from '../../components/payment-instructions';

const m = defineMessages({
  waiting: {
    id: 'payment.waiting',
    defaultMessage: 'Waiting for your payment. This page updates by itself when it arrives.',
    description: 'Shown while the page polls for a PIX, slip, crypto or transfer payment',
  },
  payLater: {
    id: 'payment.payLater',
    defaultMessage: 'I will pay later',
    description: 'Button: leave the page; the order stays open until its payment window closes',
  },
  proof: {
    id: 'payment.transfer.proof',
    defaultMessage: 'Upload the bank receipt (PNG, JPEG or PDF, up to 5 MB)',
    description: 'Label of the proof-of-payment file input',
  },
  proofFile: {
    id: 'payment.transfer.proofFile',
    defaultMessage: "Send the bank's receipt as a PNG, JPEG or PDF file of at most 5 MB.",
    description: 'Shown next to the transfer proof field when the chosen file is of another type or too large',
  },
  uploading: { id: 'payment.transfer.uploading', defaultMessage: 'Uploading your receipt…', description: 'Shown while the proof is uploaded' },
  reported: {
    id: 'payment.transfer.reported',
    defaultMessage: 'Thank you: your transfer is reported. We confirm it as soon as it reaches our account.',
    description: 'Shown once the proof is attached',
  },
  otpTitle: { id: 'payment.otp.title', defaultMessage: 'Confirm with the code from your operator', description: 'Heading of the mobile money code panel' },
  otpCode: { id: 'payment.otp.code', defaultMessage: 'Code', description: 'Label of the mobile money code field' },
  otpConfirm: { id: 'payment.otp.confirm', defaultMessage: 'Confirm payment', description: 'Button that confirms the mobile money payment with the code' },
  cryptoCoin: { id: 'payment.crypto.coin', defaultMessage: 'Coin and network', description: 'Label of the coin chooser' },
  redirecting: {
    id: 'payment.redirecting',
    defaultMessage: 'Taking you to the payment provider…',
    description: 'Shown before the browser leaves for PayPal or the wallet',
  },
});

const otpSent = defineMessage<{ readonly phone: string; readonly operator: string }>({
  id: 'payment.otp.sent',
  defaultMessage: '{operator} sent a code by SMS to {phone}.',
  description: 'Where the mobile money code went; {operator} is the operator, {phone} the masked phone',
});

// Only a slip payment reaches it: its chunk loads then, outside the payment page's budget (docs/decisions/026, 044).
const SlipDownload = lazy(() => import('./slip-download').then((module) => ({ default: module.SlipDownload })));

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
      // The method's form stays, its Pay button spinning (MethodForm's `paying`).
      return null;
    case 'redirecting':
      return (
        <p className="load-state" role="status">
          {intl.formatMessage(m.redirecting)}
        </p>
      );
    case 'finished':
      return null;
    case 'pix':
      return (
        <PixPanel pix={step.pix}>
          {waiting}
          {leave}
        </PixPanel>
      );
    case 'boleto':
      return (
        <BoletoPanel boleto={step.boleto}>
          <Suspense fallback={null}>
            <SlipDownload orderId={step.boleto.orderId} />
          </Suspense>
          {waiting}
          {leave}
        </BoletoPanel>
      );
    case 'transfer':
      return (
        <TransferPanel transfer={step.transfer}>
          {step.reported ? (
            <p role="status">{intl.formatMessage(m.reported)}</p>
          ) : (
            <>
              <label htmlFor="proof">{intl.formatMessage(m.proof)}</label>
              <ProofInput busy={view.busy} onFile={(file) => send({ type: 'PROOF_SELECTED', file })} />
              {view.busy ? (
                <p className="load-state" role="status">
                  {intl.formatMessage(m.uploading)}
                </p>
              ) : null}
              {/* 5000 here: the file is not a receipt the server can read (its bytes are no PNG, JPEG or PDF). */}
              {view.errCode === 5000 ? (
                <p className="notice notice-warning" role="alert">
                  {intl.formatMessage(m.proofFile)}
                </p>
              ) : (
                <RefusalNotice code={view.errCode ?? null} />
              )}
            </>
          )}
          {waiting}
          {leave}
        </TransferPanel>
      );
    case 'otp':
      return (
        <OtpPanel
          otp={step.otp}
          busy={view.busy}
          errCode={view.errCode}
          onSubmit={(otp) => send({ type: 'OTP_SUBMITTED', otp })}
          sentTo={intl.formatMessage(otpSent, { phone: step.otp.phone, operator: step.otp.operator })}
        />
      );
    case 'crypto': {
      const q = step.crypto;
      const current = COINS.findIndex((c) => c.coin === q.coin && c.network === q.network);
      const chooser = (
        <>
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
        </>
      );
      return (
        <CryptoPanel crypto={q} chooser={chooser}>
          <RefusalNotice code={view.errCode ?? null} />
          {waiting}
          {leave}
        </CryptoPanel>
      );
    }
  }
}

function OtpPanel({
  otp,
  busy,
  errCode,
  onSubmit,
  sentTo,
}: {
  otp: PayResultOf<'otp'>;
  busy: boolean;
  errCode: number | undefined;
  onSubmit(otp: string): void;
  sentTo: string;
}) {
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
        <input
          id="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={otp.otpLength}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))}
        />
        <RefusalNotice code={errCode ?? null} />
        <button type="submit" disabled={busy || code.length !== otp.otpLength}>
          {intl.formatMessage(m.otpConfirm)}
        </button>
      </form>
    </section>
  );
}

/** The receipt's file field: a file the server would refuse is said here, and never sent. */
function ProofInput({ busy, onFile }: { busy: boolean; onFile(file: File): void }) {
  const intl = useIntl();
  const [refused, setRefused] = useState(false);
  return (
    <>
      <input
        id="proof"
        type="file"
        accept={PROOF_TYPES.join(',')}
        disabled={busy}
        aria-invalid={refused || undefined}
        aria-describedby={refused ? 'proof-error' : undefined}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          if (!file) return;
          const fits = isProofFile(file);
          setRefused(!fits);
          if (fits) onFile(file);
        }}
      />
      {refused ? (
        <span id="proof-error" className="field-error" role="alert">
          {intl.formatMessage(m.proofFile)}
        </span>
      ) : null}
    </>
  );
}
