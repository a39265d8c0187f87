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

/** More than any distance on a screen: a candidate off the row scores after every one on it. */
const offRowPenalty = 1e6;

/**
 * The index of the candidate nearest to `from` in `direction`, or -1. A candidate must lie beyond
 * `from` on that axis; among those, the distance along the axis counts once and the sideways
 * offset counts double, so the control straight ahead wins over a closer one off to the side.
 * A candidate wholly beyond `from` that overlaps it sideways (part of it lies straight ahead; not a
 * tall control `from` sits beside, like the banner under an open menu) counts a twentieth of
 * its sideways offset, enough only to choose between controls at about the same distance (the
 * brand rather than the menu button above the banner): the card's expiry and security code, side by
 * side under its full-width number, are the next row down, not the full-width name field below
 * them, and the small "save this card" box under the name is reached on the way to Pay.
 */

const straightAheadShare = 1 / 20;

export function nearestInDirection(from: Box, candidates: readonly Box[], direction: Direction): number {
  const cx = (b: Box) => (b.left + b.right) / 2;
  const cy = (b: Box) => (b.top + b.bottom) / 2;
  const overlapsX = (c: Box) => c.left < from.right - 1 && c.right > from.left + 1;
  let best = -1;
  let bestScore = Infinity;
  candidates.forEach((c, i) => {
    let along: number;
    let across: number;
    switch (direction) {
      case 'down':
        along = c.top - from.bottom;
        across = Math.abs(cx(c) - cx(from)) * (along >= -1 && overlapsX(c) ? straightAheadShare : 1);
        if (c.top < from.bottom - 1 && cy(c) <= cy(from)) return;
        break;
      case 'up':
        along = from.top - c.bottom;
        across = Math.abs(cx(c) - cx(from)) * (along >= -1 && overlapsX(c) ? straightAheadShare : 1);
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
    // Left and right keep to the row first: a control beside `from` wins over a wide one below
    // whose centre happens to lie that way (the compact header's menu button over the banner,
    // docs/decisions/045); the other rows are reached only when the row has nothing left.
    const sameRow = c.bottom > from.top + 1 && c.top < from.bottom - 1;
    const offRow = (direction === 'left' || direction === 'right') && !sameRow ? offRowPenalty : 0;
    const score = Math.max(0, along) + 2 * across + offRow;
    if (score < bestScore) {
      bestScore = score;
      best = i;
    }
  });
  return best;
}

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Controls where an arrow has its own meaning and must be left alone. A select and a radio are not
 * among them: passing over them with the remote must not change their value (docs/decisions/024).
 */
export function keepsArrows(el: Element | null, direction: Direction): boolean {
  if (!el) return false;
  if (el instanceof HTMLTextAreaElement) return true;
  if (el.getAttribute('role') === 'tab' || el.closest('[role="tablist"]')) return direction === 'left' || direction === 'right';
  if (el instanceof HTMLInputElement) {
    if (el.type === 'range') return true;
    if (!['text', 'email', 'tel', 'password', 'search', 'url', 'number'].includes(el.type) || (direction !== 'left' && direction !== 'right')) return false;
    // In a text field left and right move the caret; up and down leave it. At the end the caret
    // is moving towards, left or right leaves too: the field beside it on the same row (the card's
    // security code beside its expiry) is reachable no other way. Types without a caret position
    // (email, number) keep the arrows.
    const { selectionStart, selectionEnd } = el;
    if (selectionStart === null || selectionEnd === null) return true;
    return direction === 'left' ? selectionEnd > 0 : selectionStart < el.value.length;
  }
  return false;
}

/** The keys a remote's Back button sends in TV browsers, and Escape on a keyboard. */
const backKeys = new Set(['Escape', 'Backspace', 'GoBack', 'BrowserBack']);

/** The next enabled option of a select in `step` direction, or the current one at either end. */
function stepOption(select: HTMLSelectElement, step: 1 | -1): number {
  for (let i = select.selectedIndex + step; i >= 0 && i < select.options.length; i += step) if (!select.options[i]!.disabled) return i;
  return select.selectedIndex;
}

/** Moves focus with the arrow keys while `active()` says the page is in the set-top-box scene. */
export function installRemoteNavigation(doc: Document, active: () => boolean): () => void {
  // A select being chosen in: Enter opened it, up and down move through its options, Enter picks
  // (the only moment its change is announced), Back puts the value it had back.
  let choosing: { select: HTMLSelectElement; before: string } | null = null;
  const stopChoosing = (keep: boolean) => {
    if (!choosing) return;
    const { select, before } = choosing;
    choosing = null;
    select.removeAttribute('data-remote-choosing');
    select.setAttribute('aria-expanded', 'false');
    if (!keep) select.value = before;
    else if (select.value !== before) select.dispatchEvent(new Event('change', { bubbles: true }));
  };

  const onChoosingKey = (event: KeyboardEvent, select: HTMLSelectElement) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') select.selectedIndex = stepOption(select, event.key === 'ArrowDown' ? 1 : -1);
    else if (event.key === 'Enter') stopChoosing(true);
    else if (backKeys.has(event.key)) stopChoosing(false);
    else if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
  };

  const onKey = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || !active()) return;
    const current = doc.activeElement instanceof HTMLElement && doc.activeElement !== doc.body ? doc.activeElement : null;
    if (choosing && choosing.select === current) return onChoosingKey(event, choosing.select);
    if (event.key === 'Enter' && current instanceof HTMLSelectElement) {
      event.preventDefault();
      choosing = { select: current, before: current.value };
      current.setAttribute('data-remote-choosing', '');
      current.setAttribute('aria-expanded', 'true');
      return;
    }
    // Enter on a radio or a checkbox would send its form; on a remote it picks the option.
    if (event.key === 'Enter' && current instanceof HTMLInputElement && (current.type === 'radio' || current.type === 'checkbox')) {
      event.preventDefault();
      current.click();
      return;
    }
    const direction = keyDirections[event.key];
    if (!direction || keepsArrows(current, direction)) return;
    // Whatever happens next, the arrow must not reach a select or a radio group as a change.
    if (current instanceof HTMLSelectElement || (current instanceof HTMLInputElement && current.type === 'radio')) event.preventDefault();
    // An open modal (a dialog, or an alert dialog asking to confirm) keeps the arrows inside it (ADR 024).
    const dialog = doc.querySelector('[role="dialog"][aria-modal="true"], [role="alertdialog"][aria-modal="true"]');
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
  // Leaving a select while choosing (a click elsewhere) is a Back, not a pick.
  const onFocusOut = (event: FocusEvent) => {
    if (choosing && event.target === choosing.select) stopChoosing(false);
  };
  doc.addEventListener('keydown', onKey);
  doc.addEventListener('focusout', onFocusOut);
  return () => {
    stopChoosing(false);
    doc.removeEventListener('keydown', onKey);
    doc.removeEventListener('focusout', onFocusOut);
  };
}
