/**
 * The "boleto bancário" payment slip as FEBRABAN lays it out: a 44-digit barcode and the
 * 47-digit digitable line printed above it, with mod-10 check digits per field, a mod-11
 * general check digit, and the due-date factor (days since 1997-10-07, which rolled over from
 * 9999 back to 1000 on 2025-02-22).
 */

const DAY_MS = 86_400_000;
const FACTOR_BASE = Date.UTC(1997, 9, 7);

/** Due-date factor of a date (UTC day), in 1000..9999 with the 2025 rollover. */
export function dueDateFactor(due: Date): string {
  const days = Math.floor((Date.UTC(due.getUTCFullYear(), due.getUTCMonth(), due.getUTCDate()) - FACTOR_BASE) / DAY_MS);
  if (days < 1000) throw new Error('due date before the factor range');
  return String(((days - 1000) % 9000) + 1000);
}

/** Mod 10 with weights 2,1,2,1… from the right; products above 9 add their digits. */
export function mod10(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let p = Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 2 : 1);
    if (p > 9) p = Math.floor(p / 10) + (p % 10);
    sum += p;
  }
  return (10 - (sum % 10)) % 10;
}

/** The barcode's general check digit: mod 11, weights 2..9 from the right; 0, 10 and 11 become 1. */
export function mod11(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * ((i % 8) + 2);
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

export interface BoletoInput {
  /** The issuing bank's 3-digit code (001 Banco do Brasil, 237 Bradesco, 341 Itaú…). */
  bankCode: string;
  amountMinor: number;
  due: Date;
  /** The bank's 25-digit free field (agreement, our number, agency/account…). */
  freeField: string;
}

export interface Boleto {
  barcode: string;
  digitableLine: string;
}

export function buildBoleto({ bankCode, amountMinor, due, freeField }: BoletoInput): Boleto {
  if (!/^\d{3}$/.test(bankCode)) throw new Error('bank code must be 3 digits');
  if (!/^\d{25}$/.test(freeField)) throw new Error('free field must be 25 digits');
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0 || amountMinor > 99_999_999_99) throw new Error('amount out of range');
  const factor = dueDateFactor(due);
  const amount = String(amountMinor).padStart(10, '0');
  const withoutDv = `${bankCode}9${factor}${amount}${freeField}`;
  const dv = mod11(withoutDv);
  const barcode = `${bankCode}9${dv}${factor}${amount}${freeField}`;

  const f1 = `${bankCode}9${freeField.slice(0, 5)}`;
  const f2 = freeField.slice(5, 15);
  const f3 = freeField.slice(15, 25);
  const digitableLine = `${f1}${mod10(f1)}${f2}${mod10(f2)}${f3}${mod10(f3)}${dv}${factor}${amount}`;
  return { barcode, digitableLine };
}

/** The digitable line as banks print it: 00190.00009 01234.567890 12345.678901 2 99990000002990 */
export function formatDigitableLine(line: string): string {
  return `${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ${line.slice(21, 26)}.${line.slice(26, 32)} ${line.slice(32, 33)} ${line.slice(33)}`;
}
