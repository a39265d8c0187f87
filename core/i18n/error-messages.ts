// The error catalogue (spec section 8) and the standalone messages (spec sections 2, 5, 6 and 8),
// as react-intl message descriptors with explicit ids. The form validation messages are next door
// (core/i18n/validation-messages.ts), so that a page's start does not carry them.
//
// This module is pure data plus two lookups, with no dependency at all: the API client and the
// reference server use it as well as the screens, and src/i18n stays framework-free (ESLint's
// import-direction rule, docs/decisions/001). The English `defaultMessage`s are extracted into
// core/i18n/lang/en.json by `npm run i18n:extract`; the other languages are the hand-written files
// next to it, which the server also reads.
//
// Conventions:
// - one descriptor per server error code, id `error.<code>` (e.g. `error.3`, `error.-24010`); codes
//   that share a row of the spec's tables get their own id each, with the same text;
// - `error.unknown`, `error.network` and `error.timeout` for failures that carry no catalogued code;
// - `message.*` for standalone messages (`validation.*` is in core/i18n/validation-messages.ts).
// Every descriptor must be a literal object with literal strings (the extractor reads the source, it
// does not run it; a template literal with `${}` is silently dropped).

/**
 * A message descriptor as react-intl takes it (`intl.formatMessage(descriptor)`,
 * `<FormattedMessage {...descriptor} />`), with the id, English text and translator note required.
 */
export interface MessageDescriptor {
  readonly id: string;
  readonly defaultMessage: string;
  readonly description: string;
}

/**
 * react-intl's `defineMessages`: an identity function whose name the formatjs extractor looks for.
 * Declared here rather than imported so that this layer does not load React (see above).
 */
export function defineMessages<const T extends Record<string, MessageDescriptor>>(descriptors: T): T {
  return descriptors;
}

/** Server error codes of the catalogue, keyed by the code as written in the spec. */
export const errorMessages = defineMessages({
  // --- Account and login messages -------------------------------------------------------------
  '1': {
    id: 'error.1',
    defaultMessage: 'Account does not exist',
    description: 'Shown in an error toast when the server refuses a request with error code 1 (also 2 and 7): no account matches the email or phone entered.',
  },
  '2': {
    id: 'error.2',
    defaultMessage: 'Account does not exist',
    description: 'Shown in an error toast when the server refuses a request with error code 2 (also 1 and 7): no account matches the email or phone entered.',
  },
  '7': {
    id: 'error.7',
    defaultMessage: 'Account does not exist',
    description: 'Shown in an error toast when the server refuses a request with error code 7 (also 1 and 2): no account matches the email or phone entered.',
  },
  '3': {
    id: 'error.3',
    defaultMessage: 'Incorrect password',
    description: 'Shown in an error toast when the server refuses a request with error code 3: the password entered at login is wrong.',
  },
  '4': {
    id: 'error.4',
    defaultMessage: 'Email cannot be empty',
    description: 'Shown in an error toast when the server refuses a request with error code 4 (also 12): the request was sent without an email address.',
  },
  '12': {
    id: 'error.12',
    defaultMessage: 'Email cannot be empty',
    description: 'Shown in an error toast when the server refuses a request with error code 12 (also 4): the request was sent without an email address.',
  },
  '5': {
    id: 'error.5',
    defaultMessage: 'Incorrect account format',
    description:
      'Shown in an error toast when the server refuses a request with error code 5: the account (email or phone number) is not written in a valid form.',
  },
  '6': {
    id: 'error.6',
    defaultMessage: 'Account already exists',
    description:
      'Shown in an error toast when the server refuses a request with error code 6 (also 13): sign-up with an email or phone that already has an account.',
  },
  '13': {
    id: 'error.13',
    defaultMessage: 'Account already exists',
    description:
      'Shown in an error toast when the server refuses a request with error code 13 (also 6): sign-up with an email or phone that already has an account.',
  },
  '8': {
    id: 'error.8',
    defaultMessage: 'Incorrect email format',
    description: 'Shown in an error toast when the server refuses a request with error code 8: the email address is not valid.',
  },
  '9': {
    id: 'error.9',
    defaultMessage: 'Account not verified yet',
    description: 'Shown in an error toast when the server refuses a request with error code 9: the account exists but its email confirmation is still pending.',
  },
  '10': {
    id: 'error.10',
    defaultMessage: 'Verification code expired',
    description: 'Shown in an error toast when the server refuses a request with error code 10: the verification code sent by email or SMS is too old.',
  },
  '11': {
    id: 'error.11',
    defaultMessage: 'Incorrect verification code',
    description: 'Shown in an error toast when the server refuses a request with error code 11: the verification code entered does not match the one sent.',
  },
  '15': {
    id: 'error.15',
    defaultMessage: 'Loading user info failed',
    description: "Shown in an error toast when the server refuses a request with error code 15 (also 29): the user's profile could not be loaded.",
  },
  '29': {
    id: 'error.29',
    defaultMessage: 'Loading user info failed',
    description: "Shown in an error toast when the server refuses a request with error code 29 (also 15): the user's profile could not be loaded.",
  },
  '16': {
    id: 'error.16',
    defaultMessage: 'Loading account info failed',
    description:
      'Shown in an error toast when the server refuses a request with error code 16: the account details (plan, expiry, devices) could not be loaded.',
  },
  '17': {
    id: 'error.17',
    defaultMessage: 'Maximum failed attempts reached',
    description: 'Shown in an error toast when the server refuses a request with error code 17: too many wrong logins or codes; the user has to wait.',
  },
  '21': {
    id: 'error.21',
    defaultMessage: 'Invalid token',
    description:
      'Server error code 21: the login token is not valid ("token" is the technical session key). The session is reset silently, so this text is rarely seen.',
  },
  '28': {
    id: 'error.28',
    defaultMessage: 'Invalid account code',
    description:
      'Shown in an error toast when the server refuses a request with error code 28: the code identifying the account (e.g. from a link) is not valid.',
  },
  '32': {
    id: 'error.32',
    defaultMessage: 'Incorrect phone format',
    description: 'Shown in an error toast when the server refuses a request with error code 32: the phone number is not written in a valid form.',
  },
  '105': {
    id: 'error.105',
    defaultMessage: 'Account not available',
    description: 'Shown in an error toast when the server refuses a request with error code 105 (also 112): the account cannot be used at the moment.',
  },
  '112': {
    id: 'error.112',
    defaultMessage: 'Account not available',
    description: 'Shown in an error toast when the server refuses a request with error code 112 (also 105): the account cannot be used at the moment.',
  },
  '187': {
    id: 'error.187',
    defaultMessage: 'Email not available',
    description:
      'Shown in an error toast when the server refuses a request with error code 187: the email address cannot be used (e.g. when binding an email).',
  },
  '197': {
    id: 'error.197',
    defaultMessage: 'Account type not allowed to log in',
    description: 'Shown in an error toast when the server refuses a request with error code 197: accounts of this type cannot log in to the portal.',
  },
  '201': {
    id: 'error.201',
    defaultMessage: 'Login failed, try again',
    description: 'Server error code 201 (also 203): the login did not succeed and the user may simply retry. On a set-top box it appears on the notice page.',
  },
  '203': {
    id: 'error.203',
    defaultMessage: 'Login failed, try again',
    description: 'Server error code 203 (also 201): the login did not succeed and the user may simply retry. On a set-top box it appears on the notice page.',
  },
  '3001': {
    id: 'error.3001',
    defaultMessage: 'Invalid credentials',
    description: 'Server error code 3001, handled by the calling screen (login or payment): the credentials sent are not accepted.',
  },
  '4000': {
    id: 'error.4000',
    defaultMessage: 'Select your country code',
    description: 'Shown in an error toast when the server refuses a request with error code 4000: a phone number was sent without its country calling code.',
  },
  '4596': {
    id: 'error.4596',
    defaultMessage: 'Invalid username or password',
    description: 'Shown in an error toast when the server refuses a request with error code 4596: login refused because the account or the password is wrong.',
  },
  '4597': {
    id: 'error.4597',
    defaultMessage: 'Verification code has not been sent yet',
    description: 'Shown in an error toast when the server refuses a request with error code 4597: the user entered a code before asking for one to be sent.',
  },
  '4598': {
    id: 'error.4598',
    defaultMessage: 'Operation not supported',
    description:
      'Shown in an error toast when the server refuses a request with error code 4598: the requested action is not available for this account or site.',
  },
  '7004': {
    id: 'error.7004',
    defaultMessage: 'Login blocked',
    description: 'Shown in an error toast when the server refuses a request with error code 7004: the account is blocked and cannot log in.',
  },
  '10024': {
    id: 'error.10024',
    defaultMessage: 'Account not found',
    description:
      'Shown in an error toast when the server refuses a request with error code 10024: account emails (reset, activation): no account for this email.',
  },
  '10025': {
    id: 'error.10025',
    defaultMessage: 'Account in use',
    description:
      'Shown in an error toast when the server refuses a request with error code 10025: account emails: the account is already in use (e.g. already bound).',
  },
  '10026': {
    id: 'error.10026',
    defaultMessage: 'Password reset error',
    description: 'Shown in an error toast when the server refuses a request with error code 10026: the password could not be reset from the reset link.',
  },
  '10027': {
    id: 'error.10027',
    defaultMessage: 'Account activation error',
    description:
      'Shown in an error toast when the server refuses a request with error code 10027: the account could not be activated from the confirmation link.',
  },
  '10028': {
    id: 'error.10028',
    defaultMessage: 'Error sending email',
    description: 'Shown in an error toast when the server refuses a request with error code 10028: the reset or confirmation email could not be sent.',
  },
  '10029': {
    id: 'error.10029',
    defaultMessage: 'Verification code error',
    description: 'Shown in an error toast when the server refuses a request with error code 10029: account emails: the verification code is not valid.',
  },
  '10302': {
    id: 'error.10302',
    defaultMessage: 'Link no longer available',
    description:
      'Shown in an error toast when the server refuses a request with error code 10302: a link from an email (reset, confirmation, bind email) has expired or was used.',
  },
  '10303': {
    id: 'error.10303',
    defaultMessage: 'Email binding error',
    description: 'Shown in an error toast when the server refuses a request with error code 10303: the email address could not be linked to the account.',
  },
  '-24010': {
    id: 'error.-24010',
    defaultMessage: 'Token has expired',
    description: "Server error code -24010: the login session's token expired. The session is reset silently, so this text is rarely seen.",
  },
  '-24020': {
    id: 'error.-24020',
    defaultMessage: 'Your session is no longer valid. Log in again.',
    description: "Server error code -24020: the login session's token is invalid or was revoked. The session is reset silently.",
  },
  '-24030': {
    id: 'error.-24030',
    defaultMessage: 'Your account logged in on another device, so this session was ended.',
    description:
      'Warning for server error code -24030: the session was ended because the account logged in elsewhere; the user is then sent to the login page.',
  },
  '-24040': {
    id: 'error.-24040',
    defaultMessage: 'Service is busy',
    description:
      'Shown in an error toast when the server refuses a request with error code -24040: the service is overloaded; the user should retry a little later.',
  },
  '-24050': {
    id: 'error.-24050',
    defaultMessage: 'Service unavailable. Try again later.',
    description: 'Shown in an error toast when the server refuses a request with error code -24050: the service is temporarily unavailable.',
  },
  '-3031': {
    id: 'error.-3031',
    defaultMessage: 'Operation too frequent',
    description:
      'Shown in an error toast when the server refuses a request with error code -3031: rate limit, e.g. codes requested too often; the user must wait before retrying.',
  },
  '-3032': {
    id: 'error.-3032',
    defaultMessage: 'Verification code expired',
    description: 'Shown in an error toast when the server refuses a request with error code -3032: the verification code sent by email or SMS is too old.',
  },
  '-3033': {
    id: 'error.-3033',
    defaultMessage: 'Incorrect verification code',
    description: 'Shown in an error toast when the server refuses a request with error code -3033: the verification code entered does not match the one sent.',
  },
  '-3034': {
    id: 'error.-3034',
    defaultMessage: 'Captcha required',
    description: 'Shown in an error toast when the server refuses a request with error code -3034: the user must solve the captcha (anti-robot check) first.',
  },
  '-3035': {
    id: 'error.-3035',
    defaultMessage: 'Incorrect captcha',
    description: 'Shown in an error toast when the server refuses a request with error code -3035: the captcha (anti-robot check) answer is wrong.',
  },
  '-3036': {
    id: 'error.-3036',
    defaultMessage: 'Configuration information error',
    description:
      'Shown in an error toast when the server refuses a request with error code -3036: the site configuration needed for this action is wrong or missing.',
  },
  '-3039': {
    id: 'error.-3039',
    defaultMessage: 'Login failed, refresh',
    description:
      'Shown in an error toast when the server refuses a request with error code -3039: the login failed; the user should refresh the page and try again.',
  },

  // --- Card and payment messages ----------------------------------------------------------------
  '301': {
    id: 'error.301',
    defaultMessage: 'Card rejected',
    description: 'Payment error code 301: the card payment was declined.',
  },
  '302': {
    id: 'error.302',
    defaultMessage: 'Insufficient funds',
    description: 'Payment error code 302: the card has not enough balance or credit.',
  },
  '306': {
    id: 'error.306',
    defaultMessage: 'Invalid card info',
    description: 'Payment error code 306 (also 312): the card details entered are not valid.',
  },
  '312': {
    id: 'error.312',
    defaultMessage: 'Invalid card info',
    description: 'Payment error code 312 (also 306): the card details entered are not valid.',
  },
  '309': {
    id: 'error.309',
    defaultMessage: 'Card expired',
    description: "Payment error code 309: the card's expiry date has passed.",
  },
  '314': {
    id: 'error.314',
    defaultMessage: 'Invalid card number',
    description: 'Payment error code 314: the card number is not valid.',
  },
  '315': {
    id: 'error.315',
    defaultMessage: 'Invalid security code',
    description: 'Payment error code 315: the card security code (CVV/CVC) is not valid.',
  },
  '1014': {
    id: 'error.1014',
    defaultMessage: 'Incorrect card number',
    description: 'Shown in an error toast when the server refuses a request with error code 1014: the card number is wrong.',
  },
  '1015': {
    id: 'error.1015',
    defaultMessage: 'Payment error, refresh',
    description:
      'Shown in an error toast when the server refuses a request with error code 1015: the payment failed; the user should refresh the page and try again.',
  },
  '1020': {
    id: 'error.1020',
    defaultMessage: 'Card ID or user mismatch',
    description: 'Shown in an error toast when the server refuses a request with error code 1020: the saved card does not belong to the logged-in user.',
  },
  '1021': {
    id: 'error.1021',
    defaultMessage: 'Card is used for auto-renewal and cannot be deleted',
    description:
      "Shown in an error toast when the server refuses a request with error code 1021: deleting a saved card that pays the subscription's automatic renewal.",
  },
  '1022': {
    id: 'error.1022',
    defaultMessage: 'Failed to delete card',
    description: 'Shown in an error toast when the server refuses a request with error code 1022: a saved card could not be deleted.',
  },
  '1030': {
    id: 'error.1030',
    defaultMessage: 'Exchange rate conversion not supported',
    description: 'Shown in an error toast when the server refuses a request with error code 1030: the price cannot be converted into the payment currency.',
  },
  '1040': {
    id: 'error.1040',
    defaultMessage: 'Payment information not found',
    description: 'Shown in an error toast when the server refuses a request with error code 1040: the payment being looked up does not exist.',
  },
  '2002': {
    id: 'error.2002',
    defaultMessage: 'Billing card could not be updated',
    description: 'Payment error code 2002: changing the card used for auto-renewal billing failed.',
  },
  '2003': {
    id: 'error.2003',
    defaultMessage: 'Payment failed',
    description: 'Payment error code 2003: the payment did not go through.',
  },
  '5003': {
    id: 'error.5003',
    defaultMessage: 'Country not supported',
    description: "Error code 5003: payments are not accepted from the user's country.",
  },
  '5015': {
    id: 'error.5015',
    defaultMessage: 'Card rejected by the bank',
    description: 'Payment error code 5015: the issuing bank declined the card.',
  },
  '-2511': {
    id: 'error.-2511',
    defaultMessage: 'Saved card not found',
    description: 'Shown in an error toast when the server refuses a request with error code -2511: the saved card chosen for payment no longer exists.',
  },
  '-2502': {
    id: 'error.-2502',
    defaultMessage: 'Payment method not supported',
    description:
      'Shown in an error toast when the server refuses a request with error code -2502: the chosen payment method (card, PIX, slip...) is not offered.',
  },
  '-2400': {
    id: 'error.-2400',
    defaultMessage: 'Invalid card parameters',
    description: 'Shown in an error toast when the server refuses a request with error code -2400: the card data sent for payment is incomplete or wrong.',
  },
  '-2408': {
    id: 'error.-2408',
    defaultMessage: 'Currency not supported',
    description: 'Shown in an error toast when the server refuses a request with error code -2408: the payment currency is not accepted.',
  },
  '-2602': {
    id: 'error.-2602',
    defaultMessage: 'No receiving account available',
    description: 'Shown in an error toast when the server refuses a request with error code -2602: there is no merchant account to receive this payment.',
  },
  '-2500': {
    id: 'error.-2500',
    defaultMessage: 'Reset your password before buying',
    description:
      'Shown in an error toast when the server refuses a request with error code -2500: after a system upgrade this account must set a new password before it can buy.',
  },

  // --- Orders, renewal, coupons and other -------------------------------------------------------
  '1000': {
    id: 'error.1000',
    defaultMessage: 'Failed to save order',
    description: 'Shown in an error toast when the server refuses a request with error code 1000: the order could not be created or saved.',
  },
  '1001': {
    id: 'error.1001',
    defaultMessage: 'Order not found',
    description: 'Shown in an error toast when the server refuses a request with error code 1001: the order does not exist.',
  },
  '1003': {
    id: 'error.1003',
    defaultMessage: 'Unable to remove code',
    description: 'Shown in an error toast when the server refuses a request with error code 1003: the discount code could not be removed from the order.',
  },
  '1300': {
    id: 'error.1300',
    defaultMessage: 'No items in the order',
    description: 'Shown in an error toast when the server refuses a request with error code 1300: the order has no plan in it.',
  },
  '2000': {
    id: 'error.2000',
    defaultMessage: 'Server error',
    description: 'Shown in an error toast when the server refuses a request with error code 2000 (also 2001, 2005, 2006): generic server failure.',
  },
  '2001': {
    id: 'error.2001',
    defaultMessage: 'Server error',
    description: 'Shown in an error toast when the server refuses a request with error code 2001 (also 2000, 2005, 2006): generic server failure.',
  },
  '2005': {
    id: 'error.2005',
    defaultMessage: 'Server error',
    description: 'Shown in an error toast when the server refuses a request with error code 2005 (also 2000, 2001, 2006): generic server failure.',
  },
  '2006': {
    id: 'error.2006',
    defaultMessage: 'Server error',
    description: 'Shown in an error toast when the server refuses a request with error code 2006 (also 2000, 2001, 2005): generic server failure.',
  },
  '5000': {
    id: 'error.5000',
    defaultMessage: 'Invalid request',
    description: 'Error code 5000: the request was malformed or missing fields.',
  },
  '5008': {
    id: 'error.5008',
    defaultMessage: 'System error',
    description: 'Error code 5008: generic system failure.',
  },
  '-2499': {
    id: 'error.-2499',
    defaultMessage: 'System internal error',
    description: 'Shown in an error toast when the server refuses a request with error code -2499: unexpected internal failure of the server.',
  },
  '-1112': {
    id: 'error.-1112',
    defaultMessage: 'Server error',
    description: 'Error message for server error code -1112; the session is reset after it is shown.',
  },
  '-2223': {
    id: 'error.-2223',
    defaultMessage: 'Tenant information error',
    description:
      'Shown in an error toast when the server refuses a request with error code -2223: the data of the tenant (the TV operator or brand running this portal) is wrong or missing.',
  },
  '6201': {
    id: 'error.6201',
    defaultMessage: 'Auto-renewal info not found',
    description: "Shown in an error toast when the server refuses a request with error code 6201: the subscription's automatic renewal settings do not exist.",
  },
  '6202': {
    id: 'error.6202',
    defaultMessage: 'Auto-renewal expired',
    description: "Shown in an error toast when the server refuses a request with error code 6202: the subscription's automatic renewal has expired.",
  },
  '6204': {
    id: 'error.6204',
    defaultMessage: 'Already cancelled',
    description:
      'Shown in an error toast when the server refuses a request with error code 6204: the automatic renewal (feminine in pt/es: "renovação"/"renovación") was already cancelled.',
  },
  '6206': {
    id: 'error.6206',
    defaultMessage: 'Card unavailable',
    description: 'Shown in an error toast when the server refuses a request with error code 6206: the card used for automatic renewal cannot be used.',
  },
  '6207': {
    id: 'error.6207',
    defaultMessage: 'Renewing, cancellation temporarily unavailable',
    description:
      'Shown in an error toast when the server refuses a request with error code 6207: a renewal payment is in progress, so auto-renewal cannot be cancelled right now.',
  },
  '6699': {
    id: 'error.6699',
    defaultMessage: 'Invalid UID',
    description: 'Shown in an error toast when the server refuses a request with error code 6699: the user identifier (UID) is not valid. Keep "UID" as is.',
  },
  '9000': {
    id: 'error.9000',
    defaultMessage: 'Unavailable code',
    description: 'Shown in an error toast when the server refuses a request with error code 9000: the discount code cannot be used.',
  },
  '9001': {
    id: 'error.9001',
    defaultMessage: 'Invalid coupon',
    description: 'Shown in an error toast when the server refuses a request with error code 9001 (also 9002): the discount coupon is not valid.',
  },
  '9002': {
    id: 'error.9002',
    defaultMessage: 'Invalid coupon',
    description: 'Shown in an error toast when the server refuses a request with error code 9002 (also 9001): the discount coupon is not valid.',
  },
  '9003': {
    id: 'error.9003',
    defaultMessage: 'Coupon reached maximum uses',
    description: 'Shown in an error toast when the server refuses a request with error code 9003: the discount coupon has been used as many times as allowed.',
  },
  '9004': {
    id: 'error.9004',
    defaultMessage: 'This code is already used by another unpaid order',
    description:
      'The discount code is held by another open order of the same account; the app offers to unbind it (cancelling that order). Not in the spec catalogue: chosen by the project (docs/decisions/008).',
  },
  '8001': {
    id: 'error.8001',
    defaultMessage: 'This recording was not found. It may have been deleted already.',
    description:
      "My cloud: the recording to delete is not one of the account's (gone, expired or never existed). Not in the spec catalogue: chosen by the project (docs/decisions/023).",
  },
  '8101': {
    id: 'error.8101',
    defaultMessage: 'This device is no longer signed in to your account.',
    description:
      "Account page, device list: the log-in to sign out is not a running one of this account (it was signed out meanwhile, or is another account's). Not in the spec catalogue: chosen by the project (docs/decisions/054).",
  },
  '8501': {
    id: 'error.8501',
    defaultMessage: 'This order has no chargeback.',
    description:
      "Order page: the order's payment was never disputed with the card holder's bank, so there is no chargeback to show. Not in the spec catalogue: chosen by the project (docs/decisions/059).",
  },
  '8601': {
    id: 'error.8601',
    defaultMessage: 'Only a monthly plan can renew by PIX Automático.',
    description:
      'PIX Automático, account page: the plan to renew is not a monthly plan with auto-renewal. Not in the spec catalogue: chosen by the project (docs/decisions/060).',
  },
  '8602': {
    id: 'error.8602',
    defaultMessage: 'PIX Automático already renews your plan.',
    description:
      'PIX Automático, account page: an approved authorisation already renews this account. Not in the spec catalogue: chosen by the project (docs/decisions/060).',
  },
  '8603': {
    id: 'error.8603',
    defaultMessage: 'You have no PIX Automático authorisation.',
    description:
      'PIX Automático, account page: the account never started an authorisation. Not in the spec catalogue: chosen by the project (docs/decisions/060).',
  },
  '8604': {
    id: 'error.8604',
    defaultMessage: 'Add an email to your account for the receipts before setting up PIX Automático.',
    description:
      'PIX Automático, account page: a phone account without an email cannot get the monthly receipts. Not in the spec catalogue: chosen by the project (docs/decisions/060).',
  },
  '8605': {
    id: 'error.8605',
    defaultMessage: 'This PIX Automático authorisation has already ended.',
    description:
      'PIX Automático, account page: cancelling an authorisation already cancelled, rejected or expired. Not in the spec catalogue: chosen by the project (docs/decisions/060).',
  },
  '8701': {
    id: 'error.8701',
    defaultMessage: 'The password is not right. Your account was not deleted.',
    description:
      "Settings, delete my account: the password typed to confirm the deletion is wrong (the log-in's lockout counts it). Not in the spec catalogue: chosen by the project (docs/decisions/061).",
  },
  '8702': {
    id: 'error.8702',
    defaultMessage: 'Your account has no password yet. Set one with "Forgot password" (we send you a code), then delete the account with it.',
    description:
      'Settings, delete my account: the account signs in with Google, a code or the TV app and has no password to confirm the deletion with. Not in the spec catalogue: chosen by the project (docs/decisions/061).',
  },
  '8703': {
    id: 'error.8703',
    defaultMessage: 'An order is waiting for its payment. Pay or cancel it, or wait for it to expire, before deleting your account.',
    description:
      'Settings, delete my account: refused while an order awaits its payment (submitted, pending or being charged). Not in the spec catalogue: chosen by the project (docs/decisions/061).',
  },
  '8704': {
    id: 'error.8704',
    defaultMessage: 'A refund or chargeback is still open. You can delete your account once it is settled.',
    description:
      'Settings, delete my account: refused while a refund or chargeback of one of its orders is open. Not in the spec catalogue: chosen by the project (docs/decisions/061).',
  },
  '8301': {
    id: 'error.8301',
    defaultMessage: 'Tell us your reason in a few words.',
    description:
      "Account page, turning auto-renewal off: the reason 'Other' was chosen without writing it. Not in the spec catalogue: chosen by the project (docs/decisions/057).",
  },
  '8302': {
    id: 'error.8302',
    defaultMessage: 'This offer is no longer available.',
    description:
      'Account page, turning auto-renewal off: the retention offer accepted is not the one the site makes now (it changed, or an offer was already accepted this year). Not in the spec catalogue: chosen by the project (docs/decisions/057).',
  },
  '8401': {
    id: 'error.8401',
    defaultMessage: 'The 7 days to withdraw from this purchase have passed.',
    description:
      'Receipt page and orders list, withdrawing from a purchase: more than 7 days have passed since the payment was confirmed (CDC art. 49). Not in the spec catalogue: chosen by the project (docs/decisions/058).',
  },
  '8402': {
    id: 'error.8402',
    defaultMessage: 'This order cannot be withdrawn: it is not a paid purchase, or its refund is already under way.',
    description:
      'Withdrawing from a purchase: the order is not paid, is a renewal, or already has a refund pending or made. Not in the spec catalogue: chosen by the project (docs/decisions/058).',
  },
  '8403': {
    id: 'error.8403',
    defaultMessage: 'Check the bank account: a 3-digit bank code, a 4-digit branch and the account number with its check digit.',
    description:
      'Withdrawing from a purchase paid by boleto or transfer: the bank account to refund to is incomplete or malformed. Not in the spec catalogue: chosen by the project (docs/decisions/058).',
  },
  '8404': {
    id: 'error.8404',
    defaultMessage: 'The account holder’s CPF must be valid and be the CPF of whoever paid.',
    description:
      'Withdrawing from a purchase paid by boleto or transfer: the account holder’s CPF has a wrong check digit or is not the payer’s. Not in the spec catalogue: chosen by the project (docs/decisions/058).',
  },
  '8405': {
    id: 'error.8405',
    defaultMessage: 'Enter an address on the same network you paid on.',
    description:
      'Withdrawing from a purchase paid in crypto: the refund address is missing or not of the payment’s network. Not in the spec catalogue: chosen by the project (docs/decisions/058).',
  },
  '8406': {
    id: 'error.8406',
    defaultMessage: 'This refund can no longer be cancelled: it has already been made or refused.',
    description:
      'Cancelling a refund request: it is no longer pending (made, refused or cancelled meanwhile). Not in the spec catalogue: chosen by the project (docs/decisions/058).',
  },
  '8407': {
    id: 'error.8407',
    defaultMessage: 'This payment cannot be refunded here. Contact customer support to withdraw.',
    description:
      'Withdrawing from a purchase whose payment the portal cannot refund itself (its provider is off or does not refund). Not in the spec catalogue: chosen by the project (docs/decisions/058).',
  },
  '8201': {
    id: 'error.8201',
    defaultMessage: 'This is already your plan.',
    description:
      'Account page, change plan: the plan picked is the running plan itself. Not in the spec catalogue: chosen by the project (docs/decisions/056).',
  },
  '8202': {
    id: 'error.8202',
    defaultMessage: 'You have no running plan to change.',
    description:
      "Account page, change plan: the account's plan has ended (or it never had one), so there is nothing to change; buying a plan is the way. Not in the spec catalogue: chosen by the project (docs/decisions/056).",
  },
  '8203': {
    id: 'error.8203',
    defaultMessage: 'Auto-renewal is off: your plan just ends on its expiry date.',
    description:
      'Account page, change plan: a change at the next renewal needs auto-renewal on; without it the plan ends and the customer buys the new one after. Not in the spec catalogue: chosen by the project (docs/decisions/056).',
  },
  '8204': {
    id: 'error.8204',
    defaultMessage: 'Your remaining days were paid in different currencies. Please contact support.',
    description:
      'Account page, change plan: the unused periods that make the credit were paid in several currencies. Not in the spec catalogue: chosen by the project (docs/decisions/056).',
  },
  '8205': {
    id: 'error.8205',
    defaultMessage: 'There is no scheduled plan change to undo. It may have been applied already.',
    description:
      'Account page, scheduled plan change: nothing waits to be undone (the renewal applied it, or it was undone in another tab). Not in the spec catalogue: chosen by the project (docs/decisions/056).',
  },
  '8206': {
    id: 'error.8206',
    defaultMessage: 'Your unused days are worth more than this plan. Choose a longer one.',
    description:
      'Account page, change plan: the credit for the unused days would cover the whole new plan, and the rest would be lost. Not in the spec catalogue: chosen by the project (docs/decisions/056).',
  },
  '8207': {
    id: 'error.8207',
    defaultMessage: 'This upgrade no longer applies. See your plan on your account page.',
    description:
      "Payment page, an upgrade order: when it is paid, the running plan or the site's policy changed, so it can no longer be paid as an upgrade. Not in the spec catalogue: chosen by the project (docs/decisions/056).",
  },
  '8208': {
    id: 'error.8208',
    defaultMessage: 'A refund or chargeback of your plan is under way. You can change plan once it is settled.',
    description:
      'Account page, change plan, and the payment page of an upgrade: a refund or a chargeback of a paid order of the account is not settled yet, so the credit for the unused days could count days that go. Not in the spec catalogue: chosen by the project (docs/decisions/069).',
  },
  '8408': {
    id: 'error.8408',
    defaultMessage: 'Your bank has opened a chargeback of this payment. The card network decides it, so it cannot be withdrawn here.',
    description:
      'Receipt page and orders list, withdrawing from a purchase: the card holder disputed the payment with their bank, and the card network settles it. Not in the spec catalogue: chosen by the project (docs/decisions/069).',
  },
  '9991': {
    id: 'error.9991',
    defaultMessage: 'Coupon verification failed',
    description: 'Shown in an error toast when the server refuses a request with error code 9991: the discount coupon could not be checked.',
  },

  // --- Failures without a catalogued code ---------------------------------------------------------
  unknown: {
    id: 'error.unknown',
    defaultMessage: 'Something went wrong. Please try again.',
    description: 'Error toast for a server error code that is not in the catalogue.',
  },
  network: {
    id: 'error.network',
    defaultMessage: 'Network error. Check your connection and try again.',
    description: 'Error toast when a request could not reach the server (offline, DNS, connection reset).',
  },
  timeout: {
    id: 'error.timeout',
    defaultMessage: 'The server took too long to answer. Try again.',
    description: 'Error toast when a request got no answer within the 60-second timeout.',
  },
});

/** Standalone messages (spec sections 2, 6 and 8). */
export const messages = defineMessages({
  loginFailedRefresh: {
    id: 'message.loginFailedRefresh',
    defaultMessage: 'Log in failed. Refresh the page and try again.',
    description: 'Shown when logging in fails in a way the user can only fix by reloading the page.',
  },
  planNotAvailable: {
    id: 'message.planNotAvailable',
    defaultMessage: 'The selected plan is not available. Choose another plan.',
    description: 'Shown on the pricing table when the subscription plan the user picked cannot be bought.',
  },
  loginToContinue: {
    id: 'message.loginToContinue',
    defaultMessage: 'Log in to continue.',
    description: 'Shown when an anonymous visitor tries something that needs an account.',
  },
  sessionEnded: {
    id: 'message.sessionEnded',
    defaultMessage: 'Your session has ended. Log in again.',
    description: 'Warning shown together with error -24030, before the user is sent to the login page.',
  },
});

const byCode: ReadonlyMap<number, MessageDescriptor> = new Map(
  Object.entries(errorMessages)
    .filter(([key]) => /^-?\d+$/.test(key))
    .map(([key, descriptor]) => [Number(key), descriptor] as const),
);

/** Codes the project added beyond the spec's catalogue, each recorded in docs/decisions/. */
export const projectCodes: readonly number[] = Object.freeze([
  9004, 8001, 8101, 8201, 8202, 8203, 8204, 8205, 8206, 8207, 8301, 8302, 8208, 8401, 8402, 8403, 8404, 8405, 8406, 8407, 8408, 8501, 8601, 8602, 8603, 8604,
  8605, 8701, 8702, 8703, 8704,
]);

/** Every server error code of the spec's catalogue, in ascending order. */
export const catalogueCodes: readonly number[] = Object.freeze([...byCode.keys()].filter((c) => !projectCodes.includes(c)).sort((a, b) => a - b));

/** Whether `code` is one of the catalogue's server error codes. */
export function isCatalogued(code: number): boolean {
  return byCode.has(code);
}

/** The descriptor of a server error code, or `error.unknown` for codes not in the catalogue. */
export function errorMessageFor(code: number): MessageDescriptor {
  return byCode.get(code) ?? errorMessages.unknown;
}
