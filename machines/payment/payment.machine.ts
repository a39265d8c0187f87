// Paying (spec sections 1, 4, 7 and 8; docs/decisions/009 and 011): from the pay or repay call to
// the money arriving, for every method. The checkout and repay flows invoke it with what to pay;
// the /payment-redirect page starts it with a PayPal return, the PIX page with a pending order.
// One flow per method follows the call's answer (`next`): done, redirect (PayPal, e-wallet), PIX,
// slip, bank transfer, mobile-money code, crypto. Its output says how it ended. Its guards,
// actions and the waiting piece the methods share are in payment.setup.ts.
import { assertEvent } from 'xstate';
import { criteriaFor } from '../acceptance';
import { otherRefusals, refusedWith, saying } from '../expected-refusals';
import type { acceptanceCriteria } from './payment.criteria';
import { awaitingMoney, orderIdOf, paymentSetup } from './payment.setup';

export type { PaymentMachineEvent } from './payment.setup';

/** The acceptance criteria the states and transitions name (docs/decisions/074); their texts stay out of the bundle. */
const accept = criteriaFor<keyof typeof acceptanceCriteria>();

export const paymentMachine = paymentSetup.createMachine({
  id: 'payment',
  description: 'Paying an order, for every method (spec sections 1, 4, 7 and 8): from the pay call until the money arrives or it ends.',
  context: ({ input }) => ({
    request: input.request,
    idempotencyKey: input.idempotencyKey,
    result: undefined,
    errCode: undefined,
    status: undefined,
    outcome: undefined,
    error: undefined,
  }),
  initial: 'submitting',
  output: ({ context }) => context.outcome ?? { kind: 'failed' },
  states: {
    submitting: {
      description: 'The customer pressed Pay: the server is asked to pay or repay the order, or to capture a PayPal approval.',
      tags: ['busy'],
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({ request: context.request, idempotencyKey: context.idempotencyKey }),
        onDone: [
          {
            guard: 'isSettledPaid',
            target: 'paid',
            actions: 'takeResult',
            description: 'Paid at once (a card, spec section 4 payment statuses): the order is paid and the customer sees it confirmed.',
          },
          {
            guard: 'isSettledOtherwise',
            target: 'closed',
            actions: 'takeResult',
            description: 'Settled at once without being paid (the PayPal order expired meanwhile): the order is closed, not payable any more.',
          },
          {
            guard: 'isRedirect',
            target: 'redirecting',
            actions: 'takeResult',
            description: "PayPal or an e-wallet: the customer is sent to the provider's page to approve, and comes back later.",
          },
          {
            guard: 'isPix',
            target: 'pix',
            actions: 'takeResult',
            description: "PIX (spec section 2, /payment-pix): the customer sees the PIX key and QR code, to pay from the bank's app.",
          },
          {
            guard: 'isBoleto',
            target: 'boleto',
            actions: 'takeResult',
            description: "Payment slip (spec section 4): the customer sees the slip's digitable line; it is valid for 5 days.",
          },
          {
            guard: 'isTransfer',
            target: 'transfer',
            actions: 'takeResult',
            description: 'Bank transfer: the customer sees the receiving account and the reference to quote, and may upload the receipt.',
          },
          {
            guard: 'isOtp',
            target: 'otp',
            actions: 'takeResult',
            description: "Mobile money (spec section 3, showLiquidoOtp): the operator texts a code to the wallet's phone for the customer.",
          },
          {
            guard: 'isCrypto',
            target: 'crypto',
            actions: 'takeResult',
            description: 'Crypto: the customer sees the address and the amount to send, and may switch to another coin or network.',
          },
          {
            guard: refusedWith(-3031),
            target: 'waitingToRetry',
            meta: saying({ [-3031]: 'payment.submitting' }),
            description: 'The same payment is still running in another request (-3031, a double click): it is asked again shortly.',
          },
          {
            guard: refusedWith(1015),
            target: 'unanswered',
            actions: 'takeRefusal',
            meta: saying({ 1015: 'orders.confirming' }),
            description: 'The provider did not answer (1015): the card may be charged; the order is reconciled within minutes (ADR 011).',
          },
          // Any answer the branches above do not know ends here too, as failed (2003).
          {
            target: 'declined',
            actions: 'takeRefusal',
            meta: {
              ...otherRefusals(301, 302, 306, 309, 312, 314, 315, 5015, -2400, -2511, 1020, 2003, -2602, 5003, -2408, 9003, 5000),
              ...accept('cardDeclined'),
            },
            description: 'Refused (spec section 8): a card declined or mistyped, a saved card gone, a method, country or currency not taken, a code used up.',
          },
        ],
        onError: {
          target: 'failure',
          actions: 'recordError',
          description: 'Something unexpected (network, server fault): recorded, and the payment ends as failed; the client already said so.',
        },
      },
    },
    waitingToRetry: {
      description: 'The same payment is still running elsewhere (-3031): the customer keeps waiting while it is asked again.',
      tags: ['busy'],
      after: {
        retryDelay: {
          target: 'submitting',
          description: "After a second (the server's Retry-After), the payment is asked again with the same key: it cannot pay twice.",
        },
      },
    },
    redirecting: {
      description: "The browser leaves for PayPal's or the e-wallet's page; the customer comes back to /payment-redirect afterwards.",
      type: 'final',
      entry: ['endRedirected', { type: 'goToProvider', params: ({ context }) => ({ url: context.result?.next === 'redirect' ? context.result.url : '' }) }],
    },
    pix: {
      description: "The customer pays the PIX code from the bank's app while the page watches for the money, or leaves to pay later.",
      tags: ['awaitingPayment'],
      ...awaitingMoney('pix', { closes: true, criteria: { waiting: ['pixWaiting'], paid: ['pixPaid'], closed: ['pixExpired'] } }),
      on: {
        LEFT_TO_PAY_LATER: {
          target: 'pending',
          description: 'The customer leaves to pay later: the PIX code stays valid until its window closes, the order pending.',
        },
      },
    },
    boleto: {
      description: 'The customer has a payment slip to pay at a bank within 5 days; the page watches for the money meanwhile.',
      tags: ['awaitingPayment'],
      ...awaitingMoney('boleto', { closes: true, criteria: { paid: ['boletoPaid'], closed: ['boletoExpired'] } }),
      on: {
        LEFT_TO_PAY_LATER: {
          target: 'pending',
          description: 'A slip is paid at a bank within 5 days: the customer need not wait on this page and leaves, the order pending.',
        },
      },
    },
    crypto: {
      description: 'The customer sends the quoted amount to the address shown; they may change coin, or leave and pay later.',
      tags: ['awaitingPayment'],
      initial: 'watching',
      states: {
        watching: {
          description: 'The customer sees the address and amount of the current quote while the page watches for the money.',
          ...awaitingMoney('crypto'),
          on: {
            COIN_CHANGED: {
              target: 'requoting',
              description: 'The customer picks another coin or network: a new quote is asked for, with its own address and amount.',
            },
          },
        },
        requoting: {
          description: 'A new quote is made in the chosen coin: a new address and amount; the earlier quote no longer pays the order.',
          tags: ['busy'],
          invoke: {
            id: 'requote',
            src: 'requote',
            input: ({ context, event }) => {
              assertEvent(event, 'COIN_CHANGED');
              return { orderId: orderIdOf(context) ?? '', coin: event.coin, network: event.network };
            },
            onDone: [
              {
                guard: refusedWith(5000),
                target: 'watching',
                actions: 'takeRefusal',
                description: 'That coin or network is not taken (5000): the customer keeps the earlier quote and sees why.',
              },
              {
                target: 'watching',
                actions: 'takeResult',
                description: 'The new quote: the customer sees its address and amount, and the page now watches for that money.',
              },
            ],
            onError: {
              target: 'watching',
              actions: 'recordError',
              description: 'The new quote could not be asked for (network, server fault): recorded; the earlier quote stays.',
            },
          },
        },
      },
      on: {
        LEFT_TO_PAY_LATER: {
          target: 'pending',
          description: 'The customer leaves to pay later: the quote stays open until its window closes, the order pending.',
        },
      },
    },
    transfer: {
      description: "The customer transfers the amount to the account shown, quoting the reference, and may upload the bank's receipt.",
      tags: ['awaitingPayment'],
      initial: 'awaitingProof',
      states: {
        awaitingProof: {
          description: "The customer sees the account and reference, and may upload the bank's receipt; the page watches for the money.",
          ...awaitingMoney('transfer'),
          on: {
            PROOF_SELECTED: {
              target: 'uploadingProof',
              description: "The customer picks the bank's receipt (PNG, JPEG or PDF, up to 5 MiB) to upload and attach to the order.",
            },
          },
        },
        uploadingProof: {
          description: 'The receipt is uploaded and attached to the order, which becomes SUBMITTED: reported, awaiting the bank.',
          tags: ['busy'],
          invoke: {
            id: 'uploadProof',
            src: 'uploadProof',
            input: ({ context, event }) => {
              assertEvent(event, 'PROOF_SELECTED');
              return { orderId: orderIdOf(context) ?? '', file: event.file };
            },
            onDone: [
              {
                guard: 'isReported',
                target: 'reported',
                actions: 'takeReport',
                description: "The receipt is attached (SUBMITTED): the customer sees the transfer reported, awaiting the bank's statement.",
              },
              {
                target: 'awaitingProof',
                actions: 'takeRefusal',
                meta: { ...otherRefusals(5000, -3031), ...saying({ 5000: 'payment.transfer.proofFile' }) },
                description: 'The receipt was refused (5000 not a PNG, JPEG or PDF; -3031 too many uploads today): the customer sees why.',
              },
            ],
            onError: {
              target: 'awaitingProof',
              actions: 'recordError',
              description: 'The upload failed (network, server fault): recorded, and the customer may pick the receipt again.',
            },
          },
        },
        reported: {
          description: "The transfer is reported: the page watches for the bank's statement, which settles it; its window no longer closes it.",
          ...awaitingMoney('reported', { closes: false }),
        },
      },
      on: {
        LEFT_TO_PAY_LATER: {
          target: 'pending',
          description: 'The customer leaves to pay later: the transfer may still arrive and settle the order, which stays pending.',
        },
      },
    },
    otp: {
      description: "Mobile money: the customer types the code the operator texted to the wallet's phone, to confirm the debit.",
      tags: ['awaitingPayment'],
      initial: 'enteringCode',
      states: {
        enteringCode: {
          description: 'The customer sees where the code was sent and types it; after a wrong code, they are told and type it again.',
          on: {
            OTP_SUBMITTED: {
              target: 'confirming',
              description: 'The customer submits the code the operator texted: the server confirms the debit of the wallet with it.',
            },
          },
        },
        confirming: {
          description: 'The server checks the code the customer typed and, when it matches, debits the wallet.',
          tags: ['busy'],
          invoke: {
            id: 'confirmOtp',
            src: 'confirmOtp',
            input: ({ context, event }) => {
              assertEvent(event, 'OTP_SUBMITTED');
              return { orderId: orderIdOf(context) ?? '', otp: event.otp };
            },
            onDone: [
              {
                guard: 'isSettledPaid',
                target: '#payment.paid',
                actions: 'takeResult',
                description: 'The code matched and the wallet paid: the order is paid and the customer sees it confirmed.',
              },
              {
                guard: refusedWith(-3033),
                target: 'enteringCode',
                actions: 'takeRefusal',
                description: 'Wrong code (-3033): one of its 3 tries is used; the customer is told and types it again.',
              },
              {
                guard: refusedWith(-3032, 17, 302),
                target: '#payment.declined',
                actions: 'takeRefusal',
                description: 'The code expired (-3032), 3 wrong tries (17) or an empty wallet (302): the customer pays again another way.',
              },
              {
                target: '#payment.closed',
                actions: 'takeResult',
                description: 'The debit ended otherwise (the collection cancelled or expired): the order is closed, not payable any more.',
              },
            ],
            onError: {
              target: 'enteringCode',
              actions: 'recordError',
              description: 'The code could not be checked (network, server fault): recorded, and the customer may submit it again.',
            },
          },
        },
      },
    },
    paid: {
      description: "Paid: the flow that started the payment shows the confirmation, and the customer's plan is active.",
      type: 'final',
      meta: accept('paid'),
      entry: 'endPaid',
    },
    expired: {
      description: 'The window to pay closed (PIX, quote, slip, transfer) or the order was cancelled: the customer must order again.',
      type: 'final',
      entry: 'endClosed',
    },
    closed: {
      description: 'The order was settled without being paid (cancelled at the provider): it cannot be paid any more.',
      type: 'final',
      entry: 'endClosed',
    },
    declined: {
      description: 'The payment was refused (spec section 8): the customer is back on the form with the reason, to pay again.',
      type: 'final',
      entry: 'endDeclined',
    },
    pending: {
      description: 'The customer left the page; the money may still come (a slip, a transfer, a late PIX) and settle the order.',
      type: 'final',
      entry: 'endPending',
    },
    unanswered: {
      description: 'The provider did not answer (1015): the charge is being confirmed, so the customer must not pay again for now.',
      type: 'final',
      entry: 'endPending',
    },
    failure: {
      description: 'Something unexpected ended the payment (recorded): the flow that started it takes the customer back to its form.',
      type: 'final',
      entry: 'endFailed',
    },
  },
});

export type PaymentMachine = typeof paymentMachine;
