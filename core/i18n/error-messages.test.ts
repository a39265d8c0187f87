import { describe, expect, it } from 'vitest';
import { catalogueCodes, errorMessageFor, errorMessages, isCatalogued, type MessageDescriptor, messages } from './error-messages';
import { validationMessages } from './validation-messages';

// Spec section 8's three tables, copied here independently of the module so that a code dropped
// from (or added to) the catalogue fails this test. Each row: the row's codes and, where the spec
// gives one, its English text (null where the spec only summarises a range).
const specRows: ReadonlyArray<readonly [readonly number[], string | null]> = [
  // Account and login messages
  [[1, 2, 7], 'Account does not exist'],
  [[3], 'Incorrect password'],
  [[4, 12], 'Email cannot be empty'],
  [[5], 'Incorrect account format'],
  [[6, 13], 'Account already exists'],
  [[8], 'Incorrect email format'],
  [[9], 'Account not verified yet'],
  [[10], 'Verification code expired'],
  [[11], 'Incorrect verification code'],
  [[15, 29], 'Loading user info failed'],
  [[16], 'Loading account info failed'],
  [[17], 'Maximum failed attempts reached'],
  [[21], 'Invalid token'],
  [[28], 'Invalid account code'],
  [[32], 'Incorrect phone format'],
  [[105, 112], 'Account not available'],
  [[187], 'Email not available'],
  [[197], 'Account type not allowed to log in'],
  [[201, 203], 'Login failed, try again'],
  [[3001], 'Invalid credentials'],
  [[4000], 'Select your country code'],
  [[4596], 'Invalid username or password'],
  [[4597], 'Verification code has not been sent yet'],
  [[4598], 'Operation not supported'],
  [[7004], 'Login blocked'],
  [[10024], null], // account not found
  [[10025], null], // account in use
  [[10026], null], // reset error
  [[10027], null], // activation error
  [[10028], null], // email send error
  [[10029], null], // code error
  [[10302], 'Link no longer available'],
  [[10303], 'Email binding error'],
  [[-24010], 'Token has expired'],
  [[-24020], null],
  [[-24030], null],
  [[-24040], 'Service is busy'],
  [[-24050], null],
  [[-3031], 'Operation too frequent'],
  [[-3032], null],
  [[-3033], null],
  [[-3034], null],
  [[-3035], null],
  [[-3036], 'Configuration information error'],
  [[-3039], 'Login failed, refresh'],
  // Card and payment messages
  [[301], 'Card rejected'],
  [[302], 'Insufficient funds'],
  [[306, 312], 'Invalid card info'],
  [[309], 'Card expired'],
  [[314], 'Invalid card number'],
  [[315], 'Invalid security code'],
  [[1014], 'Incorrect card number'],
  [[1015], 'Payment error, refresh'],
  [[1020], 'Card ID or user mismatch'],
  [[1021], 'Card is used for auto-renewal and cannot be deleted'],
  [[1022], 'Failed to delete card'],
  [[1030], 'Exchange rate conversion not supported'],
  [[1040], 'Payment information not found'],
  [[2002], 'Billing card could not be updated'],
  [[2003], 'Payment failed'],
  [[5003], 'Country not supported'],
  [[5015], 'Card rejected by the bank'],
  [[-2511], 'Saved card not found'],
  [[-2502], 'Payment method not supported'],
  [[-2400], 'Invalid card parameters'],
  [[-2408], 'Currency not supported'],
  [[-2602], 'No receiving account available'],
  [[-2500], 'Reset your password before buying'],
  // Orders, renewal, coupons and other
  [[1000], 'Failed to save order'],
  [[1001], 'Order not found'],
  [[1003], 'Unable to remove code'],
  [[1300], 'No items in the order'],
  [[2000, 2001, 2005, 2006], 'Server error'],
  [[5000], 'Invalid request'],
  [[5008], 'System error'],
  [[-2499], 'System internal error'],
  [[-1112], 'Server error'],
  [[-2223], 'Tenant information error'],
  [[6201], 'Auto-renewal info not found'],
  [[6202], 'Auto-renewal expired'],
  [[6204], 'Already cancelled'],
  [[6206], 'Card unavailable'],
  [[6207], 'Renewing, cancellation temporarily unavailable'],
  [[6699], 'Invalid UID'],
  [[9000], 'Unavailable code'],
  [[9001, 9002], 'Invalid coupon'],
  [[9003], 'Coupon reached maximum uses'],
  [[9991], 'Coupon verification failed'],
];
const specCodes = specRows.flatMap(([codes]) => codes);

const allDescriptors: Array<[string, MessageDescriptor]> = [
  ...Object.entries(errorMessages),
  ...Object.entries(messages),
  ...Object.entries(validationMessages),
];

describe('error catalogue', () => {
  it('copies 100 distinct codes from the spec', () => {
    expect(new Set(specCodes).size).toBe(specCodes.length);
    expect(specCodes).toHaveLength(100);
  });

  it.each(specCodes)('has a message for code %i', (code) => {
    expect(isCatalogued(code)).toBe(true);
    const descriptor = errorMessageFor(code);
    expect(descriptor.id).toBe(`error.${code}`);
    expect(typeof descriptor.defaultMessage).toBe('string');
    expect(descriptor.defaultMessage).not.toBe('');
  });

  it('catalogues exactly the codes of the spec, in ascending order', () => {
    expect([...catalogueCodes].sort((a, b) => a - b)).toEqual([...catalogueCodes]);
    expect([...catalogueCodes].sort((a, b) => a - b)).toEqual([...specCodes].sort((a, b) => a - b));
  });

  it.each(specRows.filter(([, text]) => text !== null))('uses the spec English text for %j', (codes, text) => {
    for (const code of codes) expect(errorMessageFor(code).defaultMessage).toBe(text);
  });

  it('falls back to error.unknown for codes outside the catalogue', () => {
    for (const code of [0, -1, 99999, 6000, 6001, 2007, 1.5, Number.NaN]) {
      expect(isCatalogued(code)).toBe(false);
      expect(errorMessageFor(code)).toBe(errorMessages.unknown);
    }
    expect(errorMessages.unknown.id).toBe('error.unknown');
  });

  it('has the generic failures and standalone messages under their ids', () => {
    expect(errorMessages.network.id).toBe('error.network');
    expect(errorMessages.timeout.id).toBe('error.timeout');
    expect(messages.loginFailedRefresh.defaultMessage).toBe('Log in failed. Refresh the page and try again.');
    expect(messages.planNotAvailable.defaultMessage).toBe('The selected plan is not available. Choose another plan.');
    expect(messages.loginToContinue.defaultMessage).toBe('Log in to continue.');
    expect(messages.sessionEnded.id).toBe('message.sessionEnded');
  });

  it('has the validation messages of spec section 5', () => {
    expect(Object.fromEntries(Object.entries(validationMessages).map(([key, d]) => [key, d.id]))).toEqual(
      Object.fromEntries(
        [
          'passwordTooShort',
          'passwordsDoNotMatch',
          'required',
          'currentPasswordRequired',
          'newPasswordRequired',
          'codeRequired',
          'codeFormat',
          'invalidEmail',
          'invalidPhone',
          'termsRequired',
          'nicknameSpecialChars',
          'cardNumberInvalid',
          'cardExpiryInvalid',
          'cardCvcInvalid',
          'cpfDigitsOnly',
          'cpfInvalid',
          'areaCodeTooShort',
          'areaCodeTooLong',
          'areaCodeInvalid',
          'zipcodeIncorrect',
          'stateBeforeCity',
          'couponRequired',
          // Not the spec's: the proof-of-work captcha's button (docs/decisions/037).
          'captchaRequired',
        ].map((key) => [key, `validation.${key}`]),
      ),
    );
    expect(validationMessages.passwordTooShort.defaultMessage).toBe('Password must be at least 6 characters');
    expect(validationMessages.passwordsDoNotMatch.defaultMessage).toBe('Passwords do not match');
    expect(validationMessages.required.defaultMessage).toBe('Complete this field');
    expect(validationMessages.currentPasswordRequired.defaultMessage).toBe('Enter current password');
    expect(validationMessages.newPasswordRequired.defaultMessage).toBe('Enter new password');
    expect(validationMessages.codeRequired.defaultMessage).toBe('Verification code cannot be empty');
    expect(validationMessages.invalidEmail.defaultMessage).toBe('Invalid Email');
    expect(validationMessages.invalidPhone.defaultMessage).toBe('Invalid mobile number');
    expect(validationMessages.couponRequired.defaultMessage).toBe('Enter coupon code to continue');
  });

  it('gives every descriptor a unique explicit id, an English text and a description', () => {
    const ids = allDescriptors.map(([, d]) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [key, d] of allDescriptors) {
      expect(d.id, key).toMatch(/^(error|message|validation)\.[\w-]+$/);
      expect(typeof d.defaultMessage, key).toBe('string');
      expect(typeof d.description, key).toBe('string');
      expect((d.description as string).length, key).toBeGreaterThan(10);
    }
  });
});
