// Sending a code (or a recovery link) on the user's word (spec sections 7 and 9;
// docs/decisions/006): the state that sends it and routes the server's answer, and the resend
// countdown that follows. The log-in code and password recovery by code or by link build theirs
// here, so all three route -3031, -3034/-3035 and 17 alike; what differs per form is where each
// answer leads, which other refusals the call expects, and the words the charts print. The guards
// and actions named are each machine's own: isSent and refusedWith; takeSent, takeTooFrequent,
// takeRefusal, recordError and clearRefusal; `resendCountdown` is its delay.
import { captchaFields, CAPTCHA_REFUSALS, type Captcha } from './captcha';
import { otherRefusals, refusedWith } from './expected-refusals';
import type { AccountFields } from './login/login.types';

/** Where each answer of a send leads, by state id or relative target. */
export interface SendTargets {
  /** It went out (an unknown recovery account gets the same answer): the step that follows. */
  sent: string;
  /** -3031: one went out less than a countdown ago, and that one is still good. */
  tooFrequent: string;
  /** -3034 a captcha is due (from the 4th in an hour), -3035 the solution sent was refused. */
  captcha: string;
  /** 17, the account is locked, where the form has a notice of its own for it. */
  locked?: string;
  /** Any other answer, refused or unexpected: the form again, saying why. */
  refused: string;
  /** The other refusals the call expects, which the refused branch takes (the chart names them). */
  otherRefusals: readonly number[];
}

/** What the sending state and its answers mean for the customer, in the form's words (the charts print them). */
export interface SendWords {
  /** The sending state. */
  sending: string;
  /** It went out. */
  sent: string;
  /** -3031: the one sent moments ago is still good. */
  tooFrequent: string;
  /** The other refusals (`otherRefusals`): the form again, saying why. */
  refused: string;
}

/**
 * The busy state that invokes the sending actor `id` (named like its invocation) with `input`,
 * and goes where `to` says on each answer. The refused branch is the list's default, so no answer
 * leaves the form busy.
 */
export const sendingState = <const Id extends string, I, const T extends SendTargets>(id: Id, input: I, to: T, words: SendWords) =>
  ({
    description: words.sending,
    tags: ['busy'],
    invoke: {
      id,
      src: id,
      input,
      onDone: [
        { guard: 'isSent', target: to.sent, actions: 'takeSent', description: words.sent },
        { guard: refusedWith(-3031), target: to.tooFrequent, actions: 'takeTooFrequent', description: words.tooFrequent },
        {
          guard: refusedWith(...CAPTCHA_REFUSALS),
          target: to.captcha,
          actions: 'takeRefusal',
          description: 'Captcha due (-3034, from the 4th in an hour) or not solved here (-3035): a new challenge is shown with the form.',
        },
        ...(to.locked === undefined
          ? []
          : [
              {
                guard: refusedWith(17),
                target: to.locked,
                actions: 'takeRefusal',
                description: 'Locked (17) after too many failed attempts: the notice says so (15 minutes, escalating; docs/decisions/006).',
              } as const,
            ]),
        { target: to.refused, actions: 'takeRefusal', meta: otherRefusals(...to.otherRefusals), description: words.refused },
      ],
      onError: {
        target: to.refused,
        actions: 'recordError',
        description: 'Unexpected failure (network, server error -2499): the form again, saying it failed; the error is recorded.',
      },
    },
  }) as const;

/** What a form that sends a code holds: the account it goes to, and the challenge shown, if any. */
interface SendsCode {
  codeAccount: AccountFields | null;
  captcha: Captcha | null;
}

/**
 * A code request's body (POST sendVerificationCode): the account, with the shown challenge's
 * solution when the form sent one. A resend carries no solution: the server asks again if due.
 */
export const codeRequestInput = ({ context, event }: { context: SendsCode; event: { type: string; captchaCode?: string } }) => ({
  ...context.codeAccount!,
  ...captchaFields(context.captcha, 'sendCode', event.type === 'CODE_REQUESTED' ? event.captchaCode : undefined),
});

/**
 * When another code or link may be asked for, on the browser's clock (epoch ms). The countdown is a
 * deadline kept in context, so a wrong code, whose check leaves the countdown and comes back to it,
 * resumes it where it was: it neither starts again nor ends early.
 */
export const resendDeadline = (seconds: number): number => Date.now() + seconds * 1000;

/** The resend countdown's delay: what is left of the deadline (nothing once it has passed). */
export const untilResend = ({ context }: { context: { resendAt: number } }): number => Math.max(0, context.resendAt - Date.now());

/**
 * The countdown before another code or link may be asked for (spec section 9: the answer's
 * resendAfter when it gives one, else the configured countdown, 60 s by default): `countingDown`,
 * then `canResend`, whose transitions are `on` (the resend event, back to the sending state).
 * `thing` is what is sent again, in the form's words ("code", "link").
 */
export const resendCountdown = <const On>(on: On, thing: string) =>
  ({
    initial: 'countingDown',
    states: {
      countingDown: {
        description: `A countdown shows the seconds before another ${thing} may be asked for: resendAfter, else 60 s (spec section 9), from when it was sent.`,
        after: { resendCountdown: { target: 'canResend', description: `The countdown is over: the button to ask for another ${thing} is enabled.` } },
      },
      canResend: { description: `The countdown is over (or was skipped): the customer may ask for another ${thing}.`, on },
    },
  }) as const;
