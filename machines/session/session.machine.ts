// The session (spec sections 4 and 8): who is signed in, and what ends it. core/api/error-rules.ts
// says which refusals reset the session; this machine is the one place that says what a reset
// does. Storage, toasts, navigation and reloading are named actions the app provides.
import { assertEvent, assign, setup } from 'xstate';
import type { SessionReset, SessionResetKind } from '../../core/api/error-rules';
import type { UserInfo } from '../../core/session/store';
import type { LoginReason } from '../../core/routing/paths';
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
    goToLogin: (_, _params: { reason: LoginReason | undefined }) => {},
    reloadPage: () => {},
  },
});

const resetParams = ({ event }: { event: SessionMachineEvent }) => {
  assertEvent(event, 'SESSION_REFUSED');
  return { reset: event.reset };
};

export const sessionMachine = sessionSetup.createMachine({
  id: 'session',
  description: 'The session (spec sections 4, 8): who is signed in, for 10 days, and what ends it: logout, a refusal, another tab.',
  context: ({ input }) => ({ userInfo: input.userInfo, error: undefined }),
  initial: 'opening',
  on: {
    // Spec section 8: these refusals reset the session in any state, even one the page thought
    // signed out (another tab may have signed in meanwhile).
    SESSION_REFUSED: [
      {
        guard: 'isSilentReset',
        target: '.signedOut',
        actions: ['forgetUser', 'clearSession'],
        description: 'Session refused (-24010, -24020, 21; spec section 8): the customer is signed out silently.',
      },
      {
        guard: 'isMessageReset',
        target: '.signedOut',
        actions: [{ type: 'showResetMessage', params: resetParams }, 'forgetUser', 'clearSession'],
        description: 'Account blocked (-1112): the message says why, and the customer is signed out (spec section 8).',
      },
      {
        guard: 'isWarnedReset',
        target: '.signedOut',
        actions: [{ type: 'warnSessionEnded', params: resetParams }, 'forgetUser', 'clearSession', { type: 'goToLogin', params: { reason: undefined } }],
        description: 'Password changed elsewhere (-24030): a warning, the customer is signed out, then sent to /login.',
      },
    ],
    OTHER_TAB_CHANGED_LOGIN: {
      target: '.reloading',
      description: 'Another tab stored a different log-in or signed out: the page reloads to follow it (spec section 4).',
    },
  },
  states: {
    opening: {
      description: 'The page opens with whatever log-in the browser holds; an expired one ends at once (the 10-day timer).',
      always: [
        { guard: 'hasSession', target: 'signedIn', description: 'The browser holds a log-in (userInfo): the customer is signed in with it.' },
        { target: 'signedOut', description: 'The browser holds no log-in: the customer starts signed out, as a visitor.' },
      ],
    },
    signedOut: {
      description: 'Nobody is signed in: the customer sees the public pages and may log in or sign up.',
      tags: ['anonymous'],
      on: {
        SIGNED_IN: {
          target: 'signedIn',
          actions: ['rememberUser', { type: 'storeUserInfo', params: ({ event }) => ({ userInfo: event.userInfo }) }],
          description: 'The customer logged in by any of the ways in (spec section 2): the log-in is stored.',
        },
      },
    },
    signedIn: {
      description: 'The customer is signed in; the session lasts 10 days from log-in (spec sections 4 and 9).',
      tags: ['authenticated'],
      after: {
        sessionLifetime: {
          target: 'signedOut',
          actions: ['forgetUser', 'clearSession'],
          description: 'The 10 days are over: the customer is signed out quietly (spec sections 4 and 9).',
        },
      },
      on: {
        SIGNED_IN: {
          target: 'signedIn',
          reenter: true,
          actions: ['rememberUser', { type: 'storeUserInfo', params: ({ event }) => ({ userInfo: event.userInfo }) }],
          description: 'The customer logged in again (another account, or the same one): the 10 days start again.',
        },
        LOGOUT_REQUESTED: { target: 'signingOut', description: 'The customer logs out: the server is asked to end the session (spec section 7: loginOut).' },
      },
    },
    signingOut: {
      description: 'Logging out: the server ends the session; the customer counts as signed in until it answered.',
      tags: ['authenticated', 'busy'],
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: {
          target: 'signedOut',
          actions: ['forgetUser', 'clearSession', { type: 'goToLogin', params: { reason: 'signedOut' } }],
          description: 'The server ended the session: this tab forgets it and goes to /login, which says the customer logged out (docs/decisions/012).',
        },
        onError: {
          target: 'signedOut',
          actions: ['recordError', 'forgetUser', 'clearSession', { type: 'goToLogin', params: { reason: 'signedOut' } }],
          description: 'The server could not take the logout: this tab still forgets the session and goes to /login.',
        },
      },
    },
    reloading: {
      description: "The page reloads to follow the other tab's log-in; nothing runs after that.",
      type: 'final',
      entry: 'reloadPage',
    },
  },
});

export type SessionMachine = typeof sessionMachine;
