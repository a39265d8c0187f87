// Sign-up by email and by phone (spec section 5; docs/decisions/005), what the contract refuses
// at the door, and the area codes. The links sign-up sends are signup-links.test.ts's.
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../server/clock';
import { tokenHash } from '../../server/security/tokens';
import { expectOk, expectRefusal, freshEmail, freshPhone, SIGNUP_PATH, signupTools } from '../helpers/signup';
import { useTestServer } from '../helpers/test-server';

const clock = createFakeClock();
const server = useTestServer({ PUBLIC_URL: 'https://portal.example' }, { clock });

const HOUR = 3_600_000;
const { signup, lastLink, accountRow } = signupTools(server);

describe('sign-up by email', () => {
  it('creates an unconfirmed account, stores terms and language, and emails a 48-hour confirmation link', async () => {
    const email = freshEmail('ana');
    const res = await signup({ account: email, language: 'es' });
    expectOk('post', SIGNUP_PATH, res);
    expect(res.body.data).toEqual({ account: email, type: 'email', confirmationRequired: true });

    const row = await accountRow('email = $1', [email]);
    expect(row).toMatchObject({ type: 'email', nickname: 'Ana', language: 'es', verified_at: null, status: 'active' });
    expect(new Date(row!.terms_accepted_at).getTime()).toBe(clock.now());
    expect(new Date(row!.created_at).getTime()).toBe(clock.now());
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);

    const { message, link, token, lang } = await lastLink(email, 'activate');
    expect(link.startsWith('https://portal.example/activate?token=')).toBe(true);
    expect(lang).toBe('es');
    expect(message).toMatchObject({ channel: 'email', template: 'confirmEmail', lang: 'es', accountUid: Number(row!.uid) });
    expect(message.subject).toBe('Confirma tu correo en Aurora TV');
    expect(token.length).toBeGreaterThanOrEqual(43);

    const tokens = await server.db.query<Record<string, any>>('SELECT * FROM email_tokens WHERE account_uid = $1', [row!.uid]);
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ purpose: 'confirm', email, used_at: null });
    expect(Buffer.from(tokens[0]!.token_hash).equals(tokenHash(token))).toBe(true);
    expect(new Date(tokens[0]!.expires_at).getTime() - clock.now()).toBe(48 * HOUR);
  });

  it('keeps the address lower-case and refuses it again in any case with 6', async () => {
    const email = freshEmail('Maria.Case');
    const res = await signup({ account: ` ${email.toUpperCase()} ` });
    expectOk('post', SIGNUP_PATH, res);
    expect(res.body.data.account).toBe(email.toLowerCase());

    const again = await signup({ account: email }, { Language: 'en' });
    expectRefusal(again, 6);
    expect(again.body.msg).toBe('Account already exists');
  });

  it('refuses the demo account address with 6', async () => {
    expectRefusal(await signup({ account: 'demo@aurora.example' }), 6);
  });

  it('two sign-ups for one address at once: one account, the other hears 6', async () => {
    const email = freshEmail('race');
    const results = await Promise.all([signup({ account: email }), signup({ account: email })]);
    expect(results.map((r) => r.body.code).sort()).toEqual([0, 1]);
    expect(results.find((r) => r.body.code === 1)!.body.errCode).toBe(6);
    expect(await server.db.query('SELECT uid FROM accounts WHERE email = $1', [email])).toHaveLength(1);
  });

  it.each([
    ['an address that fails the site rule', 'ana@-bad.example.com'],
    ['a domain label over 63 characters', `ana@${'x'.repeat(64)}.com`],
    ['no dot in the domain', 'ana@localhost'],
    ['two @', 'ana@b@example.com'],
  ])('refuses %s with 8', async (_name, account) => {
    const res = await signup({ account }, { Language: 'pt' });
    expectRefusal(res, 8);
    expect(res.body.msg).not.toBe('Incorrect email format');
  });

  it('refuses an empty account with 4', async () => {
    expectRefusal(await signup({ account: '' }), 4);
    expectRefusal(await signup({ account: '   ' }), 4);
  });

  it.each([['ana.silva'], ['+5511987654321'], ['11 98765-4321']])('refuses %s (neither an email nor digits) with 5', async (account) => {
    expectRefusal(await signup({ account, areaCode: '55' }), 5);
  });

  it('refuses a binding email with an email account (5000: it is for phone accounts)', async () => {
    expectRefusal(await signup({ account: freshEmail('x'), email: freshEmail('y') }), 5000, 400);
  });
});

describe('what the contract stops at the door', () => {
  it.each([
    ['terms not accepted', { acceptTerms: false }],
    ['no acceptTerms', { acceptTerms: undefined }],
    ['a 5-character password', { password: '12345' }],
    ['a nickname with punctuation', { nickname: 'Ana!' }],
    ['a nickname with a leading space', { nickname: ' Ana' }],
    ['a nickname with a doubled space', { nickname: 'Ana  Silva' }],
    ['a nickname with a dot', { nickname: 'Ana.Silva' }],
    ['a nickname with a full-width symbol', { nickname: 'Ana＠' }],
    ['an unknown language', { language: 'fr' }],
    ['an unknown field', { referrer: 'x' }],
  ])('%s answers 5000 and creates nothing', async (_name, patch) => {
    const email = freshEmail('door');
    const res = await signup({ account: email, ...patch });
    expectRefusal(res, 5000, 400);
    expect(await server.db.query('SELECT 1 FROM accounts WHERE email = $1', [email])).toEqual([]);
  });

  it('accepts a nickname in another script', async () => {
    expectOk('post', SIGNUP_PATH, await signup({ account: freshEmail('ru'), nickname: 'Анна', language: 'ru' }));
  });

  it.each([['Ana Silva'], ['Jean-Luc Picard'], ["D'Ávila"], ['O’Brien']])('accepts the real name %s as written (ADR 040)', async (nickname) => {
    const email = freshEmail('name');
    expectOk('post', SIGNUP_PATH, await signup({ account: email, nickname }));
    expect(await server.db.query('SELECT nickname FROM accounts WHERE email = $1', [email])).toEqual([{ nickname }]);
  });
});

describe('sign-up by phone', () => {
  it('opens a session at once: the account is active and the session works', async () => {
    const phone = freshPhone();
    const res = await signup({ account: phone, areaCode: '55', language: 'pt' }, { 'User-Agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/130.0' });
    expectOk('post', SIGNUP_PATH, res);
    const data = res.body.data;
    expect(data).toMatchObject({ account: phone, type: 'phone', confirmationRequired: false });
    expect(data.userInfo).toMatchObject({ account: phone, type: 'phone', accountLoginType: 'password', expiration: clock.now() + 10 * 24 * HOUR });

    const row = await accountRow('area_code = $1 AND phone = $2', ['55', phone]);
    expect(String(row!.uid)).toBe(data.userInfo.uid);
    expect(row).toMatchObject({ type: 'phone', email: null, language: 'pt' });
    expect(new Date(row!.verified_at).getTime()).toBe(clock.now());
    expect(row!.terms_accepted_at).not.toBeNull();

    const session = await server.services.sessions.authenticate({
      token: data.userInfo.token,
      lang: 'en',
      scene: 'WEB',
      clientType: 'WEB',
      fingerprint: null,
      ip: '127.0.0.1',
    });
    expect(session.accountUid).toBe(Number(row!.uid));
    const [device] = await server.db.query<Record<string, any>>('SELECT device, model FROM sessions WHERE id = $1', [session.sessionId]);
    expect(device).toMatchObject({ device: 'Browser', model: 'Chrome · Windows' });
    // Nothing to confirm, so nothing was sent.
    expect(await server.db.query('SELECT 1 FROM outbox WHERE account_uid = $1', [row!.uid])).toEqual([]);
  });

  it('stores the national number without the trunk prefix, so both spellings are one account (13)', async () => {
    const phone = freshPhone();
    const res = await signup({ account: `0${phone}`, areaCode: '55' });
    expectOk('post', SIGNUP_PATH, res);
    expect(res.body.data.account).toBe(phone);
    expectRefusal(await signup({ account: phone, areaCode: '55' }, { Language: 'en' }), 13);
    expectRefusal(await signup({ account: `0${phone}`, areaCode: '55' }), 13);
  });

  it('accepts other countries by their own lengths', async () => {
    expectOk('post', SIGNUP_PATH, await signup({ account: '9161234567', areaCode: '7' }));
    expectOk('post', SIGNUP_PATH, await signup({ account: '0821234567', areaCode: '27' }));
    expectOk('post', SIGNUP_PATH, await signup({ account: '612345678', areaCode: '34' }));
    expectOk('post', SIGNUP_PATH, await signup({ account: '12025550123', areaCode: '1' }));
    expect(await accountRow('area_code = $1', ['1'])).toMatchObject({ phone: '2025550123' });
    expect(await accountRow('area_code = $1', ['27'])).toMatchObject({ phone: '821234567' });
  });

  it('refuses a phone without an area code with 4000', async () => {
    const res = await signup({ account: freshPhone() }, { Language: 'en' });
    expectRefusal(res, 4000);
    expect(res.body.msg).toBe('Select your country code');
  });

  it('refuses an area code the list does not hold with 4000', async () => {
    expectRefusal(await signup({ account: freshPhone(), areaCode: '999' }), 4000);
  });

  it.each([
    ['too short for Brazil', '55', '119876543'],
    ['too long for Brazil', '55', '119876543210'],
    ['too long for Spain', '34', '6123456789'],
    ['too short for the Philippines', '63', '1234567'],
  ])('refuses a number %s with 32', async (_name, areaCode, account) => {
    const res = await signup({ account, areaCode }, { Language: 'en' });
    expectRefusal(res, 32);
    expect(res.body.msg).toBe('Incorrect phone format');
  });
});

describe('area codes', () => {
  const path = '/api/site/contry/phone/areacode';

  it('lists the Americas, Iberia, Russia, South Africa and the Philippines, named in English', async () => {
    const res = await server.get(path, { Language: 'en' });
    expectOk('get', path, res);
    const list = res.body.data as { country: string; name: string; areaCode: string; minLength: number; maxLength: number }[];
    const byCountry = new Map(list.map((c) => [c.country, c]));
    for (const c of ['US', 'CA', 'MX', 'BR', 'AR', 'CL', 'CO', 'PE', 'UY', 'ES', 'PT', 'RU', 'ZA', 'PH']) expect(byCountry.has(c), c).toBe(true);
    expect(byCountry.get('BR')).toEqual({ country: 'BR', name: 'Brazil', areaCode: '55', minLength: 10, maxLength: 11 });
    expect(byCountry.get('ZA')).toMatchObject({ name: 'South Africa', areaCode: '27' });
    expect(list.every((c) => c.minLength <= c.maxLength)).toBe(true);
    const names = list.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
  });

  it('names the countries in the request language', async () => {
    const ru = await server.get(path, { Language: 'ru' });
    const pt = await server.get(path, { Language: 'pt' });
    expectOk('get', path, ru);
    const name = (res: typeof ru, country: string) => (res.body.data as { country: string; name: string }[]).find((c) => c.country === country)?.name;
    expect(name(ru, 'BR')).toBe('Бразилия');
    expect(name(ru, 'ES')).toBe('Испания');
    expect(name(pt, 'ZA')).toBe('África do Sul');
    expect(name(pt, 'US')).toBe('Estados Unidos');
  });
});
