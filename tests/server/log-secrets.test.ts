import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../server/clock';
import { loggableUrl } from '../../server/logging';
import { uniqueEmail } from '../helpers/accounts';
import { useTestServer } from '../helpers/test-server';

// Every line the server writes at trace level, through the production logger's settings.
const lines: string[] = [];
const stream = new PassThrough();
stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));

const clock = createFakeClock();
const server = useTestServer({}, { clock, logStream: stream });

async function newestMessage(to: string) {
  const [message] = await server.services.outbox.list({ to, limit: 1 });
  if (!message) throw new Error(`no message to ${to}`);
  return message.text;
}
const tokenIn = (text: string, page: string) => {
  const token = new RegExp(`/${page}\\?token=([A-Za-z0-9_-]+)`).exec(text)?.[1];
  if (!token) throw new Error(`no ${page} link in: ${text}`);
  return token;
};
/** A secret appears in the log as itself, not as part of a longer number or word. */
const appearsIn = (secret: string, text: string) => new RegExp(`(?<![\\w.])${secret.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}(?![\\w.])`).test(text);

describe('the log never carries a password, token or code (docs/security.md)', () => {
  it('keeps them out of every line at trace level, through sign-up, confirmation, log-ins, codes and a reset', async () => {
    const email = uniqueEmail('logs');
    const first = 'first-Secret-pass-1';
    const second = 'second-Secret-pass-2';
    const secrets: Record<string, string> = { first, second };

    expect((await server.post('/api/user/signup/v1', { account: email, password: first, nickname: 'Log', acceptTerms: true, language: 'en' })).body.code).toBe(
      0,
    );
    const activation = tokenIn(await newestMessage(email), 'activate');
    secrets.activation = activation;
    await server.app.inject({ method: 'GET', url: `/activate?token=${activation}&la=en` });
    expect((await server.post('/api/site/active/user', { token: activation })).body.code).toBe(0);

    const wrong = await server.post('/api/user/login/v1', { account: email, password: 'wrong-Secret-pass-3' });
    expect(wrong.body.code).toBe(1);
    secrets.wrong = 'wrong-Secret-pass-3';
    const login = await server.post('/api/user/login/v1', { account: email, password: first });
    expect(login.body.code).toBe(0);
    secrets.session = String(login.body.data.token);

    clock.advance(61_000);
    expect((await server.post('/api/user/sendVerificationCode/v1', { account: email, channel: 'email', purpose: 'login' })).body.code).toBe(0);
    const code = /\b(\d{4})\b/.exec(await newestMessage(email))?.[1];
    if (!code) throw new Error('no code mailed');
    secrets.code = code;
    expect((await server.post('/api/user/code/login/v1', { account: email, code })).body.code).toBe(0);

    clock.advance(61_000);
    expect((await server.post('/api/site/resetPasswordByEmail', { email })).body.code).toBe(0);
    const reset = tokenIn(await newestMessage(email), 'reset-password');
    secrets.reset = reset;
    await server.app.inject({ method: 'GET', url: `/reset-password?token=${reset}` });
    expect((await server.post('/api/site/email/resetPassword', { token: reset, password: second })).body.code).toBe(0);

    // Not vacuous: the requests were logged, their addresses included.
    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThanOrEqual(20);
    expect(log).toContain('/reset-password?token=[redacted]');
    expect(log).toContain('/activate?token=[redacted]&la=en');
    for (const [name, secret] of Object.entries(secrets)) expect(appearsIn(secret, log), `${name} is in the log`).toBe(false);
  });

  it('keeps the values of ids and languages in logged addresses, and replaces every other value', () => {
    expect(loggableUrl('/payment?planId=3&releaseId=STB')).toBe('/payment?planId=3&releaseId=STB');
    expect(loggableUrl('/payment-redirect?orderId=ord_1&token=EC-123&PayerID=ABC')).toBe('/payment-redirect?orderId=ord_1&token=[redacted]&PayerID=[redacted]');
    expect(loggableUrl('/api/site/send/resetPasswordEmail?email=a%40b.example')).toBe('/api/site/send/resetPasswordEmail?email=[redacted]');
    // A listed name with a value that is no id is replaced too.
    expect(loggableUrl('/x?planId=a%20b%20c')).toBe('/x?planId=[redacted]');
    expect(loggableUrl('/pricing-table')).toBe('/pricing-table');
  });
});
