import { describe, expect, it } from 'vitest';
import { useTestServer } from '../helpers/test-server';

const server = useTestServer();

/** Every row of every table in the public schema, as text. */
async function dumpDatabase(): Promise<string> {
  const tables = await server.db.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  const parts: string[] = [];
  for (const { table_name } of tables) {
    const rows = await server.db.query(`SELECT * FROM "${table_name}"`);
    parts.push(`${table_name}\n${JSON.stringify(rows, (_k, v: unknown) => (v instanceof Uint8Array ? Buffer.from(v).toString('hex') : v))}`);
  }
  return parts.join('\n');
}

const linkToken = (text: string) => /[?&]token=([A-Za-z0-9_.~-]+)/.exec(text)?.[1];
const fourDigits = (text: string) => /\b(\d{4})\b/.exec(text)?.[1];

describe('no plain password, token or code is stored', () => {
  it('after sign-up, confirmation, log-in, a code and a reset link, the dump holds none of them', async () => {
    const email = 'rest.check@example.com';
    const password = 'Very-Secret-Pass-9271';
    const secrets: string[] = [password];

    const signup = await server.post('/api/user/signup/v1', { account: email, password, nickname: 'Rest', acceptTerms: true, language: 'en' });
    expect(signup.body).toMatchObject({ code: 0 });
    const confirmation = (await server.services.outbox.list({ to: email }))[0]!;
    const confirmToken = linkToken(confirmation.text)!;
    secrets.push(confirmToken);
    expect((await server.post('/api/site/active/user', { token: confirmToken })).body).toMatchObject({ code: 0 });

    const login = await server.post('/api/user/login/v1', { account: email, password });
    expect(login.body).toMatchObject({ code: 0 });
    secrets.push(login.body.data.token);

    expect((await server.post('/api/user/sendVerificationCode/v1', { account: email, channel: 'email', purpose: 'login' })).body).toMatchObject({ code: 0 });
    const codeMail = (await server.services.outbox.list({ to: email }))[0]!;
    const code = fourDigits(codeMail.text)!;

    expect((await server.post('/api/site/resetPasswordByEmail', { email })).body).toMatchObject({ code: 0 });
    const resetMail = (await server.services.outbox.list({ to: email }))[0]!;
    secrets.push(linkToken(resetMail.text)!);

    const dump = await dumpDatabase();
    expect(dump).toContain(email);
    for (const secret of secrets) expect(dump.includes(secret), `found ${secret.slice(0, 6)}… in the dump`).toBe(false);
    // The 4-digit code could occur by chance in a hash or timestamp; it must not occur as a value.
    expect(dump).not.toMatch(new RegExp(`"${code}"`));
    expect(dump).not.toContain(`code ${code}`);
  });
});
