// Checkout (spec sections 1, 2 (/payment), 4, 6, 7 and 8; docs/decisions/008, 009 and 011): a
// chosen plan → may it be bought → an unfinished order first? → the price (instalments, discount
// code, the method's own discount) → the method's form → paying. Paying itself, for every method,
// is the payment flow (machines/payment), shared with repay; a code held by another unpaid order
// goes through the unbinding flow (machines/discount-unbinding). Calls come from
// createCheckoutActors(api).
import { assign, setup } from 'xstate';
import type { DiscountUnbindingOutput } from '../discount-unbinding/discount-unbinding.types';
import { clampInstallments, newIdempotencyKey, onPaymentDone, paidFlowOutcome, paymentEnded } from '../payment/payment.guards';
import type { PaymentOutcome, PaymentRequest } from '../payment/payment.types';
import type { CheckoutActors } from './checkout.actors';
import type { Availability, CheckoutContext, CheckoutEvent, CheckoutInput, CheckoutOutcome, Order, PaymentMethod, Valuation } from './checkout.types';
import { outputOf } from '../expected-refusals';

const unbindingEnded =
  (kind: DiscountUnbindingOutput['kind']) =>
  ({ event }: { event: unknown }) =>
    (outputOf(event) as DiscountUnbindingOutput | undefined)?.kind === kind;

const newKey = () => newIdempotencyKey('checkout');
const methodOf = (context: CheckoutContext): PaymentMethod | undefined => context.methods.find((m) => m.code === context.methodCode);

/** The payment request for what the form holds: a new order, or the refused one again (repay). */
function paymentRequest(context: CheckoutContext, event: CheckoutEvent): PaymentRequest {
  const details = event.type === 'PAY_SUBMITTED' ? event.details : {};
  const method = context.methodCode ?? '';
  if (context.orderId) {
    return { kind: 'repay', body: { orderId: context.orderId, method, installments: context.installments, email: context.email, ...details } };
  }
  return {
    kind: 'pay',
    body: {
      planId: context.planId,
      method,
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
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
    output: {} as CheckoutOutcome,
  },
  actors: {} as CheckoutActors,
  guards: {
    isAvailable: ({ event }) => (outputOf(event) as Availability | undefined)?.kind === 'available',
    hasOngoingOrder: ({ event }) => outputOf(event) != null,
    /** 9004: the code is held by another unpaid order of the account (spec section 4). */
    isCodeBound: ({ event }) => (outputOf(event) as Valuation | undefined)?.discountCode?.boundOrderId !== undefined,
    isCodeRefused: ({ event }) => (outputOf(event) as Valuation | undefined)?.discountCode?.applied === false,
    isUnbound: unbindingEnded('unbound'),
    isCodeStuck: unbindingEnded('cannotRemove'),
    isPaid: paymentEnded('paid'),
    isDeclined: paymentEnded('declined'),
    isRedirected: paymentEnded('redirected'),
    isPending: paymentEnded('pending'),
    isClosed: paymentEnded('closed'),
    canPay: ({ context }) => context.methodCode !== undefined && context.valuation !== undefined && context.email !== '',
    /** The refused order keeps its discount code: repaying cannot change it. */
    canChangeCode: ({ context }) => context.orderId === undefined,
    canRemoveCode: ({ context }) => context.orderId === undefined && context.discountCode !== undefined,
  },
  actions: {
    takeCart: assign({ cart: ({ event }) => (outputOf(event) as Order | null) ?? undefined }),
    takeMethods: assign(({ context, event }) => {
      const methods = (outputOf(event) as PaymentMethod[] | undefined) ?? [];
      // The method chosen before stays chosen when the new list still has it.
      const methodCode = methods.some((m) => m.code === context.methodCode) ? context.methodCode : methods[0]?.code;
      const method = methods.find((m) => m.code === methodCode);
      return { methods, methodCode, installments: clampInstallments(context.installments, method) };
    }),
    selectMethod: assign(({ context, event }) => {
      const methodCode = event.type === 'METHOD_SELECTED' ? event.code : context.methodCode;
      const method = context.methods.find((m) => m.code === methodCode);
      // Spec section 9: the default instalment count (3) again, as far as the method allows.
      return { methodCode, installments: clampInstallments(context.defaultInstallments, method), payErrCode: undefined };
    }),
    setInstallments: assign({
      installments: ({ context, event }) => clampInstallments(event.type === 'INSTALLMENTS_CHANGED' ? event.installments : context.installments, methodOf(context)),
    }),
    setCountry: assign({ country: ({ context, event }) => (event.type === 'COUNTRY_CHANGED' ? event.country : context.country) }),
    setCurrency: assign({ currency: ({ context, event }) => (event.type === 'CURRENCY_CHANGED' ? event.currency : context.currency) }),
    setCode: assign({
      discountCode: ({ event, context }) => (event.type === 'CODE_APPLIED' ? event.code.trim().toUpperCase() : context.discountCode),
      codeErrCode: undefined,
    }),
    dropCode: assign({ discountCode: undefined, boundOrderId: undefined }),
    setEmail: assign({ email: ({ context, event }) => (event.type === 'EMAIL_CHANGED' ? event.email.trim() : context.email) }),
    takeValuation: assign(({ event }) => {
      const valuation = outputOf(event) as Valuation;
      return { valuation, boundOrderId: valuation.discountCode?.boundOrderId };
    }),
    takeCodeRefusal: assign({ codeErrCode: ({ event }) => (outputOf(event) as Valuation).discountCode?.errCode ?? 9991 }),
    takeCodeStuck: assign({ codeErrCode: 1003 }),
    startPayment: assign({ idempotencyKey: () => newKey(), payErrCode: undefined }),
    takePayRefusal: assign({ payErrCode: ({ event }) => (outputOf(event) as Extract<PaymentOutcome, { kind: 'declined' }>).errCode }),
    /** After a refusal, the order it made is the cart's newest open order: paying again repays it. */
    takeRefusedOrder: assign({ orderId: ({ context, event }) => (outputOf(event) as Order | null)?.id ?? context.orderId }),
    endWith: assign({ outcome: ({ event }) => toOutcome(outputOf(event)) }),
    endFinishingOrder: assign({ outcome: ({ context }) => ({ kind: 'finishOrder', orderId: context.cart?.id ?? '' }) as CheckoutOutcome }),
    recordError: assign({ error: ({ event }) => (event as { error?: unknown }).error }),
  },
});

/** How the checkout ended, from the last done event (a payment's outcome, an availability refusal). */
function toOutcome(output: unknown): CheckoutOutcome {
  const ended = output as PaymentOutcome | Availability;
  if (ended.kind === 'refused') return { kind: 'unavailable', errCode: ended.errCode };
  if (ended.kind === 'available' || ended.kind === 'declined' || ended.kind === 'failed') throw new Error(`no checkout outcome for ${JSON.stringify(output)}`);
  return paidFlowOutcome(ended, '');
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
        onDone: [{ guard: 'isAvailable', target: 'checkingCart' }, { target: 'unavailable', actions: 'endWith' }],
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
        CODE_APPLIED: { guard: 'canChangeCode', target: 'valuing', actions: 'setCode' },
        CODE_REMOVED: { guard: 'canRemoveCode', target: 'valuing', actions: 'dropCode' },
        COUNTRY_CHANGED: { guard: 'canChangeCode', target: 'preparing', actions: 'setCountry' },
        CURRENCY_CHANGED: { guard: 'canChangeCode', target: 'preparing', actions: 'setCurrency' },
        EMAIL_CHANGED: { actions: 'setEmail' },
        PAY_SUBMITTED: { guard: 'canPay', target: 'paying', actions: 'startPayment' },
      },
    },
    paying: {
      tags: ['paying'],
      invoke: {
        id: 'payment',
        src: 'payment',
        input: ({ context, event }) => ({ request: paymentRequest(context, event), idempotencyKey: context.idempotencyKey }),
        onDone: [...onPaymentDone('findingRefusedOrder')],
        // The payment flow ends in a final state whatever happens (its own failure included).
      },
    },
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
    paid: { type: 'final' },
    pending: { type: 'final' },
    redirected: { type: 'final' },
    closed: { type: 'final' },
    unavailable: { type: 'final' },
    finishingOrder: { type: 'final', entry: 'endFinishingOrder' },
  },
});

export type CheckoutMachine = typeof checkoutMachine;
