import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { defineMessage, defineMessages, useIntl, type IntlShape } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { AutoRenewalMachine } from '../../../machines/auto-renewal/auto-renewal.machine';
import { selectAutoRenewalView } from '../../../machines/auto-renewal/auto-renewal.selectors';
import { selectCancellationView, type CancellationView } from '../../../machines/cancellation/cancellation.selectors';
import { CANCELLATION_REASONS, type CancellationReason, type RetentionOffer } from '../../../machines/cancellation/cancellation.types';
import { refusalMessage } from '../../components/refusal-message';
import { pausedUntil } from '../../../core/config/retention';
import { Dialog } from '../../components/dialog';
import { RefusalNotice } from '../../components/refusal-notice';
import { useCancellation } from '../../queries/flows/cancellation-flow';

const m = defineMessages({
  confirmTitle: { id: 'autoRenewal.confirmTitle', defaultMessage: 'Turn off auto-renewal?', description: 'Title of the dialog confirming the cancellation' },
  confirmText: {
    id: 'autoRenewal.confirmText',
    defaultMessage:
      'Your plan stays active until the end of the period already paid. To turn auto-renewal on again later, you buy a monthly plan with auto-renew.',
    description: 'What cancelling auto-renewal means, in the confirmation dialog',
  },
  confirm: { id: 'autoRenewal.confirm', defaultMessage: 'Turn it off', description: 'Button: confirm turning auto-renewal off' },
  keepOn: { id: 'autoRenewal.keepOn', defaultMessage: 'Keep it on', description: 'Button: keep auto-renewal on (dismiss the confirmation)' },
  cancelling: { id: 'autoRenewal.cancelling', defaultMessage: 'Turning auto-renewal off…', description: 'Shown while auto-renewal is being cancelled' },
  reasonLegend: {
    id: 'cancellation.reasonLegend',
    defaultMessage: 'Why are you turning it off?',
    description: 'Turning auto-renewal off: the question above the list of reasons',
  },
  otherLabel: { id: 'cancellation.otherLabel', defaultMessage: 'Your reason', description: 'Label of the text field for the reason "Other"' },
  next: { id: 'cancellation.next', defaultMessage: 'Continue', description: 'Button: go on after choosing a reason' },
  chooseReason: {
    id: 'cancellation.chooseReason',
    defaultMessage: 'Choose a reason to continue.',
    description: 'Shown when Continue is pressed with no reason chosen',
  },
  finding: { id: 'cancellation.finding', defaultMessage: 'One moment…', description: 'Shown while the server is asked for an offer' },
  offerTitle: { id: 'cancellation.offerTitle', defaultMessage: 'Before you go', description: 'Heading of the retention offer' },
  accept: { id: 'cancellation.accept', defaultMessage: 'Accept the offer', description: 'Button: accept the retention offer and keep auto-renewal on' },
  decline: {
    id: 'cancellation.decline',
    defaultMessage: 'No thanks, turn it off',
    description: 'Button: decline the retention offer and turn auto-renewal off',
  },
  accepting: { id: 'cancellation.accepting', defaultMessage: 'Applying the offer…', description: 'Shown while the accepted offer is applied' },
  failed: {
    id: 'cancellation.failed',
    defaultMessage: 'Something went wrong and nothing changed. Please try again.',
    description: 'Turning auto-renewal off: a call failed unexpectedly',
  },
});

const reasons = defineMessages<CancellationReason>({
  too_expensive: { id: 'cancellation.reason.tooExpensive', defaultMessage: 'It is too expensive', description: 'Reason for turning auto-renewal off' },
  not_using: { id: 'cancellation.reason.notUsing', defaultMessage: 'I am not using it', description: 'Reason for turning auto-renewal off' },
  missing_content: {
    id: 'cancellation.reason.missingContent',
    defaultMessage: 'Content I want is missing',
    description: 'Reason for turning auto-renewal off',
  },
  technical: { id: 'cancellation.reason.technical', defaultMessage: 'Technical problems', description: 'Reason for turning auto-renewal off' },
  switching: { id: 'cancellation.reason.switching', defaultMessage: 'I am switching to another service', description: 'Reason for turning auto-renewal off' },
  other: { id: 'cancellation.reason.other', defaultMessage: 'Other', description: 'Reason for turning auto-renewal off: the customer writes it' },
});

const discountOffer = defineMessage<{ readonly percent: number; readonly date: string }>({
  id: 'cancellation.discountOffer',
  defaultMessage: 'Stay, and your next renewal on {date} is {percent}% off.',
  description: 'The retention offer: a discount on the next renewal',
});
const pauseOffer = defineMessage<{ readonly months: number; readonly date: string }>({
  id: 'cancellation.pauseOffer',
  defaultMessage:
    'Pause for {months, plural, one {# month} other {# months}} instead: nothing is charged until {date}. Your plan runs to the end of the period already paid, then waits for the next charge.',
  description: 'The retention offer: a pause; date is when the next charge comes',
});
const endsOn = defineMessage<{ readonly date: string }>({
  id: 'cancellation.confirmed',
  defaultMessage: 'Auto-renewal is off. Your plan stays active until {date}; nothing more is charged.',
  description: 'After turning auto-renewal off: when the plan already paid for ends',
});
const keptDiscount = defineMessage<{ readonly percent: number; readonly date: string }>({
  id: 'cancellation.keptDiscount',
  defaultMessage: 'Thank you for staying! Your next renewal on {date} is {percent}% off.',
  description: 'After accepting the discount offer',
});
const keptPause = defineMessage<{ readonly date: string }>({
  id: 'cancellation.keptPause',
  defaultMessage: 'Your subscription is paused. Nothing is charged until {date}.',
  description: 'After accepting the pause offer',
});

const dateOf = (intl: IntlShape, ms: number | undefined) => (ms === undefined ? '' : intl.formatDate(ms, { dateStyle: 'long' }));
const offerText = (intl: IntlShape, offer: RetentionOffer, nextBilling: number | undefined, until?: number) =>
  offer.kind === 'discount'
    ? intl.formatMessage(discountOffer, { percent: offer.percent, date: dateOf(intl, nextBilling) })
    : intl.formatMessage(pauseOffer, { months: offer.months, date: dateOf(intl, until) });

/**
 * The auto-renewal panel's way to turn it off (docs/decisions/057): the cancellation flow's dialog
 * while the panel has it open, and what the last one ended with once the panel shows where
 * auto-renewal stands again.
 */
export function CancellationPanel({ renewal }: { renewal: ActorRefFrom<AutoRenewalMachine> }) {
  const intl = useIntl();
  const { confirmingCancel: open, info } = useSelector(renewal, selectAutoRenewalView);
  const [outcome, setOutcome] = useState<CancellationView | null>(null);
  useEffect(() => {
    if (open) setOutcome(null);
  }, [open]);
  return (
    <>
      {outcome?.step === 'refused' && <RefusalNotice code={outcome.message} />}
      {outcome && outcome.step !== 'refused' && (
        <p className="notice notice-success" role="status">
          {outcome.kept
            ? outcome.kept.offer.kind === 'discount'
              ? intl.formatMessage(keptDiscount, { percent: outcome.kept.offer.percent, date: dateOf(intl, outcome.kept.nextBillingDate) })
              : intl.formatMessage(keptPause, { date: dateOf(intl, outcome.kept.nextBillingDate) })
            : intl.formatMessage(endsOn, { date: dateOf(intl, outcome.endsAt ?? undefined) })}
        </p>
      )}
      {open && (
        <CancellationDialog
          nextBilling={info?.nextBillingDate}
          onSettled={(view) => {
            setOutcome(view);
            renewal.send({ type: 'CANCELLATION_SETTLED' });
          }}
          onDismiss={() => renewal.send({ type: 'CANCEL_DISMISSED' })}
        />
      )}
    </>
  );
}

function CancellationDialog({
  nextBilling,
  onSettled,
  onDismiss,
}: {
  nextBilling: number | undefined;
  onSettled(view: CancellationView): void;
  onDismiss(): void;
}) {
  const intl = useIntl();
  const actor = useCancellation();
  const view = useSelector(actor, selectCancellationView);
  const [reason, setReason] = useState<CancellationReason | null>(view.reason);
  const [otherText, setOtherText] = useState(view.otherText);
  const [unchosen, setUnchosen] = useState(false);
  useEffect(() => {
    if (view.done) onSettled(view);
    // Once, when the flow settles.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view.done]);
  const { busy, step, offer } = view;
  const until = offer?.kind === 'pause' && nextBilling !== undefined ? pausedUntil(nextBilling, offer.months) : undefined;
  return (
    <Dialog role="alertdialog" labelledBy="cancellation-title" busy={busy} onEscape={busy ? undefined : onDismiss}>
      <h2 id="cancellation-title">{intl.formatMessage(step === 'offer' ? m.offerTitle : m.confirmTitle)}</h2>
      {step === 'reason' && (
        <form
          className="stack"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setUnchosen(reason === null);
            if (reason !== null) actor.send({ type: 'REASON_SUBMITTED', reason, otherText });
          }}
        >
          <fieldset className="cancellation-reasons" disabled={busy}>
            <legend>{intl.formatMessage(m.reasonLegend)}</legend>
            {CANCELLATION_REASONS.map((r) => (
              <label key={r} className="checkbox">
                <input type="radio" name="cancellation-reason" value={r} checked={reason === r} onChange={() => (setReason(r), setUnchosen(false))} />
                {intl.formatMessage(reasons[r])}
              </label>
            ))}
          </fieldset>
          {unchosen && (
            <p className="field-error" role="alert">
              {intl.formatMessage(m.chooseReason)}
            </p>
          )}
          {reason === 'other' && (
            <label className="field">
              <span>{intl.formatMessage(m.otherLabel)}</span>
              <textarea
                value={otherText}
                maxLength={500}
                rows={3}
                disabled={busy}
                aria-invalid={view.message === 8301}
                aria-describedby={view.message === 8301 ? 'cancellation-other-error' : undefined}
                onChange={(e) => setOtherText(e.target.value)}
              />
            </label>
          )}
          {view.message === 8301 ? (
            <p id="cancellation-other-error" className="field-error" role="alert">
              <RefusalText code={8301} />
            </p>
          ) : (
            <RefusalNotice code={view.message} />
          )}
          {busy && (
            <p role="status" className="muted">
              {intl.formatMessage(m.finding)}
            </p>
          )}
          <Failed show={view.failed} />
          <div className="actions">
            <button type="submit" className="button" disabled={busy}>
              {intl.formatMessage(m.next)}
            </button>
            <button type="button" className="button button-secondary" disabled={busy} onClick={onDismiss}>
              {intl.formatMessage(m.keepOn)}
            </button>
          </div>
        </form>
      )}
      {(step === 'offer' || step === 'confirm') && (
        <>
          <RefusalNotice code={view.message} />
          <p>{offer ? offerText(intl, offer, nextBilling, until) : intl.formatMessage(m.confirmText)}</p>
          {busy && (
            <p role="status" className="muted">
              {intl.formatMessage(actor.getSnapshot().matches('accepting') ? m.accepting : m.cancelling)}
            </p>
          )}
          <Failed show={view.failed} />
          <div className="actions">
            {offer ? (
              <>
                <button type="button" className="button" disabled={busy} onClick={() => actor.send({ type: 'OFFER_ACCEPTED' })}>
                  {intl.formatMessage(m.accept)}
                </button>
                <button type="button" className="button button-secondary" disabled={busy} onClick={() => actor.send({ type: 'OFFER_DECLINED' })}>
                  {intl.formatMessage(m.decline)}
                </button>
              </>
            ) : (
              <button type="button" className="button" disabled={busy} onClick={() => actor.send({ type: 'CANCEL_CONFIRMED' })}>
                {intl.formatMessage(m.confirm)}
              </button>
            )}
            <button type="button" className="button button-secondary" disabled={busy} onClick={onDismiss}>
              {intl.formatMessage(m.keepOn)}
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}

function Failed({ show }: { show: boolean }) {
  const intl = useIntl();
  return show ? (
    <p className="notice notice-warning" role="alert">
      {intl.formatMessage(m.failed)}
    </p>
  ) : null;
}

function RefusalText({ code }: { code: number }) {
  const intl = useIntl();
  return <>{intl.formatMessage(refusalMessage(intl, code))}</>;
}
