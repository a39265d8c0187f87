import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeClock } from '../../server/clock';
import { createDeliveryRound, createSmtpTransport, retryDelay } from '../../server/mail/delivery';
import { createOutbox } from '../../server/mail/outbox';
import { deriveKey } from '../../server/security/secrets';
import { contractErrors } from '../helpers/contract-check';
import { signupBody } from '../helpers/signup';
import { startSmtp, waitFor } from '../helpers/smtp-server';
import { startTestServer, type TestServer } from '../helpers/test-server';

// The outbox's delivery through a real SMTP server; the developer mailbox: outbox.test.ts.

interface OutboxRow {
  id: number;
  channel: string;
  recipient: string;
  template: string;
  sealed: string | null;
  sent_at: Date | null;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date | null;
}
const outboxRows = (s: TestServer, where = 'true', params: unknown[] = []) =>
  s.db.query<OutboxRow>(
    `SELECT id, channel, recipient, template, sealed, sent_at, attempts, last_error, next_attempt_at FROM outbox WHERE ${where} ORDER BY id`,
    params,
  );

async function signUp(s: TestServer, body: Record<string, unknown>) {
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/user/signup/v1',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  expect(contractErrors('post', '/api/user/signup/v1', res.statusCode, res.json())).toEqual([]);
  expect(res.json()).toMatchObject({ code: 0 });
  return res.json() as { data: { account: string } };
}
describe('delivery while the server runs (SMTP_URL set)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.example' });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('sends the confirmation email through SMTP and clears its sealed body; SMS stay queued', async () => {
    await server.app.services.outbox.send(server.db, {
      accountUid: null,
      channel: 'sms',
      to: '+5511900000000',
      lang: 'pt',
      template: 'verificationCode',
      params: { code: '1234', minutes: 10, purpose: 'login' },
    });
    const email = 'delivered@example.com';
    await signUp(server, signupBody(email));

    const mail = await waitFor('the email at the SMTP server', async () => smtp.received.find((m) => m.to.includes(email)));
    expect(mail.headers.subject).toBe('Confirm your email for Aurora TV');
    expect(mail.headers.from).toBe('Aurora TV <no-reply@portal.example>');
    expect(mail.headers.to).toBe(email);
    expect(mail.headers['auto-submitted']).toBe('auto-generated');
    expect(mail.from).toBe('no-reply@portal.example');
    const link = /https:\/\/portal\.example\/activate\?token=([\w-]{43})&la=en/.exec(mail.text);
    expect(link, mail.text).not.toBeNull();
    expect(mail.text).toContain('Hello Ana,');

    const [row] = await waitFor('the row marked sent', async () => {
      const rows = await outboxRows(server, 'recipient = $1', [email]);
      return rows[0]?.sent_at ? rows : undefined;
    });
    expect(row).toMatchObject({ sealed: null, attempts: 1, last_error: null });

    // The link from the delivered email works.
    const activated = await server.app.inject({
      method: 'POST',
      url: '/api/site/active/user',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ token: link![1] }),
    });
    expect(activated.json()).toMatchObject({ code: 0, data: { account: email, type: 'email' } });

    // The mailbox still lists it, as delivered, without its text.
    const box = (await server.app.inject({ method: 'GET', url: `/dev/mailbox.json?to=${email}` })).json() as {
      messages: { sentAt: number | null; text: string }[];
    };
    expect(box.messages[0]!.sentAt).not.toBeNull();
    expect(box.messages[0]!.text).toBe('');

    const [sms] = await outboxRows(server, "channel = 'sms'");
    expect(sms).toMatchObject({ sent_at: null, attempts: 0 });
    expect(sms!.sealed).not.toBeNull();
    expect(smtp.received.every((m) => !m.to.includes('+5511900000000'))).toBe(true);
  });
});

describe('delivery rounds: retries, backoff, giving up, several processes', () => {
  const clock = createFakeClock();
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtp();
    // No SMTP_URL: the test drives the rounds itself, on a clock it moves.
    server = await startTestServer({}, { clock });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });
  // Two attempts in this suite, so a message given up in one test stays given up in the next.
  const round = (options = {}) => createDeliveryRound(server.app.services, createSmtpTransport(smtp.url), server.app.log, { maxAttempts: 2, ...options });
  const queue = (to: string) =>
    server.app.services.outbox.send(server.db, {
      accountUid: null,
      channel: 'email',
      to,
      lang: 'en',
      template: 'passwordChanged',
      params: { nickname: 'Ana' },
    });

  it('backs off exponentially, capped at an hour', () => {
    expect([1, 2, 3, 4, 8, 20].map((n) => retryDelay(n))).toEqual([30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000]);
  });

  it('a refused email is kept sealed and retried after the backoff; then it goes out', async () => {
    const id = await queue('retry@example.com');
    smtp.state.reject = true;
    const deliver = round();
    expect(await deliver()).toBe(0);
    let [row] = await outboxRows(server, 'id = $1', [id]);
    expect(row).toMatchObject({ sent_at: null, attempts: 1 });
    expect(row!.sealed).not.toBeNull();
    expect(row!.last_error).toMatch(/550/);
    expect(new Date(row!.next_attempt_at!).getTime()).toBe(clock.now() + 30_000);

    smtp.state.reject = false;
    expect(await deliver()).toBe(0); // not due yet
    clock.advance(30_000);
    expect(await deliver()).toBe(1);
    [row] = await outboxRows(server, 'id = $1', [id]);
    expect(row).toMatchObject({ sealed: null, attempts: 2, last_error: null });
    expect(new Date(row!.sent_at!).getTime()).toBe(clock.now());
    expect(smtp.received.filter((m) => m.to.includes('retry@example.com'))).toHaveLength(1);
  });

  it('gives up after the last attempt and keeps the error', async () => {
    const id = await queue('bounce@example.com');
    smtp.state.reject = true;
    const deliver = round();
    await deliver();
    clock.advance(30_000);
    await deliver();
    clock.advance(24 * 3_600_000);
    smtp.state.reject = false;
    expect(await deliver()).toBe(0);
    const [row] = await outboxRows(server, 'id = $1', [id]);
    expect(row).toMatchObject({ sent_at: null, attempts: 2 });
    expect(row!.last_error).toMatch(/550/);
  });

  it('a message sealed under another key is given up at once, without reaching SMTP', async () => {
    const foreign = createOutbox({ db: server.db, clock, key: deriveKey('another-secret-of-at-least-32-characters', 'outbox') });
    const id = await foreign.send(server.db, {
      accountUid: null,
      channel: 'email',
      to: 'foreign@example.com',
      lang: 'en',
      template: 'passwordChanged',
      params: { nickname: 'Ana' },
    });
    expect(await round()()).toBe(0);
    const [row] = await outboxRows(server, 'id = $1', [id]);
    expect(row).toMatchObject({ attempts: 2, last_error: 'sealed with another key', sent_at: null });
    expect(smtp.received.some((m) => m.to.includes('foreign@example.com'))).toBe(false);
  });

  it('two processes delivering at once send every message exactly once', async () => {
    const recipients = Array.from({ length: 6 }, (_, i) => `twice${i}@example.com`);
    for (const to of recipients) await queue(to);
    const before = smtp.received.length;
    const [a, b] = await Promise.all([round({ batchSize: 4 })(), round({ batchSize: 4 })()]);
    const rest = await round()();
    expect(a + b + rest).toBe(6);
    const got = smtp.received.slice(before).flatMap((m) => m.to);
    expect([...got].sort()).toEqual([...recipients].sort());
    expect(await outboxRows(server, "recipient LIKE 'twice%' AND sent_at IS NULL")).toEqual([]);
  });
});
