import { passesLuhn } from '../../src/validation/helpers';

/**
 * The sandbox card network: the widely known Stripe test numbers give each outcome, so testers'
 * habits carry over. The full number and security code are used here and never stored or logged;
 * what leaves is a token, the brand, the last 4 digits, the expiry and the holder.
 */
export type CardOutcome =
  | { kind: 'approved' }
  | { kind: 'declined'; errCode: 301 | 302 | 306 | 309 | 312 | 314 | 315 | 5015 }
  /** Approved by the network, but its answer never reaches the portal (a timeout): reconciliation finds it. */
  | { kind: 'answer_lost' };

export interface SandboxCard {
  number: string;
  outcome: CardOutcome;
  /** What the payment page lists in sandbox mode, in English (the page translates its own labels). */
  label: string;
}

export const sandboxCards: readonly SandboxCard[] = [
  { number: '4242424242424242', outcome: { kind: 'approved' }, label: 'Visa: payment succeeds' },
  { number: '5555555555554444', outcome: { kind: 'approved' }, label: 'Mastercard: payment succeeds' },
  { number: '4000000000000002', outcome: { kind: 'declined', errCode: 301 }, label: 'Card rejected' },
  { number: '4000000000009995', outcome: { kind: 'declined', errCode: 302 }, label: 'Insufficient funds' },
  { number: '4000000000000069', outcome: { kind: 'declined', errCode: 309 }, label: 'Card expired' },
  { number: '4000000000000127', outcome: { kind: 'declined', errCode: 315 }, label: 'Invalid security code' },
  // Stripe's "processing error" number stands for the issuing bank refusing the charge.
  { number: '4000000000000119', outcome: { kind: 'declined', errCode: 5015 }, label: 'Rejected by the bank' },
  // The sandbox's own: the network charges the card, then the answer times out on the way back.
  { number: '4000000000001117', outcome: { kind: 'answer_lost' }, label: 'Charged, but the answer is lost: the order is reconciled a minute later' },
];

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'elo' | 'hipercard' | 'diners' | 'discover' | 'unknown';

const eloPrefixes = ['401178', '401179', '431274', '438935', '451416', '457393', '457631', '457632', '504175', '506699', '5067', '509', '627780', '636297', '636368', '650', '6516', '6550'];

export function cardBrand(number: string): CardBrand {
  if (eloPrefixes.some((p) => number.startsWith(p))) return 'elo';
  if (/^(606282|3841)/.test(number)) return 'hipercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^3(0[0-5]|[68])/.test(number)) return 'diners';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]|[3-6]|7[01]|720))/.test(number)) return 'mastercard';
  if (/^4/.test(number)) return 'visa';
  return 'unknown';
}

/**
 * What the sandbox network answers for a charge attempt. A number failing Luhn is 314 (invalid
 * number); a number the sandbox does not know is approved, as test networks do, unless its expiry
 * has passed (309) or its security code is not 3 digits (4 for Amex) (315).
 */
export function authorize(card: { number: string; cvc: string; expMonth: number; expYear: number }, now: Date): CardOutcome {
  const number = card.number.replace(/\s+/g, '');
  if (!/^\d{12,19}$/.test(number) || !passesLuhn(number)) return { kind: 'declined', errCode: 314 };
  const known = sandboxCards.find((c) => c.number === number);
  if (known) return known.outcome;
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (Date.UTC(year, card.expMonth, 1) <= now.getTime()) return { kind: 'declined', errCode: 309 };
  const cvcLength = cardBrand(number) === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) return { kind: 'declined', errCode: 315 };
  return { kind: 'approved' };
}
