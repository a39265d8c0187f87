import { sandboxCards, type SandboxCardOutcome } from '../../core/config/sandbox-cards';
import { passesLuhn } from '../../core/validation/helpers';

/**
 * The sandbox card network: the widely known Stripe test numbers give each outcome, so testers'
 * habits carry over. The full number and security code are used here and never stored or logged;
 * what leaves is a token, the brand, the last 4 digits, the expiry and the holder.
 */
export type CardOutcome = SandboxCardOutcome;
export { sandboxCards };

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'elo' | 'hipercard' | 'diners' | 'discover' | 'unknown';

const eloPrefixes = [
  '401178',
  '401179',
  '431274',
  '438935',
  '451416',
  '457393',
  '457631',
  '457632',
  '504175',
  '506699',
  '5067',
  '509',
  '627780',
  '636297',
  '636368',
  '650',
  '6516',
  '6550',
];

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
