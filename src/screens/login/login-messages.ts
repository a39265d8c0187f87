import { defineMessage, defineMessages } from 'react-intl';

export const m = defineMessages({
  title: { id: 'login.title', defaultMessage: 'Log in', description: 'Title of the login page' },
  tabs: { id: 'login.tabs', defaultMessage: 'Ways to log in', description: 'Accessible name of the login tabs' },
  emailTab: { id: 'login.emailTab', defaultMessage: 'Phone or email', description: 'Tab: log in with a phone or email and a password' },
  codeTab: { id: 'login.codeTab', defaultMessage: 'Fast login', description: 'Tab: log in with a code sent by email or SMS' },
  account: { id: 'login.account', defaultMessage: 'Email or phone number', description: 'Label of the account field' },
  areaCode: { id: 'login.areaCode', defaultMessage: 'Country code (phone numbers only)', description: 'Label of the phone country code field, e.g. 55' },
  password: { id: 'login.password', defaultMessage: 'Password', description: 'Label of the password field' },
  submit: { id: 'login.submit', defaultMessage: 'Log in', description: 'Button that logs in with the password' },
  sendCode: { id: 'login.sendCode', defaultMessage: 'Send me a code', description: 'Button that sends a 4-digit login code' },
  codeHint: {
    id: 'login.codeHint',
    defaultMessage: 'We send a 4-digit code to your email, or by SMS to your phone.',
    description: 'Explains the fast-login tab',
  },
  codeDialogTitle: { id: 'login.codeDialogTitle', defaultMessage: 'Enter your code', description: 'Title of the 4-digit code dialog' },
  code: { id: 'login.code', defaultMessage: '4-digit code', description: 'Label of the code field' },
  confirmCode: { id: 'login.confirmCode', defaultMessage: 'Confirm', description: 'Button that logs in with the code' },
  resend: { id: 'login.resend', defaultMessage: 'Send a new code', description: 'Button that sends another code' },
  close: { id: 'login.close', defaultMessage: 'Close', description: 'Button that closes the code dialog' },
  google: { id: 'login.google', defaultMessage: 'Or continue with Google', description: 'Heading above the Google sign-in button' },
  starting: { id: 'login.starting', defaultMessage: 'Logging you in…', description: 'Shown while the login page starts or logs in with a token' },
  notVerified: {
    id: 'login.notVerified',
    defaultMessage: 'Your account is not confirmed yet. Follow the link in the confirmation email, or ask for a new one.',
    description: 'Shown when the account is not confirmed (error 9)',
  },
  resendConfirmation: { id: 'login.resendConfirmation', defaultMessage: 'Send the confirmation again', description: 'Link to the resend-confirmation page' },
  locked: {
    id: 'login.locked',
    defaultMessage: 'Too many failed attempts. Your account is locked for a while; try again later or reset your password.',
    description: 'Shown when the account is locked (error 17)',
  },
  typeNotAllowed: {
    id: 'login.typeNotAllowed',
    defaultMessage: 'This type of account cannot log in here. If you think it should, our support team can help.',
    description: 'Shown when the account type is not allowed to log in to the portal (error 197)',
  },
  blocked: {
    id: 'login.blockedAccount',
    defaultMessage: 'Login blocked: this account is blocked and cannot log in. Our support team can tell you why and unblock it.',
    description: 'Shown when the account is blocked (error 7004)',
  },
  contactSupport: { id: 'login.contactSupport', defaultMessage: 'Contact support', description: 'Link from a login notice to the help page' },
  back: { id: 'login.back', defaultMessage: 'Back to log-in', description: 'Button that closes a login notice' },
  register: { id: 'login.register', defaultMessage: 'Create an account', description: 'Link to the sign-up page' },
  forgot: { id: 'login.forgot', defaultMessage: 'Forgot your password?', description: 'Link to password recovery' },
});

export const resendWait = defineMessage<{ readonly seconds: number }>({
  id: 'login.resendWait',
  defaultMessage: 'You can ask for a new code in {seconds, plural, one {# second} other {# seconds}}.',
  description: 'Shown while the resend countdown runs',
});

/** What the login page says when another page sent the customer there (`?reason=`). */
export const reasonMessages = defineMessages({
  signedOut: { id: 'login.reason.signedOut', defaultMessage: 'You logged out. See you soon!', description: 'Shown on the login page after logging out' },
  passwordChanged: {
    id: 'login.reason.passwordChanged',
    defaultMessage: 'Your password was changed. Log in with the new one.',
    description: 'Shown on the login page after a new password was set by password recovery',
  },
});
