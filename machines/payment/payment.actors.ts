import { fromPromise } from 'xstate';
import type { Api } from '../../core/api/client';
import { refusalsOf, type Unsettled } from '../../core/api/refusals';
import {
  GET_api_bill_payment_paypalCapture_v1_id,
  POST_api_bill_pay_v1,
  POST_api_bill_payment_crypto_v1,
  POST_api_bill_payment_info_detail,
  POST_api_bill_payment_liQuiDo_confirm_v1,
  POST_api_bill_repay_v1,
  POST_api_uploadObject_v1,
} from '../../core/api/refusals.generated';
import { settleExpected, type Refusals, type Refused } from '../expected-refusals';
import type { CryptoCoin, OrderStatus, PaymentMethod, PaymentRequest, PayResult, StepAnswer } from './payment.types';

/** The methods offered for a plan, country and currency: the checkout's and repay's forms. */
export const loadMethods = (api: Api) =>
  fromPromise<PaymentMethod[], { planId: string; country: string; currency: string }>(({ input, signal }) =>
    api.callData(api.client.POST('/api/bill/payment/methods/v1', { body: input, signal })),
  );

/**
 * The refusals each call expects, by the id the payment machine invokes it under (spec section 8,
 * docs/decisions/009 and 011): the actors settle them as typed results, the machine's branches name
 * them, the walks take each. Anything else rejects, and the machine's onError records it.
 */
export const refusals = {
  // Card declines (pass-through), -2400 bad card input, -2511 unknown saved card, 1020 another
  // account's card, 2003 failed, 1015 no answer (the order is reconciled), -3031 the same payment
  // still running, -2602 no receiving account, 5003 country, -2408 currency, 9003 the code's last
  // use went meanwhile; and 5000, which any call can answer, here a field the method needs missing.
  submit: refusalsOf([POST_api_bill_pay_v1, POST_api_bill_repay_v1, GET_api_bill_payment_paypalCapture_v1_id, POST_api_bill_payment_info_detail], {
    routesItself: [5000],
    notRouted: {
      [-2502]: 'the method is no longer offered for the plan: the checkout offered it moments before, so the toast says so',
      [-2500]: 'the account must set a new password first: the checkout asked before the payment form opened',
      9000: 'the discount code is not available now: the checkout valued the order with it moments before',
      9001: 'the discount code is unknown: the checkout valued the order with it moments before',
      9002: 'the discount code is not for this plan: the checkout valued the order with it moments before',
      9004: 'the discount code is held by another order: the checkout frees it (discount unbinding) before paying',
      1001: "the order to repay or capture is not the caller's or is gone: the toast says so, onError records it",
      1040: 'the order has no payment to resume or capture: the toast says so, onError records it',
      8202: 'an upgrade repaid after the plan it upgrades ended: the toast says so, onError records it',
      8207: 'an upgrade repaid when it is no longer an upgrade now (the plan changed meanwhile): the toast says so, onError records it',
      8208: 'an upgrade repaid while a refund or a chargeback of the plan is under way: the toast says so, onError records it',
    },
  }),
  confirmOtp: refusalsOf(POST_api_bill_payment_liQuiDo_confirm_v1, {
    notRouted: {
      1001: "the order is not the caller's or is gone: the toast says so, onError records it",
      1040: 'the order has no mobile-money payment waiting for a code: the toast says so, onError records it',
    },
  }),
  requote: refusalsOf(POST_api_bill_payment_crypto_v1, {
    routesItself: [5000],
    notRouted: {
      [-3031]: 'the same payment is still running: the toast says so, onError records it, and the customer may ask again',
      [-2408]: "the order's currency is not the coin's: the payment page offered only coins for it",
      1001: "the order is not the caller's or is gone: the toast says so, onError records it",
      1015: 'the crypto provider did not answer: the toast says so, and the order is reconciled',
      2003: 'the crypto provider refused the quote: the toast says so, onError records it',
      5003: "the customer's country cannot pay in crypto: the payment page offered crypto only where it may",
      9003: "the discount code's last use went meanwhile: the toast says so, onError records it",
    },
  }),
  uploadProof: refusalsOf(POST_api_uploadObject_v1, { routesItself: [5000] }),
} as const satisfies Refusals<'submit' | 'confirmOtp' | 'requote' | 'uploadProof'>;

/**
 * The calls made without settling refusals, with what their operations declare (docs/decisions/072):
 * the client toasts those codes and the machine's onError records them, for the reason given.
 */
export const unsettled = {
  'POST /api/bill/payment/methods/v1': { [-2408]: 'the currency is not taken: the form asks only in the currencies the pricing page listed' },
  'GET /api/bill/order/v1/{id}': {
    1001: "the order polled is gone or not the caller's: the payment made it, a fault to report",
    1040: 'the order polled has no payment record: a fault to report',
  },
  'POST /api/bill/order/upload/v1': {
    [-3031]: 'the same proof is being attached in another request: the toast says so, the customer sends it again',
    1001: "the order is gone or not the caller's: the payment made it, a fault to report",
    1040: 'the order has no transfer waiting for a proof: a fault to report',
  },
} as const satisfies Unsettled;

/** The payment flow's calls on the typed client (the app's, or one of the real test server). */
export function createPaymentActors(api: Api) {
  const { client } = api;
  const result = (r: PayResult): StepAnswer => ({ kind: 'result', result: r });
  return {
    /** pay or repay (with the Idempotency-Key), PayPal's capture, or the pending instructions again. */
    submit: fromPromise<StepAnswer, { request: PaymentRequest; idempotencyKey: string }>(({ input, signal }) => {
      const headers = { 'Idempotency-Key': input.idempotencyKey };
      const { request } = input;
      return settleExpected(refusals.submit, async (expect) => {
        switch (request.kind) {
          case 'pay':
            return result(await api.callData(client.POST('/api/bill/pay/v1', { body: request.body, headers, signal }), expect));
          case 'repay':
            return result(await api.callData(client.POST('/api/bill/repay/v1', { body: request.body, headers, signal }), expect));
          case 'capturePaypal':
            return result(
              await api.callData(client.GET('/api/bill/payment/paypalCapture/v1/{id}', { params: { path: { id: request.orderId } }, signal }), expect),
            );
          case 'resume':
            return result(await api.callData(client.POST('/api/bill/payment-info/detail', { body: { orderId: request.orderId }, signal }), expect));
        }
      });
    }),

    /** The order's status, polled while the money is on its way (PIX, slip, crypto, transfer). */
    checkOrder: fromPromise<OrderStatus, { orderId: string }>(async ({ input, signal }) => {
      const order = await api.callData(client.GET('/api/bill/order/v1/{id}', { params: { path: { id: input.orderId } }, signal }));
      return order.status;
    }),

    /**
     * A crypto quote as it stands, polled while the coin is on its way: paid or closed (`done`
     * with the order's status), or the quote with what its address received so far (ADR 050).
     */
    checkQuote: fromPromise<PayResult, { orderId: string }>(({ input, signal }) =>
      api.callData(client.POST('/api/bill/payment-info/detail', { body: { orderId: input.orderId }, signal })),
    ),

    /** The mobile-money code the operator texted (Liquido). */
    confirmOtp: fromPromise<StepAnswer, { orderId: string; otp: string }>(({ input, signal }) =>
      settleExpected(refusals.confirmOtp, async (expect) =>
        result(await api.callData(client.POST('/api/bill/payment/liQuiDo/confirm/v1', { body: input, signal }), expect)),
      ),
    ),

    /** A new quote in another coin or chain. */
    requote: fromPromise<StepAnswer, { orderId: string; coin: CryptoCoin; network?: string | undefined }>(({ input, signal }) =>
      settleExpected(refusals.requote, async (expect) => {
        const body = { orderId: input.orderId, coin: input.coin, ...(input.network ? { network: input.network } : {}) };
        return result(await api.callData(client.POST('/api/bill/payment/crypto/v1', { body, signal }), expect));
      }),
    ),

    /** The bank's receipt of a transfer: uploaded, then attached to the order (which becomes SUBMITTED). */
    uploadProof: fromPromise<{ kind: 'reported'; status: OrderStatus } | Refused, { orderId: string; file: Blob & { name?: string } }>(({ input, signal }) =>
      settleExpected(refusals.uploadProof, async (expect) => {
        const form = new FormData();
        form.append('file', input.file, input.file.name ?? 'proof');
        // The contract types the part as a string; the browser sends the file itself.
        const uploaded = await api.callData(client.POST('/api/uploadObject/v1', { body: { file: '' }, bodySerializer: () => form, signal }), expect);
        const order = await api.callData(client.POST('/api/bill/order/upload/v1', { body: { orderId: input.orderId, objectKey: uploaded.objectKey }, signal }));
        return { kind: 'reported' as const, status: order.status };
      }),
    ),
  };
}

export type PaymentActors = ReturnType<typeof createPaymentActors>;
