/**
 * The rules and limits beside each flow's chart in the atlas (docs/flows/index.html): every figure
 * is read from the constant the server enforces, never retyped, and each rule names that constant,
 * so a change to a limit changes the page (tests/flows-atlas-committed.test.ts holds it to the
 * code). Keyed by machine id; a flow with no entry shows its refusals only.
 */
import { EMAIL_LINK_HOURS } from '../core/config/email-links';
import { WITHDRAWAL_WINDOW_MS } from '../core/config/withdrawal';
import { CodePolicy } from '../server/auth/codes';
import { LockoutPolicy } from '../server/auth/lockout';
import { TRANSFER_WINDOW_MS } from '../server/payments/bank-transfer-provider';
import { BOLETO_VALID_DAYS } from '../server/payments/boleto-provider';
import { SDK_TOKEN_TTL_MS } from '../server/payments/card-sdk-token';
import { CRYPTO_QUOTE_TTL_MS } from '../server/payments/crypto-provider';
import { EWALLET_TTL_MS } from '../server/payments/ewallet-provider';
import { MOBILE_MONEY_OTP_TTL_MS } from '../server/payments/mobile-money-provider';
import { PAYPAL_APPROVAL_TTL_MS } from '../server/payments/paypal-provider';
import { PIX_TTL_MS } from '../server/payments/pix-provider';

export interface FlowRule {
  /** The rule in the owner's words, with its figures. */
  text: string;
  /** Where the figure lives: `file · constant`. */
  source: string;
}

/** A duration in the largest unit that divides it: `30 minutes`, `4 hours`, `7 days`. */
export function duration(ms: number): string {
  const units: Array<[number, string]> = [
    [86_400_000, 'day'],
    [3_600_000, 'hour'],
    [60_000, 'minute'],
    [1000, 'second'],
  ];
  for (const [size, name] of units) if (ms % size === 0 && ms >= size) return `${ms / size} ${name}${ms / size === 1 ? '' : 's'}`;
  return `${ms} ms`;
}

const LOCKOUT = 'server/auth/lockout.ts · LockoutPolicy';
const CODES = 'server/auth/codes.ts · CodePolicy';

const codeRules = (purpose: string): FlowRule[] => [
  {
    text: `A ${purpose} code has ${CodePolicy.digits} digits, works for ${duration(CodePolicy.ttlMs)}, once, and is burned after ${CodePolicy.maxGuesses} wrong guesses (refusal 10); only the newest code sent works.`,
    source: `${CODES}.digits, .ttlMs, .maxGuesses`,
  },
  {
    text: `At most ${CodePolicy.dailyCap} codes a day per account, all purposes together; from the ${CodePolicy.captchaAfterPerHour + 1}th within an hour, a captcha first.`,
    source: `${CODES}.dailyCap, .captchaAfterPerHour`,
  },
  {
    text: `Another code can be asked for when the countdown ends: the site's, never under ${CodePolicy.minCountdownSeconds} seconds.`,
    source: `${CODES}.minCountdownSeconds`,
  },
];

const lockoutRules: FlowRule[] = [
  {
    text: `${LockoutPolicy.threshold} wrong passwords or codes within ${duration(LockoutPolicy.windowMs)} lock the account (refusal 17).`,
    source: `${LOCKOUT}.threshold, .windowMs`,
  },
  {
    text: `The first lock lasts ${duration(LockoutPolicy.baseLockMs)}; each further one within ${duration(LockoutPolicy.escalationWindowMs)} lasts twice as long as the one before, at most ${duration(LockoutPolicy.maxLockMs)}. For ${duration(LockoutPolicy.escalationWindowMs)} after a lock, once a try fails, each next try needs a captcha.`,
    source: `${LOCKOUT}.baseLockMs, .escalationWindowMs, .maxLockMs`,
  },
];

const paymentRules: FlowRule[] = [
  {
    text: `A PIX code can be paid for ${duration(PIX_TTL_MS)}; after that the order is not paid by it.`,
    source: 'server/payments/pix-provider.ts · PIX_TTL_MS',
  },
  { text: `A payment slip (boleto) is due ${BOLETO_VALID_DAYS} days after it is issued.`, source: 'server/payments/boleto-provider.ts · BOLETO_VALID_DAYS' },
  { text: `A bank transfer is awaited for ${duration(TRANSFER_WINDOW_MS)}.`, source: 'server/payments/bank-transfer-provider.ts · TRANSFER_WINDOW_MS' },
  {
    text: `PayPal's approval page waits ${duration(PAYPAL_APPROVAL_TTL_MS)} for the customer.`,
    source: 'server/payments/paypal-provider.ts · PAYPAL_APPROVAL_TTL_MS',
  },
  { text: `An e-wallet payment page waits ${duration(EWALLET_TTL_MS)}.`, source: 'server/payments/ewallet-provider.ts · EWALLET_TTL_MS' },
  { text: `A crypto quote holds its rate for ${duration(CRYPTO_QUOTE_TTL_MS)}.`, source: 'server/payments/crypto-provider.ts · CRYPTO_QUOTE_TTL_MS' },
  {
    text: `A mobile-money confirmation code works for ${duration(MOBILE_MONEY_OTP_TTL_MS)}.`,
    source: 'server/payments/mobile-money-provider.ts · MOBILE_MONEY_OTP_TTL_MS',
  },
  { text: `A card's token from the card form works for ${duration(SDK_TOKEN_TTL_MS)}.`, source: 'server/payments/card-sdk-token.ts · SDK_TOKEN_TTL_MS' },
  {
    text: 'Each method asks for its own details (below, method by method); the order is created only once they are filled in.',
    source: 'server/billing/payment-checks.ts · required_fields',
  },
];

const withdrawalRules: FlowRule[] = [
  {
    text: `A purchase, an upgrade included, can be withdrawn within ${duration(WITHDRAWAL_WINDOW_MS)} of its payment's confirmation, in full; not while a chargeback of it is open (8408).`,
    source: 'core/config/withdrawal.ts · WITHDRAWAL_WINDOW_MS',
  },
];

/** Each flow's rules and limits, by machine id. */
export const flowRules: Readonly<Record<string, readonly FlowRule[]>> = {
  login: [...lockoutRules, ...codeRules('log-in')],
  passwordRecovery: [...codeRules('password-reset'), ...lockoutRules.slice(0, 1)],
  signup: [{ text: `The confirmation link in the e-mail works for ${EMAIL_LINK_HOURS} hours.`, source: 'core/config/email-links.ts · EMAIL_LINK_HOURS' }],
  checkout: paymentRules,
  repay: paymentRules,
  payment: paymentRules,
  withdrawal: withdrawalRules,
};
