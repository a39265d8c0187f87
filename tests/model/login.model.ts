// The login machine's graph for the walks: the events each state offers, with the typed results
// of every invocation the walks then arrange for real.
import type { EventObject } from 'xstate';
import { loginMachine, type LoginMachine } from '../../machines/login/login.machine';
import { createLoginActors } from '../../machines/login/login.actors';
import type { LoginInput } from '../../machines/login/login.types';
import type { CaptchaPurpose } from '../../machines/captcha';
import { done, error, type GraphModel } from './harness';

const user = { token: 'graph', uid: '1', account: 'graph@example.com', type: 'email', expiration: 1, accountLoginType: 'password' };
const token = { appToken: 'graph', accountId: '1', loginId: 'graph' };
const fields = { account: 'graph@example.com' };
const refused = (errCode: number) => ({ kind: 'refused', errCode });
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

/**
 * Per invocation, the answers the graph considers: one per guarded branch of its onDone. A request
 * sent with the shown challenge's solution can meet -3035 (the walks let it expire), one without a
 * solution for its form -3034.
 */
const automatic = (captcha: CaptchaPurpose | undefined): Record<string, EventObject[]> => ({
  tokenLogin: [done('tokenLogin', loggedIn), error('tokenLogin')],
  loadConfig: [done('loadConfig', { countdownSeconds: 45, googleClientId: 'graph', codeLogin: true }), error('loadConfig')],
  passwordLogin: [
    done('passwordLogin', loggedIn),
    ...[9, 17, 197, 4596, captcha === 'login' ? -3035 : -3034].map((c) => done('passwordLogin', refused(c))),
    error('passwordLogin'),
  ],
  loadCaptcha: [done('loadCaptcha', { captchaId: 'graph', challenge: graphChallenge, purpose: 'login' }), error('loadCaptcha')],
  sendCode: [
    done('sendCode', { kind: 'sent', resendAfter: 45 }),
    ...[-3031, captcha === 'sendCode' ? -3035 : -3034, 17, 1].map((c) => done('sendCode', refused(c))),
    error('sendCode'),
  ],
  codeLogin: [done('codeLogin', loggedIn), ...[11, 9, 17, 197, 1].map((c) => done('codeLogin', refused(c))), error('codeLogin')],
  googleLogin: [done('googleLogin', loggedIn), ...[9, 197, 1].map((c) => done('googleLogin', refused(c))), error('googleLogin')],
});

const userEvents: EventObject[] = [
  { type: 'TAB_CHOSEN', tab: 'email' } as EventObject,
  { type: 'TAB_CHOSEN', tab: 'code' } as EventObject,
  { type: 'PASSWORD_SUBMITTED', fields, password: 'graph-password' } as EventObject,
  { type: 'CODE_REQUESTED', fields } as EventObject,
  { type: 'CODE_RESEND_REQUESTED' },
  { type: 'CODE_SUBMITTED', code: '1234' } as EventObject,
  { type: 'CODE_DIALOG_CLOSED' },
  { type: 'GOOGLE_CREDENTIAL_RECEIVED', credential: 'graph' } as EventObject,
  { type: 'NOTICE_DISMISSED' },
];

/** The machine's graph for both walks: stand-in actors suffice, since each walk runs the machine with its own. */
export function loginGraph(machine: LoginMachine = loginMachine.provide({ actors: createLoginActors({} as never) })): GraphModel<LoginMachine> {
  return {
    machine,
    inputs: loginInputs,
    events: (snapshot) => {
      // The running invocation's answers, and the countdown's end while it runs.
      const answers = automatic(snapshot.context.captcha?.purpose);
      const running = Object.keys(snapshot.children).flatMap((id) => answers[id] ?? []);
      // Spec section 8 and docs/decisions/007: a refused token is 201 in the STB scene, else 21.
      if (snapshot.children.tokenLogin) running.push(done('tokenLogin', refused(snapshot.context.scene === 'STB' ? 201 : 21)));
      const countdown = snapshot.matches({ form: { codeTab: { codeDialog: 'countingDown' } } })
        ? [{ type: 'xstate.after.resendCountdown.login.form.codeTab.codeDialog.countingDown' }]
        : [];
      const user = userEvents.filter((e) => snapshot.can(e as never));
      return [...user, ...running, ...countdown];
    },
  };
}
