import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { selectAutoRenewalView } from '../../../machines/auto-renewal/auto-renewal.selectors';
import { selectSessionView } from '../../../machines/session/session.selectors';
import { LoadState } from '../../components/load-state';
import { usePageTitle } from '../../components/use-page-title';
import { defaultLanguage, languageOfTag } from '../../../core/i18n/languages';
import { invalidateAccount, useAccountInfo, type AccountIdentity } from '../../queries/account-queries';
import { useServices } from '../../queries/services-context';
import { accountDays, shownTimestamp } from '../../components/account-days';
import { AutoRenewalSection } from '../../components/auto-renewal-panel';
import { useAutoRenewal } from '../../queries/flows/auto-renewal-flow';
import { AccountOrders } from '../../components/order-list';
import { Banners } from '../../components/banners';
import { DevicesPanel } from './devices-panel';
import { PixAutomaticoPanel } from './pix-automatico-panel';
import { CancellationPanel } from './cancellation-panel';
import { PlanChangePanel } from './plan-change-panel';
import './account.css';
import { useRenewsByPixAutomatico } from '../../queries/pix-automatico-queries';
import { useScheduledPlanChange } from '../../queries/plan-change-queries';

const m = defineMessages({
  title: { id: 'account.title', defaultMessage: 'My account', description: 'Title of the account and orders page (/account, /orders)' },
  infoTitle: { id: 'account.infoTitle', defaultMessage: 'Account details', description: 'Heading of the account information panel' },
  account: { id: 'account.account', defaultMessage: 'Account', description: 'Label of the account name (nickname and email or phone)' },
  plan: { id: 'account.plan', defaultMessage: 'Plan', description: 'Label of the current plan name' },
  noPlan: { id: 'account.noPlan', defaultMessage: 'No plan yet', description: 'Shown as the plan of an account that never subscribed' },
  choosePlan: { id: 'account.choosePlan', defaultMessage: 'See the plans', description: 'Account page: link to the pricing table when there is no plan' },
  created: { id: 'account.created', defaultMessage: 'Member since', description: 'Label of the date the account was created' },
  expires: { id: 'account.expires', defaultMessage: 'Expiry date', description: 'Label of the date the service ends' },
  remaining: { id: 'account.remaining', defaultMessage: 'Remaining days', description: 'Label of the days of service left' },
  nextBilling: {
    id: 'account.nextBilling',
    defaultMessage: 'Next billing date',
    description: 'Label of the next auto-renewal charge date (shown while auto-renewal is on)',
  },
  ordersTitle: { id: 'account.ordersTitle', defaultMessage: 'Orders', description: 'Heading of the order list on the account page' },
});

const remainingDays = defineMessage<{ readonly kind: 'expired' | 'underOneDay' | 'days'; readonly days: number }>({
  id: 'account.remainingDays',
  defaultMessage: '{kind, select, expired {0 days} underOneDay {less than a day} other {{days, plural, one {# day} other {# days}}}}',
  description: "Spec section 3, the remaining days: kind is 'expired' (past the expiry), 'underOneDay', or 'days' with the rounded-up days",
});

/**
 * /account and /orders, the same screen (spec section 2, "Account screen contents"): account
 * info, the orders, the subscription's auto-renewal and the last devices. Only shown with a
 * session (RequireSession, docs/decisions/020); one that names no account shows none.
 */
export function AccountScreen() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  const { session } = useServices();
  const { identity } = useSelector(session, selectSessionView);
  return (
    <section className="page account-page" aria-labelledby="account-title">
      <h1 id="account-title">{intl.formatMessage(m.title)}</h1>
      <Banners position="account" />
      {identity && <SignedInAccount key={identity.uid} identity={identity} />}
    </section>
  );
}

function SignedInAccount({ identity }: { identity: AccountIdentity }) {
  const { queries } = useServices();
  const { uid } = identity;
  // Whether PIX Automático renews the plan (docs/decisions/060); the last answer while it is read again.
  const byPix = useRenewsByPixAutomatico(uid);
  const [byPixAutomatico, setByPixAutomatico] = useState(false);
  if (byPix.status === 'success' && byPix.data !== byPixAutomatico) setByPixAutomatico(byPix.data);
  const renewed = useRenewalGeneration(uid);

  // Each visit reads the account afresh: leaving the screen (to pay, to repay) forgets its reads.
  useEffect(() => () => invalidateAccount(queries, uid), [queries, uid]);

  const intl = useIntl();
  return (
    <div className="account-grid">
      <RenewalScope key={renewed} identity={identity} byPixAutomatico={byPixAutomatico} />
      <PlanChangePanel identity={identity} />
      <PixAutomaticoPanel identity={identity} />
      <section className="panel account-orders" aria-labelledby="orders-title">
        <h2 id="orders-title">{intl.formatMessage(m.ordersTitle)}</h2>
        <AccountOrders uid={uid} />
      </section>
      <DevicesPanel identity={identity} />
    </div>
  );
}

/**
 * How many times the plan change waiting for the renewal changed since the page first read it
 * (scheduled, undone: docs/decisions/056). The auto-renewal's flow reads the renewal only as it
 * starts, so each change starts it anew, and it shows the plan and amount the renewal will charge.
 */
function useRenewalGeneration(uid: string) {
  const intl = useIntl();
  const scheduled = useScheduledPlanChange(uid, languageOfTag(intl.locale) ?? defaultLanguage);
  const [seen, setSeen] = useState<{ answer: string | null; generation: number }>({ answer: null, generation: 0 });
  const answer = scheduled.status === 'success' ? JSON.stringify(scheduled.data) : null;
  if (answer !== null && answer !== seen.answer) setSeen({ answer, generation: seen.answer === null ? 0 : seen.generation + 1 });
  return seen.generation;
}

/** The account's details and its auto-renewal, which share the renewal's flow (the next billing date). */
function RenewalScope({ identity, byPixAutomatico }: { identity: AccountIdentity; byPixAutomatico: boolean }) {
  const { queries } = useServices();
  const { uid } = identity;
  const renewal = useAutoRenewal();
  const renewalView = useSelector(renewal, selectAutoRenewalView);
  const nextBilling = renewalView.status === 'activated' ? shownTimestamp(renewalView.info?.nextBillingDate) : null;
  // The auto-renewal changed here (cancelled, a renewal charge ended): plan, expiry and orders may have too.
  const renewalInfo = renewalView.info;
  const seenInfo = useRef(renewalInfo);
  useEffect(() => {
    if (seenInfo.current !== null && renewalInfo !== seenInfo.current) invalidateAccount(queries, uid);
    seenInfo.current = renewalInfo;
  }, [queries, uid, renewalInfo]);
  return (
    <>
      <AccountInfoPanel identity={identity} nextBilling={nextBilling} />
      <AutoRenewalSection actorRef={renewal} cancellation={<CancellationPanel renewal={renewal} />} byPixAutomatico={byPixAutomatico} />
    </>
  );
}

function useInfo(identity: AccountIdentity) {
  const intl = useIntl();
  return useAccountInfo(identity, languageOfTag(intl.locale) ?? defaultLanguage);
}

function AccountInfoPanel({ identity, nextBilling }: { identity: AccountIdentity; nextBilling: number | null }) {
  const intl = useIntl();
  const info = useInfo(identity);
  const [now] = useState(Date.now);
  const date = (value: unknown) => {
    const at = shownTimestamp(value);
    return at === null ? null : intl.formatDate(at, { dateStyle: 'long' });
  };
  const fact = (label: string, value: ReactNode) =>
    value === null ? null : (
      <div>
        <dt>{label}</dt>
        <dd>{value}</dd>
      </div>
    );
  if (info.status !== 'success') {
    return (
      <section className="panel" aria-labelledby="info-title">
        <h2 id="info-title">{intl.formatMessage(m.infoTitle)}</h2>
        <LoadState status={info.status} onRetry={info.retry} />
      </section>
    );
  }
  const a = info.data;
  const expiry = shownTimestamp(a.expiredTime);
  const days = expiry === null ? null : accountDays(expiry, now);
  return (
    <section className="panel account-info" aria-labelledby="info-title">
      <h2 id="info-title">{intl.formatMessage(m.infoTitle)}</h2>
      <dl className="account-facts">
        {fact(
          intl.formatMessage(m.account),
          <>
            {a.nickname && <span className="account-nickname">{a.nickname}</span>} <span className="account-login">{a.account}</span>
          </>,
        )}
        {fact(
          intl.formatMessage(m.plan),
          a.planName ?? (
            <>
              {intl.formatMessage(m.noPlan)} · <Link to="/pricing-table">{intl.formatMessage(m.choosePlan)}</Link>
            </>
          ),
        )}
        {fact(intl.formatMessage(m.created), date(a.accountCreationTime))}
        {fact(intl.formatMessage(m.expires), date(expiry))}
        {days && fact(intl.formatMessage(m.remaining), intl.formatMessage(remainingDays, { kind: days.kind, days: days.kind === 'days' ? days.days : 0 }))}
        {fact(intl.formatMessage(m.nextBilling), date(nextBilling))}
      </dl>
    </section>
  );
}
