// Sending a code (or a recovery link) on the user's word (spec sections 7 and 9;
// docs/decisions/006): the state that sends it and routes the server's answer, and the resend
// countdown that follows. The log-in code and password recovery by code or by link build theirs
// here, so all three route -3031, -3034/-3035 and 17 alike; what differs per form is where each
// answer leads. The guards and actions named are each machine's own: isSent,
// isTooFrequent, needsCaptcha, isLocked; takeSent, takeTooFrequent, takeRefusal, recordError and
// clearRefusal; `resendCountdown` is its delay.
import { captchaFields, type Captcha } from './captcha';
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
}

/**
 * The busy state that invokes the sending actor `id` (named like its invocation) with `input`,
 * and goes where `to` says on each answer. The refused branch is the list's default, so no answer
 * leaves the form busy.
 */
export const sendingState = <const Id extends string, I, const T extends SendTargets>(id: Id, input: I, to: T) =>
  ({
    tags: ['busy'],
    invoke: {
      id,
      src: id,
      input,
      onDone: [
        { guard: 'isSent', target: to.sent, actions: 'takeSent' },
        { guard: 'isTooFrequent', target: to.tooFrequent, actions: 'takeTooFrequent' },
        { guard: 'needsCaptcha', target: to.captcha, actions: 'takeRefusal' },
        ...(to.locked === undefined ? [] : [{ guard: 'isLocked', target: to.locked, actions: 'takeRefusal' } as const]),
        { target: to.refused, actions: 'takeRefusal' },
      ],
      onError: { target: to.refused, actions: 'recordError' },
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
 * The countdown before another code or link may be asked for (spec section 9: the answer's
 * resendAfter when it gives one, else the configured countdown, 60 s by default): `countingDown`,
 * then `canResend`, whose transitions are `on` (the resend event, back to the sending state).
 */
export const resendCountdown = <const On>(on: On) =>
  ({
    initial: 'countingDown',
    states: {
      countingDown: { after: { resendCountdown: { target: 'canResend' } } },
      canResend: { on },
    },
  }) as const;
