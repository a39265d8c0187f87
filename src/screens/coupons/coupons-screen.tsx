import { useSelector } from '@xstate/react';
import { defineMessage, defineMessages, useIntl, type IntlShape } from 'react-intl';
import { Link } from 'react-router-dom';
import { selectSessionView } from '../../../machines/session/session.selectors';
import { useLayoutContext } from '../../components/layout-context';
import { LoadState } from '../../components/load-state';
import { usePageTitle } from '../../components/use-page-title';
import { formatMoney } from '../../../core/config/money';
import { useCoupons, type Coupon } from '../../queries/coupon-queries';
import { paths } from '../../../core/routing/paths';
import { useServices } from '../../queries/services-context';
import './coupons.css';

const m = defineMessages({
  title: { id: 'coupons.title', defaultMessage: 'Your discount codes', description: 'Title of the coupons page' },
  lead: {
    id: 'coupons.lead',
    defaultMessage: 'Codes offered to you and the ones you have used. A code takes its discount off at checkout.',
    description: 'Introduction of the coupons page',
  },
  ready: { id: 'coupons.ready', defaultMessage: 'Ready to use', description: 'Heading of the list of codes that can be used now' },
  others: { id: 'coupons.others', defaultMessage: 'Not available now', description: 'Heading of the list of codes that are held, used, expired or used up' },
  empty: {
    id: 'coupons.empty',
    defaultMessage: 'You have no discount codes yet. Codes offered to you will show here.',
    description: 'Coupons page when the account has no codes at all',
  },
  noneReady: {
    id: 'coupons.noneReady',
    defaultMessage: 'No code can be used right now.',
    description: 'Coupons page when every code is held, used or expired',
  },
  seePlans: { id: 'coupons.seePlans', defaultMessage: 'See the plans', description: 'Link from the coupons page to the pricing table' },
  codeLabel: { id: 'coupons.codeLabel', defaultMessage: 'Code', description: 'Label before a discount code' },
  anyPlan: { id: 'coupons.anyPlan', defaultMessage: 'Any plan', description: 'A discount code that applies to every plan' },
  noEnd: { id: 'coupons.noEnd', defaultMessage: 'No end date', description: 'A discount code that does not expire' },
  personal: { id: 'coupons.personal', defaultMessage: 'Just for you', description: 'Badge of a code given to this account only (the welcome code)' },
  use: { id: 'coupons.use', defaultMessage: 'Use this code', description: 'Button that opens the pricing table or payment page with the code filled in' },
  finishOrder: { id: 'coupons.finishOrder', defaultMessage: 'Finish paying that order', description: 'Link to pay the open order that holds a code' },
  available: { id: 'coupons.status.available', defaultMessage: 'Available', description: 'Status of a code that can be used now' },
  held: { id: 'coupons.status.held', defaultMessage: 'In an unpaid order', description: 'Status of a code held by one of the account’s unpaid orders' },
  used: { id: 'coupons.status.used', defaultMessage: 'Used', description: 'Status of a code the account used as often as it may' },
  expired: { id: 'coupons.status.expired', defaultMessage: 'Expired', description: 'Status of a code past its end date or switched off' },
  exhausted: { id: 'coupons.status.exhausted', defaultMessage: 'Used up', description: 'Status of a code every use of which was taken by customers' },
});

const percentOff = defineMessage<{ readonly percent: number }>({
  id: 'coupons.percentOff',
  defaultMessage: '{percent}% off',
  description: 'What a percent discount code gives, e.g. "15% off"',
});
const amountOff = defineMessage<{ readonly amount: string }>({
  id: 'coupons.amountOff',
  defaultMessage: '{amount} off',
  description: 'What a fixed discount code gives, e.g. "R$ 5,00 off"',
});
const onlyPlan = defineMessage<{ readonly plan: string }>({
  id: 'coupons.onlyPlan',
  defaultMessage: 'Only for {plan}',
  description: 'A discount code that applies to one plan only',
});
const validUntil = defineMessage<{ readonly date: string }>({
  id: 'coupons.validUntil',
  defaultMessage: 'Valid until {date}',
  description: 'When a discount code stops working',
});
const endedOn = defineMessage<{ readonly date: string }>({
  id: 'coupons.endedOn',
  defaultMessage: 'Ended on {date}',
  description: 'When an expired discount code stopped working',
});
const heldBy = defineMessage<{ readonly orderId: string }>({
  id: 'coupons.heldBy',
  defaultMessage: 'Your unpaid order {orderId} holds this code. Pay it, or use the code on a new order: the checkout then offers to cancel that one.',
  description: 'Explains a code held by an open order of the account',
});
const usesSoFar = defineMessage<{ readonly count: number }>({
  id: 'coupons.usesSoFar',
  defaultMessage: '{count, plural, one {You used this code once.} other {You used this code # times.}}',
  description: 'How many paid orders of the account carried the code',
});
const usesLimit = defineMessage<{ readonly count: number }>({
  id: 'coupons.usesLimit',
  defaultMessage: '{count, plural, one {Can be used once per account.} other {Can be used # times per account.}}',
  description: 'How many times one account may use a code',
});

/** Where "Use" goes: the payment page of the code's plan, or the pricing table, with the code filled in. */
const couponLink = (c: Pick<Coupon, 'code' | 'planId'>) =>
  c.planId ? paths.payment({ planId: c.planId, discountCode: c.code }) : paths.pricingTable({ discountCode: c.code });

function benefitText(intl: IntlShape, c: Coupon): string {
  if (c.kind === 'percent') return intl.formatMessage(percentOff, { percent: c.percent ?? 0 });
  return intl.formatMessage(amountOff, { amount: formatMoney(c.amount ?? 0, c.currency ?? 'BRL', intl.locale) });
}

/** Coupons (spec section 2, "other labelled screens"; docs/decisions/023): the account's discount codes. */
export function CouponsScreen() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  const { session } = useServices();
  const uid = useSelector(session, (s) => selectSessionView(s).identity?.uid);
  return (
    <section className="page coupons-page" aria-labelledby="coupons-title">
      <h1 id="coupons-title">{intl.formatMessage(m.title)}</h1>
      <p className="lead">{intl.formatMessage(m.lead)}</p>
      {uid && <CouponLists uid={uid} />}
    </section>
  );
}

function CouponLists({ uid }: { uid: string }) {
  const intl = useIntl();
  const { language } = useLayoutContext();
  const coupons = useCoupons(uid, language);
  if (coupons.status !== 'success') return <LoadState status={coupons.status} onRetry={coupons.retry} />;
  const items = coupons.data.items;
  if (items.length === 0) {
    return (
      <div className="coupons-empty">
        <p>{intl.formatMessage(m.empty)}</p>
        <Link className="button" to="/pricing-table">
          {intl.formatMessage(m.seePlans)}
        </Link>
      </div>
    );
  }
  const ready = items.filter((c) => c.status === 'available');
  const others = items.filter((c) => c.status !== 'available');
  return (
    <>
      <section className="stack" aria-labelledby="coupons-ready">
        <h2 id="coupons-ready">{intl.formatMessage(m.ready)}</h2>
        {ready.length === 0 ? <p className="muted">{intl.formatMessage(m.noneReady)}</p> : <CouponList items={ready} />}
      </section>
      {others.length > 0 && (
        <section className="stack" aria-labelledby="coupons-others">
          <h2 id="coupons-others">{intl.formatMessage(m.others)}</h2>
          <CouponList items={others} />
        </section>
      )}
    </>
  );
}

function CouponList({ items }: { items: Coupon[] }) {
  return (
    <ul className="coupon-grid">
      {items.map((c) => (
        <li key={c.code}>
          <CouponCard coupon={c} />
        </li>
      ))}
    </ul>
  );
}

function CouponCard({ coupon: c }: { coupon: Coupon }) {
  const intl = useIntl();
  const titleId = `coupon-${c.code}`;
  const date = (ms: number) => intl.formatDate(ms, { dateStyle: 'medium' });
  const ended = c.status === 'expired' && c.validTo !== undefined && c.validTo <= Date.now();
  return (
    <article className={`coupon-card coupon-${c.status}`} aria-labelledby={titleId}>
      <div className="coupon-head">
        <h3 id={titleId}>{benefitText(intl, c)}</h3>
        <span className={`coupon-status coupon-status-${c.status}`}>{intl.formatMessage(m[c.status])}</span>
      </div>
      <p className="coupon-code">
        <span className="muted small">{intl.formatMessage(m.codeLabel)}</span> <code>{c.code}</code>
        {c.source === 'personal' && <span className="coupon-personal">{intl.formatMessage(m.personal)}</span>}
      </p>
      <ul className="coupon-facts">
        <li>{c.planId ? intl.formatMessage(onlyPlan, { plan: c.planName ?? c.planId }) : intl.formatMessage(m.anyPlan)}</li>
        <li>{c.validTo === undefined ? intl.formatMessage(m.noEnd) : intl.formatMessage(ended ? endedOn : validUntil, { date: date(c.validTo) })}</li>
        {c.usesPerAccount !== undefined && <li>{intl.formatMessage(usesLimit, { count: c.usesPerAccount })}</li>}
        {c.yourUses > 0 && <li>{intl.formatMessage(usesSoFar, { count: c.yourUses })}</li>}
      </ul>
      {c.status === 'held' && c.heldByOrderId && (
        <>
          <p className="small">{intl.formatMessage(heldBy, { orderId: c.heldByOrderId })}</p>
          <Link className="button button-secondary" to={paths.payment({ orderId: c.heldByOrderId })}>
            {intl.formatMessage(m.finishOrder)}
          </Link>
        </>
      )}
      {c.status === 'available' && (
        <Link className="button" to={couponLink(c)} aria-describedby={titleId}>
          {intl.formatMessage(m.use)}
        </Link>
      )}
    </article>
  );
}
