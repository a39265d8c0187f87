import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { z } from 'zod/mini';
import type { LoginView } from '../../../machines/login/login.selectors';
import type { LoginEvent } from '../../../machines/login/login.types';
import { defaultLanguage, languageOfTag } from '../../../core/i18n/languages';
import { termsSchema } from '../../../core/validation/schemas';
import { FieldError } from '../../components/field-error';
import { policyMessages, PolicyTexts } from '../../components/policy-texts';

const m = defineMessages({
  offer: {
    id: 'login.googleSignup.offer',
    defaultMessage: 'No account uses this Google address yet. Create one with Google?',
    description: 'Title of the panel offering a sign-up with Google after a Google log-in found no account',
  },
  create: { id: 'login.googleSignup.create', defaultMessage: 'Create my account', description: 'Button that creates the account with Google' },
  cancel: { id: 'login.googleSignup.cancel', defaultMessage: 'Cancel', description: 'Button that declines the sign-up with Google, back to the log-in tabs' },
});
const address = defineMessage<{ readonly email: string }>({
  id: 'login.googleSignup.address',
  defaultMessage: 'Google address: {email}',
  description: 'The address of the Google account the new account would use',
});

/**
 * The address in the Google ID token, to show whose account would be made. Display only: the
 * server verifies the token and takes the address from it (docs/decisions/047).
 */
export function googleAddressOf(credential: string | null): string | null {
  const payload = credential?.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const email = (JSON.parse(new TextDecoder().decode(bytes)) as { email?: unknown }).email;
    return typeof email === 'string' && email.length > 0 ? email : null;
  } catch {
    return null;
  }
}

const schema = z.object({ terms: termsSchema });

/** After a Google log-in that found no account (1): create one with Google, the terms accepted (spec section 5). */
export function GoogleSignupOffer({ view, send }: { view: LoginView; send(event: LoginEvent): void }) {
  const intl = useIntl();
  const form = useForm<z.input<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { terms: false as unknown as true } });
  const error = form.formState.errors.terms?.message;
  const email = googleAddressOf(view.googleSignup.credential);
  // The account is written to in the language the page is read in.
  const language = languageOfTag(intl.locale) ?? defaultLanguage;
  return (
    <form
      className="stack google-signup"
      aria-labelledby="google-signup-title"
      noValidate
      onSubmit={form.handleSubmit(() => send({ type: 'GOOGLE_SIGNUP_CONFIRMED', acceptTerms: true, language }))}
    >
      <h2 id="google-signup-title">{intl.formatMessage(m.offer)}</h2>
      {email && <p className="muted">{intl.formatMessage(address, { email })}</p>}
      <label className="checkbox" htmlFor="google-signup-terms">
        <input
          id="google-signup-terms"
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'google-signup-terms-error' : undefined}
          {...form.register('terms')}
        />
        <span>{intl.formatMessage(policyMessages.terms)}</span>
      </label>
      <FieldError id="google-signup-terms-error" messageId={error} />
      <PolicyTexts />
      <div className="actions">
        <button type="submit" className="button" disabled={view.googleSignup.creating}>
          {intl.formatMessage(m.create)}
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={view.googleSignup.creating}
          onClick={() => send({ type: 'GOOGLE_SIGNUP_CANCELLED' })}
        >
          {intl.formatMessage(m.cancel)}
        </button>
      </div>
    </form>
  );
}
