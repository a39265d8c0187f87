import { describe, expect, it } from 'vitest';
import en from '../i18n/lang/en.json';
import {
  accountFields,
  contactOf,
  emailOfAccount,
  isCnpj,
  isCpf,
  isEmail,
  isExpiryValid,
  matchesConfiguredRule,
  nicknameFromText,
  nicknamePattern,
  normaliseNickname,
  passesLuhn,
  shapedDiscountCode,
  stripWhitespace,
} from './helpers';
import {
  V,
  areaCodeSchema,
  cardSchema,
  changePasswordSchema,
  couponSchema,
  cpfSchema,
  emailSchema,
  fieldErrors,
  newPasswordPairSchema,
  nicknameSchema,
  passwordSchema,
  phoneSchema,
  stateCitySchema,
  termsSchema,
  verificationCodeSchema,
  zipcodeSchema,
} from './schemas';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0]!.message);

describe('helpers (spec section 5)', () => {
  it('removes all whitespace', () => {
    expect(stripWhitespace(' a b\tc\n ')).toBe('abc');
  });
  it('reads the account field: an email holds an @, anything else is phone digits, which alone take the area code', () => {
    expect(contactOf(' ana @mail.example ')).toEqual({ kind: 'email', account: 'ana@mail.example' });
    expect(contactOf('11 98765 4321')).toEqual({ kind: 'phone', account: '11987654321' });
    expect(accountFields('ana@mail.example', '55')).toEqual({ account: 'ana@mail.example' });
    expect(accountFields('11 98765 4321', '55')).toEqual({ account: '11987654321', areaCode: '55' });
    expect(accountFields('11987654321', '')).toEqual({ account: '11987654321' });
    expect(emailOfAccount('ana@mail.example')).toBe('ana@mail.example');
    expect(emailOfAccount('11987654321')).toBe('');
  });
  it('gives a discount code its shape or none (9001 without asking the server)', () => {
    expect(shapedDiscountCode(' BEM VINDO10 ')).toBe('BEMVINDO10');
    expect(shapedDiscountCode('desconto_5-a')).toBe('desconto_5-a');
    for (const typed of ['', '   ', '"><svg/onload=alert(1)>', "O'BRIEN", 'CÓDIGO', 'X'.repeat(33)]) expect(shapedDiscountCode(typed), typed).toBeUndefined();
  });
  it('checks emails: local part, @, labels of at most 63 characters', () => {
    expect(isEmail('maria.silva+tv@mail.example.com.br')).toBe(true);
    for (const bad of ['maria', 'maria@', '@example.com', 'a@b', `a@${'x'.repeat(64)}.com`, 'a@-x.com', 'a b@x.com']) expect(isEmail(bad), bad).toBe(false);
    expect(isEmail(`a@${'x'.repeat(63)}.com`)).toBe(true);
  });
  it('names: punctuation refused including full-width forms; letters of every script, joined by one space, hyphen or apostrophe', () => {
    for (const bad of ['ana!', 'a@b', 'x_y', 'ｘ！', 'Ｊｏ＃', 'a。', '€uro', 'Ana  Silva', ' Ana', 'Ana-', "'Ana", 'Ana--Luz', 'Ana - Luz', 'Ana.Silva'])
      expect(nicknamePattern.test(bad), bad).toBe(false);
    for (const ok of ['Ana', 'João', 'Мария', 'José2', '佐藤', 'Ana Silva', 'Jean-Luc', "D'Ávila", 'O’Brien', 'Мария Иванова'])
      expect(nicknamePattern.test(ok), ok).toBe(true);
  });
  it('normalises a typed name as it is stored, and builds one from free text', () => {
    expect(normaliseNickname('  Ana \t  Silva ')).toBe('Ana Silva');
    expect(normaliseNickname('Jose\u0301')).toBe('José');
    expect(nicknameFromText('Dr. Ana  M. Silva (TV)')).toBe('Dr Ana M Silva TV');
    expect(nicknameFromText("--O'Brien--")).toBe("O'Brien");
    expect(nicknameFromText('ana.silva+tv')).toBe('ana silva tv');
    expect(nicknameFromText('!!!')).toBe('');
    const long = nicknameFromText('Maria Aparecida dos Santos Oliveira Pereira');
    expect(Array.from(long).length).toBeLessThanOrEqual(32);
    expect(nicknamePattern.test(long)).toBe(true);
  });
  it('accepts anything when no configured rule is loaded, and survives a broken one', () => {
    expect(matchesConfiguredRule('x', undefined)).toBe(true);
    expect(matchesConfiguredRule('x', '(')).toBe(true);
    expect(matchesConfiguredRule('123', '^[0-9]{8}$')).toBe(false);
  });
  it('Luhn: the well-known test numbers pass, a changed digit fails', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('42424242a4242424')).toBe(false);
  });
  it('card expiry: valid through the end of its month', () => {
    const now = new Date(Date.UTC(2026, 10, 22));
    expect(isExpiryValid(11, 26, now)).toBe(true);
    expect(isExpiryValid(10, 26, now)).toBe(false);
    expect(isExpiryValid(1, 2030, now)).toBe(true);
    expect(isExpiryValid(13, 30, now)).toBe(false);
    expect(isExpiryValid(1, 2090, now)).toBe(false);
  });
  it('CPF and CNPJ check digits', () => {
    expect(isCpf('52998224725')).toBe(true);
    expect(isCpf('11144477735')).toBe(true);
    expect(isCpf('52998224726')).toBe(false);
    expect(isCpf('11111111111')).toBe(false);
    expect(isCnpj('11222333000181')).toBe(true);
    expect(isCnpj('11222333000182')).toBe(false);
  });
});

describe('schemas give the spec messages', () => {
  it('password: required, then at least 6', () => {
    expect(firstMessage(passwordSchema().safeParse(''))).toBe(V.required);
    expect(firstMessage(passwordSchema().safeParse('12345'))).toBe(V.passwordTooShort);
    expect(passwordSchema().safeParse('123456').success).toBe(true);
    expect(passwordSchema().safeParse('p'.repeat(64)).success).toBe(true);
  });
  it('new password pair: mismatch on the confirmation field', () => {
    const r = newPasswordPairSchema.safeParse({ password: 'secret1', confirmPassword: 'secret2' });
    expect(r.success).toBe(false);
    expect(fieldErrors(r.error!)).toEqual({ confirmPassword: V.passwordsDoNotMatch });
    expect(fieldErrors(newPasswordPairSchema.safeParse({ password: '', confirmPassword: '' }).error!).password).toBe(V.newPasswordRequired);
  });
  it('change password asks for the current one', () => {
    const r = changePasswordSchema.safeParse({ oldPassword: '', password: 'secret1', confirmPassword: 'secret1' });
    expect(fieldErrors(r.error!)).toEqual({ oldPassword: V.currentPasswordRequired });
  });
  it('email: whitespace removed as typed, then the helper and the configured rule', () => {
    expect(emailSchema().parse(' maria @example.com ')).toBe('maria@example.com');
    expect(firstMessage(emailSchema().safeParse('maria@'))).toBe(V.invalidEmail);
    expect(firstMessage(emailSchema({ email: '@example\\.org$' }).safeParse('maria@example.com'))).toBe(V.invalidEmail);
    expect(firstMessage(emailSchema().safeParse('  '))).toBe(V.required);
  });
  it('phone: digits, area-code lengths, then the configured rule', () => {
    const br = { areaCode: '55', minLength: 10, maxLength: 11 };
    expect(phoneSchema({}, br).parse('11 98765 4321')).toBe('11987654321');
    expect(firstMessage(phoneSchema({}, br).safeParse('119876'))).toBe(V.areaCodeTooShort);
    expect(firstMessage(phoneSchema({}, br).safeParse('119876543210'))).toBe(V.areaCodeTooLong);
    expect(firstMessage(phoneSchema({}, br).safeParse('11-9876-5432'))).toBe(V.invalidPhone);
    expect(firstMessage(phoneSchema({ phone: '^9' }).safeParse('11987654321'))).toBe(V.invalidPhone);
    expect(firstMessage(areaCodeSchema([br]).safeParse('999'))).toBe(V.areaCodeInvalid);
  });
  it('nickname, code, coupon, terms', () => {
    expect(firstMessage(nicknameSchema.safeParse('Ana！'))).toBe(V.nicknameSpecialChars);
    expect(nicknameSchema.safeParse('Ana').success).toBe(true);
    expect(nicknameSchema.parse('  Ana   Silva ')).toBe('Ana Silva');
    expect(firstMessage(nicknameSchema.safeParse('Ana_Silva'))).toBe(V.nicknameSpecialChars);
    expect(firstMessage(verificationCodeSchema.safeParse(''))).toBe(V.codeRequired);
    expect(firstMessage(verificationCodeSchema.safeParse('12a4'))).toBe(V.codeFormat);
    expect(verificationCodeSchema.parse('1 2 3 4')).toBe('1234');
    expect(firstMessage(couponSchema.safeParse(' '))).toBe(V.couponRequired);
    expect(firstMessage(termsSchema.safeParse(false))).toBe(V.termsRequired);
  });
  it('card form', () => {
    const card = cardSchema(() => new Date(Date.UTC(2026, 10, 22)));
    expect(card.safeParse({ number: '4242 4242 4242 4242', expMonth: '12', expYear: '30', cvc: '123', holder: 'Ana Silva' }).success).toBe(true);
    expect(fieldErrors(card.safeParse({ number: '4242424242424241', expMonth: 1, expYear: 20, cvc: '12', holder: 'A' }).error!)).toEqual({
      number: V.cardNumberInvalid,
      cvc: V.cardCvcInvalid,
      expMonth: V.cardExpiryInvalid,
    });
    expect(fieldErrors(card.safeParse({ number: '4242424242424242', expMonth: 1, expYear: 20, cvc: '123', holder: 'A' }).error!)).toEqual({
      expMonth: V.cardExpiryInvalid,
    });
  });
  it('CPF digits only, then check digits; ZIP code; state before city', () => {
    // Typed as printed on documents, with dots, dash and slash: sent as digits (ADR 040).
    expect(cpfSchema.parse('529.982.247-25')).toBe('52998224725');
    expect(cpfSchema.parse('11.222.333/0001-81')).toBe('11222333000181');
    expect(firstMessage(cpfSchema.safeParse('529.982.247-2A'))).toBe(V.cpfDigitsOnly);
    expect(firstMessage(cpfSchema.safeParse('52998224726'))).toBe(V.cpfInvalid);
    expect(cpfSchema.safeParse('11222333000181').success).toBe(true);
    expect(firstMessage(zipcodeSchema.safeParse('0131000'))).toBe(V.zipcodeIncorrect);
    expect(zipcodeSchema.parse('01310 100')).toBe('01310100');
    expect(zipcodeSchema.parse('01310-100')).toBe('01310100');
    expect(fieldErrors(stateCitySchema.safeParse({ state: '', city: 'Campinas' }).error!).city).toBe(V.stateBeforeCity);
  });
  it('every message id is in the catalogue', () => {
    for (const id of Object.values(V)) expect(en, id).toHaveProperty([id]);
  });
});
