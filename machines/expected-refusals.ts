// Expected refusals as typed results (STYLE.md, Machines): a call's business answers ("renewal
// running", "code held by a paid order") come back as `{ kind: 'refused', errCode }` and are routed
// by a guarded onDone; anything else rejects, so the machine's onError records it as unexpected.
import { isApiError } from '../core/api/api-error';
import type { CallOptions } from '../core/api/client';

export interface Refused<C extends number = number> {
  kind: 'refused';
  errCode: C;
}

/**
 * Runs `call`; a refusal whose errCode is in `expected` resolves as `Refused`, any other failure
 * rejects. `toasted` says whether the client still toasts those codes: by default the call names
 * them (`expect`), so the client stays quiet and the flow's view says it once, where it belongs.
 */
export async function settleExpected<T, C extends number>(
  expected: readonly C[],
  call: (options: CallOptions) => Promise<T>,
  { toasted = false }: { toasted?: boolean } = {},
): Promise<T | Refused<C>> {
  try {
    return await call(toasted ? {} : { expect: expected });
  } catch (error) {
    if (isApiError(error) && error.kind === 'refusal' && (expected as readonly number[]).includes(error.errCode ?? Number.NaN)) {
      return { kind: 'refused', errCode: error.errCode as C };
    }
    throw error;
  }
}

/**
 * The refusals each call of a flow expects, by the id the machine invokes it under: the one list
 * the actor settles (`settleExpected(refusals.changeCard, …)`), the machine's branches name, and
 * the coverage holds the walks to, one target per code (docs/decisions/039).
 */
export type Refusals<Id extends string> = Readonly<Record<Id, readonly number[]>>;

/**
 * A branch of an invocation's `onDone` that takes the refusals `codes`: `guard: refusedWith(6206)`.
 * The codes are data in the machine config, so the charts print them and the walks must take the
 * branch once per code.
 */
export const refusedWith = (...codes: number[]) => ({ type: 'refusedWith' as const, params: { codes } });

/** `refusedWith`'s implementation, for a machine's `setup({ guards: { refusedWith: isRefusedWith } })`. */
export function isRefusedWith({ event }: { event: { type: string } }, params: { codes: readonly number[] }): boolean {
  const output = (event as { output?: unknown }).output as Partial<Refused> | undefined;
  return output?.kind === 'refused' && typeof output.errCode === 'number' && params.codes.includes(output.errCode);
}

/**
 * The default branch that takes the rest of a call's refusals names them: `meta: otherRefusals(-2511, 1020)`.
 * Every code a call expects is named by exactly one branch of its `onDone` (a test reads the configs).
 */
export const otherRefusals = (...codes: number[]) => ({ refusals: codes });

/** The refusal codes a branch names: its `refusedWith` guard's (also inside and()/or()/not()), or a default's `meta.refusals`. */
export function refusalCodesOf(transition: { guard?: unknown; meta?: unknown }): number[] {
  const fromGuard = (guard: unknown): number[] => {
    const g = guard as { type?: string; params?: { codes?: number[] }; guards?: unknown[] } | undefined;
    if (!g) return [];
    if (typeof guard === 'object' && g.type === 'refusedWith') return [...(g.params?.codes ?? [])];
    // xstate's and()/or()/not() are functions carrying their operands.
    if (typeof guard === 'function' && Array.isArray(g.guards)) return g.guards.flatMap(fromGuard);
    return [];
  };
  const codes = fromGuard(transition.guard);
  return codes.length ? codes : [...((transition.meta as { refusals?: number[] } | undefined)?.refusals ?? [])];
}

/**
 * What a branch's screen shows for refusals it says in its own words rather than with the
 * catalogue's `error.<code>`: the message id, or null when the screen shows no text of the refusal
 * (a captcha appears, the page it goes to explains). With the codes the branch names:
 * `meta: { ...otherRefusals(5000, -3031), ...saying({ 5000: 'payment.proofFile' }) }`. The atlas's
 * refusal tables print it, and the browser walk finds it on the page (docs/decisions/072).
 */
export const saying = (says: Readonly<Record<number, string | null>>) => ({ says });

/**
 * A branch taken on a reason the call's answer carries in its data rather than as a refusal (a
 * valuation's `discountCode.errCode`): `meta: answeredWith(9000, 9001)`. The atlas's refusal tables
 * list them with what the customer reads, and a test holds them to the contract's enum.
 */
export const answeredWith = (...codes: number[]) => ({ answers: codes });

/** The codes of the answer's data a branch names (`answeredWith`). */
export const answerCodesOf = (transition: { meta?: unknown }): number[] => [...((transition.meta as { answers?: number[] } | undefined)?.answers ?? [])];
