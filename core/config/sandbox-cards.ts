/**
 * The sandbox card network's test numbers (the widely known Stripe numbers, so testers' habits carry
 * over) and what each does. The payment page lists them when the site runs in sandbox mode; the
 * sandbox network (server/payments/card-sandbox.ts) answers with these outcomes.
 */
export type SandboxCardOutcome =
  | { kind: 'approved' }
  | { kind: 'declined'; errCode: 301 | 302 | 306 | 309 | 312 | 314 | 315 | 5015 }
  /** Approved by the network, but its answer never reaches the portal (a timeout): reconciliation finds it. */
  | { kind: 'answer_lost' };

export interface SandboxCard {
  number: string;
  outcome: SandboxCardOutcome;
}

export const sandboxCards: readonly SandboxCard[] = [
  { number: '4242424242424242', outcome: { kind: 'approved' } },
  { number: '5555555555554444', outcome: { kind: 'approved' } },
  { number: '4000000000000002', outcome: { kind: 'declined', errCode: 301 } },
  { number: '4000000000009995', outcome: { kind: 'declined', errCode: 302 } },
  { number: '4000000000000069', outcome: { kind: 'declined', errCode: 309 } },
  { number: '4000000000000127', outcome: { kind: 'declined', errCode: 315 } },
  // Stripe's "processing error" number stands for the issuing bank refusing the charge.
  { number: '4000000000000119', outcome: { kind: 'declined', errCode: 5015 } },
  // The sandbox's own: the network charges the card, then the answer times out on the way back.
  { number: '4000000000001117', outcome: { kind: 'answer_lost' } },
];
