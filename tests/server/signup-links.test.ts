// The links sign-up sends (spec section 5): confirming an email account, resending the
// confirmation, and binding an email to a phone account.
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../server/clock';
import { expectOk, expectRefusal, freshEmail, freshPhone, SIGNUP_PATH, signupTools } from '../helpers/signup';
import { useTestServer } from '../helpers/test-server';

const clock = createFakeClock();
const server = useTestServer({ PUBLIC_URL: 'https://portal.example' }, { clock });

const HOUR = 3_600_000;
const { signup, lastLink, accountRow } = signupTools(server);

describe('the confirmation link', () => {
  const activate = (token: string) => server.post('/api/site/active/user', { token });

  it('confirms once; the second use answers 10302', async () => {
    const email = freshEmail('confirm');
    await signup({ account: email });
    const { token } = await lastLink(email, 'activate');

    const res = await activate(token);
    expectOk('post', '/api/site/active/user', res);
    expect(res.body.data).toEqual({ account: email, type: 'email' });
    expect(new Date((await accountRow('email = $1', [email]))!.verified_at).getTime()).toBe(clock.now());

    const again = await activate(token);
    expectRefusal(again, 10302);
    expect(again.body.msg).toBe('Link no longer available');
  });

  it('works until 48 hours have passed, then answers 10302', async () => {
    const early = freshEmail('early');
    const late = freshEmail('late');
    await signup({ account: early });
    await signup({ account: late });
    const earlyToken = (await lastLink(early, 'activate')).token;
    const lateToken = (await lastLink(late, 'activate')).token;

    clock.advance(48 * HOUR - 1000);
    expectOk('post', '/api/site/active/user', await activate(earlyToken));
    clock.advance(1000);
    expectRefusal(await activate(lateToken), 10302);
    expect((await accountRow('email = $1', [late]))!.verified_at).toBeNull();
  });

  it('an unknown token answers 10302, a malformed one 5000', async () => {
    expectRefusal(await activate('A'.repeat(43)), 10302);
    expectRefusal(await activate('short'), 5000, 400);
    expectRefusal(await activate('has spaces in it, long enough'), 5000, 400);
  });

  it('a binding token does not confirm an account', async () => {
    const bind = freshEmail('bindnotconfirm');
    await signup({ account: freshPhone(), areaCode: '55', email: bind });
    expectRefusal(await activate((await lastLink(bind, 'bindEmailConfirmed')).token), 10302);
  });
});

describe('resending the confirmation', () => {
  const resend = (email: string, headers: Record<string, string> = {}) => server.post('/api/site/resendConfirmation', { email }, headers);

  it('within a minute of the sign-up answers -3031 (429); after it, a fresh link that retires the old one', async () => {
    const email = freshEmail('resend');
    await signup({ account: email });
    const first = await lastLink(email, 'activate');

    const tooSoon = await resend(email, { Language: 'en' });
    expectRefusal(tooSoon, -3031, 429);
    expect(tooSoon.body.msg).toBe('Operation too frequent');

    clock.advance(60_000);
    const res = await resend(email.toUpperCase());
    expectOk('post', '/api/site/resendConfirmation', res);
    expect(res.body.data).toEqual({ email: `${email[0]}***@example.com`, resendAfter: 60 });

    const second = await lastLink(email, 'activate');
    expect(second.token).not.toBe(first.token);
    expect(second.message.lang).toBe('en');
    expectRefusal(await server.post('/api/site/active/user', { token: first.token }), 10302);
    expectOk('post', '/api/site/active/user', await server.post('/api/site/active/user', { token: second.token }));
  });

  it('answers an unknown address exactly like a known one, sends nothing, and limits it the same way', async () => {
    const unknown = freshEmail('nobody');
    const res = await resend(unknown);
    expectOk('post', '/api/site/resendConfirmation', res);
    expect(res.body.data).toEqual({ email: `${unknown[0]}***@example.com`, resendAfter: 60 });
    expect(await server.services.outbox.list({ to: unknown })).toEqual([]);
    expectRefusal(await resend(unknown), -3031, 429);
  });

  it('sends nothing to an account already confirmed, with the same answer', async () => {
    const email = freshEmail('done');
    await signup({ account: email });
    await server.post('/api/site/active/user', { token: (await lastLink(email, 'activate')).token });
    clock.advance(60_000);
    const before = (await server.services.outbox.list({ to: email })).length;

    const res = await resend(email);
    expectOk('post', '/api/site/resendConfirmation', res);
    expect(res.body.data.resendAfter).toBe(60);
    expect(await server.services.outbox.list({ to: email })).toHaveLength(before);
  });

  it('a bad address is refused at the door with 5000', async () => {
    expectRefusal(await resend('not-an-email'), 5000, 400);
  });
});

describe('binding an email to a phone account', () => {
  const confirm = (token: string) => server.post('/api/site/bindEmailConfirmed', { token });

  it('sends a binding link at sign-up; following it binds the address, once', async () => {
    const phone = freshPhone();
    const email = freshEmail('bind');
    const res = await signup({ account: phone, areaCode: '55', email: email.toUpperCase(), language: 'pt' });
    expectOk('post', SIGNUP_PATH, res);
    expect(res.body.data.confirmationRequired).toBe(false);
    expect(res.body.data.userInfo).toBeDefined();
    // Not bound until the link is followed.
    expect((await accountRow('area_code = $1 AND phone = $2', ['55', phone]))!.email).toBeNull();

    const { message, link, token } = await lastLink(email, 'bindEmailConfirmed');
    expect(message).toMatchObject({ template: 'bindEmail', lang: 'pt', channel: 'email' });
    expect(link).toMatch(/^https:\/\/portal\.example\/bindEmailConfirmed\?token=[\w-]+&la=pt$/);

    const bound = await confirm(token);
    expectOk('post', '/api/site/bindEmailConfirmed', bound);
    expect(bound.body.data).toEqual({ uid: res.body.data.userInfo.uid, email });
    expect(await accountRow('area_code = $1 AND phone = $2', ['55', phone])).toMatchObject({ email, type: 'phone' });

    const again = await confirm(token);
    expectRefusal(again, 10303);
    expect(again.body.msg).toBe('Email binding error');
    // The address is now taken for sign-up.
    expectRefusal(await signup({ account: email }), 6);
  });

  it('refuses an empty binding address with 12, a malformed one with 8, a taken one with 187', async () => {
    expectRefusal(await signup({ account: freshPhone(), areaCode: '55', email: '' }), 12);
    expectRefusal(await signup({ account: freshPhone(), areaCode: '55', email: '  ' }), 12);
    expectRefusal(await signup({ account: freshPhone(), areaCode: '55', email: 'ana@-bad.com' }), 8);
    const res = await signup({ account: freshPhone(), areaCode: '55', email: 'demo@aurora.example' }, { Language: 'en' });
    expectRefusal(res, 187);
    expect(res.body.msg).toBe('Email not available');
  });

  it('an unknown, expired or confirmation token answers 10303', async () => {
    expectRefusal(await confirm('B'.repeat(43)), 10303);

    const email = freshEmail('expiring');
    await signup({ account: freshPhone(), areaCode: '55', email });
    const { token } = await lastLink(email, 'bindEmailConfirmed');
    clock.advance(48 * HOUR);
    expectRefusal(await confirm(token), 10303);

    const other = freshEmail('confirmtoken');
    await signup({ account: other });
    expectRefusal(await confirm((await lastLink(other, 'activate')).token), 10303);
  });

  it('when two phone accounts ask for one address, the first to follow its link gets it; the other hears 10303', async () => {
    const email = freshEmail('contested');
    await signup({ account: freshPhone(), areaCode: '55', email });
    const firstToken = (await lastLink(email, 'bindEmailConfirmed')).token;
    clock.advance(60_000);
    await signup({ account: freshPhone(), areaCode: '55', email });
    const secondToken = (await lastLink(email, 'bindEmailConfirmed')).token;

    expectOk('post', '/api/site/bindEmailConfirmed', await confirm(secondToken));
    expectRefusal(await confirm(firstToken), 10303);
  });

  it('resending to an address waiting to be bound sends a fresh binding link', async () => {
    const phone = freshPhone();
    const email = freshEmail('rebind');
    await signup({ account: phone, areaCode: '55', email, language: 'ru' });
    const first = await lastLink(email, 'bindEmailConfirmed');
    clock.advance(60_000);

    expectOk('post', '/api/site/resendConfirmation', await server.post('/api/site/resendConfirmation', { email }));
    const second = await lastLink(email, 'bindEmailConfirmed');
    expect(second.token).not.toBe(first.token);
    expect(second.lang).toBe('ru');
    expectRefusal(await confirm(first.token), 10303);
    expectOk('post', '/api/site/bindEmailConfirmed', await confirm(second.token));
  });
});

describe('a signed-in phone account adds an email later (docs/decisions/042)', () => {
  const BIND = '/api/user/bindEmail/v1';
  const INFO = '/api/user/queryInfo/v1';
  /** A phone account made without an email, signed in by its sign-up. */
  async function phoneAccount(language = 'en') {
    const phone = freshPhone();
    const res = await signup({ account: phone, areaCode: '55', language });
    const { token, uid } = res.body.data.userInfo as { token: string; uid: string };
    return { phone, uid, auth: { Authorization: token } };
  }
  const info = (who: { uid: string; phone: string; auth: Record<string, string> }) =>
    server.post(INFO, { uid: who.uid, account: who.phone, type: 'phone' }, who.auth);

  it('sends the binding link in the account language; following it adds the email, which the account then shows', async () => {
    const who = await phoneAccount('es');
    const email = freshEmail('later');
    // No address, no offer e-mails: a phone account starts unsubscribed.
    expect((await info(who)).body.data).toMatchObject({ unsubscribeEmail: true });
    expect((await info(who)).body.data.email).toBeUndefined();

    const res = await server.post(BIND, { email: ` ${email.toUpperCase()} ` }, who.auth);
    expectOk('post', BIND, res);
    expect(res.body.data).toEqual({ email: expect.stringMatching(/^\w\*\*\*@example\.com$/), resendAfter: 60 });
    const { message, token, lang } = await lastLink(email, 'bindEmailConfirmed');
    expect(message).toMatchObject({ template: 'bindEmail', channel: 'email' });
    expect(lang).toBe('es');
    expect((await accountRow('area_code = $1 AND phone = $2', ['55', who.phone]))!.email).toBeNull();

    expectOk('post', '/api/site/bindEmailConfirmed', await server.post('/api/site/bindEmailConfirmed', { token }));
    const after = await info(who);
    expectOk('post', INFO, after);
    expect(after.body.data).toMatchObject({ type: 'phone', account: who.phone, email });
    // An account with an email does not add another.
    clock.advance(60_000);
    expectRefusal(await server.post(BIND, { email: freshEmail('second') }, who.auth), 5000, 400);
  });

  it('refuses as sign-up does: empty 12, malformed 8, taken 187; twice within a minute -3031', async () => {
    const who = await phoneAccount();
    expectRefusal(await server.post(BIND, { email: '  ' }, who.auth), 12);
    expectRefusal(await server.post(BIND, { email: 'ana@-bad.com' }, who.auth), 8);
    expectRefusal(await server.post(BIND, { email: 'demo@aurora.example' }, who.auth), 187);
    const email = freshEmail('twice');
    expectOk('post', BIND, await server.post(BIND, { email }, who.auth));
    expectRefusal(await server.post(BIND, { email }, who.auth), -3031, 429);
    clock.advance(60_000);
    expectOk('post', BIND, await server.post(BIND, { email }, who.auth));
  });

  it('needs a session, and an email account has nothing to add', async () => {
    expect((await server.post(BIND, { email: freshEmail('nobody') }, { Authorization: 'null' })).status).toBe(401);
    const email = freshEmail('emailaccount');
    await signup({ account: email });
    const { token } = await lastLink(email, 'activate');
    await server.post('/api/site/active/user', { token });
    const login = await server.post('/api/user/login/v1', { account: email, password: 'secret-pass' });
    expectRefusal(await server.post(BIND, { email: freshEmail('other') }, { Authorization: login.body.data.token }), 5000, 400);
  });
});
