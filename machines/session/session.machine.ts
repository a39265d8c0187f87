// The session (spec sections 4 and 8): who is signed in, and what ends it. core/api/error-rules.ts
// says which refusals reset the session; this machine is the one place that says what a reset
// does. Storage, toasts, navigation and reloading are named actions the app provides.
import { assertEvent, assign, setup } from 'xstate';
import type { SessionReset, SessionResetKind } from '../../core/api/error-rules';
import type { UserInfo } from '../../core/session/store';
import { invocationError, type InvocationEvents } from '../actor-events';
import type { SessionActors } from './session.actors';
import type { SessionContext, SessionEvent, SessionInput } from './session.types';

/** The app's events and the logout call's answer, as its actor types it. */
export type SessionMachineEvent = SessionEvent | InvocationEvents<SessionActors>;

/** setTimeout cannot wait longer (about 24.8 days); a longer wait would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Spec sections 4 and 9: the session ends 10 days after log-in, at userInfo.expiration, measured
 * on `now` (the page's clock; a walk hands in the server's).
 */
export const sessionLifetimeOn =
  (now: () => number) =>
  ({ context }: { context: SessionContext }): number =>
    Math.min(MAX_TIMER_MS, Math.max(0, (context.userInfo?.expiration ?? 0) - now()));

const isReset =
  (kind: SessionResetKind) =>
  ({ event }: { event: SessionMachineEvent }) =>
    event.type === 'SESSION_REFUSED' && event.reset.kind === kind;

export const sessionSetup = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionMachineEvent,
    input: {} as SessionInput,
  },
  actors: {} as SessionActors,
  guards: {
    hasSession: ({ context }) => context.userInfo !== null,
    isSilentReset: isReset('silentReset'),
    isMessageReset: isReset('messageAndReset'),
    isWarnedReset: isReset('warnResetLogin'),
  },
  delays: {
    sessionLifetime: sessionLifetimeOn(() => Date.now()),
  },
  actions: {
    rememberUser: assign({
      userInfo: ({ event }) => {
        assertEvent(event, 'SIGNED_IN');
        return event.userInfo;
      },
    }),
    forgetUser: assign({ userInfo: null }),
    recordError: assign({ error: invocationError }),
    // The app's effects, filled in with `.provide` (src/app/services.ts).
    storeUserInfo: (_, _params: { userInfo: UserInfo }) => {},
    /** Spec section 4: clears userInfo and accountInfo, nothing else. */
    clearSession: () => {},
    showResetMessage: (_, _params: { reset: SessionReset }) => {},
    warnSessionEnded: (_, _params: { reset: SessionReset }) => {},
    goToLogin: () => {},
    reloadPage: () => {},
  },
});

const resetParams = ({ event }: { event: SessionMachineEvent }) => {
  assertEvent(event, 'SESSION_REFUSED');
  return { reset: event.reset };
};

export const sessionMachine = sessionSetup.createMachine({
  id: 'session',
  context: ({ input }) => ({ userInfo: input.userInfo, error: undefined }),
  initial: 'opening',
  on: {
    // Spec section 8: these refusals reset the session in any state, even one the page thought
    // signed out (another tab may have signed in meanwhile).
    SESSION_REFUSED: [
      {
        // -24010, -24020, 21: reset and reject silently.
        guard: 'isSilentReset',
        target: '.signedOut',
        actions: ['forgetUser', 'clearSession'],
      },
      {
        // -1112: show the error message and reset.
        guard: 'isMessageReset',
        target: '.signedOut',
        actions: [{ type: 'showResetMessage', params: resetParams }, 'forgetUser', 'clearSession'],
      },
      {
        // -24030: a warning, the reset, then /login, in that order.
        guard: 'isWarnedReset',
        target: '.signedOut',
        actions: [{ type: 'warnSessionEnded', params: resetParams }, 'forgetUser', 'clearSession', 'goToLogin'],
      },
    ],
    // Spec section 4: another tab changed the stored login data to a different token: reload.
    OTHER_TAB_CHANGED_LOGIN: { target: '.reloading' },
  },
  states: {
    opening: {
      // The page opens with whatever the store holds; an expired one ends at once (signedIn's timer).
      always: [{ guard: 'hasSession', target: 'signedIn' }, { target: 'signedOut' }],
    },
    signedOut: {
      tags: ['anonymous'],
      on: {
        // Any of the login machine's ways in (spec section 2, /login).
        SIGNED_IN: {
          target: 'signedIn',
          actions: ['rememberUser', { type: 'storeUserInfo', params: ({ event }) => ({ userInfo: event.userInfo }) }],
        },
      },
    },
    signedIn: {
      tags: ['authenticated'],
      after: {
        // Spec sections 4 and 9: a session stays open 10 days after login, then ends quietly.
        sessionLifetime: { target: 'signedOut', actions: ['forgetUser', 'clearSession'] },
      },
      on: {
        // A new log-in (another account, or the same one again) restarts the 10 days.
        SIGNED_IN: {
          target: 'signedIn',
          reenter: true,
          actions: ['rememberUser', { type: 'storeUserInfo', params: ({ event }) => ({ userInfo: event.userInfo }) }],
        },
        // Spec section 7: logout calls loginOut.
        LOGOUT_REQUESTED: { target: 'signingOut' },
      },
    },
    signingOut: {
      // Still signed in until the server has ended the session.
      tags: ['authenticated', 'busy'],
      invoke: {
        id: 'logout',
        src: 'logout',
        // Spec section 7 (loginOut): the server ends the token's session; this tab forgets it
        // either way, then goes to /login (docs/decisions/012).
        onDone: { target: 'signedOut', actions: ['forgetUser', 'clearSession', 'goToLogin'] },
        // A logout the server could not take still signs this tab out; the error is recorded.
        onError: { target: 'signedOut', actions: ['recordError', 'forgetUser', 'clearSession', 'goToLogin'] },
      },
    },
    reloading: {
      // The page reloads; nothing runs after that.
      type: 'final',
      entry: 'reloadPage',
    },
  },
});

export type SessionMachine = typeof sessionMachine;
