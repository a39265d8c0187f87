// Checkout (spec sections 1, 2 (/payment), 4, 6, 7 and 8; docs/decisions/008, 009 and 011): a
// chosen plan → may it be bought → an unfinished order first? → the price (instalments, discount
// code, the method's own discount) → the method's form → paying. Paying itself, for every method,
// is the payment flow (machines/payment), shared with repay; a code held by another unpaid order
// goes through the unbinding flow (machines/discount-unbinding). Calls come from
// createCheckoutActors(api).
import { assertEvent, assign, setup } from 'xstate';
import { invocationError, type InvocationEvents } from '../actor-events';
import type { DiscountUnbindingOutput } from '../discount-unbinding/discount-unbinding.types';
import {
  chosenInstallments,
  clampInstallments,
  declinedCode,
  newIdempotencyKey,
  paidFlowOutcome,
  payingState,
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

const newKey = () => newIdempotencyKey('checkout');
/** The refused order keeps its discount code: repaying cannot change it. */
const canChangeCode = ({ context }: { context: CheckoutContext }) => context.orderId === undefined;

/** The payment request for what the form holds: a new order, or the refused one again (repay). */
function paymentRequest(context: CheckoutContext, details: PayDetails): PaymentRequest {
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
      const methods = event.output;
      // The method chosen before stays chosen when the new list still has it.
      const methodCode = methods.some((m) => m.code === context.methodCode) ? context.methodCode : methods[0]?.code;
      const method = methods.find((m) => m.code === methodCode);
      return { methods, methodCode, installments: clampInstallments(context.installments, method) };
    }),
    selectMethod: assign(({ context, event }) => {
      assertEvent(event, 'METHOD_SELECTED');
      const methodCode = event.code;
      const method = context.methods.find((m) => m.code === methodCode);
      // Spec section 9: the default instalment count (3) again, as far as the method allows.
      return { methodCode, installments: clampInstallments(context.defaultInstallments, method), payErrCode: undefined };
    }),
    setInstallments: assign({ installments: chosenInstallments }),
    setCountry: assign({
      country: ({ event }) => {
        assertEvent(event, 'COUNTRY_CHANGED');
        return event.country;
      },
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
    /** How the payment flow ended it (paid, pending, redirected, closed). */
    endWith: assign({ outcome: ({ event }) => paidFlowOutcome(paymentOutcomeOf(event), '') }),
    endFinishingOrder: assign({ outcome: ({ context }): CheckoutOutcome => ({ kind: 'finishOrder', orderId: context.cart?.id ?? '' }) }),
    recordError: assign({ error: invocationError }),
    /** The checkout ended (every final state): the app goes where the outcome leads (src/queries/flows). */
    finished: (_, _params: { outcome: CheckoutOutcome }) => {},
  },
});

/** The `finished` action of every final state, with the outcome the transition into it recorded. */
const finished = { type: 'finished', params: ({ context }: { context: CheckoutContext }) => ({ outcome: context.outcome! }) } as const;

/** The checkout's end when the plan cannot be bought (6000, 6001, -2500). */
function unavailable(availability: Availability): CheckoutOutcome {
  if (availability.kind === 'available') throw new Error('no checkout outcome for an available plan');
  return { kind: 'unavailable', errCode: availability.errCode };
}

export const checkoutMachine = checkoutSetup.createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    ...input,
    methods: [],
    methodCode: undefined,
    installments: input.defaultInstallments,
    discountCode: input.discountCode?.trim().toUpperCase() || undefined,
    valuation: undefined,
    codeErrCode: undefined,
    boundOrderId: undefined,
    cart: undefined,
    orderId: undefined,
    payErrCode: undefined,
    idempotencyKey: newKey(),
    outcome: undefined,
    error: undefined,
  }),
  initial: 'checkingAvailability',
  output: ({ context }) => context.outcome ?? { kind: 'unavailable', errCode: 6000 },
  states: {
    checkingAvailability: {
      tags: ['loading'],
      invoke: {
        id: 'checkAvailability',
        src: 'checkAvailability',
        input: ({ context }) => ({ planId: context.planId }),
        // Spec sections 6 and 8: 6000 (e.g. a single screen over a running multi-screen plan),
        // 6001 no such plan, -2500 reset the password first. The client routes or shows each.
        onDone: [
          { guard: 'isAvailable', target: 'checkingCart' },
          { target: 'unavailable', actions: 'endUnavailable' },
        ],
        onError: { target: 'failure', actions: 'recordError' },
      },
    },
    checkingCart: {
      tags: ['loading'],
      invoke: {
        id: 'loadCart',
        src: 'loadCart',
        // Spec section 4: an ongoing unfinished order prompts the user to finish it.
        onDone: [{ guard: 'hasOngoingOrder', target: 'cartFound', actions: 'takeCart' }, { target: 'preparing' }],
        // The prompt is a courtesy: without it, the checkout goes on.
        onError: { target: 'preparing', actions: 'recordError' },
      },
    },
    cartFound: {
      on: {
        FINISH_ORDER_CHOSEN: { target: 'finishingOrder' },
        NEW_ORDER_CHOSEN: { target: 'preparing' },
      },
    },
    preparing: {
      tags: ['loading'],
      invoke: {
        id: 'loadMethods',
        src: 'loadMethods',
        input: ({ context }) => ({ planId: context.planId, country: context.country, currency: context.currency }),
        onDone: { target: 'valuing', actions: 'takeMethods' },
        onError: { target: 'failure', actions: 'recordError' },
      },
    },
    valuing: {
      tags: ['pricing'],
      invoke: {
        id: 'valuate',
        src: 'valuate',
        // The server prices everything (docs/decisions/008): the method's discount included.
        input: ({ context }) => ({
          planId: context.planId,
          currency: context.currency,
          installments: context.installments,
          discountCode: context.discountCode,
          method: context.methodCode,
          orderId: context.orderId,
        }),
        onDone: [
          // Spec section 4: a code bound to another open order must be unbound first.
          { guard: 'isCodeBound', target: 'unbinding', actions: 'takeValuation' },
          // 9000–9003, 9991: the price without the code, and why.
          { guard: 'isCodeRefused', target: 'editing', actions: ['takeValuation', 'takeCodeRefusal', 'dropCode'] },
          { target: 'editing', actions: 'takeValuation' },
        ],
        onError: { target: 'failure', actions: 'recordError' },
      },
    },
    unbinding: {
      invoke: {
        id: 'unbinding',
        src: 'discountUnbinding',
        input: ({ context }) => ({ orderId: context.boundOrderId ?? '', discountCode: context.discountCode ?? '' }),
        onDone: [
          // The earlier order is cancelled: the code is free for this one.
          { guard: 'isUnbound', target: 'valuing' },
          // 1003: it could not be freed (the earlier order is being paid).
          { guard: 'isCodeStuck', target: 'editing', actions: ['takeCodeStuck', 'dropCode'] },
          // The customer kept the earlier order: this one goes on without the code.
          { target: 'valuing', actions: 'dropCode' },
        ],
        // The unbinding flow ends in a final state whatever happens (its failures are its own).
      },
    },
    editing: {
      tags: ['form'],
      on: {
        METHOD_SELECTED: { target: 'valuing', actions: 'selectMethod' },
        INSTALLMENTS_CHANGED: { target: 'valuing', actions: 'setInstallments' },
        CODE_APPLIED: [
          { guard: 'isCodeMisshapen', actions: 'refuseCodeShape' },
          { guard: 'canChangeCode', target: 'valuing', actions: 'setCode' },
        ],
        CODE_REMOVED: { guard: 'canRemoveCode', target: 'valuing', actions: 'dropCode' },
        COUNTRY_CHANGED: { guard: 'canChangeCode', target: 'preparing', actions: 'setCountry' },
        CURRENCY_CHANGED: { guard: 'canChangeCode', target: 'preparing', actions: 'setCurrency' },
        EMAIL_CHANGED: { actions: 'setEmail' },
        PAY_SUBMITTED: { guard: 'canPay', target: 'paying', actions: 'startPayment' },
      },
    },
    // A refusal looks for the order it made, to repay that one next.
    paying: payingState(paymentRequest, 'findingRefusedOrder'),
    findingRefusedOrder: {
      tags: ['paying'],
      invoke: {
        id: 'findRefusedOrder',
        src: 'loadCart',
        onDone: { target: 'editing', actions: 'takeRefusedOrder' },
        onError: { target: 'editing', actions: 'recordError' },
      },
    },
    failure: {
      // Something unexpected (recorded); the client already said what. Trying again starts over.
      on: { RETRY: { target: 'checkingAvailability' } },
    },
    paid: { type: 'final', entry: finished },
    pending: { type: 'final', entry: finished },
    redirected: { type: 'final', entry: finished },
    closed: { type: 'final', entry: finished },
    unavailable: { type: 'final', entry: finished },
    finishingOrder: { type: 'final', entry: ['endFinishingOrder', finished] },
  },
});

export type CheckoutMachine = typeof checkoutMachine;
