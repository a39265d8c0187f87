import type { Language } from '../../core/i18n/languages';
import { ORDER_NOT_FOUND, PAYMENT_INFO_NOT_FOUND } from './order-queries';
import { useMutation } from './use-mutation';
import { useQuery } from './use-query';

// Refusals /paynowTips says itself, where they belong, instead of a toast (docs/decisions/019):
// 1001, 1040 and -3031 (a reminder asked for again within a minute).
const TOO_FREQUENT = -3031;

/**
 * What to tell the customer about an order whose payment is not final (spec section 7, GET
 * /api/bill/payment/tip/v1): its status and the server's words for it, in the user's language.
 * 1001 (not the caller's order, or none) passes through to the page.
 */
export const usePaymentTip = (orderId: string, language: Language) =>
  useQuery(`orderTip:${orderId}:${language}`, ({ api }) =>
    api.callData(api.client.GET('/api/bill/payment/tip/v1', { params: { query: { orderId } } }), { expect: [ORDER_NOT_FOUND] }),
  );

/**
 * The same words for the payment result page (spec section 2, /paymentResult), kept apart from
 * /paynowTips's: there a refusal (1001 included) is the client's to say, as for any call.
 */
export const usePaymentResultTip = (orderId: string, locale: string) =>
  useQuery(`paymentTip:${orderId}:${locale}`, ({ api }) => api.callData(api.client.GET('/api/bill/payment/tip/v1', { params: { query: { orderId } } })));

/**
 * The instructions of the order's pending payment, as pay returned them (POST
 * /api/bill/payment-info/detail): `done` once the order is final; 1040 when nothing is left to
 * show (a declined card, an order never paid); both pass through to the page.
 */
export const usePaymentInstructions = (orderId: string) =>
  useQuery(`paymentInfo:${orderId}`, ({ api }) =>
    api.callData(api.client.POST('/api/bill/payment-info/detail', { body: { orderId } }), { expect: [ORDER_NOT_FOUND, PAYMENT_INFO_NOT_FOUND] }),
  );

/**
 * Email the instructions of the open order again (POST /api/bill/order/remind/v1). Once a minute at
 * most (-3031); 1040 once the order is no longer open. Both pass through to the page.
 */
export const useRemindOrder = () =>
  useMutation(({ api }, orderId: string) =>
    api.callData(api.client.POST('/api/bill/order/remind/v1', { body: { orderId } }), { expect: [TOO_FREQUENT, PAYMENT_INFO_NOT_FOUND, ORDER_NOT_FOUND] }),
  );
