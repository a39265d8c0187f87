import { useSelector } from '@xstate/react';
import type { ReactElement } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { selectSessionView } from '../../machines/session/session.selectors';
import { paths } from '../../core/routing/paths';
import { useServices } from '../queries/services-context';

/**
 * An account's pages (orders, account, payment, set-top-box orders, settings…): an anonymous
 * visitor logs in first and comes back to the same address (docs/decisions/020). The spec has no
 * guard; these pages show nothing without a session.
 */
export function RequireSession({ children }: { children: ReactElement }) {
  const { session } = useServices();
  const signedIn = useSelector(session, (s) => selectSessionView(s).signedIn);
  const { pathname, search } = useLocation();
  if (!signedIn) return <Navigate to={paths.login(pathname + search, 'signInRequired')} replace />;
  return children;
}

/** Spec section 2: plan-details followed by anything but digits is an unknown path (/404). */
export function RequireDigits({ param, children }: { param: string; children: ReactElement }) {
  const value = useParams()[param] ?? '';
  return /^[0-9]+$/.test(value) ? children : <Navigate to="/404" replace />;
}
