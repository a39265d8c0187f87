import { useEffect, useRef, useState, type ReactNode } from 'react';

/** The part of Google Identity Services (accounts.google.com/gsi/client) the page uses. */
interface GoogleIdentity {
  initialize(options: { client_id: string; callback(response: { credential: string }): void }): void;
  renderButton(parent: HTMLElement, options: { type: 'standard'; theme: 'outline'; size: 'large'; text: 'signin_with' }): void;
}
declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleIdentity } };
  }
}

const SCRIPT = 'https://accounts.google.com/gsi/client';

function loadIdentity(): Promise<GoogleIdentity> {
  const ready = window.google?.accounts?.id;
  if (ready) return Promise.resolve(ready);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT;
    script.async = true;
    script.onload = () => (window.google?.accounts?.id ? resolve(window.google.accounts.id) : reject(new Error('Google Identity Services did not load')));
    script.onerror = () => reject(new Error('Google Identity Services did not load'));
    document.head.append(script);
  });
}

/**
 * Google's own button (docs/decisions/007); the credential it hands back goes to the login machine.
 * `label` (the "or continue with Google" line) shows once the button is drawn: without Google's
 * script (blocked, offline) the page has no heading over nothing. The slot itself is empty until
 * then, and stays laid out, as Google measures it to draw the button.
 */
export function GoogleSignIn({ clientId, label, onCredential }: { clientId: string; label: ReactNode; onCredential(credential: string): void }) {
  const slot = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  const callback = useRef(onCredential);
  useEffect(() => {
    callback.current = onCredential;
  }, [onCredential]);
  useEffect(() => {
    let cancelled = false;
    loadIdentity()
      .then((id) => {
        if (cancelled || !slot.current) return;
        id.initialize({ client_id: clientId, callback: (r) => callback.current(r.credential) });
        id.renderButton(slot.current, { type: 'standard', theme: 'outline', size: 'large', text: 'signin_with' });
        setDrawn(true);
      })
      // Without Google's script the other ways to log in still work.
      .catch((error: unknown) => console.warn(error));
    return () => {
      cancelled = true;
    };
  }, [clientId]);
  return (
    <div className="stack">
      {drawn ? label : null}
      <div ref={slot} className="google-sign-in" />
    </div>
  );
}
