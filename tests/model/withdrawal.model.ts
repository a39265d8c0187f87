// The withdrawal machine's graph for the walks (docs/decisions/058): the events each state offers,
// with the typed results of its invocations, which the walks then arrange for real. Where the
// money goes decides what can happen: a card is refunded (or refused) at once, a PIX devolução,
// a boleto's payout and a chain transfer stay pending; only a bank account or an address can be
// refused for what the customer typed.
import type { EventObject } from 'xstate';
import { createWithdrawalActors } from '../../machines/withdrawal/withdrawal.actors';
import { withdrawalMachine, type WithdrawalMachine } from '../../machines/withdrawal/withdrawal.machine';
import { closingCodes, destinationCodes, WithdrawalCode, type RefundsTo, type WithdrawalInput } from '../../machines/withdrawal/withdrawal.types';
import { done, error, type GraphModel } from './harness';

/** How a path starts: a purchase by each refund route, and one whose refund is already pending. */
export const withdrawalStarts = {
  payer: { orderId: 'graph', refundsTo: 'payer', refundPending: false },
  bankAccount: { orderId: 'graph', refundsTo: 'bank_account', refundPending: false },
  address: { orderId: 'graph', refundsTo: 'address', refundPending: false },
  refundPending: { orderId: 'graph', refundsTo: 'payer', refundPending: true },
} as const satisfies Record<string, WithdrawalInput>;
export type WithdrawalStart = keyof typeof withdrawalStarts;

const answered = (id: 'withdraw' | 'cancelRefund', status: string) => done(id, { kind: status, refund: { status } });
const refused = (id: 'withdraw' | 'cancelRefund', errCode: number) => done(id, { kind: 'refused', errCode });

/** What a withdrawal can answer, by where the money goes: the customer's typing is refused only where they typed. */
const withdrawAnswers: Record<RefundsTo, EventObject[]> = {
  // A card (refunded or refused at once) or a PIX payment (a devolução, pending): the walks pay by
  // the one the path's answers need.
  payer: [
    answered('withdraw', 'succeeded'),
    answered('withdraw', 'rejected'),
    answered('withdraw', 'pending'),
    ...closingCodes.map((code) => refused('withdraw', code)),
    error('withdraw'),
  ],
  bank_account: [
    ...destinationCodes.filter((c) => c !== WithdrawalCode.refundAddressInvalid).map((c) => refused('withdraw', c)),
    answered('withdraw', 'pending'),
  ],
  address: [refused('withdraw', WithdrawalCode.refundAddressInvalid), answered('withdraw', 'pending')],
};

const cancelAnswers: EventObject[] = [answered('cancelRefund', 'cancelled'), refused('cancelRefund', WithdrawalCode.notCancellable), error('cancelRefund')];

const userEvents: EventObject[] = [
  { type: 'WITHDRAW_REQUESTED' },
  { type: 'WITHDRAW_CONFIRMED' },
  { type: 'WITHDRAW_DISMISSED' },
  { type: 'CANCEL_REQUESTED' },
  { type: 'RETRY_REQUESTED' },
];

/** The machine's graph for the walks: stand-in actors suffice, since each walk runs the machine with its own. */
export function withdrawalGraph(
  machine: WithdrawalMachine = withdrawalMachine.provide({ actors: createWithdrawalActors({} as never) }),
): GraphModel<WithdrawalMachine> {
  return {
    machine,
    inputs: withdrawalStarts,
    events: (snapshot) => [
      ...userEvents.filter((e) => snapshot.can(e as never)),
      ...Object.keys(snapshot.children).flatMap((id) =>
        id === 'withdraw' ? withdrawAnswers[snapshot.context.refundsTo] : id === 'cancelRefund' ? cancelAnswers : [],
      ),
    ],
  };
}
