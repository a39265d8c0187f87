// The proof-of-work captcha the server asks for (-3034 due, -3035 not solved here for this form;
// docs/decisions/006 and 037), shared by every form that sends something on the user's word: the
// password log-in, the log-in code, and password recovery by link or code. The machines keep a
// loadingCaptcha/captchaShown pair of states each; what is shared is the call and the rule of which
// solution goes with which request. The work itself is the view's (src/components/captcha-field.tsx).
import { fromPromise } from 'xstate';
import type { components } from '../openapi/schema';
import type { Api } from '../core/api/client';

/** The form a captcha guards: the server spends it only for that form (-3035 otherwise). */
export type CaptchaPurpose = components['schemas']['CaptchaRequest']['purpose'];

/** What the browser works on; its solution goes back as the request's `captchaCode`. */
export type CaptchaChallenge = components['schemas']['CaptchaChallenge'];

export interface Captcha {
  captchaId: string;
  challenge: CaptchaChallenge;
  purpose: CaptchaPurpose;
}

/** The refusals that mean "fetch a new challenge and ask again". */
export const CAPTCHA_REFUSALS = [-3034, -3035] as const;

/** POST /api/user/createRandCode/v1 for one form (spec section 7). */
export const createCaptchaActor = (api: Api) =>
  fromPromise<Captcha, { purpose: CaptchaPurpose }>(async ({ input, signal }) => {
    const c = await api.callData(api.client.POST('/api/user/createRandCode/v1', { body: { purpose: input.purpose }, signal }));
    return { captchaId: c.captchaId, challenge: c.challenge, purpose: input.purpose };
  });

/**
 * The captcha fields of a request: the shown challenge's id with its solution, when the challenge
 * was made for this request's form. Without a solution, or with a challenge made for another form,
 * the request goes without one and the server asks again (-3034) for the right form.
 */
export function captchaFields(captcha: Captcha | null, purpose: CaptchaPurpose, captchaCode: string | undefined): { captchaId?: string; captchaCode?: string } {
  return captcha && captcha.purpose === purpose && captchaCode ? { captchaId: captcha.captchaId, captchaCode } : {};
}

/**
 * The state that fetches a challenge for a form (POST /api/user/createRandCode/v1): it shows it
 * (`captchaShown`), or, when none came, goes back to `editing`, whose next try asks again. `input`
 * is the purpose, or a function of the context choosing it; `form` names the form in the charts'
 * words ("the password log-in"). Both sibling states and the actions `takeCaptcha` and
 * `recordError` are the machine's own.
 */
export const loadingCaptchaState = <I>(input: I, form: string) =>
  ({
    description: `The server asked for a captcha: a proof-of-work challenge for ${form} is fetched (spec section 7).`,
    tags: ['busy'],
    invoke: {
      id: 'loadCaptcha',
      src: 'loadCaptcha',
      input,
      onDone: {
        target: 'captchaShown',
        actions: 'takeCaptcha',
        description: 'The challenge came: the form shows the check, which the browser solves before the next try.',
      },
      onError: {
        target: 'editing',
        actions: 'recordError',
        description: 'No challenge could be fetched: the form again, the error recorded; the next try asks for one again.',
      },
    },
  }) as const;
