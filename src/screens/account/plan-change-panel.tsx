import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import type { PlanChangeView } from '../../../machines/plan-change/plan-change.selectors';
import { PlanChangeCode, type PlanChangeEvent } from '../../../machines/plan-change/plan-change.types';
import { formatMoney } from '../../../core/config/money';
import { defaultLanguage, languageOfTag } from '../../../core/i18n/languages';
import { runningPlanId } from '../../components/account-days';
import { Dialog } from '../../components/dialog';
import { LoadState } from '../../components/load-state';
import { RefusalNotice } from '../../components/refusal-notice';
import { invalidateAccount, useAccountInfo, type AccountIdentity } from '../../queries/account-queries';
import { usePlanChange } from '../../queries/flows/plan-change-flow';
import { useScheduledPlanChange } from '../../queries/plan-change-queries';
import { useServices } from '../../queries/services-context';
import { usePlans } from '../../queries/site-queries';

const m = defineMessages({
  title: { id: 'planChange.title', defaultMessage: 'Change plan', description: 'Account page: heading of the panel to change the running plan' },
  lead: {
    id: 'planChange.lead',
    defaultMessage: 'A bigger plan starts today, less what your unused days are worth. A smaller one starts at your next renewal.',
    description: 'Account page, change plan panel: how upgrades and downgrades work (docs/decisions/056)',
  },
  undo: { id: 'planChange.undo', defaultMessage: 'Undo', description: 'Account page: undoes the plan change waiting for the next renewal' },
  undoing: { id: 'planChange.undoing', defaultMessage: 'Undoing…', description: 'Account page: the scheduled plan change is being undone' },
  undone: {
    id: 'planChange.undone',
    defaultMessage: 'Plan change undone.',
    description: 'Account page: the scheduled plan change was undone (a polite status)',
  },
  quoting: { id: 'planChange.quoting', defaultMessage: 'Working out the change…', description: 'Account page: the picked plan change is being quoted' },
  failed: {
    id: 'planChange.failed',
    defaultMessage: 'The plan could not be changed. Nothing changed.',
    description: 'Account page, change plan panel: an unexpected failure',
  },
  credit: {
    id: 'planChange.credit',
    defaultMessage: 'Credit for unused days',
    description: 'Upgrade quote: label of the credit for the unused days already paid',
  },
  due: { id: 'planChange.due', defaultMessage: 'Due now', description: 'Upgrade quote: label of the amount to pay now' },
  payOnNext: {
    id: 'planChange.payOnNext',
    defaultMessage: 'Pay on the next page, with any method.',
    description: 'Upgrade quote: explains the payment page comes next',
  },
  payDifference: { id: 'planChange.payDifference', defaultMessage: 'Pay the difference', description: 'Upgrade quote: confirms and opens the payment page' },
  changeAtRenewal: {
    id: 'planChange.changeAtRenewal',
    defaultMessage: 'Change at renewal',
    description: 'Downgrade quote: confirms the change for the next renewal',
  },
  keep: { id: 'planChange.keep', defaultMessage: 'Keep my plan', description: 'Plan change quote: closes it without changing anything' },
  working: { id: 'planChange.working', defaultMessage: 'Changing…', description: 'Plan change quote: shown while the change is being made' },
});

const scheduledText = defineMessage<{ readonly plan: string; readonly date: string }>({
  id: 'planChange.scheduled',
  defaultMessage: 'On {date}, at your next renewal, your plan changes to {plan}.',
  description: 'Account page: the plan change waiting for the next renewal (plan is the new plan, date the renewal date)',
});
const chooseLabel = defineMessage<{ readonly plan: string }>({
  id: 'planChange.choose',
  defaultMessage: 'Change to {plan}',
  description: "Account page, change plan panel: a plan's button (plan is its name)",
});
const upgradeTitle = defineMessage<{ readonly plan: string }>({
  id: 'planChange.upgradeTitle',
  defaultMessage: 'Upgrade to {plan} now?',
  description: 'Upgrade quote dialog title (plan is the new plan)',
});
const renewalTitle = defineMessage<{ readonly plan: string }>({
  id: 'planChange.renewalTitle',
  defaultMessage: 'Change to {plan} at your next renewal?',
  description: 'Downgrade quote dialog title (plan is the new plan)',
});
const creditDays = defineMessage<{ readonly days: number }>({
  id: 'planChange.creditDays',
  defaultMessage: '{days, plural, one {# unused day} other {# unused days}}',
  description: 'Upgrade quote: how many unused days the credit counts',
});
const newPlanLine = defineMessage<{ readonly plan: string; readonly days: number }>({
  id: 'planChange.newPlan',
  defaultMessage: '{plan}, {days} days from today',
  description: 'Upgrade quote: the new plan line (plan is its name, days its period)',
});
const renewalText = defineMessage<{ readonly current: string; readonly plan: string; readonly date: string; readonly price: string }>({
  id: 'planChange.renewalText',
  defaultMessage: 'You keep {current} until {date}; then auto-renewal charges {price} for {plan}.',
  description: 'Downgrade quote: what happens (current and plan are plan names, date the renewal date, price the new price)',
});

type Send = (event: PlanChangeEvent) => void;

/**
 * The account page's plan change (docs/decisions/056): the plans the running one can change to, the
 * quote before anything changes, and the change waiting for the renewal with "Undo".
 */
export function PlanChangePanel({ identity }: { identity: AccountIdentity }) {
  const intl = useIntl();
  const language = languageOfTag(intl.locale) ?? defaultLanguage;
  const { queries } = useServices();
  const info = useAccountInfo(identity, language);
  const plans = usePlans(language);
  const scheduled = useScheduledPlanChange(identity.uid, language);
  const { view, send } = usePlanChange();
  const [now] = useState(Date.now);

  // Scheduled, undone or refused: the account is read again (plan, expiry, the waiting change).
  const { uid } = identity;
  useLayoutEffect(() => {
    if (view.answered) invalidateAccount(queries, uid);
  }, [view.answered, view.status, queries, uid]);
  const statusRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (view.status === 'undone' || view.status === 'scheduled') statusRef.current?.focus();
  }, [view.status]);

  const currentId = runningPlanId(info.status === 'success' ? info.data : undefined, now);
  // Only a running plan can change; without one the account page offers the plans to buy. An
  // answer the customer has not read yet stays, even if the plan ended meanwhile.
  const running = currentId !== undefined;
  if (!running && view.status === 'idle') return null;
  const waiting = scheduled.status === 'success' ? scheduled.data : null;
  const date = (at: number) => intl.formatDate(at, { dateStyle: 'long' });

  return (
    <section className="panel account-plan-change" aria-labelledby="plan-change-title" aria-busy={view.busy}>
      <h2 id="plan-change-title">{intl.formatMessage(m.title)}</h2>
      <p className="muted">{intl.formatMessage(m.lead)}</p>
      {waiting && (
        <div className="notice plan-change-waiting">
          <p>{intl.formatMessage(scheduledText, { plan: waiting.toPlanName, date: date(waiting.appliesAt) })}</p>
          <div className="actions">
            <button type="button" className="button button-secondary" disabled={!view.canUndo} onClick={() => send({ type: 'UNDO_REQUESTED' })}>
              {intl.formatMessage(view.status === 'undoing' ? m.undoing : m.undo)}
            </button>
          </div>
        </div>
      )}
      <p ref={statusRef} role="status" tabIndex={-1} className={view.status === 'undone' ? 'notice notice-success' : undefined}>
        {view.status === 'undone' ? intl.formatMessage(m.undone) : view.status === 'quoting' ? intl.formatMessage(m.quoting) : null}
      </p>
      {view.status === 'refused' && <RefusalNotice code={view.message} takeFocus />}
      {view.status === 'failure' && (
        <p className="notice notice-warning" role="alert">
          {intl.formatMessage(m.failed)}
        </p>
      )}
      {!running ? null : plans.status !== 'success' ? (
        <LoadState status={plans.status} onRetry={plans.retry} />
      ) : (
        <ul className="plan-choices">
          {plans.data
            .filter((p) => p.id !== String(currentId))
            .map((p) => (
              <li key={p.id}>
                <span>{p.name}</span>
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={!view.canChoose}
                  onClick={() => send({ type: 'PLAN_CHOSEN', planId: p.id })}
                >
                  {intl.formatMessage(chooseLabel, { plan: p.name })}
                </button>
              </li>
            ))}
        </ul>
      )}
      {view.quote && <QuoteDialog view={view} send={send} />}
    </section>
  );
}

function QuoteDialog({ view, send }: { view: PlanChangeView; send: Send }) {
  const intl = useIntl();
  const q = view.quote!;
  const working = view.status === 'changing';
  const money = (minor: number) => formatMoney(minor, q.currency, intl.locale);
  const now = q.when === 'now';
  // Without auto-renewal nothing waits for a renewal: the reason is said, and only "Keep" is offered.
  const canConfirm = now || q.appliesAt !== undefined;
  return (
    <Dialog
      role="alertdialog"
      initialFocus="dialog"
      labelledBy="plan-change-quote-title"
      describedBy="plan-change-quote-text"
      busy={working}
      onEscape={working ? undefined : () => send({ type: 'CHANGE_DISMISSED' })}
      className="plan-change-quote"
    >
      <h2 id="plan-change-quote-title">{intl.formatMessage(now ? upgradeTitle : renewalTitle, { plan: q.planName })}</h2>
      {now ? (
        <div id="plan-change-quote-text">
          <dl className="plan-change-lines">
            <div>
              <dt>
                {intl.formatMessage(m.credit)} <span className="muted">({intl.formatMessage(creditDays, { days: q.unusedDays })})</span>
              </dt>
              <dd>−{money(q.credit)}</dd>
            </div>
            <div>
              <dt>{intl.formatMessage(newPlanLine, { plan: q.planName, days: q.periodDays })}</dt>
              <dd>{money(q.price)}</dd>
            </div>
            <div className="plan-change-due">
              <dt>{intl.formatMessage(m.due)}</dt>
              <dd>{money(q.due)}</dd>
            </div>
          </dl>
          <p className="muted">{intl.formatMessage(m.payOnNext)}</p>
        </div>
      ) : q.appliesAt !== undefined ? (
        <p id="plan-change-quote-text">
          {intl.formatMessage(renewalText, {
            current: q.currentPlanName,
            plan: q.planName,
            date: intl.formatDate(q.appliesAt, { dateStyle: 'long' }),
            price: money(q.price),
          })}
        </p>
      ) : (
        <div id="plan-change-quote-text">
          <RefusalNotice code={PlanChangeCode.noRenewalToChange} />
        </div>
      )}
      {working && (
        <p role="status" className="muted">
          {intl.formatMessage(m.working)}
        </p>
      )}
      <div className="actions">
        {canConfirm && (
          <button type="button" className="button" disabled={working} onClick={() => send({ type: 'CHANGE_CONFIRMED' })}>
            {intl.formatMessage(now ? m.payDifference : m.changeAtRenewal)}
          </button>
        )}
        <button type="button" className="button button-secondary" disabled={working} onClick={() => send({ type: 'CHANGE_DISMISSED' })}>
          {intl.formatMessage(m.keep)}
        </button>
      </div>
    </Dialog>
  );
}
