import type { PaymentProvider } from './provider';

/**
 * The sandbox providers' refund calls failing on purpose, for testers and suites (docs/decisions/058,
 * amended): as the sandbox card network has a card whose charge answer is lost, the sandbox bank can
 * be told that its next refund calls get no answer. `unavailable`: the call fails before the
 * provider records anything (a 503, a connection refused); `answer_lost`: the provider makes the
 * refund and its answer never comes back (a timeout). Held by this process, as the sandboxes' other
 * switches are, and spent call by call.
 */
export type RefundFault = 'unavailable' | 'answer_lost';

export class SandboxProviderUnanswered extends Error {
  constructor(readonly fault: RefundFault) {
    super(fault === 'unavailable' ? 'sandbox provider unavailable (503)' : 'sandbox provider timed out after making the refund');
  }
}

export function createRefundOutage() {
  let planned: RefundFault[] = [];
  return {
    /** The next `calls` refund calls, of any sandbox provider, fail with `fault`; 0 ends an outage. */
    arrange(fault: RefundFault, calls: number) {
      planned = Array.from({ length: calls }, () => fault);
    },
    /** The refund calls still to fail. */
    remaining: () => planned.length,
    /** Routes `provider`'s refund calls through the outage; the provider is changed in place. */
    cover(provider: PaymentProvider) {
      const refund = provider.refund?.bind(provider);
      if (!refund) return;
      provider.refund = async (q, request) => {
        const fault = planned.shift();
        if (fault === 'unavailable') throw new SandboxProviderUnanswered(fault);
        const result = await refund(q, request);
        if (fault === 'answer_lost') throw new SandboxProviderUnanswered(fault);
        return result;
      };
    },
  };
}
export type RefundOutage = ReturnType<typeof createRefundOutage>;
