import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeClock } from '../../server/clock';
import { createDeliveryRound, createSmtpTransport, retryDelay } from '../../server/mail/delivery';
import { createOutbox } from '../../server/mail/outbox';
import { deriveKey } from '../../server/security/secrets';
import { contractErrors } from '../helpers/contract-check';
import { startTestServer, useTestServer, type TestServer } from '../helpers/test-server';

// ---- A real SMTP server on 127.0.0.1, for delivery -------------------------------------------

interface ReceivedMail {
  from: string;
  to: string[];
  headers: Record<string, string>;
  text: string;
}

/** Quoted-printable (RFC 2045) to text: soft line breaks out, =XX bytes back, read as UTF-8. */
function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function parseMail(raw: string, from: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.slice(split + 4);
  const encoding = headers['content-transfer-encoding']?.toLowerCase();
  if (encoding === 'quoted-printable') body = decodeQuotedPrintable(body);
  if (encoding === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { from, to, headers, text: body.replace(/\r\n/g, '\n') };
}

async function startSmtp() {
  const received: ReceivedMail[] = [];
  const state = { reject: false };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.reject) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mailFrom = session.envelope.mailFrom;
        received.push(
          parseMail(
            Buffer.concat(chunks).toString('utf8'),
            mailFrom ? mailFrom.address : '',
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (smtp.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

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

const signupBody = (account: string, extra: Record<string, unknown> = {}) => ({
  account,
  password: 'secret-pass',
  nickname: 'Ana',
  acceptTerms: true,
  language: 'en',
  ...extra,
});

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

const tokenIn = (text: string) => /[?&]token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

// ---- The developer mailbox and what the database keeps ----------------------------------------

describe('the developer mailbox (outside production)', () => {
  const server = useTestServer({ PUBLIC_URL: 'https://portal.example' });
  const mailboxJson = async (query = '') => {
    const res = await server.app.inject({ method: 'GET', url: `/dev/mailbox.json${query}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.json() as {
      messages: {
        id: number;
        channel: string;
        to: string;
        template: string;
        subject: string;
        text: string;
        links: string[];
        code: string | null;
        sentAt: number | null;
      }[];
    };
  };
  const page = (query = '') => server.app.inject({ method: 'GET', url: `/dev/mailbox${query}` });

  it('lists messages newest first with their links, as JSON', async () => {
    await server.post('/api/user/signup/v1', signupBody('first@example.com'));
    await server.post('/api/user/signup/v1', signupBody('second@example.com', { language: 'ru' }));
    const { messages } = await mailboxJson();
    expect(messages.map((m) => m.to).slice(0, 2)).toEqual(['second@example.com', 'first@example.com']);
    expect(messages[0]!.id).toBeGreaterThan(messages[1]!.id);
    const second = messages[0]!;
    expect(second).toMatchObject({ channel: 'email', template: 'confirmEmail', sentAt: null, code: null });
    expect(second.subject).toBe('Подтвердите адрес почты для Aurora TV');
    expect(second.links).toHaveLength(1);
    expect(second.links[0]).toMatch(/^https:\/\/portal\.example\/activate\?token=[\w-]{43}&la=ru$/);
    expect(second.text).toContain(second.links[0]);
  });

  it('filters by recipient (case-insensitively for addresses) and limits', async () => {
    const { messages } = await mailboxJson('?to=FIRST@example.com');
    expect(messages.map((m) => m.to)).toEqual(['first@example.com']);
    expect((await mailboxJson('?limit=1')).messages).toHaveLength(1);
  });

  it('pulls out the code of a verification message, and shows SMS too', async () => {
    await server.services.outbox.send(server.db, {
      accountUid: null,
      channel: 'sms',
      to: '+5511987654321',
      lang: 'en',
      template: 'verificationCode',
      params: { code: '0427', minutes: 10, purpose: 'login' },
    });
    const { messages } = await mailboxJson('?to=%2B5511987654321');
    expect(messages[0]).toMatchObject({ channel: 'sms', code: '0427', links: [] });
    const html = (await page('?to=%2B5511987654321')).body;
    expect(html).toContain('<strong>0427</strong>');
    expect(html).toContain('>SMS<');
  });

  it('is a readable HTML page with clickable links, no script and a strict policy', async () => {
    const res = await page();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/script-src|unsafe-inline/);
    // The one style block is allowed by its hash.
    const style = /<style>([\s\S]*?)<\/style>/.exec(res.body)![1]!;
    expect(csp).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);

    expect(res.body).toContain('<h1>Developer mailbox</h1>');
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).not.toMatch(/\son[a-z]+=/i);
    const { messages } = await mailboxJson('?to=first@example.com');
    const link = messages[0]!.links[0]!;
    expect(res.body).toContain(`<a href="${link.replace(/&/g, '&amp;')}">`);
    expect(res.body).toContain('<h2 id="m');
  });

  it('escapes everything it shows', async () => {
    const hostile = '<img src=x onerror=alert(1)>';
    await server.services.outbox.send(server.db, {
      accountUid: null,
      channel: 'email',
      to: 'x"><b>@example.com',
      lang: 'en',
      template: 'confirmEmail',
      params: { nickname: hostile, link: 'https://portal.example/activate?token=abc"><script>alert(1)</script>&la=en', hours: 48 },
    });
    const html = (await page()).body;
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('x&quot;&gt;&lt;b&gt;@example.com');
    expect(html).not.toContain(hostile);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('<b>');

    const filtered = (await page('?to=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E')).body;
    expect(filtered).not.toMatch(/<script/i);
    expect(filtered).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('the database keeps no link token in plain text: not in the outbox, not anywhere', async () => {
    await server.post('/api/user/signup/v1', signupBody('sealed@example.com'));
    const [message] = await server.services.outbox.list({ to: 'sealed@example.com' });
    const token = tokenIn(message!.text)!;
    expect(token).toMatch(/^[\w-]{43}$/);

    const outboxDump = JSON.stringify(await server.db.query('SELECT * FROM outbox'));
    expect(outboxDump).toContain('sealed@example.com');
    expect(outboxDump).not.toContain(token);
    expect(outboxDump).not.toContain('/activate?');

    const tables = await server.db.query<{ tablename: string }>("SELECT tablename FROM pg_tables WHERE schemaname = 'public'");
    expect(tables.length).toBeGreaterThan(10);
    for (const { tablename } of tables) {
      const dump = (await server.db.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM "${tablename}" t`)).map((r) => r.row).join('\n');
      expect(dump, tablename).not.toContain(token);
      expect(dump, tablename).not.toContain(Buffer.from(token, 'base64url').toString('hex'));
    }
  });
});

describe('the developer mailbox in production', () => {
  const prod = useTestServer({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40) });

  it('does not exist: neither the page nor the JSON', async () => {
    await prod.post('/api/user/signup/v1', signupBody('prod@example.com'));
    expect(await prod.services.outbox.list({ to: 'prod@example.com' })).toHaveLength(1);

    for (const url of ['/dev/mailbox', '/dev/mailbox.json', '/dev/mailbox.json?to=prod@example.com']) {
      const res = await prod.app.inject({ method: 'GET', url });
      // Outside /api an unknown path is the web app's (its own 404 page) or a 404 envelope.
      expect([200, 404], url).toContain(res.statusCode);
      expect(res.body, url).not.toContain('Developer mailbox');
      expect(res.body, url).not.toContain('prod@example.com');
      expect(res.body, url).not.toContain('activate?token');
      expect(res.body, url).not.toContain('"messages"');
    }
  });
});

// ---- Delivery through a real SMTP server ------------------------------------------------------

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
