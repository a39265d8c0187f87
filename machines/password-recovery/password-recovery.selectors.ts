import type { SnapshotFrom } from 'xstate';
import type { PasswordRecoveryMachine } from './password-recovery.machine';

export type RecoveryStep = 'checking' | 'request' | 'linkSent' | 'codeSent' | 'newPassword' | 'linkUnavailable' | 'done';

export interface PasswordRecoveryView {
  step: RecoveryStep;
  busy: boolean;
  /** Where the link or the code went. */
  sentTo: string | null;
  /** The address whose password the link resets. */
  linkEmail: string | null;
  canResend: boolean;
  countdownSeconds: number;
  /** The last refusal's catalogue code, shown as its message. */
  errCode: number | null;
}

export function selectPasswordRecoveryView(snapshot: SnapshotFrom<PasswordRecoveryMachine>): PasswordRecoveryView {
  const m = (state: Parameters<typeof snapshot.matches>[0]) => snapshot.matches(state);
  const step: RecoveryStep =
    m('entering') || m('checkingLink')
      ? 'checking'
      : m('requesting') || m('sendingLink') || m('sendingCode')
        ? 'request'
        : m('linkSent')
          ? 'linkSent'
          : m('codeSent') || m('resettingByCode')
            ? 'codeSent'
            : m('newPassword') || m('resettingByLink')
              ? 'newPassword'
              : m('linkUnavailable')
                ? 'linkUnavailable'
                : 'done';
  return {
    step,
    busy: snapshot.hasTag('busy'),
    sentTo: snapshot.context.sentTo,
    linkEmail: snapshot.context.linkEmail,
    canResend: snapshot.can({ type: 'RESEND_REQUESTED' }),
    countdownSeconds: snapshot.context.countdownSeconds,
    errCode: snapshot.context.errCode,
  };
}
