import { Children, isValidElement, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createRoutesFromChildren, matchRoutes, Navigate, Route, Routes } from 'react-router-dom';
import { defaultLanguage, type Language } from '../../core/i18n/languages';
import { BareLayout } from './layouts/bare-layout';
import { MainLayout } from './layouts/main-layout';
import { loadChunk } from './chunks';
import { loadScreenMessages } from './messages';
import { TrackedScreen, trackedScreen } from './page-tracking';
import { RequireDigits, RequireSession } from './route-guards';
import { PaymentFrame } from '../components/test-mode-notice';
import { NotFoundScreen } from '../screens/errors/not-found-screen';
import { ServerErrorScreen } from '../screens/errors/server-error-screen';
import { PricingTableScreen } from '../screens/pricing/pricing-table-screen';

// Route screens load as their own chunks. The error screens stay in the main bundle so they can
// show even when a chunk cannot, and so does the landing page, where most visits start: its 3 kB
// cost the other pages less than a second round trip cost it (docs/decisions/028). A chunk that
// fails shows the layout's translated retry. `preload` starts the download before React gets to
// the route (preloadScreen), sharing the one promise.
// The screen's messages come with its code, in parallel, and it draws only once both are in (the
// part named after the screen, scripts/i18n-split.ts, docs/decisions/062).
const screen = <T extends Record<string, ComponentType>>(load: () => Promise<T>, name: keyof T & string) => {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => {
    if (loading) return loading;
    const attempt = Promise.all([loadChunk(load), loadChunk(() => loadScreenMessages(name))]).then(([module]) => ({
      default: trackedScreen(module[name] as ComponentType),
    }));
    // A download that failed is asked for again by the next preload (a prefetch that met a bad
    // moment of the network, src/app/next-screens.ts); the route's own attempt is lazy()'s to keep.
    attempt.catch(() => {
      if (loading === attempt) loading = undefined;
    });
    return (loading = attempt);
  };
  return Object.assign(lazy(preload), { preload });
};
const HelpScreen = screen(() => import('../screens/help/help-screen'), 'HelpScreen');
const PrivacyScreen = screen(() => import('../screens/privacy/privacy-screen'), 'PrivacyScreen');
const TermsScreen = screen(() => import('../screens/terms/terms-screen'), 'TermsScreen');
const AccountDeletedScreen = screen(() => import('../screens/account-deleted/account-deleted-screen'), 'AccountDeletedScreen');
const ResendConfirmScreen = screen(() => import('../screens/account-email/resend-confirm-screen'), 'ResendConfirmScreen');
const NoticeScreen = screen(() => import('../screens/account-email/notice-screen'), 'NoticeScreen');
const LoginScreen = screen(() => import('../screens/login/login-screen'), 'LoginScreen');
const RegisterScreen = screen(() => import('../screens/register/register-screen'), 'RegisterScreen');
const ForgotPasswordScreen = screen(() => import('../screens/password-recovery/password-recovery-screen'), 'ForgotPasswordScreen');
const ResetPasswordScreen = screen(() => import('../screens/password-recovery/password-recovery-screen'), 'ResetPasswordScreen');
const AccountScreen = screen(() => import('../screens/account/account-screen'), 'AccountScreen');
const StbOrdersScreen = screen(() => import('../screens/stb-orders/stb-orders-screen'), 'StbOrdersScreen');
const PaymentScreen = screen(() => import('../screens/payment/payment-screen'), 'PaymentScreen');
const PaymentResultScreen = screen(() => import('../screens/payment/payment-result-screen'), 'PaymentResultScreen');
const PaymentRedirectScreen = screen(() => import('../screens/payment/payment-result-screen'), 'PaymentRedirectScreen');
const PaymentPixScreen = screen(() => import('../screens/payment/payment-result-screen'), 'PaymentPixScreen');
const PlanDetailsScreen = screen(() => import('../screens/plan-details/plan-details-screen'), 'PlanDetailsScreen');
const PaynowTipsScreen = screen(() => import('../screens/paynow-tips/paynow-tips-screen'), 'PaynowTipsScreen');
const PaymentCaishenScreen = screen(() => import('../screens/cashier/cashier-screens'), 'PaymentCaishenScreen');
const CaishenRepayScreen = screen(() => import('../screens/cashier/cashier-screens'), 'CaishenRepayScreen');
const SettingsScreen = screen(() => import('../screens/settings/settings-screen'), 'SettingsScreen');
const CouponsScreen = screen(() => import('../screens/coupons/coupons-screen'), 'CouponsScreen');
const MyCloudScreen = screen(() => import('../screens/my-cloud/my-cloud-screen'), 'MyCloudScreen');
const ReceiptScreen = screen(() => import('../screens/receipt/receipt-screen'), 'ReceiptScreen');
const FlowsScreen = screen(() => import('../screens/flows/flows-screen'), 'FlowsScreen');

interface Props {
  language: Language;
  onLanguageChange(language: Language): void;
}

/** Spec section 2: the main layout and the bare layout; any other path goes to /404. */
export function AppRoutes(layout: Props) {
  return (
    <Suspense fallback={null}>
      <Routes>{routeTree(layout)}</Routes>
    </Suspense>
  );
}

// The route table itself, for what is decided outside React (the entry rules, the start-up).
const routes = createRoutesFromChildren(routeTree({ language: defaultLanguage, onLanguageChange: () => undefined }));

/**
 * The paths routed, parameters left out. Entry rules (core/routing/entry-rules.ts) redirect only to
 * these, so a rule whose screen is not built yet leaves the visitor where they are, not on a 404.
 */
type RouteNode = { path?: string; children?: RouteNode[] };
// Layout routes (the layouts, the payment screens' frame) have children and no path of their own.
const pathsIn = (nodes: readonly RouteNode[]): string[] =>
  nodes.flatMap(({ path, children }) => [...(path && path !== '/' && path !== '*' ? [path.replace(/\/:[^/]+/g, '')] : []), ...pathsIn(children ?? [])]);
export const routedPaths: ReadonlySet<string> = new Set(pathsIn(routes));

/**
 * Starts the download of the screen `pathname` shows, so it travels with the shell's other first
 * requests instead of after the first render (src/app/start-up.ts). An account's page is skipped
 * without a session: its guard sends the visitor to log in.
 */
export function preloadScreen(pathname: string, signedIn: boolean): Promise<unknown> {
  const loads: Promise<unknown>[] = [];
  const preloadIn = (node: ReactNode): void =>
    Children.forEach(node, (child) => {
      if (!isValidElement<{ children?: ReactNode }>(child) || (child.type === RequireSession && !signedIn)) return;
      const preload = (child.type as { preload?: () => Promise<unknown> }).preload;
      if (preload) loads.push(preload());
      preloadIn(child.props.children);
    });
  for (const match of matchRoutes(routes, pathname) ?? []) preloadIn(match.route.element);
  // A failed download shows in the route's error boundary if the route's own attempt fails too.
  return Promise.allSettled(loads);
}

function routeTree(layout: Props) {
  return (
    <>
      <Route element={<MainLayout {...layout} />}>
        <Route path="/" element={<Navigate to="/pricing-table" replace />} />
        <Route
          path="/pricing-table"
          element={
            <TrackedScreen>
              <PricingTableScreen />
            </TrackedScreen>
          }
        />
        {/* Spec section 2: plan-details followed by anything but digits is /404. */}
        <Route
          path="/plan-details/:id"
          element={
            <RequireDigits param="id">
              <PlanDetailsScreen />
            </RequireDigits>
          }
        />
        <Route path="/help" element={<HelpScreen />} />
        <Route path="/privacy" element={<PrivacyScreen />} />
        <Route path="/terms" element={<TermsScreen />} />
        {/* Not in the spec: where a deleted account lands, signed out (docs/decisions/061). */}
        <Route path="/account-deleted" element={<AccountDeletedScreen />} />
        {/* Spec section 2: /orders and /account are the same screen. */}
        <Route
          path="/account"
          element={
            <RequireSession>
              <AccountScreen />
            </RequireSession>
          }
        />
        <Route
          path="/orders"
          element={
            <RequireSession>
              <AccountScreen />
            </RequireSession>
          }
        />
        {/* Every payment screen says when the site takes test money only (docs/decisions/035). */}
        <Route element={<PaymentFrame />}>
          <Route
            path="/payment"
            element={
              <RequireSession>
                <PaymentScreen />
              </RequireSession>
            }
          />
        </Route>
        {/* Spec section 2, "other labelled screens": settings (docs/decisions/020: signed in). */}
        <Route
          path="/settings"
          element={
            <RequireSession>
              <SettingsScreen />
            </RequireSession>
          }
        />
        {/* Spec section 2, "other labelled screens": coupons and my cloud (docs/decisions/023: signed in). */}
        <Route
          path="/coupons"
          element={
            <RequireSession>
              <CouponsScreen />
            </RequireSession>
          }
        />
        <Route
          path="/my-cloud"
          element={
            <RequireSession>
              <MyCloudScreen />
            </RequireSession>
          }
        />
        {/* Not in the spec: the flow atlas for product owners and testers, off in production unless FLOWS_PAGE=on (docs/decisions/035). */}
        <Route path="/flows" element={<FlowsScreen />} />
      </Route>
      <Route element={<BareLayout {...layout} />}>
        <Route path="/404" element={<NotFoundScreen />} />
        <Route path="/500" element={<ServerErrorScreen />} />
        <Route path="/resend-confirm" element={<ResendConfirmScreen />} />
        <Route path="/notice" element={<NoticeScreen />} />
        <Route path="/login" element={<LoginScreen />} />
        <Route path="/register" element={<RegisterScreen />} />
        {/* Spec section 2: /forgot-password and /lost-password are the same screen. */}
        <Route path="/forgot-password" element={<ForgotPasswordScreen />} />
        <Route path="/lost-password" element={<ForgotPasswordScreen />} />
        <Route path="/reset-password" element={<ResetPasswordScreen />} />
        <Route element={<PaymentFrame />}>
          <Route path="/paymentResult" element={<PaymentResultScreen />} />
          <Route path="/payment-redirect" element={<PaymentRedirectScreen />} />
          <Route path="/payment-pix" element={<PaymentPixScreen />} />
          {/* Spec section 2: how to finish paying a pending order (docs/decisions/019). */}
          <Route
            path="/paynowTips"
            element={
              <RequireSession>
                <PaynowTipsScreen />
              </RequireSession>
            }
          />
          {/* Spec section 2: payment helper pages; a TV hands the payment to a phone (docs/decisions/025). */}
          <Route
            path="/paymentCaishen"
            element={
              <RequireSession>
                <PaymentCaishenScreen />
              </RequireSession>
            }
          />
          <Route
            path="/caishenRepay"
            element={
              <RequireSession>
                <CaishenRepayScreen />
              </RequireSession>
            }
          />
        </Route>
        {/* Spec section 2: a paid order's receipt with its service period (docs/decisions/018). */}
        <Route path="/receipt" element={<ReceiptScreen />} />
        {/* Spec section 2: the set-top-box scene's order list. */}
        <Route
          path="/stb-orders"
          element={
            <RequireSession>
              <StbOrdersScreen />
            </RequireSession>
          }
        />
      </Route>
      <Route path="*" element={<Navigate to="/404" replace />} />
    </>
  );
}
