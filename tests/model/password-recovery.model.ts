// The password-recovery machine's graph for the walks: the events each state offers, with the typed
// results of every invocation that the walks then arrange for real (password-recovery.world.ts).
import type { EventObject } from 'xstate';
import { passwordRecoveryMachine, type PasswordRecoveryMachine } from '../../machines/password-recovery/password-recovery.machine';
import { createPasswordRecoveryActors } from '../../machines/password-recovery/password-recovery.actors';
import type { PasswordRecoveryInput } from '../../machines/password-recovery/password-recovery.types';
import type { CaptchaPurpose } from '../../machines/captcha';
import { done, error, type GraphModel } from './harness';
import { graphChallenge } from './login.model';

const refused = (errCode: number) => ({ kind: 'refused', errCode });
const sent = { kind: 'sent', sentTo: 'g***@example.com', resendAfter: 60 };

export const recoveryInputs = {
  /** /forgot-password (and /lost-password). */
  request: { token: null },
  /** /reset-password?token=… from the mailed link; the walks put the real token in. */
  link: { token: 'graph' },
} satisfies Record<string, PasswordRecoveryInput>;
export type RecoveryStart = keyof typeof recoveryInputs;

/**
 * Per invocation, the answers the graph considers: one per guarded branch of its onDone. A request
 * sent with the shown challenge's solution can meet -3035 (the walks let it expire), one without a
 * solution for its form -3034.
 */
const automatic = (captcha: CaptchaPurpose | undefined): Record<string, EventObject[]> => ({
  sendLink: [
    done('sendLink', sent),
    done('sendLink', refused(-3031)),
    done('sendLink', refused(captcha === 'resetPassword' ? -3035 : -3034)),
    done('sendLink', refused(8)),
    error('sendLink'),
  ],
  sendCode: [
    done('sendCode', sent),
    done('sendCode', refused(-3031)),
    done('sendCode', refused(captcha === 'sendCode' ? -3035 : -3034)),
    done('sendCode', refused(17)),
    error('sendCode'),
  ],
  loadCaptcha: [done('loadCaptcha', { captchaId: 'graph', challenge: graphChallenge, purpose: 'sendCode' }), error('loadCaptcha')],
  resetByCode: [done('resetByCode', { kind: 'reset' }), done('resetByCode', refused(11)), done('resetByCode', refused(17)), error('resetByCode')],
  checkLink: [done('checkLink', { kind: 'live', email: 'graph@example.com' }), done('checkLink', refused(10302)), error('checkLink')],
  resetByLink: [done('resetByLink', { kind: 'reset' }), done('resetByLink', refused(10302)), error('resetByLink')],
});

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
      const answers = automatic(snapshot.context.captcha?.purpose);
      const running = Object.keys(snapshot.children).flatMap((id) => answers[id] ?? []);
      const countdown = (['linkSent', 'codeSent'] as const)
        .filter((s) => snapshot.matches({ [s]: 'countingDown' }))
        .map((s) => ({ type: `xstate.after.resendCountdown.passwordRecovery.${s}.countingDown` }));
      return [...userEvents.filter((e) => snapshot.can(e as never)), ...running, ...countdown];
    },
  };
}
