/**
 * Step 8 of the walk-through: the 7-day withdrawal (docs/decisions/058) from the receipt page. The
 * receipt page has no withdrawal flow for customers on this branch yet, so the step says so.
 */
import type { Step } from './walkthrough-run';

export const withdrawalStep: Step = {
  title: 'Withdraw within 7 days, by card and by PIX: REFUND_SUCCEEDED on the receipt, the e-mails',
  skip: () => "the receipt page's withdrawal flow for customers is not on this branch (README: customers still ask support)",
  run: async () => undefined,
};
