import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface Props {
  labelledBy: string;
  describedBy?: string;
  busy?: boolean;
  /** `alertdialog` for a confirmation that interrupts (WAI-ARIA). */
  role?: 'dialog' | 'alertdialog';
  /**
   * What gets focus on opening: the first control (a form: its first field), or the dialog
   * itself (a confirmation: read its title and text first, choose after).
   */
  initialFocus?: 'first' | 'dialog';
  /** Escape closes the dialog the way its cancel button does; without it Escape does nothing. */
  onEscape?(): void;
  className?: string;
  children: ReactNode;
}

/**
 * A modal dialog as WAI-ARIA's dialog pattern describes it: focus moves in on opening, Tab and
 * Shift+Tab stay inside, Escape cancels, and focus returns where it was on closing.
 */
export function Dialog({ labelledBy, describedBy, busy, role = 'dialog', initialFocus = 'first', onEscape, className = '', children }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  // Where focus was, read while the dialog first renders: the commit that opens it may disable
  // the opener (while the dialog loads), and Chromium then moves focus off it at once, before any
  // effect could read it. Focus goes back after the closing commit, when the opener is enabled.
  const [previous] = useState(() => (typeof document !== 'undefined' && document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(() => {
    const dialog = ref.current;
    const first = initialFocus === 'first' ? dialog?.querySelector<HTMLElement>(focusable) : null;
    (first ?? dialog)?.focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
    // Only on opening and closing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && onEscape) {
      event.preventDefault();
      onEscape();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const controls = [...ref.current.querySelectorAll<HTMLElement>(focusable)];
    if (controls.length === 0) {
      event.preventDefault();
      return;
    }
    const first = controls[0]!;
    const last = controls[controls.length - 1]!;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === ref.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="dialog-backdrop">
      <div
        ref={ref}
        className={`dialog stack ${className}`.trim()}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        aria-busy={busy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>
  );
}
