// Checkout (spec sections 1, 2 (/payment), 4, 6, 7 and 8; docs/decisions/008, 009 and 011): a
// chosen plan → may it be bought → an unfinished order first? → the price (instalments, discount
// code, the method's own discount) → the method's form → paying. Paying itself, for every method,
// is the payment flow (machines/payment), shared with repay; a code held by another unpaid order
// goes through the unbinding flow (machines/discount-unbinding). Calls come from
// createCheckoutActors(api); guards and actions are in checkout.setup.ts.
import { and } from 'xstate';
import { criteriaFor } from '../acceptance';
import { answeredWith, otherRefusals, refusedWith, saying } from '../expected-refusals';
import type { acceptanceCriteria } from './checkout.criteria';
import { payingState } from '../payment/payment.guards';
import { checkoutSetup, finished, newKey, paymentRequest } from './checkout.setup';

export type { CheckoutMachineEvent } from './checkout.setup';

/** The acceptance criteria the states and transitions name (docs/decisions/074); their texts stay out of the bundle. */
const accept = criteriaFor<keyof typeof acceptanceCriteria>();

export const checkoutMachine = checkoutSetup.createMachine({
  id: 'checkout',
  description: "Buying a plan (spec sections 1, 4, 6, 7, 8): may it be bought, an unfinished order first, the price, the method's form, paying.",
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
      description: 'The customer chose a plan: the server is asked whether this account may buy it (spec sections 6 and 8).',
      tags: ['loading'],
      invoke: {
        id: 'checkAvailability',
        src: 'checkAvailability',
        input: ({ context }) => ({
          planId: context.planId,
          country: context.country,
          currency: context.currency,
          methodCode: context.methodCode,
          installments: context.installments,
          discountCode: context.discountCode,
          orderId: context.orderId,
        }),
        onDone: [
          {
            guard: 'isAvailable',
            target: 'checkingCart',
            description: 'The plan may be bought: the checkout looks for an unfinished order of the customer next (spec section 4).',
          },
          {
            guard: refusedWith(-2500),
            target: 'passwordResetNeeded',
            actions: 'endResetPassword',
            meta: saying({ [-2500]: 'payment.reset.title' }),
            description:
              'This account must set a new password before buying (-2500, spec section 6): the page says so and offers the reset right there, coming back to this plan afterwards.',
          },
          // The client routes 6000 and 6001 itself.
          {
            target: 'unavailable',
            actions: 'endUnavailable',
            meta: { ...otherRefusals(6000, 6001), ...saying({ 6000: 'message.planNotAvailable', 6001: 'notFound.title' }) },
            description:
              'Not to be bought (spec sections 6, 8): 6000 a larger plan is running (back to the plans, saying why), 6001 no such plan (the not-found page).',
          },
        ],
        onError: {
          target: 'failure',
          actions: 'recordError',
          description: 'The check could not be made (network, server fault): recorded; the customer sees the page could not be prepared.',
        },
      },
    },
    checkingCart: {
      description: "The checkout asks for the customer's unfinished order, to offer finishing it first (spec section 4).",
      tags: ['loading'],
      invoke: {
        id: 'loadCart',
        src: 'loadCart',
        onDone: [
          {
            guard: 'hasOngoingOrder',
            target: 'cartFound',
            actions: 'takeCart',
            description: 'An unfinished order exists (spec section 4): the customer is asked to finish it or to start a new one.',
          },
          { target: 'preparing', description: 'No unfinished order: the checkout goes on to the methods and the price of the chosen plan.' },
        ],
        onError: {
          target: 'preparing',
          actions: 'recordError',
          description: 'The unfinished order could not be looked up: the prompt is a courtesy, so the checkout goes on without it.',
        },
      },
    },
    cartFound: {
      description: 'The customer sees a dialog: an unfinished order exists; finish that order, or start a new one.',
      meta: accept('cartFound'),
      on: {
        FINISH_ORDER_CHOSEN: {
          target: 'finishingOrder',
          description: 'The customer chooses to finish the unfinished order: the checkout ends and repaying that order takes over.',
        },
        NEW_ORDER_CHOSEN: { target: 'preparing', description: 'The customer starts a new order: the checkout goes on with the chosen plan.' },
      },
    },
    preparing: {
      description: "The methods offered for the plan, the customer's country and currency are loaded for the payment form.",
      tags: ['loading'],
      invoke: {
        id: 'loadMethods',
        src: 'loadMethods',
        input: ({ context }) => ({ planId: context.planId, country: context.country, currency: context.currency }),
        onDone: {
          target: 'valuing',
          actions: 'takeMethods',
          description: 'The methods are in: the one chosen before (or else the first) is selected, and the price is asked for.',
        },
        onError: {
          target: 'failure',
          actions: 'recordError',
          description: 'The methods could not be loaded (network, server fault): the customer sees the page could not be prepared.',
        },
      },
    },
    valuing: {
      description: "The server prices the order (docs/decisions/008): instalments, the discount code and the method's own discount.",
      tags: ['pricing'],
      // The form stays usable while a new price is on its way (docs/decisions/065): the last pick
      // wins, and the price asked for the one before is dropped.
      on: {
        METHOD_SELECTED: {
          guard: 'isPriced',
          target: 'valuing',
          reenter: true,
          actions: 'selectMethod',
          description: 'The customer picks another method before the new price came: that price is dropped, and the order is priced for this method.',
        },
        INSTALLMENTS_CHANGED: {
          guard: and(['isPriced', 'offersInstalments']),
          target: 'valuing',
          reenter: true,
          actions: 'setInstallments',
          description: 'The customer picks another number of instalments before the new price came: that price is dropped, and the order is priced again.',
        },
      },
      invoke: {
        id: 'valuate',
        src: 'valuate',
        input: ({ context }) => ({
          planId: context.planId,
          currency: context.currency,
          installments: context.installments,
          discountCode: context.discountCode,
          method: context.methodCode,
          orderId: context.orderId,
        }),
        onDone: [
          {
            guard: 'isCodeBound',
            target: 'unbinding',
            actions: 'takeValuation',
            description: 'The code is held by another unpaid order of the account (9004, spec section 4): the customer is asked to free it.',
            meta: { ...answeredWith(9004), ...saying({ 9004: 'unbinding.title' }) },
          },
          {
            guard: 'isCodeRefused',
            target: 'editing',
            actions: ['takeValuation', 'takeCodeRefusal', 'dropCode'],
            description: 'The code does not apply (9000–9003, 9991, spec section 4): the customer sees the price without it, and why.',
            meta: answeredWith(9000, 9001, 9002, 9003, 9991),
          },
          {
            target: 'editing',
            actions: 'takeValuation',
            description: 'The price: the customer sees the total, the instalments and the discounts, and fills in the payment form.',
          },
        ],
        onError: {
          target: 'failure',
          actions: 'recordError',
          description: 'The price could not be asked for (network, server fault): the customer sees the page could not be prepared.',
        },
      },
    },
    unbinding: {
      description: 'A dialog asks the customer whether to cancel the other unpaid order that holds the code, to use the code here.',
      invoke: {
        id: 'unbinding',
        src: 'discountUnbinding',
        input: ({ context }) => ({ orderId: context.boundOrderId ?? '', discountCode: context.discountCode ?? '' }),
        onDone: [
          { guard: 'isUnbound', target: 'valuing', description: 'The other order is cancelled and the code is free: this order is priced again with it.' },
          {
            guard: 'isCodeStuck',
            target: 'editing',
            actions: ['takeCodeStuck', 'dropCode'],
            description: 'The code could not be freed (1003: the other order is being paid): the customer goes on without it, told why.',
          },
          { target: 'valuing', actions: 'dropCode', description: 'The customer kept the other order: this order is priced again without the code.' },
        ],
        // The unbinding flow ends in a final state whatever happens (its failures are its own).
      },
    },
    editing: {
      description: 'The payment form: the customer picks the method, instalments and receipt email, may apply a code, then pays.',
      tags: ['form'],
      on: {
        METHOD_SELECTED: {
          target: 'valuing',
          actions: 'selectMethod',
          description: 'The customer picks another method: instalments go back to the default (spec section 9), and it is priced again.',
        },
        INSTALLMENTS_CHANGED: {
          target: 'valuing',
          actions: 'setInstallments',
          description: 'The customer picks another number of instalments, as far as the method allows: the order is priced again.',
          meta: accept('instalments'),
        },
        CODE_APPLIED: [
          {
            guard: 'isCodeMisshapen',
            actions: 'refuseCodeShape',
            description:
              'A typed code no coupon can have is refused on the spot (9001, spec section 4), never sent; for an empty one the form itself asks for a code (spec section 5).',
          },
          {
            guard: 'canChangeCode',
            target: 'valuing',
            actions: 'setCode',
            description: 'The customer applies a discount code (not while repaying a refused order): the order is priced again with it.',
          },
        ],
        CODE_REMOVED: {
          guard: 'canRemoveCode',
          target: 'valuing',
          actions: 'dropCode',
          description: 'The customer removes the code (not while repaying a refused order): the order is priced again without it.',
        },
        COUNTRY_CHANGED: {
          guard: 'canChangeCode',
          target: 'preparing',
          actions: 'setCountry',
          description:
            'The customer changes the country (not while repaying a refused order): its currency is taken, and the methods offered there are loaded.',
        },
        CURRENCY_CHANGED: {
          guard: 'canChangeCode',
          target: 'preparing',
          actions: 'setCurrency',
          description: 'The customer changes the currency (not while repaying a refused order): the methods and price in it are loaded.',
        },
        EMAIL_CHANGED: { actions: 'setEmail', description: 'The customer types the email that the payment information and the receipt are sent to.' },
        PAY_SUBMITTED: {
          guard: 'canPay',
          target: 'paying',
          actions: 'startPayment',
          description: 'The customer presses Pay with a method, a price and an email: the payment starts, under a new idempotency key.',
        },
      },
    },
    // A refusal looks for the order it made, to repay that one next.
    paying: payingState(paymentRequest, 'findingRefusedOrder'),
    findingRefusedOrder: {
      description: 'After a refusal, the checkout looks up the order that payment made, so that paying again repays that order.',
      tags: ['paying'],
      invoke: {
        id: 'findRefusedOrder',
        src: 'loadCart',
        onDone: {
          target: 'editing',
          actions: 'takeRefusedOrder',
          description: 'The refused order is found: the customer is back on the form with the reason, and paying again repays it.',
          meta: accept('declinedPaysAgain'),
        },
        onError: {
          target: 'editing',
          actions: 'recordError',
          description: 'The refused order could not be looked up: the customer is back on the form with the reason, to pay again.',
        },
      },
    },
    failure: {
      description: 'Something unexpected (recorded; the client already said what): the page could not be prepared, and may be tried again.',
      on: {
        RETRY: { target: 'checkingAvailability', description: 'The customer tries again: the checkout starts over from whether the plan may be bought.' },
      },
    },
    paid: { description: 'Paid: the customer is taken to the payment result, and the plan is active.', type: 'final', entry: finished, meta: accept('paid') },
    pending: {
      description: 'The money is on its way (a slip, a transfer, a charge being confirmed): the customer is told when to look again.',
      type: 'final',
      entry: finished,
    },
    redirected: {
      description: "The customer left for PayPal's or the e-wallet's page to approve the payment, to come back to /payment-redirect.",
      meta: accept('paypal'),
      type: 'final',
      entry: finished,
    },
    closed: {
      description: 'The order can no longer be paid (its PIX window closed, or it was cancelled): the customer may start again.',
      meta: accept('closed'),
      type: 'final',
      entry: finished,
    },
    unavailable: {
      description: 'The plan cannot be bought (6000, 6001): the client has already said why and taken the customer elsewhere.',
      type: 'final',
      entry: finished,
    },
    passwordResetNeeded: {
      description:
        'The page explains that a new password is needed before buying, with a button to the password reset for this account; after it and a new log-in, the customer is back on this plan.',
      type: 'final',
      entry: finished,
    },
    finishingOrder: {
      description: 'The customer chose to finish the unfinished order instead: the repay flow takes over with that order.',
      type: 'final',
      entry: ['endFinishingOrder', finished],
    },
  },
});

export type CheckoutMachine = typeof checkoutMachine;
