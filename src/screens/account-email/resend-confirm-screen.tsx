import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { defineMessages, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import { z } from 'zod/mini';
import { FailureNotice } from '../../components/failure-notice';
import { FieldError } from '../../components/field-error';
import { LoadState } from '../../components/load-state';
import { usePageTitle } from '../../components/use-page-title';
import { useActivation, useResendConfirmation } from '../../queries/account-email-queries';
import { emailSchema } from '../../../core/validation/schemas';

const m = defineMessages({
  title: { id: 'confirm.title', defaultMessage: 'Confirm your email', description: 'Title of the email-confirmation page' },
  activated: {
    id: 'confirm.activated',
    defaultMessage: 'Your email is confirmed and your account is active. You can log in now.',
    description: 'Shown after a confirmation link was followed successfully',
  },
  linkDead: {
    id: 'confirm.linkDead',
    defaultMessage: 'This confirmation link can no longer be used. Ask for a new one below.',
    description: 'Shown when a confirmation link was used, replaced or expired',
  },
  intro: {
    id: 'confirm.intro',
    defaultMessage: 'Did not get the confirmation email, or the link expired? Enter your email and we will send a new link.',
    description: 'Explains the resend form',
  },
  email: { id: 'confirm.email', defaultMessage: 'Email', description: 'Label of the email field' },
  send: { id: 'confirm.send', defaultMessage: 'Send a new link', description: 'Button that asks for a new confirmation link' },
  sent: {
    id: 'confirm.sent',
    defaultMessage: 'If an account at this address is waiting for confirmation, a new link is on its way. Check your inbox and spam folder.',
    description: 'Shown after asking for a new link; deliberately the same whether or not the account exists',
  },
  toPlans: { id: 'confirm.toPlans', defaultMessage: 'See the plans', description: 'Link to the pricing table' },
  logIn: { id: 'confirm.logIn', defaultMessage: 'Log in', description: 'Link to the login page, after the account was activated' },
});

/** /resend-confirm: follows a confirmation link (/activate?token=…) or sends a new one. */
export function ResendConfirmScreen() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  const token = useSearchParams()[0].get('token');
  return (
    <section className="form-page" aria-labelledby="confirm-title">
      <h1 id="confirm-title">{intl.formatMessage(m.title)}</h1>
      {token ? <Activation token={token} /> : <ResendForm />}
    </section>
  );
}

function Activation({ token }: { token: string }) {
  const intl = useIntl();
  const activation = useActivation(token);
  if (activation.status === 'loading') return <LoadState status="loading" onRetry={activation.retry} />;
  if (activation.status === 'success') {
    return (
      <>
        <p className="notice notice-success" role="status">
          {intl.formatMessage(m.activated)}
        </p>
        <div className="actions">
          <Link className="button" to="/login">
            {intl.formatMessage(m.logIn)}
          </Link>
          <Link className="button button-secondary" to="/pricing-table">
            {intl.formatMessage(m.toPlans)}
          </Link>
        </div>
      </>
    );
  }
  return (
    <>
      <p className="notice notice-warning" role="alert">
        {intl.formatMessage(m.linkDead)}
      </p>
      <ResendForm />
    </>
  );
}

function ResendForm() {
  const intl = useIntl();
  const resend = useResendConfirmation();
  const form = useForm<{ email: string }>({ resolver: zodResolver(z.object({ email: emailSchema() })), defaultValues: { email: '' } });
  const error = form.formState.errors.email?.message;
  if (resend.status === 'success') {
    return (
      <p className="notice notice-success" role="status">
        {intl.formatMessage(m.sent)}
      </p>
    );
  }
  return (
    <form className="stack" noValidate onSubmit={form.handleSubmit((v) => resend.mutate(v.email))}>
      <p className="muted">{intl.formatMessage(m.intro)}</p>
      <label className="field">
        <span>{intl.formatMessage(m.email)}</span>
        <input
          type="email"
          autoComplete="email"
          inputMode="email"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'email-error' : undefined}
          {...form.register('email')}
        />
        <FieldError id="email-error" messageId={error} />
      </label>
      <FailureNotice error={resend.status === 'error' ? resend.error : undefined} />
      <button type="submit" className="button" disabled={resend.status === 'pending'}>
        {intl.formatMessage(m.send)}
      </button>
    </form>
  );
}
