// @vitest-environment jsdom
// The captcha field solves its challenge only when asked, says how it goes in a status line that
// screen readers read out, keeps the keyboard's focus while it works, lets the user try again after
// a failure, and forgets a solution once a new challenge comes (docs/decisions/037).
import axe from 'axe-core';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useController, useForm } from 'react-hook-form';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CaptchaField } from './captcha-field';
import type * as SolverModule from './captcha-solver';
import type { CaptchaChallenge } from './captcha-solver';

const solver = vi.hoisted(() => ({ failNext: 0, calls: 0 }));
vi.mock('./captcha-solver', async (original) => {
  const real = await original<typeof SolverModule>();
  return {
    ...real,
    async solveCaptcha(challenge: CaptchaChallenge, signal?: AbortSignal) {
      solver.calls++;
      if (solver.failNext > 0) {
        solver.failNext--;
        return null;
      }
      return real.solveCaptcha(challenge, signal);
    },
  };
});

afterEach(() => {
  cleanup();
  solver.failNext = 0;
  solver.calls = 0;
});

/** A challenge as the server makes them, at a test's difficulty (a handful of PBKDF2 tries). */
const challenge = async (counter = 3) =>
  (await createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: 5_000,
    counter,
    deriveKey,
    data: { id: `c${counter}`, purpose: 'login', expiresAt: Date.now() + 300_000 },
    hmacSignatureSecret: 'challenge-secret-for-the-field-test',
    hmacKeySignatureSecret: 'key-secret-for-the-field-test',
  })) as CaptchaChallenge;

let formValue = () => '';

function Form({ of, busy = false }: { of: CaptchaChallenge; busy?: boolean }) {
  const form = useForm({ defaultValues: { captcha: '' } });
  const captcha = useController({ control: form.control, name: 'captcha', rules: { required: 'validation.captchaRequired' } });
  formValue = () => form.getValues('captcha');
  return (
    <IntlProvider locale="en" messages={{}}>
      <form onSubmit={form.handleSubmit(() => {})} noValidate>
        <CaptchaField
          id="c"
          challenge={of}
          busy={busy}
          error={form.formState.errors.captcha?.message}
          field={captcha.field}
          reset={() => form.resetField('captcha')}
        />
        <button type="submit">Send</button>
      </form>
    </IntlProvider>
  );
}

const verify = () => screen.getByRole('button', { name: 'Verify that I am not a robot' });
const status = () => screen.getByRole('status');
const decoded = (code: string) =>
  JSON.parse(atob(code.replace(/-/g, '+').replace(/_/g, '/'))) as { challenge: CaptchaChallenge; solution: { counter: number; derivedKey: string } };

describe('CaptchaField', () => {
  it('is a labelled group with a real button and an empty status line until asked; nothing is solved before', async () => {
    render(<Form of={await challenge()} />);
    expect(screen.getByRole('group', { name: 'Security check' })).toBeTruthy();
    expect(verify().getAttribute('type')).toBe('button');
    expect(verify().getAttribute('aria-describedby')).toBe('c-hint');
    expect(status().textContent).toBe('');
    expect(status().getAttribute('aria-live')).toBe('polite');
    expect(solver.calls).toBe(0);
  });

  it('says "Verifying…", then "Verified", keeps the focus on the button, and puts the solved challenge in the form', async () => {
    const c = await challenge(5);
    render(<Form of={c} />);
    verify().focus();
    fireEvent.click(verify());
    expect(status().textContent).toBe('Verifying…');
    expect(verify().getAttribute('aria-disabled')).toBe('true');
    await waitFor(() => expect(status().textContent).toBe('Verified. You can send the form.'));
    expect(document.activeElement).toBe(verify());
    expect(verify().getAttribute('aria-disabled')).toBe('true');
    const sent = decoded(formValue());
    expect(sent.challenge).toEqual(c);
    expect(sent.solution.counter).toBe(5);
    expect(sent.solution.derivedKey).toMatch(new RegExp(`^${c.parameters.keyPrefix}[0-9a-f]+$`));
    // A second press does not start the work again.
    fireEvent.click(verify());
    expect(solver.calls).toBe(1);
  });

  it('says when it failed, and tries again on the next press', async () => {
    solver.failNext = 1;
    render(<Form of={await challenge()} />);
    fireEvent.click(verify());
    await waitFor(() => expect(status().textContent).toBe('Verification failed. Try again.'));
    expect(verify().getAttribute('aria-disabled')).toBeNull();
    expect(formValue()).toBe('');
    fireEvent.click(verify());
    await waitFor(() => expect(status().textContent).toBe('Verified. You can send the form.'));
    expect(formValue()).not.toBe('');
  });

  it('asks for the check when the form is sent without it, and focuses the button', async () => {
    render(<Form of={await challenge()} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    expect(screen.getByRole('alert').textContent).toBe('Verify that you are not a robot first');
    expect(verify().getAttribute('aria-describedby')).toBe('c-hint c-error');
    expect(document.activeElement).toBe(verify());
  });

  it('forgets the solution when a new challenge comes, without calling it an error', async () => {
    const { rerender } = render(<Form of={await challenge(2)} />);
    fireEvent.click(verify());
    await waitFor(() => expect(formValue()).not.toBe(''));
    rerender(<Form of={await challenge(4)} />);
    await waitFor(() => expect(formValue()).toBe(''));
    expect(status().textContent).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(verify().getAttribute('aria-disabled')).toBeNull();
  });

  it('does not start while the form is being sent', async () => {
    render(<Form of={await challenge()} busy />);
    fireEvent.click(verify());
    expect(status().textContent).toBe('');
    expect(solver.calls).toBe(0);
  });

  it('passes axe (WCAG 2.1 A and AA) before, while and after it works', async () => {
    const { container } = render(<Form of={await challenge(6)} />);
    // jsdom draws nothing, so colour contrast is left to the browser suites (e2e/login.spec.ts).
    const check = async () => {
      const results = await axe.run(container, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
        rules: { 'color-contrast': { enabled: false } },
      });
      expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    };
    await check();
    fireEvent.click(verify());
    await check();
    await waitFor(() => expect(status().textContent).toBe('Verified. You can send the form.'));
    await check();
  });
});
