/**
 * Spec section 5's helper rules, as plain functions shared by the zod schemas, the machines and
 * (where the server checks the same thing) the reference server.
 */

/** Whitespace is removed from text fields as the user types. */
export const stripWhitespace = (value: string) => value.replace(/\s+/g, '');

/**
 * A number as people write it on documents, without its separators: "123.456.789-09",
 * "12.345.678/0001-95", "01310-100" (docs/decisions/040). Letters stay, for the form to refuse.
 */
export const stripSeparators = (value: string) => value.replace(/[\s.\-/]+/g, '');

/** Local part, @, dot-separated domain labels of at most 63 characters. */
const emailPattern = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
export const isEmail = (value: string) => value.length <= 254 && emailPattern.test(value);

export const isDigits = (value: string) => /^[0-9]+$/.test(value);

/**
 * The account field of log-in, sign-up and recovery as typed (spec section 5): without its
 * whitespace, an email when it holds an @, else phone digits.
 */
export function contactOf(typed: string): { kind: 'email' | 'phone'; account: string } {
  const account = stripWhitespace(typed);
  return { kind: account.includes('@') ? 'email' : 'phone', account };
}

/** The account and the area code typed beside it, as the API takes them: an area code goes with phone digits only. */
export function accountFields(typed: string, areaCode: string): { account: string; areaCode?: string } {
  const { kind, account } = contactOf(typed);
  return kind === 'email' || !areaCode ? { account } : { account, areaCode };
}

/** The account's email, where receipts and payment information go (spec section 7); none for a phone account. */
export const emailOfAccount = (account: string) => (contactOf(account).kind === 'email' ? account : '');

/** The contract's DiscountCode: a code of any other shape cannot exist, so it is never sent. */
export const discountCodePattern = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * A typed discount code without its whitespace when it has a code's shape, else undefined: the
 * catalogue's 9001 ("Invalid coupon"), said without asking the server, whose door would refuse
 * the whole valuation (spec section 4).
 */
export function shapedDiscountCode(typed: string): string | undefined {
  const code = stripWhitespace(typed);
  return discountCodePattern.test(code) ? code : undefined;
}

/**
 * A real name as people write it (docs/decisions/040): words of letters, marks and digits of any
 * script, joined by one space, hyphen or apostrophe ("Ana Silva", "Jean-Luc", "D'Ávila",
 * "O’Brien"). Every other special character stays refused (spec section 5): punctuation and
 * symbols, ASCII and full-width alike. The contract's Nickname pattern is the same expression.
 */
export const nicknamePattern = /^[\p{L}\p{M}\p{N}]+(?:[ '’-][\p{L}\p{M}\p{N}]+)*$/u;

/** A nickname as typed, as it is stored: composed (NFC), trimmed, each run of whitespace one space. */
export const normaliseNickname = (typed: string) => typed.normalize('NFC').trim().replace(/\s+/gu, ' ');

/**
 * A nickname built from free text (a Google profile name, an e-mail's local part): what the rule
 * refuses becomes a word break, and the name is cut at 32 characters without a dangling separator.
 */
export function nicknameFromText(text: string): string {
  const trimEnds = (s: string) => s.replace(/^[ '’-]+|[ '’-]+$/gu, '');
  const name = trimEnds(
    text
      .normalize('NFC')
      .replace(/[^\p{L}\p{M}\p{N} '’-]+/gu, ' ')
      .replace(/\s+/gu, ' ')
      .replace(/[ '’-]{2,}/gu, ' '),
  );
  return trimEnds(Array.from(name).slice(0, 32).join(''));
}

/**
 * A pattern from the site configuration (spec section 5: "if none are loaded, values are
 * accepted"). A pattern that does not compile counts as none rather than locking users out.
 */
export function matchesConfiguredRule(value: string, pattern: string | undefined | null): boolean {
  if (!pattern) return true;
  try {
    return new RegExp(pattern).test(value);
  } catch {
    return true;
  }
}

/** Luhn's check digit, for card numbers. */
export function passesLuhn(digits: string): boolean {
  if (!isDigits(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A card's expiry month is still running (cards expire at the end of their month). */
export function isExpiryValid(month: number, year: number, now: Date): boolean {
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) return false;
  const fullYear = year < 100 ? 2000 + year : year;
  const endOfMonth = Date.UTC(fullYear, month, 1);
  return endOfMonth > now.getTime() && fullYear <= now.getUTCFullYear() + 20;
}

const cpfCheck = (digits: number[], weightStart: number) => {
  const sum = digits.reduce((acc, d, i) => acc + d * (weightStart - i), 0);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
};

/** A Brazilian CPF (11 digits) with both check digits right, and not a run of one digit. */
export function isCpf(value: string): boolean {
  if (!/^[0-9]{11}$/.test(value) || /^(\d)\1{10}$/.test(value)) return false;
  const d = [...value].map(Number);
  return cpfCheck(d.slice(0, 9), 10) === d[9] && cpfCheck(d.slice(0, 10), 11) === d[10];
}

/** A Brazilian CNPJ (14 digits) with both check digits right. */
export function isCnpj(value: string): boolean {
  if (!/^[0-9]{14}$/.test(value) || /^(\d)\1{13}$/.test(value)) return false;
  const d = [...value].map(Number);
  const check = (n: number) => {
    const weights = n === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = weights.reduce((acc, w, i) => acc + w * d[i]!, 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  return check(12) === d[12] && check(13) === d[13];
}

/** `12345678909` → `123.456.789-09`; `11222333000181` → `11.222.333/0001-81`; else as given. */
export function formatTaxId(digits: string): string {
  if (/^\d{11}$/.test(digits)) return digits.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  if (/^\d{14}$/.test(digits)) return digits.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
  return digits;
}

/** A Brazilian CEP: 8 digits, not all zeros. */
export const isZipcode = (value: string) => /^[0-9]{8}$/.test(value) && value !== '00000000';
