// The router pieces every screens walk renders: the client's navigations (error rules, session
// resets) go to the router, and the path the page landed on is shown for the walk to read.
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** Hands the router's navigate to whoever navigates outside React (the client's effects). */
export function NavigationBridge({ onNavigate }: { onNavigate(handler: (to: string) => void): void }) {
  const navigate = useNavigate();
  useEffect(() => {
    onNavigate((to) => void navigate(to));
  }, [navigate, onNavigate]);
  return null;
}

/** The path and query the page is on, for `getByTestId('landed')`. */
export function Landed() {
  const location = useLocation();
  return <p data-testid="landed">{location.pathname + location.search}</p>;
}
