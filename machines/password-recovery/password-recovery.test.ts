// The recovery rules the graph walks cannot judge, on the real server: an unknown account is told
// the same as a known one and nothing is sent (the code reset then answers 4597, shown once, in the
// form); a phone account's code goes by SMS; only the newest link works; a used link is dead on
// the next visit; and a resend that meets a captcha goes again, with it, by POST.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import { createFakeClock } from '../../server/clock';
import { accountFields, createTestAccount, loginBody, solveCaptchaOf, uniqueEmail, uniquePhone } from '../../tests/helpers/accounts';
import { useTestServer } from '../../tests/helpers/test-server';
import { createClientWorld } from '../../tests/model/real-server';
import { createPasswordRecoveryActors } from './password-recovery.actors';
import { passwordRecoveryMachine } from './password-recovery.machine';

const clock = createFakeClock();
const server = useTestServer({}, { clock });
const NEW_PASSWORD = 'recovered-password-8';

function start(token: string | null = null) {
  const client = createClientWorld(server.app);
  const effects: unknown[] = [];
  // The machine's countdown runs on a clock the test moves, with the server's.
  const timers = new SimulatedClock();
  const actor = createActor(
    passwordRecoveryMachine.provide({
      actors: createPasswordRecoveryActors(client.api),
      actions: { goToLogin: (_, { to }) => void effects.push(['goTo', to]) },
    }),
    { input: { token }, clock: timers },
  ).start();
  return { actor, client, effects, timers };
}
const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => !s.hasTag('busy'));
const outboxOf = (to: string) => server.services.outbox.list({ to });

describe('password recovery rules', () => {
  it('an unknown account gets the same answer, nothing is sent, and the code then answers 4597 in the form only', async () => {
    const email = uniqueEmail('nobody');
    const { actor, client } = start();
    actor.send({ type: 'CODE_REQUESTED', fields: { account: email } });
    expect((await settled(actor)).value).toEqual({ codeSent: 'countingDown' });
    expect(await outboxOf(email)).toEqual([]);
    actor.send({ type: 'CODE_RESET_SUBMITTED', code: '1234', password: NEW_PASSWORD });
    const s = await settled(actor);
    // The refusal does not end the countdown: a new code waits for the same deadline.
    expect(s.value).toEqual({ codeSent: 'countingDown' });
    expect(s.context.errCode).toBe(4597);
    expect(client.effects).toEqual([]);
  });

  it('a phone account gets its code by SMS and resets with it', async () => {
    const account = await createTestAccount(server, { phone: uniquePhone() });
    const { actor, effects } = start();
    actor.send({ type: 'CODE_REQUESTED', fields: accountFields(account) });
    expect((await settled(actor)).value).toEqual({ codeSent: 'countingDown' });
    const [sms] = await outboxOf(account.smsTo!);
    expect(sms).toMatchObject({ channel: 'sms', template: 'verificationCode' });
    actor.send({ type: 'CODE_RESET_SUBMITTED', code: sms!.text.match(/\b(\d{4})\b/)![1]!, password: NEW_PASSWORD });
    expect((await settled(actor)).value).toBe('done');
    expect(effects).toEqual([['goTo', '/login?reason=passwordChanged']]);
    expect((await server.post('/api/user/login/v1', loginBody(account, NEW_PASSWORD))).body.code).toBe(0);
  });

  it('no resend before the countdown; only the newest link works, and only once', async () => {
    const account = await createTestAccount(server);
    const { actor } = start();
    actor.send({ type: 'LINK_REQUESTED', email: account.email! });
    const sent = await settled(actor);
    expect(sent.context.sentTo).toMatch(/^.\*\*\*@example\.com$/);
    expect(actor.getSnapshot().can({ type: 'RESEND_REQUESTED' })).toBe(false);
    const links = async () => (await outboxOf(account.email!)).filter((m) => m.template === 'resetPasswordLink');
    expect(await links()).toHaveLength(1);
    clock.advance(sent.context.countdownSeconds * 1000);
    // A second link after the countdown (the GET a resend uses) makes the first one stop working.
    const resend = await server.get(`/api/site/send/resetPasswordEmail?email=${encodeURIComponent(account.email!)}`);
    expect(resend.body.code).toBe(0);
    const [newest, older] = await links();
    const token = (m: typeof newest) => new URL(m!.text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;
    const stale = start(token(older));
    expect((await settled(stale.actor)).context.errCode).toBe(10302);
    const live = start(token(newest));
    expect((await settled(live.actor)).context.linkEmail).toBe(account.email);
    live.actor.send({ type: 'LINK_RESET_SUBMITTED', password: NEW_PASSWORD });
    expect((await settled(live.actor)).value).toBe('done');
    // The link works once: opening it again shows it dead.
    const again = start(token(newest));
    expect((await settled(again.actor)).value).toBe('linkUnavailable');
  });

  it('a resend that meets a captcha (4th link in an hour) shows the challenge with the address kept, and goes by POST with its solution', async () => {
    const account = await createTestAccount(server);
    for (let i = 0; i < 2; i++) {
      clock.advance(61_000);
      await server.post('/api/site/resetPasswordByEmail', { email: account.email });
    }
    clock.advance(61_000);
    // The third link from the page; after its countdown, the resend is the fourth in the hour.
    const { actor, timers } = start();
    actor.send({ type: 'LINK_REQUESTED', email: account.email! });
    expect((await settled(actor)).value).toEqual({ linkSent: 'countingDown' });
    clock.advance(61_000);
    timers.increment(61_000);
    expect(actor.getSnapshot().value).toEqual({ linkSent: 'canResend' });
    actor.send({ type: 'RESEND_REQUESTED' });
    let s = await settled(actor);
    // The GET a resend uses cannot carry a captcha: -3034, and the form with a challenge.
    expect(s.value).toEqual({ requesting: 'captchaShown' });
    expect(s.context.errCode).toBe(-3034);
    expect(s.context.email).toBe(account.email);
    expect(s.context.captcha?.purpose).toBe('resetPassword');
    const { captchaCode } = await solveCaptchaOf(s.context.captcha!);
    actor.send({ type: 'LINK_REQUESTED', email: account.email!, captchaCode });
    s = await settled(actor);
    expect(s.value).toEqual({ linkSent: 'countingDown' });
    expect(s.context.captcha).toBeNull();
    expect((await outboxOf(account.email!)).filter((m) => m.template === 'resetPasswordLink')).toHaveLength(4);
  });

  it('a code asked for with a solved link challenge is sent without it: the server asks for a challenge made for codes', async () => {
    const account = await createTestAccount(server);
    for (let i = 0; i < 3; i++) {
      clock.advance(61_000);
      await server.post('/api/user/sendVerificationCode/v1', { ...accountFields(account), channel: 'email', purpose: 'resetPassword' });
      await server.post('/api/site/resetPasswordByEmail', { email: account.email });
    }
    clock.advance(61_000);
    const { actor } = start();
    actor.send({ type: 'LINK_REQUESTED', email: account.email! });
    const linkChallenge = await settled(actor);
    expect(linkChallenge.context.captcha?.purpose).toBe('resetPassword');
    const { captchaCode } = await solveCaptchaOf(linkChallenge.context.captcha!);
    // The user switches to a code, with the link challenge solved.
    actor.send({ type: 'CODE_REQUESTED', fields: accountFields(account), captchaCode });
    const s = await settled(actor);
    expect(s.value).toEqual({ requesting: 'captchaShown' });
    expect(s.context.errCode).toBe(-3034);
    expect(s.context.captcha?.purpose).toBe('sendCode');
  });
});
