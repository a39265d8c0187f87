import { ErrCode } from '../errors';
import { DiscountErr } from './discount-codes';
import { OrderErr } from './orders';

/** The catalogue's codes paying answers with (spec section 8; docs/decisions/009). */
export const PayErr = {
  ...OrderErr,
  invalidRequest: ErrCode.invalidRequest,
  tooFrequent: -3031,
  invalidCardParameters: -2400,
  methodUnsupported: -2502,
  currencyUnsupported: -2408,
  countryUnsupported: 5003,
  savedCardNotFound: -2511,
  cardUserMismatch: 1020,
  cardUsedForRenewal: 1021,
  codeUnavailable: DiscountErr.unavailable,
  paymentFailed: 2003,
  tooManyAttempts: 17,
  codeExpired: -3032,
  wrongCode: -3033,
} as const;
