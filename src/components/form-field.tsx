import type { ReactNode } from 'react';
import { FieldError } from './field-error';

/**
 * The attributes that tie an input to its label and to its validation message (`${id}-error`),
 * so a screen reader reads the message with the field once there is one.
 */
export function fieldA11y(id: string, error: string | undefined) {
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined };
}

/** A labelled field: its input (`children`, carrying `fieldA11y(id, error)`) and its validation message. */
export function FormField({ id, label, error, children }: { id: string; label: string; error: string | undefined; children: ReactNode }) {
  return (
    <label className="field" htmlFor={id}>
      <span>{label}</span>
      {children}
      <FieldError id={`${id}-error`} messageId={error} />
    </label>
  );
}
