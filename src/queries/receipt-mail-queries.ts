import { isPassThrough } from '../../core/api/api-error';
import { ORDER_NOT_FOUND, PAYMENT_INFO_NOT_FOUND } from './order-queries';
import { useMutation, type MutationState } from './use-mutation';

/** -3031: asked again within the minute (docs/decisions/055). */
const TOO_FREQUENT = -3031;
/** 4: the account has no email (a phone account), and none was named. */
export const NO_EMAIL = 4;
const INVALID_REQUEST = 5000;

export type ReceiptMailAnswer = { kind: 'sent'; email: string; resendAfter: number } | { kind: 'tooSoon'; seconds: number };
export type ReceiptMailState = MutationState<ReceiptMailAnswer>;

/** The wait the server gave with -3031 (Retry-After, in seconds); a minute when it gave none. */
const secondsOf = (response: Response) => {
  const seconds = Number(response.headers.get('Retry-After'));
  return Number.isInteger(seconds) && seconds > 0 ? seconds : 60;
};

/**
 * Emails the receipt of a paid order to the account's address (POST
 * /api/bill/order/receipt/mail/v1). "Too soon" is an answer with its seconds, not an error; 4 (no
 * email), 1040, 1001 and 5000 pass through to the page, which says them beside its button.
 */
export const useMailReceipt = () =>
  useMutation(async ({ api }, orderId: string): Promise<ReceiptMailAnswer> => {
    const pending = api.client.POST('/api/bill/order/receipt/mail/v1', { body: { orderId } });
    try {
      const sent = await api.callData(pending, { expect: [TOO_FREQUENT, NO_EMAIL, PAYMENT_INFO_NOT_FOUND, ORDER_NOT_FOUND, INVALID_REQUEST] });
      return { kind: 'sent', email: sent.email, resendAfter: sent.resendAfter };
    } catch (error) {
      if (isPassThrough(error) && error.errCode === TOO_FREQUENT) return { kind: 'tooSoon', seconds: secondsOf((await pending).response) };
      throw error;
    }
  });
