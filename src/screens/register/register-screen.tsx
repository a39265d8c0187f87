import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { z } from 'zod/mini';
import type { SignupView } from '../../../machines/signup/signup.selectors';
import type { SignupEvent, SignupInput } from '../../../machines/signup/signup.types';
import { FailureNotice } from '../../components/failure-notice';
import { FieldError } from '../../components/field-error';
import { fieldA11y, FormField } from '../../components/form-field';
import { RefusalNotice } from '../../components/refusal-notice';
import { policyMessages, PolicyTexts } from '../../components/policy-texts';
import { usePageTitle } from '../../components/use-page-title';
import { defaultLanguage, languageOfTag } from '../../../core/i18n/languages';
import { accountFields } from '../../../core/validation/helpers';
import { areaCodeInputSchema, emailOrPhoneSchema, newPasswordPairSchema, nicknameSchema, termsSchema } from '../../../core/validation/schemas';
import { returnPath } from '../../../core/routing/return-path';
import { useSignup } from '../../queries/flows/signup-flow';

const m = defineMessages({
  title: { id: 'register.title', defaultMessage: 'Create your account', description: 'Title of the sign-up page' },
  account: { id: 'register.account', defaultMessage: 'Email or phone number', description: 'Label of the sign-up account field' },
  areaCode: { id: 'register.areaCode', defaultMessage: 'Country code (phone numbers only)', description: 'Label of the phone country code field' },
  nickname: { id: 'register.nickname', defaultMessage: 'Name', description: 'Label of the nickname field' },
  password: { id: 'register.password', defaultMessage: 'Password (at least 6 characters)', description: 'Label of the new password field' },
  confirmPassword: { id: 'register.confirmPassword', defaultMessage: 'Repeat the password', description: 'Label of the password confirmation field' },
  submit: { id: 'register.submit', defaultMessage: 'Create account', description: 'Button that sends the sign-up form' },
  exists: {
    id: 'register.exists',
    defaultMessage: 'An account with this email or phone already exists. Log in, or reset its password if you forgot it.',
    description: 'Shown when the account already exists (errors 6 and 13)',
  },
  logIn: { id: 'register.logIn', defaultMessage: 'Log in', description: 'Link to the login page' },
  forgot: { id: 'register.forgot', defaultMessage: 'Reset the password', description: 'Link to password recovery' },
  other: { id: 'register.other', defaultMessage: 'Use another email or phone', description: 'Button that goes back to the sign-up form' },
  haveAccount: { id: 'register.haveAccount', defaultMessage: 'Already have an account? Log in', description: 'Link from sign-up to login' },
  welcome: { id: 'register.welcome', defaultMessage: 'Welcome! Taking you back…', description: 'Shown after a phone sign-up, while the page goes back' },
});
const confirmationSent = defineMessage<{ readonly email: string }>({
  id: 'register.confirmationSent',
  defaultMessage: 'We sent a confirmation link to {email}. Follow it to activate your account, then log in.',
  description: 'Shown after an email sign-up',
});

type Send = (event: SignupEvent) => void;

const schema = z.intersection(
  z.object({ account: emailOrPhoneSchema, areaCode: areaCodeInputSchema, nickname: nicknameSchema, terms: termsSchema }),
  newPasswordPairSchema,
);
type FormValues = z.input<typeof schema>;

/** /register: sign-up with the required terms and privacy checkbox (spec sections 2 and 5). */
export function RegisterScreen() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.title));
  // The confirmation email is written in the language the page is read in.
  const language = languageOfTag(intl.locale) ?? defaultLanguage;
  const [query] = useSearchParams();
  const location = useLocation();
  const input = useMemo<SignupInput>(
    () => ({ language, returnTo: returnPath(query.get('redirect'), (location.state as { from?: unknown } | null)?.from) }),
    // Read once: the machine starts with what the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const { view, send } = useSignup(input);
  return (
    <section className="form-page register-page" aria-labelledby="register-title" aria-busy={view.busy}>
      <h1 id="register-title">{intl.formatMessage(m.title)}</h1>
      {view.confirmationSentTo !== null ? (
        <p className="notice notice-success" role="status">
          {intl.formatMessage(confirmationSent, { email: view.confirmationSentTo })}
        </p>
      ) : view.signedUp ? (
        <p className="load-state" role="status">
          {intl.formatMessage(m.welcome)}
        </p>
      ) : (
        <>
          {/* The account exists: the way to log in or recover it, above the form to change it. */}
          {view.accountExists && <AccountExists send={send} />}
          <SignupForm view={view} send={send} />
        </>
      )}
    </section>
  );
}

function AccountExists({ send }: { send: Send }) {
  const intl = useIntl();
  return (
    <div className="stack">
      <p className="notice notice-warning" role="alert">
        {intl.formatMessage(m.exists)}
      </p>
      <div className="actions">
        <Link className="button" to="/login">
          {intl.formatMessage(m.logIn)}
        </Link>
        <Link className="button button-secondary" to="/forgot-password">
          {intl.formatMessage(m.forgot)}
        </Link>
        <button type="button" className="button button-secondary" onClick={() => send({ type: 'NOTICE_DISMISSED' })}>
          {intl.formatMessage(m.other)}
        </button>
      </div>
    </div>
  );
}

function SignupForm({ view, send }: { view: SignupView; send: Send }) {
  const intl = useIntl();
  const form = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: { account: '', areaCode: '', nickname: '', password: '', confirmPassword: '', terms: false as unknown as true },
  });
  const e = form.formState.errors;
  const field = (name: Exclude<keyof FormValues, 'terms'>, label: string, type: string, autoComplete: string) => {
    const error = e[name]?.message;
    return (
      <FormField id={`register-${name}`} label={label} error={error}>
        <input type={type} autoComplete={autoComplete} {...fieldA11y(`register-${name}`, error)} {...form.register(name)} />
      </FormField>
    );
  };
  return (
    <form
      className="stack"
      noValidate
      onSubmit={form.handleSubmit((v) => {
        send({
          type: 'SIGNUP_SUBMITTED',
          fields: { ...accountFields(v.account, v.areaCode), nickname: v.nickname.trim(), password: v.password },
          acceptTerms: true,
        });
      })}
    >
      {field('account', intl.formatMessage(m.account), 'text', 'username')}
      {field('areaCode', intl.formatMessage(m.areaCode), 'text', 'tel-country-code')}
      {field('nickname', intl.formatMessage(m.nickname), 'text', 'nickname')}
      {field('password', intl.formatMessage(m.password), 'password', 'new-password')}
      {field('confirmPassword', intl.formatMessage(m.confirmPassword), 'password', 'new-password')}
      <label className="checkbox" htmlFor="register-terms">
        <input
          id="register-terms"
          type="checkbox"
          aria-invalid={e.terms ? true : undefined}
          aria-describedby={e.terms ? 'register-terms-error' : undefined}
          {...form.register('terms')}
        />
        <span>{intl.formatMessage(policyMessages.terms)}</span>
      </label>
      <FieldError id="register-terms-error" messageId={e.terms?.message} />
      <PolicyTexts />
      {/* Said beside the button the customer just pressed. */}
      {!view.accountExists && <RefusalNotice code={view.errCode} />}
      <FailureNotice error={view.failure} />
      <button type="submit" className="button" disabled={view.busy}>
        {intl.formatMessage(m.submit)}
      </button>
      <Link to="/login" className="small">
        {intl.formatMessage(m.haveAccount)}
      </Link>
    </form>
  );
}
