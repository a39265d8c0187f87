// @vitest-environment jsdom
// The "or continue with Google" line stands only over a drawn Google button: when Google's script
// cannot load (blocked, offline), the log-in page has no heading over nothing.
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GoogleSignIn } from './google-sign-in';

afterEach(() => {
  cleanup();
  delete window.google;
  document.head.querySelectorAll('script[src*="accounts.google.com"]').forEach((s) => s.remove());
});

const label = <p>Or continue with Google</p>;

describe('the Google button', () => {
  it('shows its line once Google has drawn the button', async () => {
    const drawn: HTMLElement[] = [];
    window.google = {
      accounts: {
        id: {
          initialize: () => undefined,
          renderButton: (parent) => {
            const button = document.createElement('button');
            button.textContent = 'Sign in with Google';
            parent.append(button);
            drawn.push(parent);
          },
        },
      },
    };
    render(<GoogleSignIn clientId="client" label={label} onCredential={() => undefined} />);
    expect(await screen.findByText('Or continue with Google')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
    expect(drawn).toHaveLength(1);
  });

  it('shows nothing when the script fails to load', async () => {
    render(<GoogleSignIn clientId="client" label={label} onCredential={() => undefined} />);
    const script = await waitFor(() => {
      const s = document.head.querySelector<HTMLScriptElement>('script[src="https://accounts.google.com/gsi/client"]');
      if (!s) throw new Error('no script yet');
      return s;
    });
    await act(async () => {
      script.dispatchEvent(new Event('error'));
    });
    expect(screen.queryByText('Or continue with Google')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
