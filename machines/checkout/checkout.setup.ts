// The checkout machine's setup (machines/checkout/checkout.machine.ts holds its states): the events
// it takes, its guards and actions, and the payment request its form makes.
import { assertEvent, assign, setup } from 'xstate';
import { currencyOfCountry } from '../../core/config/money';
import { invocationError, type InvocationEvents } from '../actor-events';
import { isRefusedWith } from '../expected-refusals';
import type { DiscountUnbindingOutput } from '../discount-unbinding/discount-unbinding.types';
import {
  chosenInstallments,
  clampInstallments,
  declinedCode,
  methodChoice,
  newIdempotencyKey,
  paidFlowOutcome,
  paymentEnded,
  paymentOutcomeOf,
  repayRequest,
  typedEmail,
} from '../payment/payment.guards';
import type { PayDetails, PaymentRequest } from '../payment/payment.types';
import type { CheckoutActors } from './checkout.actors';
import type { Availability, CheckoutContext, CheckoutEvent, CheckoutInput, CheckoutOutcome, Valuation } from './checkout.types';
import { shapedDiscountCode, stripWhitespace } from '../../core/validation/helpers';

/** The customer's events and the answers of the flow's calls and child flows, as each actor types them. */
export type CheckoutMachineEvent =
  | CheckoutEvent
  | InvocationEvents<
      CheckoutActors,
      {
        checkAvailability: 'checkAvailability';
        loadCart: 'loadCart';
        loadMethods: 'loadMethods';
        valuate: 'valuate';
        unbinding: 'discountUnbinding';
        payment: 'payment';
        findRefusedOrder: 'loadCart';
      }
    >;

const valuationOf = (event: CheckoutMachineEvent): Valuation => {
  assertEvent(event, 'xstate.done.actor.valuate');
  return event.output;
};
const unbindingEnded =
  (kind: DiscountUnbindingOutput['kind']) =>
  ({ event }: { event: CheckoutMachineEvent }) => {
    assertEvent(event, 'xstate.done.actor.unbinding');
    return event.output.kind === kind;
  };

export const newKey = () => newIdempotencyKey('checkout');
/** The refused order keeps its discount code: repaying cannot change it. */
const canChangeCode = ({ context }: { context: CheckoutContext }) => context.orderId === undefined;

/** The payment request for what the form holds: a new order, or the refused one again (repay). */
export function paymentRequest(context: CheckoutContext, details: PayDetails): PaymentRequest {
  if (context.orderId) return repayRequest(context.orderId, context, details);
  return {
    kind: 'pay',
    body: {
      planId: context.planId,
      method: context.methodCode ?? '',
      currency: context.currency,
      country: context.country,
      installments: context.installments,
      email: context.email,
      ...(context.discountCode ? { discountCode: context.discountCode } : {}),
      ...details,
    },
  };
}

export const checkoutSetup = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutMachineEvent,
    input: {} as CheckoutInput,
    output: {} as CheckoutOutcome,
    // The child flows the view shows, by invocation id: the payment panels and the unbinding dialog.
    children: {} as { payment: 'payment'; unbinding: 'discountUnbinding' },
  },
  actors: {} as CheckoutActors,
  guards: {
    isAvailable: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.checkAvailability');
      return event.output.kind === 'available';
    },
    refusedWith: isRefusedWith,
    hasOngoingOrder: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadCart');
      return event.output != null;
    },
    /** 9004: the code is held by another unpaid order of the account (spec section 4). */
    isCodeBound: ({ event }) => valuationOf(event).discountCode?.boundOrderId !== undefined,
    isCodeRefused: ({ event }) => valuationOf(event).discountCode?.applied === false,
    isUnbound: unbindingEnded('unbound'),
    isCodeStuck: unbindingEnded('cannotRemove'),
    isPaid: paymentEnded('paid'),
    isDeclined: paymentEnded('declined'),
    isRedirected: paymentEnded('redirected'),
    isPending: paymentEnded('pending'),
    isClosed: paymentEnded('closed'),
    canPay: ({ context }) => context.methodCode !== undefined && context.valuation !== undefined && context.email !== '',
    canChangeCode,
    /** A price is on screen: the form is shown while a new one is asked for (a first price shows the loading page instead). */
    isPriced: ({ context }) => context.valuation !== undefined,
    /** The chosen method is paid in instalments: the form offers their number (spec section 9). */
    offersInstalments: ({ context }) => (context.methods.find((m) => m.code === context.methodCode)?.maxInstallments ?? 1) > 1,
    /** A typed code no coupon can have (or none at all) is answered here, never sent (spec section 4). */
    isCodeMisshapen: ({ context, event }) => canChangeCode({ context }) && event.type === 'CODE_APPLIED' && shapedDiscountCode(event.code) === undefined,
    canRemoveCode: ({ context }) => context.orderId === undefined && context.discountCode !== undefined,
  },
  actions: {
    takeCart: assign({
      cart: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.loadCart');
        return event.output ?? undefined;
      },
    }),
    takeMethods: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.loadMethods');
      return { methods: event.output, ...methodChoice(event.output, context.methodCode, context.installments) };
    }),
    selectMethod: assign(({ context, event }) => {
      assertEvent(event, 'METHOD_SELECTED');
      const methodCode = event.code;
      const method = context.methods.find((m) => m.code === methodCode);
      // Spec section 9: the default instalment count (3) again, as far as the method allows.
      return { methodCode, installments: clampInstallments(context.defaultInstallments, method), payErrCode: undefined };
    }),
    setInstallments: assign({ installments: chosenInstallments }),
    // The methods a country offers take its currency (mobile money in Kenya takes dollars, not
    // reais): the currency follows the country, and the customer may still change it after.
    setCountry: assign(({ event }) => {
      assertEvent(event, 'COUNTRY_CHANGED');
      return { country: event.country, currency: currencyOfCountry(event.country) };
    }),
    setCurrency: assign({
      currency: ({ event }) => {
        assertEvent(event, 'CURRENCY_CHANGED');
        return event.currency;
      },
    }),
    setCode: assign({
      discountCode: ({ event }) => {
        assertEvent(event, 'CODE_APPLIED');
        return shapedDiscountCode(event.code)?.toUpperCase();
      },
      codeErrCode: undefined,
    }),
    /**
     * 9001, as the server answers an unknown code: sent, a code of another shape would be refused
     * at the contract's door and fail the whole valuation. An empty field applies nothing and says
     * nothing.
     */
    refuseCodeShape: assign({
      codeErrCode: ({ event }) => {
        assertEvent(event, 'CODE_APPLIED');
        return stripWhitespace(event.code) === '' ? undefined : 9001;
      },
    }),
    dropCode: assign({ discountCode: undefined, boundOrderId: undefined }),
    setEmail: assign({ email: typedEmail }),
    takeValuation: assign(({ event }) => {
      const valuation = valuationOf(event);
      return { valuation, boundOrderId: valuation.discountCode?.boundOrderId };
    }),
    takeCodeRefusal: assign({ codeErrCode: ({ event }) => valuationOf(event).discountCode?.errCode ?? 9991 }),
    takeCodeStuck: assign({ codeErrCode: 1003 }),
    startPayment: assign({ idempotencyKey: () => newKey(), payErrCode: undefined }),
    takePayRefusal: assign({ payErrCode: ({ event }) => declinedCode(event) }),
    /** After a refusal, the order it made is the cart's newest open order: paying again repays it. */
    takeRefusedOrder: assign({
      orderId: ({ context, event }) => {
        assertEvent(event, 'xstate.done.actor.findRefusedOrder');
        return event.output?.id ?? context.orderId;
      },
    }),
    /** The plan cannot be bought: how the availability check refused it. */
    endUnavailable: assign({
      outcome: ({ event }) => {
        assertEvent(event, 'xstate.done.actor.checkAvailability');
        return unavailable(event.output);
      },
    }),
    /** The account must set a new password before buying (-2500). */
    endResetPassword: assign({ outcome: (): CheckoutOutcome => ({ kind: 'resetPassword' }) }),
    /** How the payment flow ended it (paid, pending, redirected, closed). */
    endWith: assign({ outcome: ({ event }) => paidFlowOutcome(paymentOutcomeOf(event), '') }),
    endFinishingOrder: assign({ outcome: ({ context }): CheckoutOutcome => ({ kind: 'finishOrder', orderId: context.cart?.id ?? '' }) }),
    recordError: assign({ error: invocationError }),
    /** The checkout ended (every final state): the app goes where the outcome leads (src/queries/flows). */
    finished: (_, _params: { outcome: CheckoutOutcome }) => {},
  },
});

/** The `finished` action of every final state, with the outcome the transition into it recorded. */
export const finished = { type: 'finished', params: ({ context }: { context: CheckoutContext }) => ({ outcome: context.outcome! }) } as const;

/** The checkout's end when the plan cannot be bought (6000, 6001). */
function unavailable(availability: Availability): CheckoutOutcome {
  if (availability.kind === 'available') throw new Error('no checkout outcome for an available plan');
  return { kind: 'unavailable', errCode: availability.errCode };
}
