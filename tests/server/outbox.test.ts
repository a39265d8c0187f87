import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signupBody } from '../helpers/signup';
import { useTestServer } from '../helpers/test-server';

// The developer mailbox and what the database keeps; delivery through SMTP: mail-delivery.test.ts.

const tokenIn = (text: string) => /[?&]token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

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
