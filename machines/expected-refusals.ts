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
