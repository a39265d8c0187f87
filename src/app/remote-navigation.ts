// The set-top-box scene is used with a TV remote: its arrow keys must reach every control and
// Enter must activate it (docs/decisions/024). Browsers on TVs rarely move focus with
// arrows themselves, so the page does it: each arrow moves focus to the nearest control in that
// direction, as TV platforms' spatial navigation does.

export type Direction = 'up' | 'down' | 'left' | 'right';

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const keyDirections: Readonly<Record<string, Direction>> = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };

/**
 * The index of the candidate nearest to `from` in `direction`, or -1. A candidate must lie beyond
 * `from` on that axis; among those, the distance along the axis counts once and the sideways
 * offset counts double, so the control straight ahead wins over a closer one off to the side.
 */
export function nearestInDirection(from: Box, candidates: readonly Box[], direction: Direction): number {
  const cx = (b: Box) => (b.left + b.right) / 2;
  const cy = (b: Box) => (b.top + b.bottom) / 2;
  let best = -1;
  let bestScore = Infinity;
  candidates.forEach((c, i) => {
    let along: number;
    let across: number;
    switch (direction) {
      case 'down':
        along = c.top - from.bottom;
        across = Math.abs(cx(c) - cx(from));
        if (c.top < from.bottom - 1 && cy(c) <= cy(from)) return;
        break;
      case 'up':
        along = from.top - c.bottom;
        across = Math.abs(cx(c) - cx(from));
        if (c.bottom > from.top + 1 && cy(c) >= cy(from)) return;
        break;
      case 'right':
        along = c.left - from.right;
        across = Math.abs(cy(c) - cy(from));
        if (c.left < from.right - 1 && cx(c) <= cx(from)) return;
        break;
      case 'left':
        along = from.left - c.right;
        across = Math.abs(cy(c) - cy(from));
        if (c.right > from.left + 1 && cx(c) >= cx(from)) return;
        break;
    }
    const score = Math.max(0, along) + 2 * across;
    if (score < bestScore) {
      bestScore = score;
      best = i;
    }
  });
  return best;
}

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Controls where an arrow has its own meaning and must be left alone. */
function keepsArrows(el: Element | null, direction: Direction): boolean {
  if (!el) return false;
  if (el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) return true;
  if (el.getAttribute('role') === 'tab' || el.closest('[role="tablist"]')) return direction === 'left' || direction === 'right';
  if (el instanceof HTMLInputElement) {
    if (['radio', 'range'].includes(el.type)) return true;
    // In a text field left and right move the caret; up and down leave it.
    return ['text', 'email', 'tel', 'password', 'search', 'url', 'number'].includes(el.type) && (direction === 'left' || direction === 'right');
  }
  return false;
}

/** Moves focus with the arrow keys while `active()` says the page is in the set-top-box scene. */
export function installRemoteNavigation(doc: Document, active: () => boolean): () => void {
  const onKey = (event: KeyboardEvent) => {
    const direction = keyDirections[event.key];
    if (!direction || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || !active()) return;
    const current = doc.activeElement instanceof HTMLElement && doc.activeElement !== doc.body ? doc.activeElement : null;
    if (keepsArrows(current, direction)) return;
    const dialog = doc.querySelector('[role="dialog"][aria-modal="true"]');
    const scope: ParentNode = dialog ?? doc;
    const controls = [...scope.querySelectorAll<HTMLElement>(focusableSelector)].filter(
      (el) => el !== current && el.getClientRects().length > 0 && !el.closest('[inert],[aria-hidden="true"]'),
    );
    if (controls.length === 0) return;
    const from: Box = current ? current.getBoundingClientRect() : { left: 0, top: -1, right: doc.documentElement.clientWidth, bottom: -1 };
    const index = nearestInDirection(
      from,
      controls.map((el) => el.getBoundingClientRect()),
      current ? direction : 'down',
    );
    if (index < 0) return;
    event.preventDefault();
    controls[index]!.focus();
    controls[index]!.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  };
  doc.addEventListener('keydown', onKey);
  return () => doc.removeEventListener('keydown', onKey);
}
