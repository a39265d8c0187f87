import { createContext, useContext, useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { Tracker } from './tracking';

const TrackingContext = createContext<Tracker | null>(null);
export const TrackingProvider = TrackingContext.Provider;

/** What else happens once a route's screen is drawn: the next screen's download (src/app/next-screens.ts). */
const ScreenDrawnContext = createContext<((location: { pathname: string; search: string }) => void) | null>(null);
export const ScreenDrawnProvider = ScreenDrawnContext.Provider;

/** Reports each page opened (and the previous one left), and the last one when the tab goes away. */
export function PageTracking() {
  const tracker = useContext(TrackingContext);
  const { pathname, search } = useLocation();
  useEffect(() => {
    tracker?.opened(pathname + search);
  }, [tracker, pathname, search]);
  useEffect(() => {
    if (!tracker) return;
    const onHide = () => tracker.left();
    window.addEventListener('pagehide', onHide);
    return () => window.removeEventListener('pagehide', onHide);
  }, [tracker]);
  return null;
}

/** Reports "loaded" once the screen it wraps is drawn, and tells ScreenDrawnProvider's listener. */
export function TrackedScreen({ children }: { children: ReactNode }) {
  const tracker = useContext(TrackingContext);
  const drawn = useContext(ScreenDrawnContext);
  const location = useLocation();
  const at = useRef(location);
  useEffect(() => {
    // After the browser painted: a report never competes with the page it reports on.
    const frame = requestAnimationFrame(() => {
      // The next screen's download is lined up before the reports, which wait for it (services.ts).
      drawn?.(at.current);
      tracker?.loaded();
    });
    return () => cancelAnimationFrame(frame);
  }, [tracker, drawn]);
  return children;
}

/** A route's screen that reports "loaded" once it is drawn (its code has arrived by then). */
export function trackedScreen(Screen: ComponentType): ComponentType {
  function Tracked() {
    return (
      <TrackedScreen>
        <Screen />
      </TrackedScreen>
    );
  }
  Tracked.displayName = `Tracked(${Screen.displayName ?? Screen.name})`;
  return Tracked;
}
