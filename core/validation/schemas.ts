import { z } from 'zod/mini';
import {
  contactOf,
  isCnpj,
  isCpf,
  isDigits,
  isEmail,
  isExpiryValid,
  isZipcode,
  matchesConfiguredRule,
  nicknamePattern,
  normaliseNickname,
  passesLuhn,
  stripSeparators,
  stripWhitespace,
} from './helpers';

/**
 * Spec section 5 as zod schemas. Each issue's message is a message id of the catalogue
 * (core/i18n/lang), so a view translates it; forms and machines share these schemas.
 */
export const V = {
  required: 'validation.required',
  passwordTooShort: 'validation.passwordTooShort',
  passwordsDoNotMatch: 'validation.passwordsDoNotMatch',
  currentPasswordRequired: 'validation.currentPasswordRequired',
  newPasswordRequired: 'validation.newPasswordRequired',
  codeRequired: 'validation.codeRequired',
  codeFormat: 'validation.codeFormat',
  invalidEmail: 'validation.invalidEmail',
  invalidPhone: 'validation.invalidPhone',
  termsRequired: 'validation.termsRequired',
  captchaRequired: 'validation.captchaRequired',
  nicknameSpecialChars: 'validation.nicknameSpecialChars',
  cardNumberInvalid: 'validation.cardNumberInvalid',
  cardExpiryInvalid: 'validation.cardExpiryInvalid',
  cardCvcInvalid: 'validation.cardCvcInvalid',
  cpfDigitsOnly: 'validation.cpfDigitsOnly',
  cpfInvalid: 'validation.cpfInvalid',
  areaCodeTooShort: 'validation.areaCodeTooShort',
  areaCodeTooLong: 'validation.areaCodeTooLong',
  areaCodeInvalid: 'validation.areaCodeInvalid',
  zipcodeIncorrect: 'validation.zipcodeIncorrect',
  stateBeforeCity: 'validation.stateBeforeCity',
  couponRequired: 'validation.couponRequired',
} as const;
export type ValidationMessageId = (typeof V)[keyof typeof V];

/** The site configuration's regular expressions, when loaded (session cache: validRules). */
export interface ValidRules {
  email?: string | null;
  phone?: string | null;
}

/** Text with every whitespace removed, as the user types (spec section 5). */
const compact = z.pipe(z.string(), z.transform(stripWhitespace));

export const passwordSchema = (requiredMessage: ValidationMessageId = V.required) =>
  z.string().check(z.minLength(1, requiredMessage), z.minLength(6, V.passwordTooShort), z.maxLength(128, V.passwordTooShort));

export const emailSchema = (rules: ValidRules = {}) =>
  z.pipe(
    compact,
    z.string().check(
      z.minLength(1, V.required),
      z.refine((v) => isEmail(v) && matchesConfiguredRule(v, rules.email), V.invalidEmail),
    ),
  );

export interface AreaCodeRule {
  areaCode: string;
  minLength: number;
  maxLength: number;
}

/** A national number checked against its area code's lengths, then the configured pattern. */
export const phoneSchema = (rules: ValidRules = {}, areaCode?: AreaCodeRule) =>
  z.pipe(
    compact,
    z.string().check(
      z.minLength(1, V.required),
      z.superRefine((v, ctx) => {
        if (!isDigits(v)) ctx.addIssue({ code: 'custom', message: V.invalidPhone });
        else if (areaCode && v.length < areaCode.minLength) ctx.addIssue({ code: 'custom', message: V.areaCodeTooShort });
        else if (areaCode && v.length > areaCode.maxLength) ctx.addIssue({ code: 'custom', message: V.areaCodeTooLong });
        else if (!matchesConfiguredRule(v, rules.phone)) ctx.addIssue({ code: 'custom', message: V.invalidPhone });
      }),
    ),
  );

/** The account field of log-in, sign-up and recovery: an email, or phone digits, each checked by its own schema. */
export const emailOrPhoneSchema = z.string().check(
  z.superRefine((value, ctx) => {
    const parsed = (contactOf(value).kind === 'email' ? emailSchema() : phoneSchema()).safeParse(value);
    if (!parsed.success) ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? V.required });
  }),
);

/** The area code as typed beside a phone number: up to 4 digits, possibly none. */
export const areaCodeInputSchema = z.string().check(z.regex(/^[0-9]{0,4}$/, V.areaCodeInvalid));

/** The solved captcha, once the server asks for one: the check must have run first. */
export const captchaSchema = z.string().check(z.minLength(1, V.captchaRequired));

/** The area code itself must be one of the known ones (spec: "invalid"). */
export const areaCodeSchema = (known: readonly AreaCodeRule[]) =>
  z.string().check(
    z.minLength(1, V.required),
    z.refine((v) => known.length === 0 || known.some((k) => k.areaCode === v), V.areaCodeInvalid),
  );

/** A name as people write it, normalised as it is stored (docs/decisions/040). */
export const nicknameSchema = z
  .string()
  .check(z.overwrite(normaliseNickname), z.minLength(1, V.required), z.maxLength(32, V.nicknameSpecialChars), z.regex(nicknamePattern, V.nicknameSpecialChars));

export const verificationCodeSchema = z.pipe(compact, z.string().check(z.minLength(1, V.codeRequired), z.regex(/^[0-9]{4}$/, V.codeFormat)));

export const couponSchema = z.pipe(compact, z.string().check(z.minLength(1, V.couponRequired), z.maxLength(32, V.couponRequired)));

export const termsSchema = z.literal(true, { error: V.termsRequired });

/** New password and its confirmation; the mismatch is reported on the confirmation field. */
export const newPasswordPairSchema = z
  .object({ password: passwordSchema(V.newPasswordRequired), confirmPassword: z.string().check(z.minLength(1, V.required)) })
  .check(z.refine((v) => v.password === v.confirmPassword, { message: V.passwordsDoNotMatch, path: ['confirmPassword'] }));

export const changePasswordSchema = z
  .object({
    oldPassword: z.string().check(z.minLength(1, V.currentPasswordRequired)),
    password: passwordSchema(V.newPasswordRequired),
    confirmPassword: z.string().check(z.minLength(1, V.required)),
  })
  .check(z.refine((v) => v.password === v.confirmPassword, { message: V.passwordsDoNotMatch, path: ['confirmPassword'] }));

export const cardSchema = (now: () => Date = () => new Date()) =>
  z
    .object({
      number: z.pipe(compact, z.string().check(z.refine((v) => v.length >= 12 && v.length <= 19 && passesLuhn(v), V.cardNumberInvalid))),
      expMonth: z.coerce.number<unknown>(),
      expYear: z.coerce.number<unknown>(),
      cvc: z.pipe(compact, z.string().check(z.regex(/^[0-9]{3,4}$/, V.cardCvcInvalid))),
      holder: z.string().check(z.trim(), z.minLength(1, V.required), z.maxLength(64, V.required)),
    })
    .check(
      z.superRefine((v, ctx) => {
        if (!isExpiryValid(v.expMonth, v.expYear, now())) ctx.addIssue({ code: 'custom', message: V.cardExpiryInvalid, path: ['expMonth'] });
      }),
    );

/** CPF (11 digits) or CNPJ (14 digits), digits only: dots, dashes and spaces are refused, not cleaned. */
/** A CPF or CNPJ, typed with or without its dots, dash and slash; sent as digits (spec section 5). */
export const cpfSchema = z.pipe(
  z.pipe(z.string(), z.transform(stripSeparators)),
  z.string().check(
    z.minLength(1, V.required),
    z.superRefine((v, ctx) => {
      if (!isDigits(v)) ctx.addIssue({ code: 'custom', message: V.cpfDigitsOnly });
      else if (!(isCpf(v) || isCnpj(v))) ctx.addIssue({ code: 'custom', message: V.cpfInvalid });
    }),
  ),
);

/** A CEP, typed with or without its dash (01310-100); sent as its 8 digits. */
export const zipcodeSchema = z.pipe(
  z.pipe(z.string(), z.transform(stripSeparators)),
  z.string().check(z.minLength(1, V.required), z.refine(isZipcode, V.zipcodeIncorrect)),
);

/** State must be chosen before city (spec section 5). */
export const stateCitySchema = z.object({ state: z.string(), city: z.string() }).check(
  z.superRefine((v, ctx) => {
    if (!v.state && v.city) ctx.addIssue({ code: 'custom', message: V.stateBeforeCity, path: ['city'] });
    if (!v.state) ctx.addIssue({ code: 'custom', message: V.required, path: ['state'] });
    else if (!v.city) ctx.addIssue({ code: 'custom', message: V.required, path: ['city'] });
  }),
);

/** The first message id of a failed parse for each field path ('' for the form itself). */
export function fieldErrors(error: z.core.$ZodError): Record<string, ValidationMessageId> {
  const out: Record<string, ValidationMessageId> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    if (!(key in out)) out[key] = issue.message as ValidationMessageId;
  }
  return out;
}
