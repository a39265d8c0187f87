import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** The element the address's fragment names (`#refunds`), if the page holds it. */
export function hashTarget(hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
  return document.getElementById(id);
}

/**
 * Brings the element the address's fragment names into view once `ready` (the text holding it has
 * loaded): the browser looks for it only when the page first loads, before that text exists, and
 * the router does not look at all (docs/decisions/051). Focus moves there too, so a keyboard or a
 * screen reader goes on from the section the link promised, not from the top of the page.
 */
export function useScrollToHash(ready: boolean) {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!ready) return;
    const target = hashTarget(hash);
    if (!target) return;
    target.scrollIntoView?.({ block: 'start' });
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
    // `key`: a second click on the same link brings the section back after the customer scrolled away.
  }, [ready, hash, key]);
}
