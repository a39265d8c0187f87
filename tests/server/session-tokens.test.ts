// Session tokens (docs/decisions/006): 32 bytes from the CSPRNG, base64url, and only the exact
// string opens the session — any change of one character, a cut or an addition is a stranger.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SessionError } from '../../server/auth/sessions';
import { loggedInCustomer } from '../helpers/accounts';
import { useTestServer } from '../helpers/test-server';

const INFO = '/api/user/queryInfo/v1';
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

const server = useTestServer();

async function customer() {
  const c = await loggedInCustomer(server);
  const body = { uid: String(c.account.uid), account: c.account.account, type: c.account.type };
  const ask = async (token: string) => {
    const res = await server.post(INFO, body, { Authorization: token, Language: 'en' });
    return { status: res.status, errCode: res.body.code === 0 ? 0 : res.body.errCode };
  };
  return { token: c.token, ask };
}

/** Each other character of the alphabet at `i`, a few of them: the neighbours, a case flip, the ends. */
function replacements(token: string, i: number): string[] {
  const c = token[i]!;
  const at = BASE64URL.indexOf(c);
  const flipped = c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase();
  const picks = [BASE64URL[(at + 1) % 64]!, BASE64URL[(at + 63) % 64]!, flipped, 'A', '_', '0'];
  return [...new Set(picks)].filter((p) => p !== c).map((p) => token.slice(0, i) + p + token.slice(i + 1));
}

describe('session tokens', () => {
  it('are 32 random bytes, base64url (43 characters), a new one each log-in', async () => {
    const tokens = await Promise.all(Array.from({ length: 8 }, async () => (await customer()).token));
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const bytes = Buffer.from(token, 'base64url');
      expect(bytes).toHaveLength(32);
      expect(bytes.toString('base64url')).toBe(token);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
    // 8 × 256 bits: a CSPRNG sets about half of them; a counter or a timestamp would not.
    const ones = tokens
      .map((t) => [...Buffer.from(t, 'base64url')].reduce((n, b) => n + b.toString(2).replaceAll('0', '').length, 0))
      .reduce((a, b) => a + b, 0);
    expect(ones / (8 * 256)).toBeGreaterThan(0.4);
    expect(ones / (8 * 256)).toBeLessThan(0.6);
  });

  it(`every one-character change, every cut and every extension of a valid token is refused (${SessionError.invalid})`, async () => {
    const { token, ask } = await customer();
    expect(await ask(token)).toEqual({ status: 200, errCode: 0 });
    const variants = new Set<string>();
    for (let i = 0; i < token.length; i++) for (const v of replacements(token, i)) variants.add(v);
    for (let n = 1; n < token.length; n++) variants.add(token.slice(0, n));
    for (const extra of ['A', '_', '-', '0', 'AA', token, '=', '.', '%00']) variants.add(token + extra);
    for (let i = 0; i < token.length; i++) variants.add(token.slice(0, i) + token.slice(i + 1));
    const answers = new Map<string, number>();
    for (const variant of variants) {
      const { status, errCode } = await ask(variant);
      expect({ variant, status, errCode }).toEqual({ variant, status: 401, errCode: SessionError.invalid });
      answers.set(variant, errCode!);
    }
    // Property: any token of the alphabet other than this one (random length and content) is a stranger too.
    let random = 0;
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: fc.constantFrom(...BASE64URL), minLength: 1, maxLength: 64 }), async (other) => {
        fc.pre(other !== token);
        random++;
        const { status, errCode } = await ask(other);
        return status === 401 && errCode === SessionError.invalid;
      }),
      { numRuns: 200 },
    );
    // The real one still works: the strangers did not end it.
    expect(await ask(token)).toEqual({ status: 200, errCode: 0 });
    console.log(
      `token mutations: ${answers.size.toLocaleString('en')} one-character changes, cuts and extensions + ${random} random strings refused (${SessionError.invalid})`,
    );
  });
});
