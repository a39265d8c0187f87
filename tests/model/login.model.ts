// The login machine's graph for the walks: the events each state offers, with the typed results
// of every invocation the walks then arrange for real.
import type { AnyStateMachine, EventObject } from 'xstate';
import { loginMachine, type LoginMachine } from '../../machines/login/login.machine';
import { createLoginActors, refusals } from '../../machines/login/login.actors';
import type { LoginInput } from '../../machines/login/login.types';
import type { CaptchaPurpose } from '../../machines/captcha';
import type { Refusals } from '../../machines/expected-refusals';
import { refusalRouting } from '../helpers/flow-configs';
import type { KnownGap } from './coverage';
import { anyStateTarget, done, error, refusalTarget, type GraphModel } from './harness';

const user = { token: 'graph', uid: '1', account: 'graph@example.com', type: 'email', expiration: 1, accountLoginType: 'password' };
const token = { appToken: 'graph', accountId: '1', loginId: 'graph' };
const fields = { account: 'graph@example.com' };
const loggedIn = { kind: 'loggedIn', userInfo: user };
/** A challenge's shape; the walks get real ones from the server. */
export const graphChallenge = {
  parameters: {
    algorithm: 'PBKDF2/SHA-256',
    nonce: '00',
    salt: '00',
    cost: 1,
    keyLength: 32,
    keyPrefix: '00',
    keySignature: '00',
    data: { id: 'graph', purpose: 'login', expiresAt: 1 },
  },
  signature: '00',
};

export const loginInputs = {
  web: { tab: 'email', returnTo: '/orders', scene: 'WEB', entranceToken: null },
  codeTabRemembered: { tab: 'code', returnTo: '/pricing-table', scene: 'WEB', entranceToken: null },
  appEntrance: { tab: 'email', returnTo: '/pricing-table', scene: 'APP', entranceToken: token },
  // Spec section 8: in the STB scene the server answers 201/203 for every refused token.
  stbEntrance: { tab: 'email', returnTo: '/pricing-table', scene: 'STB', entranceToken: token },
} satisfies Record<string, LoginInput>;
export type LoginStart = keyof typeof loginInputs;

/** Per call, the refusals it expects that a walk cannot arrange, each with why. */
export type Unarranged<R extends Refusals<string>> = { [Id in keyof R]?: { [Code in R[Id][number]]?: string } };

/**
 * The refusals of `calls` that the walks leave out, as the gate's known gaps: the branch that
 * would take each code (`<transition> @<code>`), with why it is not walked.
 */
export function unarrangedGaps<R extends Refusals<string>>(machine: AnyStateMachine, calls: R, ...lists: Array<Unarranged<R>>): KnownGap[] {
  const { routes } = refusalRouting({ folder: machine.id, machine, refusals: calls });
  return routes.flatMap(({ invoke, code, transition }) =>
    lists.flatMap((list) => {
      const reason = (list[invoke as keyof R] as Record<number, string> | undefined)?.[code];
      return reason ? [{ target: refusalTarget(transition, code), reason }] : [];
    }),
  );
}

/** The refusals no walk of the login machine can arrange on the real server. */
export const loginUnarranged: Unarranged<typeof refusals> = {
  sendCode: { 7: 'the client picks the channel from the account field (SMS for a phone, email for an address), which always has one' },
  codeLogin: { 4000: 'the code went to the very account field, and sending it already checks the country code' },
};

/** Known gaps of both login walks: the refusals they cannot arrange. */
export const loginKnownGaps = unarrangedGaps(loginMachine, refusals, loginUnarranged);

/**
 * Known gaps of the screens walk alone: a notice (not confirmed, locked, blocked) replaces the
 * form, so the customer leaves it (Back to log-in) before choosing a tab or Google; the server
 * walk sends those events all the same.
 */
export const loginScreenGaps: KnownGap[] = ['notVerified', 'locked', 'blocked'].flatMap((notice) =>
  ['TAB_CHOSEN#0', 'TAB_CHOSEN#1', 'GOOGLE_CREDENTIAL_RECEIVED#0'].map((transition) => ({
    target: anyStateTarget(`login.form ${transition}`, `login.form.${notice}`),
    reason: 'the notice replaces the form: the customer leaves it (Back to log-in) before choosing a tab or Google',
  })),
);

/** The refusals of `id` the walks take: every one the call expects, but those they cannot arrange. */
const walked = (id: keyof typeof refusals): number[] => refusals[id].filter((c) => !(loginUnarranged[id] as Record<number, string> | undefined)?.[c]);

/**
 * Spec section 8 and docs/decisions/007: in the STB scene the server answers 201 for a bad token
 * and 203 for an account that cannot log in; elsewhere, the code of each.
 */
const STB_REFUSALS: readonly number[] = [201, 203];

/**
 * Per invocation, the answers the graph considers: each result branch of its onDone, and every
 * refusal the call expects that the walks can arrange. A request sent with the shown challenge's
 * solution can meet -3035 (the walks let it expire), one without a solution for its form -3034.
 */
const automatic = (captcha: CaptchaPurpose | undefined, scene: LoginInput['scene'], form: CaptchaPurpose): Record<string, EventObject[]> => {
  const refused = (id: keyof typeof refusals, shown?: CaptchaPurpose) =>
    walked(id)
      .filter((c) => shown === undefined || c !== (captcha === shown ? -3034 : -3035))
      .map((c) => done(id, { kind: 'refused', errCode: c }));
  return {
    tokenLogin: [
      done('tokenLogin', loggedIn),
      ...refused('tokenLogin').filter((e) => STB_REFUSALS.includes(errCodeOf(e)) === (scene === 'STB')),
      error('tokenLogin'),
    ],
    loadConfig: [done('loadConfig', { countdownSeconds: 45, googleClientId: 'graph', codeLogin: true }), error('loadConfig')],
    passwordLogin: [done('passwordLogin', loggedIn), ...refused('passwordLogin', 'login'), error('passwordLogin')],
    loadCaptcha: [done('loadCaptcha', { captchaId: 'graph', challenge: graphChallenge, purpose: form }), error('loadCaptcha')],
    sendCode: [done('sendCode', { kind: 'sent', resendAfter: 45 }), ...refused('sendCode', 'sendCode'), error('sendCode')],
    codeLogin: [done('codeLogin', loggedIn), ...refused('codeLogin'), error('codeLogin')],
    googleLogin: [done('googleLogin', loggedIn), ...refused('googleLogin'), error('googleLogin')],
    googleSignup: [done('googleSignup', loggedIn), ...refused('googleSignup'), error('googleSignup')],
  };
};

const errCodeOf = (event: EventObject) => (event as { output?: { errCode?: number } }).output?.errCode ?? Number.NaN;

const userEvents: EventObject[] = [
  { type: 'TAB_CHOSEN', tab: 'email' } as EventObject,
  { type: 'TAB_CHOSEN', tab: 'code' } as EventObject,
  { type: 'PASSWORD_SUBMITTED', fields, password: 'graph-password' } as EventObject,
  { type: 'CODE_REQUESTED', fields } as EventObject,
  { type: 'CODE_RESEND_REQUESTED' },
  { type: 'CODE_SUBMITTED', code: '1234' } as EventObject,
  { type: 'CODE_DIALOG_CLOSED' },
  { type: 'GOOGLE_CREDENTIAL_RECEIVED', credential: 'graph' } as EventObject,
  { type: 'GOOGLE_SIGNUP_CONFIRMED', acceptTerms: true, language: 'en' } as EventObject,
  { type: 'GOOGLE_SIGNUP_CANCELLED' },
  { type: 'NOTICE_DISMISSED' },
];

/** The machine's graph for both walks: stand-in actors suffice, since each walk runs the machine with its own. */
export function loginGraph(machine: LoginMachine = loginMachine.provide({ actors: createLoginActors({} as never) })): GraphModel<LoginMachine> {
  return {
    machine,
    inputs: loginInputs,
    events: (snapshot) => {
      // The running invocation's answers, and the countdown's end while it runs.
      // A challenge is made for the form that asked for it: the password's, or the code's.
      const form = snapshot.matches({ form: 'codeTab' }) ? 'sendCode' : 'login';
      const answers = automatic(snapshot.context.captcha?.purpose, snapshot.context.scene, form);
      const running = Object.keys(snapshot.children).flatMap((id) => answers[id] ?? []);
      const countdown = snapshot.matches({ form: { codeTab: { codeDialog: 'countingDown' } } })
        ? [{ type: 'xstate.after.resendCountdown.login.form.codeTab.codeDialog.countingDown' }]
        : [];
      const user = userEvents.filter((e) => snapshot.can(e as never));
      return [...user, ...running, ...countdown];
    },
    // A request sent with a challenge shown is a vertex of its own: it can meet -3035, one
    // without a challenge -3034.
    vertex: (snapshot) => {
      const sending = snapshot.matches({ form: { passwordTab: 'loggingIn' } }) || snapshot.matches({ form: { codeTab: 'sendingCode' } });
      return `${JSON.stringify(snapshot.value)}${sending && snapshot.context.captcha ? ' with a challenge' : ''}`;
    },
  };
}
