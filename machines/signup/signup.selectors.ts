import type { SnapshotFrom } from 'xstate';
import type { SignupMachine } from './signup.machine';

export interface SignupView {
  /** The form is shown (also while it is being sent). */
  form: boolean;
  busy: boolean;
  /** The account already exists: log in or recover the password instead. */
  accountExists: boolean;
  /** A confirmation link went to this address. */
  confirmationSentTo: string | null;
  signedUp: boolean;
  errCode: number | null;
  /** The last call failed outside the sign-up's business answers; the next try clears it (clearRefusal). */
  failure: unknown;
}

export function selectSignupView(snapshot: SnapshotFrom<SignupMachine>): SignupView {
  return {
    form: snapshot.matches('editing') || snapshot.matches('signingUp') || snapshot.matches('accountExists'),
    busy: snapshot.hasTag('busy'),
    accountExists: snapshot.matches('accountExists'),
    confirmationSentTo: snapshot.matches('awaitingConfirmation') ? snapshot.context.account : null,
    signedUp: snapshot.matches('signedUp'),
    errCode: snapshot.context.errCode,
    failure: snapshot.hasTag('busy') ? undefined : snapshot.context.error,
  };
}
