// Every internal link with parameters is built here (spec section 2's addresses), so a screen, a
// machine's effect and the client's error rules spell an address one way: the same parameter
// names, in the same order, encoded the same way.

/** An order's reference, as every order page takes it (`?orderId=`). */
type OrderId = string;

/** `path?name=value&…` with the values given, in that order; absent ones are left out. */
function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const pairs = Object.entries(query).flatMap(([name, value]) => (value === undefined ? [] : [`${name}=${encodeURIComponent(value)}`]));
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}

/** Why the login page was opened for the customer: they logged out, a page needs a session, or the password was just changed. */
export const loginReasons = ['signedOut', 'signInRequired', 'passwordChanged'] as const;
export type LoginReason = (typeof loginReasons)[number];

/** What /payment is asked for: the checkout of a plan (with a code the coupons page sends along), or the repay of an order. */
export type PaymentLink = { planId: string; discountCode?: string | undefined } | { orderId: OrderId };

export const paths = {
  /** The plans; with a code to buy them with (the coupons page's "Use"), or the refusal the client routes here (6000). */
  pricingTable: (query: { discountCode?: string; errCode?: number; type?: 'cannotBuyPlan' } = {}) =>
    withQuery('/pricing-table', { errCode: query.errCode, type: query.type, discountCode: query.discountCode }),
  planDetails: (planId: string) => `/plan-details/${encodeURIComponent(planId)}`,
  /**
   * The login page; `redirectTo`, a path of this site, is where a successful login goes back to
   * (docs/decisions/020); `reason`, why the customer was sent there, which the page says.
   */
  login: (redirectTo?: string, reason?: LoginReason) => withQuery('/login', { redirect: redirectTo, reason }),
  /** Password recovery, for `account` when it is known, coming back to `redirect` after the new log-in. */
  forgotPassword: (query: { account?: string; redirect?: string } = {}) => withQuery('/forgot-password', { account: query.account, redirect: query.redirect }),
  payment: (link: PaymentLink) =>
    'orderId' in link ? withQuery('/payment', { orderId: link.orderId }) : withQuery('/payment', { planId: link.planId, discountCode: link.discountCode }),
  /** The page a deleted account lands on, signed out (docs/decisions/061). */
  accountDeleted: '/account-deleted',
  paymentResult: (orderId: OrderId) => withQuery('/paymentResult', { orderId }),
  paymentPix: (orderId: OrderId) => withQuery('/payment-pix', { orderId }),
  receipt: (orderId: OrderId) => withQuery('/receipt', { orderId }),
  /** The set-top-box scene's hand-off of a plan's payment to a phone (docs/decisions/025). */
  paymentCaishen: (planId: string) => withQuery('/paymentCaishen', { planId }),
  /** The same hand-off for an order still to be paid. */
  caishenRepay: (orderId: OrderId) => withQuery('/caishenRepay', { orderId }),
  orders: () => '/orders',
  notice: (type: 'stbLoginErr', code: number) => withQuery('/notice', { type, code }),
} as const;
