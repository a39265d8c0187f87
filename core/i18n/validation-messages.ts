// The form validation messages (spec sections 2, 5 and 6), as react-intl message descriptors with
// explicit ids, `validation.*`. Apart from the error catalogue (core/i18n/error-messages.ts), which
// every page's start reaches: only the screens with forms load these, and with them their texts
// (scripts/i18n-split.ts, docs/decisions/067). Pure data, like the catalogue.

import { defineMessages } from './error-messages';

/** Form validation messages (spec section 5). */
export const validationMessages = defineMessages({
  passwordTooShort: {
    id: 'validation.passwordTooShort',
    defaultMessage: 'Password must be at least 6 characters',
    description: 'Form error under a password field: fewer than 6 characters.',
  },
  passwordsDoNotMatch: {
    id: 'validation.passwordsDoNotMatch',
    defaultMessage: 'Passwords do not match',
    description: 'Form error under the confirm-password field: it differs from the new password.',
  },
  required: {
    id: 'validation.required',
    defaultMessage: 'Complete this field',
    description: 'Form error under any required field left empty.',
  },
  currentPasswordRequired: {
    id: 'validation.currentPasswordRequired',
    defaultMessage: 'Enter current password',
    description: 'Change-password form: the current password field is empty.',
  },
  newPasswordRequired: {
    id: 'validation.newPasswordRequired',
    defaultMessage: 'Enter new password',
    description: 'Change- or reset-password form: the new password field is empty.',
  },
  codeRequired: {
    id: 'validation.codeRequired',
    defaultMessage: 'Verification code cannot be empty',
    description: 'Form error: the verification code field (code sent by email or SMS) is empty.',
  },
  codeFormat: {
    id: 'validation.codeFormat',
    defaultMessage: 'Enter the 4-digit code',
    description: 'Form error: the verification code must be exactly 4 digits.',
  },
  invalidEmail: {
    id: 'validation.invalidEmail',
    defaultMessage: 'Invalid Email',
    description: 'Form error: the email address does not match the site rule.',
  },
  invalidPhone: {
    id: 'validation.invalidPhone',
    defaultMessage: 'Invalid mobile number',
    description: 'Form error: the mobile phone number does not match the site rule.',
  },
  termsRequired: {
    id: 'validation.termsRequired',
    defaultMessage: 'Accept the Terms of Use and Privacy Policy to continue',
    description: 'Sign-up form: the terms and privacy policy checkbox is not ticked.',
  },
  captchaRequired: {
    id: 'validation.captchaRequired',
    defaultMessage: 'Verify that you are not a robot first',
    description: 'Form error under the anti-robot check: the form was sent before the check ran.',
  },
  nicknameSpecialChars: {
    id: 'validation.nicknameSpecialChars',
    defaultMessage: 'Nickname cannot contain special characters',
    description: 'Form error: the nickname contains punctuation or symbols.',
  },
  cardNumberInvalid: {
    id: 'validation.cardNumberInvalid',
    defaultMessage: 'Invalid card number',
    description: 'Card form: the card number is not valid.',
  },
  cardExpiryInvalid: {
    id: 'validation.cardExpiryInvalid',
    defaultMessage: 'Invalid expiration date',
    description: "Card form: the card's expiry date (month/year) is not valid.",
  },
  cardCvcInvalid: {
    id: 'validation.cardCvcInvalid',
    defaultMessage: 'Invalid security code',
    description: 'Card form: the security code (CVV/CVC) is not valid.',
  },
  cpfDigitsOnly: {
    id: 'validation.cpfDigitsOnly',
    defaultMessage: 'Enter digits only, without dots or spaces',
    description: 'Payment form, CPF/CNPJ field (Brazilian taxpayer number): only digits are allowed.',
  },
  cpfInvalid: {
    id: 'validation.cpfInvalid',
    defaultMessage: 'Invalid CPF/CNPJ',
    description: 'Payment form: the CPF/CNPJ (Brazilian taxpayer number) is not valid. Keep "CPF/CNPJ" as is.',
  },
  areaCodeTooShort: {
    id: 'validation.areaCodeTooShort',
    defaultMessage: 'Area code is too short',
    description: 'Payment form, phone with area code: the area code has too few digits.',
  },
  areaCodeTooLong: {
    id: 'validation.areaCodeTooLong',
    defaultMessage: 'Area code is too long',
    description: 'Payment form, phone with area code: the area code has too many digits.',
  },
  areaCodeInvalid: {
    id: 'validation.areaCodeInvalid',
    defaultMessage: 'Invalid area code',
    description: 'Payment form, phone with area code: the area code is missing or not valid.',
  },
  zipcodeIncorrect: {
    id: 'validation.zipcodeIncorrect',
    defaultMessage: 'Incorrect ZIP code',
    description: 'Payment form: the postal code is wrong (in Brazil, the CEP).',
  },
  stateBeforeCity: {
    id: 'validation.stateBeforeCity',
    defaultMessage: 'Select a state before choosing a city',
    description: 'Payment form: the user opened the city list before choosing a state.',
  },
  couponRequired: {
    id: 'validation.couponRequired',
    defaultMessage: 'Enter coupon code to continue',
    description: 'Coupon field: the user submitted without a discount code.',
  },
});
