// The password-recovery machine's graph for the walks: the events each state offers, with the typed
// results of every invocation that the walks then arrange for real (password-recovery.world.ts).
import type { EventObject } from 'xstate';
import { passwordRecoveryMachine, type PasswordRecoveryMachine } from '../../machines/password-recovery/password-recovery.machine';
import { createPasswordRecoveryActors, refusals } from '../../machines/password-recovery/password-recovery.actors';
import type { PasswordRecoveryInput } from '../../machines/password-recovery/password-recovery.types';
import type { CaptchaPurpose } from '../../machines/captcha';
import type { KnownGap } from './coverage';
import { anyStateTarget, done, error, type GraphModel } from './harness';
import { graphChallenge, unarrangedGaps, type Unarranged } from './login.model';

const sent = { kind: 'sent', sentTo: 'g***@example.com', resendAfter: 60 };

export const recoveryInputs = {
  /** /forgot-password (and /lost-password). */
  request: { token: null },
  /** /reset-password?token=… from the mailed link; the walks put the real token in. */
  link: { token: 'graph' },
} satisfies Record<string, PasswordRecoveryInput>;
export type RecoveryStart = keyof typeof recoveryInputs;

/** The refusals no walk of password recovery can arrange on the real server. */
export const recoveryUnarranged: Unarranged<typeof refusals> = {
  resetByCode: { 4000: 'the code went to the very account field, and sending it already checks the country code' },
};

/** Known gaps of both password-recovery walks: the refusals they cannot arrange. */
export const recoveryKnownGaps = unarrangedGaps(passwordRecoveryMachine, refusals, recoveryUnarranged);

/**
 * Known gaps of the screens walk alone: while a challenge loads the request form is busy, its
 * buttons disabled; the server walk sends the requests all the same.
 */
export const recoveryScreenGaps: KnownGap[] = ['LINK_REQUESTED#0', 'CODE_REQUESTED#0'].map((transition) => ({
  target: anyStateTarget(`passwordRecovery.requesting ${transition}`, 'passwordRecovery.requesting.loadingCaptcha'),
  reason: 'while the challenge loads, the form is busy and its buttons are disabled',
}));

/**
 * Per invocation, the answers the graph considers: each result branch of its onDone, and every
 * refusal the call expects that the walks can arrange. A request sent with the shown challenge's
 * solution can meet -3035 (the walks let it expire), one without a solution for its form -3034.
 */
const automatic = (captcha: CaptchaPurpose | undefined, form: CaptchaPurpose): Record<string, EventObject[]> => {
  const refused = (id: keyof typeof refusals, shown?: CaptchaPurpose) =>
    refusals[id]
      .filter((c) => !(recoveryUnarranged[id] as Record<number, string> | undefined)?.[c])
      .filter((c) => shown === undefined || c !== (captcha === shown ? -3034 : -3035))
      .map((c) => done(id, { kind: 'refused', errCode: c }));
  return {
    sendLink: [done('sendLink', sent), ...refused('sendLink', 'resetPassword'), error('sendLink')],
    sendCode: [done('sendCode', sent), ...refused('sendCode', 'sendCode'), error('sendCode')],
    loadCaptcha: [done('loadCaptcha', { captchaId: 'graph', challenge: graphChallenge, purpose: form }), error('loadCaptcha')],
    resetByCode: [done('resetByCode', { kind: 'reset' }), ...refused('resetByCode'), error('resetByCode')],
    checkLink: [done('checkLink', { kind: 'live', email: 'graph@example.com' }), ...refused('checkLink'), error('checkLink')],
    resetByLink: [done('resetByLink', { kind: 'reset' }), ...refused('resetByLink'), error('resetByLink')],
  };
};

const userEvents: EventObject[] = [
  { type: 'LINK_REQUESTED', email: 'graph@example.com' } as EventObject,
  { type: 'CODE_REQUESTED', fields: { account: 'graph@example.com' } } as EventObject,
  { type: 'RESEND_REQUESTED' },
  { type: 'CODE_RESET_SUBMITTED', code: '1234', password: 'graph-password' } as EventObject,
  { type: 'LINK_RESET_SUBMITTED', password: 'graph-password' } as EventObject,
  { type: 'RESTART' },
];

/** The machine's graph for both walks: stand-in actors suffice, since each walk runs the machine with its own. */
export function passwordRecoveryGraph(
  machine: PasswordRecoveryMachine = passwordRecoveryMachine.provide({ actors: createPasswordRecoveryActors({} as never) }),
): GraphModel<PasswordRecoveryMachine> {
  return {
    machine,
    inputs: recoveryInputs,
    events: (snapshot) => {
      // A challenge is made for the way the customer asked by: a code, or a link.
      const answers = automatic(snapshot.context.captcha?.purpose, snapshot.context.codeAccount ? 'sendCode' : 'resetPassword');
      const running = Object.keys(snapshot.children).flatMap((id) => answers[id] ?? []);
      const countdown = (['linkSent', 'codeSent'] as const)
        .filter((s) => snapshot.matches({ [s]: 'countingDown' }))
        .map((s) => ({ type: `xstate.after.resendCountdown.passwordRecovery.${s}.countingDown` }));
      return [...userEvents.filter((e) => snapshot.can(e as never)), ...running, ...countdown];
    },
    // A challenge loads for the way the customer asked by; shown, and a request sent with it,
    // are vertices of their own by the form it is for: a request sent with its own form's
    // challenge can meet -3035, one without -3034.
    vertex: (snapshot) => {
      const value = JSON.stringify(snapshot.value);
      if (snapshot.matches({ requesting: 'loadingCaptcha' })) return `${value} for a ${snapshot.context.codeAccount ? 'code' : 'link'}`;
      const shown = snapshot.matches('sendingLink') || snapshot.matches('sendingCode') || snapshot.matches({ requesting: 'captchaShown' });
      return `${value}${shown && snapshot.context.captcha ? ` with a challenge for ${snapshot.context.captcha.purpose}` : ''}`;
    },
  };
}
