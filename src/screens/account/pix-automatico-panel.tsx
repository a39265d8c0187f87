import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { defineMessages, useIntl, type IntlShape } from 'react-intl';
import { formatMoney } from '../../../core/config/money';
import { defaultLanguage, languageOfTag } from '../../../core/i18n/languages';
import { selectPixAutomaticoView, type PixAutomaticoView } from '../../../machines/pix-automatico/pix-automatico.selectors';
import type { PixAutomatico, PixAutomaticoEvent } from '../../../machines/pix-automatico/pix-automatico.types';
import { runningPlanId } from '../../components/account-days';
import { CopyButton } from '../../components/payment-instructions';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { RefusalNotice } from '../../components/refusal-notice';
import { invalidateAccount, useAccountInfo, type AccountIdentity } from '../../queries/account-queries';
import { usePixAutomatico } from '../../queries/flows/pix-automatico-flow';
import { useServices } from '../../queries/services-context';

const m = defineMessages({
  title: { id: 'pixAuto.title', defaultMessage: 'PIX Automático', description: 'Account page: heading of the panel about renewing by PIX Automático' },
  offer: {
    id: 'pixAuto.offer',
    defaultMessage:
      'Your monthly plan can renew by PIX Automático instead of a card: you authorise it once in your bank app, and each month is paid on its due date.',
    description: 'Account page, PIX Automático: the offer, before the customer starts',
  },
  noPlan: {
    id: 'pixAuto.noPlan',
    defaultMessage: 'Buy a monthly plan to renew it by PIX Automático.',
    description: 'Account page, PIX Automático: the account has no plan yet',
  },
  start: { id: 'pixAuto.start', defaultMessage: 'Renew by PIX Automático', description: 'Account page: button that makes the QR to authorise PIX Automático' },
  starting: { id: 'pixAuto.starting', defaultMessage: 'Making the QR code…', description: 'Account page, PIX Automático: shown while the QR is made' },
  loading: { id: 'pixAuto.loading', defaultMessage: 'Loading…', description: 'Account page, PIX Automático: shown while the authorisation is read' },
  scan: {
    id: 'pixAuto.scan',
    defaultMessage: 'Scan this QR code in your bank app: it pays next month now and authorises the monthly payments below.',
    description: 'Account page, PIX Automático: how to use the composite QR (Journey 3)',
  },
  qr: { id: 'pixAuto.qr', defaultMessage: 'PIX Automático QR code', description: 'Alternative text of the composite QR image' },
  code: { id: 'pixAuto.code', defaultMessage: 'PIX copy and paste code', description: 'Label of the composite BR Code text' },
  approved: {
    id: 'pixAuto.approved',
    defaultMessage: 'I have approved it',
    description: 'Account page, PIX Automático: the customer approved in the bank app; reads the status again',
  },
  refresh: {
    id: 'pixAuto.refresh',
    defaultMessage: 'Back to PIX Automático',
    description: 'Account page, PIX Automático: after a refusal, reads the authorisation again',
  },
  status: { id: 'pixAuto.statusLabel', defaultMessage: 'Status', description: 'Account page, PIX Automático: label of the authorisation status' },
  amount: { id: 'pixAuto.amount', defaultMessage: 'Amount', description: 'Account page, PIX Automático: the fixed monthly amount' },
  max: { id: 'pixAuto.max', defaultMessage: 'Maximum amount', description: 'Account page, PIX Automático: the most one charge may take' },
  frequency: { id: 'pixAuto.frequency', defaultMessage: 'Frequency', description: 'Account page, PIX Automático: how often it charges' },
  monthly: { id: 'pixAuto.monthly', defaultMessage: 'Monthly', description: 'Account page, PIX Automático: the frequency value' },
  endDate: { id: 'pixAuto.endDate', defaultMessage: 'End date', description: 'Account page, PIX Automático: no charge after this date' },
  nextDue: { id: 'pixAuto.nextDue', defaultMessage: 'Next payment', description: 'Account page, PIX Automático: when the next month is charged' },
  retrying: {
    id: 'pixAuto.retrying',
    defaultMessage: 'The last payment failed; your bank will try again on the date above.',
    description: 'Account page, PIX Automático: a scheduled debit failed and a retry is scheduled',
  },
  cancel: { id: 'pixAuto.cancel', defaultMessage: 'Cancel authorisation', description: 'Account page, PIX Automático: button that cancels the authorisation' },
  confirmTitle: {
    id: 'pixAuto.confirmTitle',
    defaultMessage: 'Cancel the PIX Automático authorisation?',
    description: 'Title of the dialog confirming the cancellation',
  },
  confirmText: {
    id: 'pixAuto.confirmText',
    defaultMessage: 'Your plan will stop renewing. The days you already paid for stay.',
    description: 'Text of the dialog confirming the cancellation',
  },
  confirm: { id: 'pixAuto.confirm', defaultMessage: 'Cancel authorisation', description: 'Confirmation dialog: cancels the authorisation' },
  keep: { id: 'pixAuto.keep', defaultMessage: 'Keep it', description: 'Confirmation dialog: closes it and keeps the authorisation' },
  cancelling: { id: 'pixAuto.cancelling', defaultMessage: 'Cancelling…', description: 'Confirmation dialog: shown while the authorisation is cancelled' },
  failed: {
    id: 'pixAuto.failed',
    defaultMessage: 'PIX Automático could not be reached. Nothing changed.',
    description: 'Account page, PIX Automático: an unexpected failure',
  },
  retry: { id: 'pixAuto.retry', defaultMessage: 'Try again', description: 'Account page, PIX Automático: tries again after a failure' },
  startAgain: {
    id: 'pixAuto.startAgain',
    defaultMessage: 'Authorise again',
    description: 'Account page, PIX Automático: after it ended, starts a new authorisation',
  },
});

/** The Banco Central's statuses, as the customer reads them. */
const statusNames = defineMessages({
  CRIADA: { id: 'pixAuto.status.created', defaultMessage: 'Awaiting approval in your bank app', description: 'PIX Automático status CRIADA' },
  APROVADA: { id: 'pixAuto.status.approved', defaultMessage: 'Active', description: 'PIX Automático status APROVADA' },
  REJEITADA: { id: 'pixAuto.status.rejected', defaultMessage: 'Rejected by your bank', description: 'PIX Automático status REJEITADA' },
  EXPIRADA: {
    id: 'pixAuto.status.expired',
    defaultMessage: 'Expired',
    description: 'PIX Automático status EXPIRADA (QR not approved in time, or end date passed)',
  },
  CANCELADA: { id: 'pixAuto.status.cancelled', defaultMessage: 'Cancelled', description: 'PIX Automático status CANCELADA' },
});
const cancelledBy = defineMessages({
  payer: {
    id: 'pixAuto.cancelledBy.payer',
    defaultMessage: 'You cancelled it in your bank app.',
    description: 'PIX Automático: who cancelled it: the payer, in the bank app',
  },
  receiver: {
    id: 'pixAuto.cancelledBy.receiver',
    defaultMessage: 'It was cancelled here, or after a month went unpaid.',
    description: 'PIX Automático: who cancelled it: the customer on this page, or the portal after failed retries',
  },
});

type Send = (event: PixAutomaticoEvent) => void;

/** docs/decisions/060: renewing the monthly plan by PIX Automático, from the account page. */
export function PixAutomaticoPanel({ identity }: { identity: AccountIdentity }) {
  const intl = useIntl();
  const account = useAccountInfo(identity, languageOfTag(intl.locale) ?? defaultLanguage);
  const actor = usePixAutomatico();
  const view = useSelector(actor, selectPixAutomaticoView);
  const send: Send = actor.send;
  const [now] = useState(Date.now);
  // Only a running plan renews: once it ended the panel says to buy one instead.
  const planId = runningPlanId(account.status === 'success' ? account.data : undefined, now);
  // Approved (the QR paid the next month), cancelled or lapsed: the account is read again, so its
  // expiry and orders show what the authorisation did without a reload.
  const { queries } = useServices();
  const authorisation = view.info?.status;
  const seen = useRef(authorisation);
  useEffect(() => {
    if (seen.current !== undefined && authorisation !== seen.current) invalidateAccount(queries, identity.uid);
    seen.current = authorisation;
  }, [authorisation, queries, identity.uid]);
  const startButton = (label: string) =>
    planId ? (
      <div className="actions">
        <button type="button" className="button" disabled={!view.canStart} onClick={() => send({ type: 'START_REQUESTED', planId: String(planId) })}>
          {label}
        </button>
      </div>
    ) : (
      <p className="muted">{intl.formatMessage(m.noPlan)}</p>
    );

  return (
    <section className="panel account-pix-automatico" aria-labelledby="pix-auto-title" aria-busy={view.busy}>
      <h2 id="pix-auto-title">{intl.formatMessage(m.title)}</h2>
      {(view.status === 'loading' || view.status === 'starting') && (
        <p role="status" className="muted">
          {intl.formatMessage(view.status === 'starting' ? m.starting : m.loading)}
        </p>
      )}
      {view.status === 'offered' && (
        <>
          <p>{intl.formatMessage(m.offer)}</p>
          {startButton(intl.formatMessage(m.start))}
        </>
      )}
      {view.status === 'refused' && (
        <>
          <RefusalNotice code={view.message} takeFocus />
          <div className="actions">
            <button type="button" className="button button-secondary" onClick={() => send({ type: 'REFRESH_REQUESTED' })}>
              {intl.formatMessage(m.refresh)}
            </button>
          </div>
        </>
      )}
      {view.status === 'failure' && (
        <div className="notice notice-warning" role="alert">
          <p>{intl.formatMessage(m.failed)}</p>
          <div className="actions">
            <button type="button" className="button" onClick={() => send({ type: 'RETRY_REQUESTED' })}>
              {intl.formatMessage(m.retry)}
            </button>
          </div>
        </div>
      )}
      {view.info && ['awaitingApproval', 'authorised', 'confirmingCancel', 'cancelling', 'ended'].includes(view.status) && (
        <Authorisation info={view.info} view={view} send={send} intl={intl} />
      )}
      {view.status === 'ended' && startButton(intl.formatMessage(m.startAgain))}
      {view.dialogOpen && <ConfirmCancel view={view} send={send} />}
    </section>
  );
}

function Authorisation({ info, view, send, intl }: { info: PixAutomatico; view: PixAutomaticoView; send: Send; intl: IntlShape }) {
  const money = (minor: number) => formatMoney(minor, info.currency, intl.locale);
  const date = (ms: number) => intl.formatDate(ms, { dateStyle: 'long' });
  const qr = view.status === 'awaitingApproval' ? info.qr : undefined;
  const retrying = info.status === 'APROVADA' && info.charge?.status === 'ATIVA' && info.charge.failures > 0;
  return (
    <div className="stack">
      <p className="renewal-status">
        <span className="muted">{intl.formatMessage(m.status)}: </span>
        <strong className={info.status === 'APROVADA' ? 'badge renewal-on' : 'badge renewal-off'}>{intl.formatMessage(statusNames[info.status])}</strong>
      </p>
      {info.status === 'CANCELADA' && info.cancelledBy && <p>{intl.formatMessage(cancelledBy[info.cancelledBy])}</p>}
      {qr && (
        <>
          <p>{intl.formatMessage(m.scan)}</p>
          <img src={`data:image/svg+xml;utf8,${encodeURIComponent(qr.qrSvg)}`} alt={intl.formatMessage(m.qr)} width={220} height={220} className="qr" />
          <label htmlFor="pix-auto-code">{intl.formatMessage(m.code)}</label>
          <textarea id="pix-auto-code" readOnly value={qr.brCode} rows={3} className="code" />
          <CopyButton text={qr.brCode} />
        </>
      )}
      <dl className="renewal-facts">
        <div>
          <dt>{intl.formatMessage(m.amount)}</dt>
          <dd>{money(info.amount)}</dd>
        </div>
        <div>
          <dt>{intl.formatMessage(m.max)}</dt>
          <dd>{money(info.maxAmount)}</dd>
        </div>
        <div>
          <dt>{intl.formatMessage(m.frequency)}</dt>
          <dd>{intl.formatMessage(m.monthly)}</dd>
        </div>
        <div>
          <dt>{intl.formatMessage(m.endDate)}</dt>
          <dd>{date(info.endDate)}</dd>
        </div>
        {info.nextDueDate !== undefined && (
          <div>
            <dt>{intl.formatMessage(m.nextDue)}</dt>
            <dd>{date(retrying && info.charge ? info.charge.tryDate : info.nextDueDate)}</dd>
          </div>
        )}
      </dl>
      {retrying && <p className="notice">{intl.formatMessage(m.retrying)}</p>}
      <div className="actions">
        {view.status === 'awaitingApproval' && (
          <button type="button" className="button" onClick={() => send({ type: 'REFRESH_REQUESTED' })}>
            {intl.formatMessage(m.approved)}
          </button>
        )}
        {view.canCancel && (
          <button type="button" className="button button-secondary" onClick={() => send({ type: 'CANCEL_REQUESTED' })}>
            {intl.formatMessage(m.cancel)}
          </button>
        )}
      </div>
    </div>
  );
}

function ConfirmCancel({ view, send }: { view: PixAutomaticoView; send: Send }) {
  const intl = useIntl();
  return (
    <ConfirmDialog
      id="pix-auto-confirm"
      title={intl.formatMessage(m.confirmTitle)}
      text={intl.formatMessage(m.confirmText)}
      confirmLabel={intl.formatMessage(m.confirm)}
      cancelLabel={intl.formatMessage(m.keep)}
      busy={view.status === 'cancelling'}
      busyText={intl.formatMessage(m.cancelling)}
      onConfirm={() => send({ type: 'CANCEL_CONFIRMED' })}
      onCancel={() => send({ type: 'CANCEL_DISMISSED' })}
    />
  );
}
