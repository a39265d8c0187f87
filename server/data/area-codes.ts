import type { components } from '../../openapi/schema';
import type { Language } from '../../core/i18n/languages';

type PhoneAreaCode = components['schemas']['PhoneAreaCode'];

/**
 * One country's calling code and the length of its national (significant) numbers, the digits
 * that follow the calling code in international form. Lengths follow the ITU-T E.164 national
 * numbering plans as published by each regulator (ANATEL for Brazil, etc.).
 */
export interface CountryCallingCode {
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** The calling code's digits, without "+". */
  areaCode: string;
  minLength: number;
  maxLength: number;
  /**
   * The digit(s) dialled before a national number inside the country ("0" in Brazil, "8" in
   * Russia, "1" in the NANP). People often type it; it is dropped before the number is stored.
   */
  trunkPrefix?: string;
  /** True where a national number may itself start with the trunk digit (Russia's 800 numbers). */
  nationalMayStartWithTrunk?: boolean;
}

/** The Americas, Iberia, Russia, South Africa and the Philippines. */
export const countryCallingCodes: readonly CountryCallingCode[] = [
  // North America: the NANP countries share +1 and ten-digit numbers.
  { country: 'US', areaCode: '1', minLength: 10, maxLength: 10, trunkPrefix: '1' },
  { country: 'CA', areaCode: '1', minLength: 10, maxLength: 10, trunkPrefix: '1' },
  { country: 'PR', areaCode: '1', minLength: 10, maxLength: 10, trunkPrefix: '1' },
  { country: 'DO', areaCode: '1', minLength: 10, maxLength: 10, trunkPrefix: '1' },
  { country: 'JM', areaCode: '1', minLength: 10, maxLength: 10, trunkPrefix: '1' },
  { country: 'TT', areaCode: '1', minLength: 10, maxLength: 10, trunkPrefix: '1' },
  { country: 'BS', areaCode: '1', minLength: 10, maxLength: 10, trunkPrefix: '1' },
  { country: 'BB', areaCode: '1', minLength: 10, maxLength: 10, trunkPrefix: '1' },
  { country: 'MX', areaCode: '52', minLength: 10, maxLength: 10 },
  // Central America and the rest of the Caribbean.
  { country: 'BZ', areaCode: '501', minLength: 7, maxLength: 7 },
  { country: 'GT', areaCode: '502', minLength: 8, maxLength: 8 },
  { country: 'SV', areaCode: '503', minLength: 8, maxLength: 8 },
  { country: 'HN', areaCode: '504', minLength: 8, maxLength: 8 },
  { country: 'NI', areaCode: '505', minLength: 8, maxLength: 8 },
  { country: 'CR', areaCode: '506', minLength: 8, maxLength: 8 },
  { country: 'PA', areaCode: '507', minLength: 7, maxLength: 8 },
  { country: 'HT', areaCode: '509', minLength: 8, maxLength: 8 },
  { country: 'CU', areaCode: '53', minLength: 6, maxLength: 8, trunkPrefix: '0' },
  // South America.
  { country: 'AR', areaCode: '54', minLength: 10, maxLength: 11, trunkPrefix: '0' },
  { country: 'BO', areaCode: '591', minLength: 8, maxLength: 8, trunkPrefix: '0' },
  { country: 'BR', areaCode: '55', minLength: 10, maxLength: 11, trunkPrefix: '0' },
  { country: 'CL', areaCode: '56', minLength: 9, maxLength: 9 },
  { country: 'CO', areaCode: '57', minLength: 10, maxLength: 10 },
  { country: 'EC', areaCode: '593', minLength: 8, maxLength: 9, trunkPrefix: '0' },
  { country: 'FK', areaCode: '500', minLength: 5, maxLength: 5 },
  { country: 'GF', areaCode: '594', minLength: 9, maxLength: 9, trunkPrefix: '0' },
  { country: 'GY', areaCode: '592', minLength: 7, maxLength: 7 },
  { country: 'PE', areaCode: '51', minLength: 8, maxLength: 9, trunkPrefix: '0' },
  { country: 'PY', areaCode: '595', minLength: 7, maxLength: 9, trunkPrefix: '0' },
  { country: 'SR', areaCode: '597', minLength: 6, maxLength: 7, trunkPrefix: '0' },
  { country: 'UY', areaCode: '598', minLength: 8, maxLength: 8, trunkPrefix: '0' },
  { country: 'VE', areaCode: '58', minLength: 10, maxLength: 10, trunkPrefix: '0' },
  // Iberia.
  { country: 'ES', areaCode: '34', minLength: 9, maxLength: 9 },
  { country: 'PT', areaCode: '351', minLength: 9, maxLength: 9 },
  { country: 'AD', areaCode: '376', minLength: 6, maxLength: 9 },
  { country: 'GI', areaCode: '350', minLength: 8, maxLength: 8 },
  // Russia, South Africa, the Philippines.
  { country: 'RU', areaCode: '7', minLength: 10, maxLength: 10, trunkPrefix: '8', nationalMayStartWithTrunk: true },
  { country: 'ZA', areaCode: '27', minLength: 9, maxLength: 9, trunkPrefix: '0' },
  { country: 'PH', areaCode: '63', minLength: 8, maxLength: 10, trunkPrefix: '0' },
];

const byLanguage = new Map<Language, PhoneAreaCode[]>();

/** The list the area-code call answers: country names in `lang`, sorted by name in that language. */
export function areaCodeList(lang: Language): PhoneAreaCode[] {
  let list = byLanguage.get(lang);
  if (!list) {
    const names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' });
    const collator = new Intl.Collator(lang);
    list = countryCallingCodes
      .map((c) => ({
        country: c.country,
        name: (names.of(c.country) ?? c.country).slice(0, 64),
        areaCode: c.areaCode,
        minLength: c.minLength,
        maxLength: c.maxLength,
      }))
      .sort((a, b) => collator.compare(a.name, b.name));
    byLanguage.set(lang, list);
  }
  return list.map((entry) => ({ ...entry }));
}

export type PhoneCheck =
  | { ok: true; areaCode: string; national: string }
  /** 4000 "Select your country code" (none, or one we do not serve); 32 "Incorrect phone format". */
  | { ok: false; errCode: 4000 | 32 };

/**
 * Checks a phone number typed without its calling code against the country's numbering plan and
 * returns the form accounts are stored and looked up in: the national digits without a trunk
 * prefix. Sign-up, log-in and code log-in must all use it, or "011 98765-4321" and
 * "11987654321" would be two accounts.
 */
export function parsePhone(areaCode: string | undefined, digits: string): PhoneCheck {
  if (!areaCode) return { ok: false, errCode: 4000 };
  const plans = countryCallingCodes.filter((c) => c.areaCode === areaCode);
  if (plans.length === 0) return { ok: false, errCode: 4000 };
  if (!/^[0-9]+$/.test(digits)) return { ok: false, errCode: 32 };
  const fits = (n: string) => plans.some((p) => n.length >= p.minLength && n.length <= p.maxLength);
  let national = digits;
  for (const plan of plans) {
    const trunk = plan.trunkPrefix;
    if (!trunk || !digits.startsWith(trunk)) continue;
    const rest = digits.slice(trunk.length);
    if (fits(rest) && (!fits(digits) || !plan.nationalMayStartWithTrunk)) {
      national = rest;
      break;
    }
  }
  return fits(national) ? { ok: true, areaCode, national } : { ok: false, errCode: 32 };
}
