import { useEffect, useRef, useState, type RefCallback } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { CaptchaChallenge } from './captcha-solver';
import { FieldError } from './field-error';

const m = defineMessages({
  label: { id: 'captcha.label', defaultMessage: 'Security check', description: 'Heading of the anti-robot check shown in a form once the server asks for one' },
  hint: {
    id: 'captcha.hint',
    defaultMessage: 'Your device solves a short puzzle to show that a person is using this form. It usually takes a second.',
    description: 'Explains the anti-robot check: the browser does a short computation, nothing to read or type',
  },
  verify: { id: 'captcha.verify', defaultMessage: 'Verify that I am not a robot', description: 'Button that starts the anti-robot check' },
  verifying: {
    id: 'captcha.verifying',
    defaultMessage: 'Verifying…',
    description: 'Status of the anti-robot check while the browser works on it (read out by screen readers)',
  },
  verified: {
    id: 'captcha.verified',
    defaultMessage: 'Verified. You can send the form.',
    description: 'Status of the anti-robot check once it passed (read out by screen readers)',
  },
  failed: {
    id: 'captcha.failed',
    defaultMessage: 'Verification failed. Try again.',
    description: 'Status of the anti-robot check when it could not finish (read out by screen readers)',
  },
});

type Progress = 'idle' | 'verifying' | 'verified' | 'failed';

/** The form's value for the captcha (react-hook-form's `useController` field). */
export interface CaptchaFormField {
  value: string;
  onChange(captchaCode: string): void;
  /** The button, so a form sent unverified focuses it. */
  ref: RefCallback<HTMLButtonElement>;
}

interface Props {
  id: string;
  challenge: CaptchaChallenge;
  busy: boolean;
  error: string | undefined;
  field: CaptchaFormField;
  /** Empties the form's value without judging it: a new challenge needs its own solution. */
  reset(): void;
}

/**
 * The proof-of-work check the server asked for (-3034; docs/decisions/037) in any form that sends
 * something on the user's word: a button starts it, a status line says how it goes.
 */
export function CaptchaField(props: Props) {
  const { challenge, field, reset } = props;
  // A solution is good for its own challenge only (a new one comes after -3035); the check's own
  // state starts over with the key below.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => void (field.value && reset()), [challenge.signature]);
  return <CaptchaCheck key={challenge.signature} {...props} />;
}

function CaptchaCheck({ id, challenge, busy, error, field }: Props) {
  const intl = useIntl();
  const [progress, setProgress] = useState<Progress>('idle');
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  // While it works, and once it passed, the button stays focusable (aria-disabled): a disabled
  // one would drop the keyboard's and the remote's focus.
  const inert = busy || progress === 'verifying' || progress === 'verified';
  async function verify() {
    if (inert) return;
    const controller = new AbortController();
    running.current = controller;
    setProgress('verifying');
    try {
      // The solver and altcha-lib load now, not with the page.
      const { solveCaptcha } = await import('./captcha-solver');
      const code = await solveCaptcha(challenge, controller.signal);
      if (controller.signal.aborted) return;
      if (code) field.onChange(code);
      setProgress(code ? 'verified' : 'failed');
    } catch {
      if (!controller.signal.aborted) setProgress('failed');
    }
  }

  const status = progress === 'idle' ? '' : intl.formatMessage(m[progress]);
  return (
    <div className="captcha" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="captcha-label">
        {intl.formatMessage(m.label)}
      </span>
      <p id={`${id}-hint`} className="muted small">
        {intl.formatMessage(m.hint)}
      </p>
      <button
        type="button"
        id={id}
        ref={field.ref}
        className="button button-secondary"
        aria-disabled={inert || undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        onClick={() => void verify()}
      >
        {intl.formatMessage(m.verify)}
      </button>
      <p id={`${id}-status`} className={`captcha-status captcha-${progress}`} role="status" aria-live="polite">
        {status}
      </p>
      <FieldError id={`${id}-error`} messageId={error} />
    </div>
  );
}
