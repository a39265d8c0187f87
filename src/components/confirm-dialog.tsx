import type { ReactNode } from 'react';
import { Dialog } from './dialog';

interface Props {
  /** Names the title (`{id}-title`) and the text (`{id}-text`), which name and describe the dialog. */
  id: string;
  title: string;
  /** What confirming does: a string is one paragraph; anything longer comes in its own block. */
  text: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** The answer is awaited: `busyText` is said, both buttons wait and Escape does nothing. */
  busy: boolean;
  busyText: string;
  /** For what cannot be undone: the confirm button is the house's danger button. */
  danger?: boolean;
  /**
   * What the customer must fill in to confirm (a password), with its own errors under each field.
   * With fields the dialog is a form: its first field takes focus and Enter in it confirms.
   */
  fields?: ReactNode;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * A confirmation that interrupts (WAI-ARIA's alertdialog): a title, what confirming does, a
 * confirm and a cancel button. Without fields the dialog itself takes focus, so its title and text
 * are read before the choice (src/components/dialog.tsx); Escape cancels, as the cancel button does.
 */
export function ConfirmDialog({ id, title, text, confirmLabel, cancelLabel, busy, busyText, danger, fields, onConfirm, onCancel }: Props) {
  const form = fields !== undefined;
  const content = (
    <>
      <h2 id={`${id}-title`}>{title}</h2>
      {typeof text === 'string' ? <p id={`${id}-text`}>{text}</p> : <div id={`${id}-text`}>{text}</div>}
      {fields}
      {busy && (
        <p role="status" className="muted">
          {busyText}
        </p>
      )}
      <div className="actions">
        <button
          type={form ? 'submit' : 'button'}
          className={danger ? 'button button-danger' : 'button'}
          disabled={busy}
          onClick={form ? undefined : () => onConfirm()}
        >
          {confirmLabel}
        </button>
        <button type="button" className="button button-secondary" disabled={busy} onClick={() => onCancel()}>
          {cancelLabel}
        </button>
      </div>
    </>
  );
  return (
    <Dialog
      role="alertdialog"
      initialFocus={form ? 'first' : 'dialog'}
      labelledBy={`${id}-title`}
      describedBy={`${id}-text`}
      busy={busy}
      onEscape={busy ? undefined : onCancel}
    >
      {form ? (
        <form
          className="stack"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onConfirm();
          }}
        >
          {content}
        </form>
      ) : (
        content
      )}
    </Dialog>
  );
}
