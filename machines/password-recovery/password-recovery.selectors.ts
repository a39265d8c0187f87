import type { SnapshotFrom } from 'xstate';
import type { PasswordRecoveryMachine } from './password-recovery.machine';
import type { CaptchaChallenge } from '../captcha';
import type { AccountFields } from './password-recovery.types';

export type RecoveryStep = 'checking' | 'request' | 'linkSent' | 'codeSent' | 'newPassword' | 'linkUnavailable' | 'done';

export interface PasswordRecoveryView {
  step: RecoveryStep;
  busy: boolean;
  /** Where the link or the code went. */
  sentTo: string | null;
  /** The address whose password the link resets. */
  linkEmail: string | null;
  /** What the request form starts with: the account last asked for (a resend that met a captcha comes back to it). */
  requested: AccountFields | null;
  /** The captcha challenge to solve with the request, when the server asked for one. */
  captcha: CaptchaChallenge | null;
  canResend: boolean;
  /** The resend countdown runs (not while a code is being checked). */
  countingDown: boolean;
  countdownSeconds: number;
  /** When another link or code may be asked for (epoch ms): the countdown counts to it. */
  resendAt: number;
  /** The last refusal's catalogue code, shown as its message. */
  errCode: number | null;
  /** The last call failed outside the recovery's business answers; the next try clears it (clearRefusal). */
  failure: unknown;
}

/** The page's step: a call in flight keeps the step that made it. */
function stepOf(snapshot: SnapshotFrom<PasswordRecoveryMachine>): RecoveryStep {
  const m = (state: Parameters<typeof snapshot.matches>[0]) => snapshot.matches(state);
  if (m('entering') || m('checkingLink')) return 'checking';
  if (m('requesting') || m('sendingLink') || m('sendingCode')) return 'request';
  if (m('linkSent')) return 'linkSent';
  if (m('codeSent') || m('resettingByCode')) return 'codeSent';
  if (m('newPassword') || m('resettingByLink')) return 'newPassword';
  if (m('linkUnavailable')) return 'linkUnavailable';
  return 'done';
}

export function selectPasswordRecoveryView(snapshot: SnapshotFrom<PasswordRecoveryMachine>): PasswordRecoveryView {
  const m = (state: Parameters<typeof snapshot.matches>[0]) => snapshot.matches(state);
  return {
    step: stepOf(snapshot),
    busy: snapshot.hasTag('busy'),
    sentTo: snapshot.context.sentTo,
    linkEmail: snapshot.context.linkEmail,
    requested: snapshot.context.email !== null ? { account: snapshot.context.email } : snapshot.context.codeAccount,
    // A challenge is shown while it can be solved, and while its solution is being checked.
    captcha: m({ requesting: 'captchaShown' }) || m('sendingLink') || m('sendingCode') ? (snapshot.context.captcha?.challenge ?? null) : null,
    canResend: snapshot.can({ type: 'RESEND_REQUESTED' }),
    countingDown: m({ linkSent: 'countingDown' }) || m({ codeSent: 'countingDown' }),
    countdownSeconds: snapshot.context.countdownSeconds,
    resendAt: snapshot.context.resendAt,
    errCode: snapshot.context.errCode,
    failure: snapshot.hasTag('busy') ? undefined : snapshot.context.error,
  };
}
