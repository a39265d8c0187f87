// The handling rules of the error catalogue (spec section 8, "Handling rules"), as data.
//
// `decideOutcome` walks `errorRules` top to bottom and returns the first match, so the table's order
// IS the precedence, and it is the order in which the spec lists the rules. `applyOutcome` performs an
// outcome through injected effects (navigation, toasts, session reset); nothing here touches the
// browser, so the module is pure and testable in node.

import { paths } from '../routing/paths';
import type { Scene } from '../session/store';

/** Codes handed to the caller untouched: the screen shows its own message or reacts (spec section 8). */
export const passThroughCodes: ReadonlySet<number> = new Set([0, 301, 302, 306, 309, 312, 314, 315, 2003, 2002, 3001, 5000, 5003, 5008, 5015, 2007]);

/** Session errors that reset the session and reject without telling the user. */
export const silentResetCodes: ReadonlySet<number> = new Set([-24010, -24020, 21]);

/** Login failures that send a set-top-box user to the notice page (in the STB scene only). */
export const stbLoginErrCodes: ReadonlySet<number> = new Set([201, 203]);

/** Server error that shows a message and resets the session. */
export const messageAndResetCodes: ReadonlySet<number> = new Set([-1112]);

export const NOT_FOUND_CODE = 6001;
export const CANNOT_BUY_PLAN_CODE = 6000;
export const WARN_RESET_LOGIN_CODE = -24030;

/** The code a response that is not an envelope is reported as ("System internal error"). */
export const UNEXPECTED_ERROR_CODE = -2499;

/** Where the navigating outcomes go. */
export const outcomeRoutes = {
  notFound: '/404',
  cannotBuyPlan: paths.pricingTable({ errCode: CANNOT_BUY_PLAN_CODE, type: 'cannotBuyPlan' }),
  login: paths.login(),
  notice: (type: 'stbLoginErr', code: number): string => paths.notice(type, code),
} as const;

export type Outcome =
  | { readonly kind: 'ok' }
  | { readonly kind: 'notice'; readonly type: 'stbLoginErr'; readonly code: number }
  | { readonly kind: 'silentReset' }
  | { readonly kind: 'messageAndReset' }
  | { readonly kind: 'notFound' }
  | { readonly kind: 'cannotBuyPlan' }
  | { readonly kind: 'warnResetLogin' }
  | { readonly kind: 'toast' }
  | { readonly kind: 'passThrough' };

export type OutcomeKind = Outcome['kind'];
/** Every outcome of a refusal (everything but `ok`). */
export type RefusalOutcome = Exclude<Outcome, { kind: 'ok' }>;
export type RefusalKind = RefusalOutcome['kind'];

export interface DecideInput {
  /** The envelope's errCode; `undefined` when the call succeeded. */
  readonly errCode: number | undefined;
  readonly scene: Scene;
}

export type ToastLevel = 'error' | 'warning';
export type ToastCode = number | 'network' | 'timeout';

/** The refusals that reset the session, and the code that caused each. */
export type SessionResetKind = 'silentReset' | 'messageAndReset' | 'warnResetLogin';
export interface SessionReset {
  readonly kind: SessionResetKind;
  readonly errCode: number;
}

/** What the app layer lends the client to act on an outcome. */
export interface ErrorEffects {
  navigate(to: string): void;
  /** Show a toast; a numeric code is translated through the error catalogue by the app. */
  toast(level: ToastLevel, errCode: ToastCode): void;
  /**
   * Hand a session reset to the session machine (machines/session), which owns what a reset does:
   * the message or warning, clearing userInfo and accountInfo, and the way to /login.
   */
  resetSession(reset: SessionReset): void;
}

/** Which codes a rule matches: a list, or every code outside a list. */
export type CodeMatch = { readonly in: ReadonlySet<number> } | { readonly notIn: ReadonlySet<number> } | { readonly any: true };

export interface ErrorRule {
  /** The rule as the spec words it. */
  readonly spec: string;
  readonly codes: CodeMatch;
  /** When present, the rule applies in this scene only. */
  readonly scene?: Scene;
  readonly outcome: (errCode: number) => RefusalOutcome;
}

const only = (...codes: number[]): CodeMatch => ({ in: new Set(codes) });

/** Spec section 8, "Handling rules", in the spec's order; the first matching rule wins. */
export const errorRules: readonly ErrorRule[] = [
  {
    spec: '201 or 203 in the STB scene: go to the notice page with type stbLoginErr and the code.',
    codes: { in: stbLoginErrCodes },
    scene: 'STB',
    outcome: (code) => ({ kind: 'notice', type: 'stbLoginErr', code }),
  },
  {
    spec: '-24010, -24020 or 21: reset the session and reject silently.',
    codes: { in: silentResetCodes },
    outcome: () => ({ kind: 'silentReset' }),
  },
  {
    spec: '-1112: show an error message and reset the session.',
    codes: { in: messageAndResetCodes },
    outcome: () => ({ kind: 'messageAndReset' }),
  },
  {
    spec: '6001: go to /404.',
    codes: only(NOT_FOUND_CODE),
    outcome: () => ({ kind: 'notFound' }),
  },
  {
    spec: '6000: go to pricing-table with errCode 6000 and type cannotBuyPlan.',
    codes: only(CANNOT_BUY_PLAN_CODE),
    outcome: () => ({ kind: 'cannotBuyPlan' }),
  },
  {
    spec: '-24030: show a warning, reset the session, go to /login.',
    codes: only(WARN_RESET_LOGIN_CODE),
    outcome: () => ({ kind: 'warnResetLogin' }),
  },
  {
    spec: 'Codes outside the pass-through list: show an error toast with the translated message and reject.',
    codes: { notIn: passThroughCodes },
    outcome: () => ({ kind: 'toast' }),
  },
  {
    spec: 'Pass-through list (passed to the caller).',
    codes: { any: true },
    outcome: () => ({ kind: 'passThrough' }),
  },
];

function matches(rule: ErrorRule, errCode: number, scene: Scene): boolean {
  if (rule.scene !== undefined && rule.scene !== scene) return false;
  if ('in' in rule.codes) return rule.codes.in.has(errCode);
  if ('notIn' in rule.codes) return !rule.codes.notIn.has(errCode);
  return true;
}

/** The outcome of a call: `ok` when there is no errCode, else the first matching rule's. */
export function decideOutcome({ errCode, scene }: DecideInput): Outcome {
  if (errCode === undefined) return { kind: 'ok' };
  return decideRefusal({ errCode, scene });
}

/** The first rule of `errorRules` matching a refusal's errCode in the scene. */
export function decideRefusal({ errCode, scene }: { readonly errCode: number; readonly scene: Scene }): RefusalOutcome {
  for (const rule of errorRules) {
    if (matches(rule, errCode, scene)) return rule.outcome(errCode);
  }
  // Unreachable: the last rule matches every code.
  return { kind: 'toast' };
}

type Performer<K extends OutcomeKind> = (outcome: Extract<Outcome, { kind: K }>, effects: ErrorEffects, errCode: number) => void;

/** What each outcome does, effect by effect, in order. */
const performers: { readonly [K in OutcomeKind]: Performer<K> } = {
  ok: () => {},
  notice: (o, fx) => fx.navigate(outcomeRoutes.notice(o.type, o.code)),
  // This table says which codes reset the session; the session machine decides what a reset does.
  silentReset: (o, fx, errCode) => fx.resetSession({ kind: o.kind, errCode }),
  messageAndReset: (o, fx, errCode) => fx.resetSession({ kind: o.kind, errCode }),
  notFound: (_o, fx) => fx.navigate(outcomeRoutes.notFound),
  cannotBuyPlan: (_o, fx) => fx.navigate(outcomeRoutes.cannotBuyPlan),
  warnResetLogin: (o, fx, errCode) => fx.resetSession({ kind: o.kind, errCode }),
  toast: (_o, fx, code) => fx.toast('error', code),
  passThrough: () => {},
};

export function applyOutcome(outcome: Outcome, effects: ErrorEffects, errCode: number): void {
  const perform = performers[outcome.kind] as Performer<OutcomeKind>;
  perform(outcome, effects, errCode);
}

/**
 * Whether the user was already told, or the rejection is deliberately silent. Only pass-through
 * refusals leave the caller to react (`false`).
 */
export function isOutcomeHandled(outcome: Outcome): boolean {
  return outcome.kind !== 'passThrough';
}
